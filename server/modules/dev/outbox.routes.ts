import { Hono } from "hono";
import type { Services } from "../../services.ts";
import type { AppEnv } from "../../http/context.ts";
import { escapeHtml } from "../../../core/escape-html.ts";

/** The sandbox SMS outbox, so a new user can sign in locally. Never mounted in production mode. */
export function createOutboxRoutes({ emailOutbox, outbox }: Pick<Services, "emailOutbox" | "outbox">) {
  const routes = new Hono<AppEnv>();
  routes.use("*", async (c, next) => {
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex");
    await next();
  });
  routes.get("/outbox.json", async (c) => c.json(await outbox!.outbox()));
  routes.get("/outbox", async (c) => {
    const messages = await outbox!.outbox();
    const rows = messages
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.lang)}</td><td lang="${m.lang === "hi" ? "hi-IN" : "en-IN"}">${escapeHtml(m.text)}</td><td><time datetime="${m.sentAt}">${escapeHtml(new Date(m.sentAt).toLocaleString("en-IN", { timeZone: "Asia/Kolkata" }))}</time></td></tr>`,
      )
      .join("");
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>SMS outbox (sandbox) | SalaryOnTime</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem;color:#1a1a1a}table{border-collapse:collapse;width:100%}th,td{border:1px solid #ccc;padding:.5rem;text-align:left;vertical-align:top}th{background:#f1f5f9}td:nth-child(3){word-break:break-word}</style></head>
<body><main><h1>SMS outbox (sandbox)</h1><p>Messages the sandbox SMS provider would have sent, newest first. This page does not exist in production mode. <a href="/apply-now">Back to Apply Now</a></p>
${messages.length ? `<table><caption>Latest ${messages.length} messages</caption><thead><tr><th scope="col">To</th><th scope="col">Language</th><th scope="col">Text</th><th scope="col">Sent</th></tr></thead><tbody>${rows}</tbody></table>` : "<p>No messages yet.</p>"}
</main></body></html>`);
  });
  // The sandbox e-mail outbox (reminders, copies after signing): attachments are listed by name and size.
  routes.get("/email-outbox.json", async (c) => c.json(await emailOutbox!.outbox()));
  routes.get("/email-outbox", async (c) => {
    const emails = await emailOutbox!.outbox();
    const items = emails
      .map(
        (m) =>
          `<article lang="${m.lang === "hi" ? "hi-IN" : "en-IN"}"><h2>${escapeHtml(m.subject)}</h2><p lang="en-IN">To ${escapeHtml(m.to)} (language: ${escapeHtml(m.lang)}), <time datetime="${m.sentAt}">${escapeHtml(new Date(m.sentAt).toLocaleString("en-IN", { timeZone: "Asia/Kolkata" }))}</time></p><pre>${escapeHtml(m.text)}</pre>${
            m.attachments.length ? `<p>Attachments: ${m.attachments.map((a) => `${escapeHtml(a.name)} (${a.bytes} bytes)`).join(", ")}</p>` : ""
          }</article>`,
      )
      .join("");
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>E-mail outbox (sandbox) | SalaryOnTime</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem;color:#1a1a1a}article{border:1px solid #ccc;padding:.5rem 1rem;margin:0 0 1rem}h2{font-size:1.1rem}pre{white-space:pre-wrap;word-break:break-word;font-family:inherit}</style></head>
<body><main><h1>E-mail outbox (sandbox)</h1><p>E-mails the sandbox provider would have sent, newest first. This page does not exist in production mode. <a href="/dev/outbox">SMS outbox</a></p>
${items || "<p>No e-mails yet.</p>"}
</main></body></html>`);
  });
  return routes;
}

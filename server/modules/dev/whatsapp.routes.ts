// Issue 34: the sandbox WhatsApp outbox. What the sandbox provider was given, newest first, with the status
// its signed webhooks recorded; customers' replies; and forms to set a number's failure mode, send a reply
// (STOP) or a late status as Meta would. Never mounted in production mode.
import { Hono } from "hono";
import * as z from "zod";
import type { AppEnv } from "../../http/context.ts";
import { DEFAULT_BODY_LIMIT, readBodyText } from "../../http/body.ts";
import type { Services } from "../../services.ts";
import { SANDBOX_WHATSAPP_MODES } from "../../providers/whatsapp/sandbox.ts";
import { InvalidInput } from "../domain-errors.ts";
import { escapeHtml } from "../../../core/escape-html.ts";

const india = (iso: string) => new Date(iso).toLocaleString("en-IN", { timeZone: "Asia/Kolkata" });
const mobile = z.string().regex(/^[6-9]\d{9}$/, "a 10-digit mobile number");

const action = z.discriminatedUnion("action", [
  z.object({ action: z.literal("mode"), mobile, mode: z.enum(SANDBOX_WHATSAPP_MODES) }),
  z.object({ action: z.literal("reply"), mobile, text: z.string().trim().min(1).max(1000) }),
  z.object({ action: z.literal("status"), wamid: z.string().min(1).max(200), status: z.enum(["sent", "delivered", "read", "failed"]) }),
]);

export function createWhatsAppDevRoutes({ whatsapp, sandboxWhatsApp }: Pick<Services, "whatsapp" | "sandboxWhatsApp">) {
  const routes = new Hono<AppEnv>();
  routes.use("*", async (c, next) => {
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex");
    await next();
  });
  routes.get("/whatsapp.json", async (c) => c.json({ messages: (await whatsapp?.recent()) ?? [], replies: (await whatsapp?.replies()) ?? [] }));
  routes.get("/whatsapp", async (c) => {
    const messages = (await whatsapp?.recent()) ?? [];
    const replies = (await whatsapp?.replies()) ?? [];
    const rows = messages
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.template)}</td><td>${escapeHtml(m.lang)}</td><td lang="${m.lang === "hi" ? "hi-IN" : "en-IN"}">${escapeHtml(m.text)}</td><td>${escapeHtml(m.status)}${m.errorCode ? ` (${m.errorCode} ${escapeHtml(m.errorTitle ?? "")})` : ""}</td><td><time datetime="${m.sentAt}">${escapeHtml(india(m.sentAt))}</time></td></tr>`,
      )
      .join("");
    const replyRows = replies
      .map(
        (r) =>
          `<tr><td>${escapeHtml(r.from)}</td><td>${escapeHtml(r.text ?? `(${r.type})`)}</td><td>${r.stop ? `STOP: ${escapeHtml(r.action ?? "recorded")}` : ""}</td><td>${escapeHtml(india(r.receivedAt))}</td></tr>`,
      )
      .join("");
    const modes = SANDBOX_WHATSAPP_MODES.map((m) => `<option>${m}</option>`).join("");
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>WhatsApp outbox (sandbox) | SalaryOnTime</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem;color:#1a1a1a}table{border-collapse:collapse;width:100%}th,td{border:1px solid #ccc;padding:.5rem;text-align:left;vertical-align:top}th{background:#f1f5f9}form{margin:0 0 1rem;padding:.5rem;border:1px solid #ccc}label{margin-right:.5rem}input,select,button{font:inherit;padding:.3rem}.scroll{overflow-x:auto;max-width:100%}td{overflow-wrap:anywhere}</style></head>
<body><main><h1>WhatsApp outbox (sandbox)</h1><p>Template messages the sandbox WhatsApp provider was given, newest first, with the status its signed webhooks recorded. This page does not exist in production mode. <a href="/dev/outbox">SMS outbox</a></p>
${messages.length ? `<div class="scroll" role="region" aria-label="Messages" tabindex="0"><table><caption>Latest ${messages.length} messages</caption><thead><tr><th scope="col">To</th><th scope="col">Template</th><th scope="col">Language</th><th scope="col">Text</th><th scope="col">Status</th><th scope="col">Sent</th></tr></thead><tbody>${rows}</tbody></table></div>` : "<p>No messages yet.</p>"}
<h2>Replies</h2>
${replies.length ? `<div class="scroll" role="region" aria-label="Replies" tabindex="0"><table><thead><tr><th scope="col">From</th><th scope="col">Text</th><th scope="col">Stop</th><th scope="col">Received</th></tr></thead><tbody>${replyRows}</tbody></table></div>` : "<p>No replies yet.</p>"}
<h2>Try</h2>
<form method="post" action="/dev/whatsapp"><input type="hidden" name="action" value="mode"><label for="mode-mobile">Mobile</label><input id="mode-mobile" name="mobile" inputmode="numeric" required><label for="mode">behaves as</label><select id="mode" name="mode">${modes}</select><button type="submit">Set</button></form>
<form method="post" action="/dev/whatsapp"><input type="hidden" name="action" value="reply"><label for="reply-mobile">Mobile</label><input id="reply-mobile" name="mobile" inputmode="numeric" required><label for="reply-text">writes</label><input id="reply-text" name="text" value="STOP" required><button type="submit">Send reply</button></form>
</main></body></html>`);
  });
  // A form (303 back to the page) or JSON (tests): set a number's mode, send a reply, or a status for a message.
  routes.post("/whatsapp", async (c) => {
    const json = /^application\/json/i.test(c.req.header("content-type") ?? "");
    const text = (await readBodyText(c.req.raw, DEFAULT_BODY_LIMIT)).text;
    let raw: unknown;
    try {
      raw = json ? JSON.parse(text) : Object.fromEntries(new URLSearchParams(text));
    } catch {
      raw = null;
    }
    const parsed = action.safeParse(raw);
    if (!parsed.success || !sandboxWhatsApp) throw new InvalidInput("Send action mode (mobile, mode), reply (mobile, text) or status (wamid, status).");
    const input = parsed.data;
    if (input.action === "mode") await sandboxWhatsApp.setMode(input.mobile, input.mode);
    if (input.action === "reply") await sandboxWhatsApp.reply(input.mobile, input.text);
    if (input.action === "status") {
      const message = ((await whatsapp?.recent(500)) ?? []).find((m) => m.wamid === input.wamid);
      if (!message) throw new InvalidInput("No message with that wamid.");
      await sandboxWhatsApp.emitStatus(input.wamid, message.to, input.status);
    }
    return json ? c.json({ done: true }) : c.redirect("/dev/whatsapp", 303);
  });
  return routes;
}

import { Hono, type Context } from "hono";
import { ESIGN_CODE_LENGTH } from "../../../core/banking.ts";
import type { AppEnv } from "../../http/context.ts";
import { ESIGN_CONSENT_NEEDED, type SandboxEsign } from "../../providers/esign/sandbox.ts";
import { escapeHtml } from "../../../core/escape-html.ts";

type View = NonNullable<Awaited<ReturnType<SandboxEsign["view"]>>>;

function page(view: View, notice: { kind: "error" | "info"; text: string } | null, consent: boolean) {
  const base = `/sandbox/esign/${view.id}`;
  const docs = view.documents
    .map((d) => `<li><a href="${base}/documents/${d.index}" target="_blank" rel="noopener">${escapeHtml(d.title)} (PDF)</a></li>`)
    .join("");
  const open = view.status === "PENDING";
  const alert = notice ? `<p class="${notice.kind}" role="${notice.kind === "error" ? "alert" : "status"}">${escapeHtml(notice.text)}</p>` : "";
  // One form: the consent travels with both "Send code" and "Sign documents", and stays ticked
  // between them. Sign comes first once a code is out, so Enter in the code field signs.
  const consentBox = `<p><label><input type="checkbox" name="consent" value="1" required${consent ? " checked" : ""}> I have read the Loan Agreement and the Key Fact Statement and I agree to sign them electronically.</label></p>`;
  const sendButton = `<button type="submit" formaction="${base}/send-code" formnovalidate${view.codeSent ? ' class="secondary"' : ""}>${view.codeSent ? "Send a new code" : "Send code"}</button>`;
  const codeField = view.codeSent
    ? `<p><label for="code">${ESIGN_CODE_LENGTH}-digit code sent to ${escapeHtml(view.maskedMobile)}</label><br>
  <input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="\\d{${ESIGN_CODE_LENGTH}}" maxlength="${ESIGN_CODE_LENGTH}" required></p>
  <p class="actions"><button type="submit">Sign documents</button> ${sendButton}</p>`
    : `<p class="actions">${sendButton}</p>`;
  const form = `<form method="post" action="${base}/sign">${consentBox}${codeField}</form>`;
  const body = open
    ? form
    : `<p>${view.status === "SIGNED" ? "These documents are already signed." : "This signing request has expired. Please start the eSign again from your dashboard."}</p><p><a href="/my-dashboard">Back to the dashboard</a></p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Sign your loan documents (sandbox eSign) | SalaryOnTime</title>
<style>body{font-family:system-ui,sans-serif;margin:0;color:#1a1a1a;background:#f4f6fb}main{max-width:40rem;margin:0 auto;padding:1rem}
.card{background:#fff;border:1px solid #d5dbe6;border-radius:8px;padding:1rem;margin-bottom:1rem}.badge{display:inline-block;background:#7a3e00;color:#fff;padding:.1rem .5rem;border-radius:4px;font-size:.85rem}
button{background:#0b5394;color:#fff;border:0;border-radius:6px;padding:.7rem 1.2rem;font-size:1rem;cursor:pointer;min-height:44px}button.secondary{background:#fff;color:#0b5394;border:1px solid #0b5394}.actions{display:flex;flex-wrap:wrap;gap:.5rem}input#code{font-size:1.2rem;padding:.5rem;width:10ch;letter-spacing:.2em}
.error{background:#fde8e8;color:#8a1212;padding:.6rem;border-radius:6px}.info{background:#e6f1fb;color:#0b3d6b;padding:.6rem;border-radius:6px}a{color:#0b5394}label{line-height:1.5}</style></head>
<body><main><p><span class="badge">Sandbox eSign</span> This page stands in for the eSign provider. No legal signature is made.</p>
<h1>Sign your loan documents</h1>
<div class="card"><h2>Documents</h2><p>Signer: <strong>${escapeHtml(view.signerName)}</strong></p><p>Please read both documents before you sign:</p><ul>${docs}</ul></div>
<div class="card"><h2>Sign with a one-time code</h2>${alert}${body}</div>
</main></body></html>`;
}

/** The sandbox eSign provider's hosted pages. Never mounted in production mode. */
export function createSandboxEsignRoutes(sandbox: SandboxEsign) {
  const routes = new Hono<AppEnv>();
  routes.use("*", async (c, next) => {
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex");
    await next();
  });

  const show = async (c: Context<AppEnv>, notice: { kind: "error" | "info"; text: string } | null, status: 200 | 422 = 200, consent = false) => {
    const view = await sandbox.view(c.req.param("id") ?? "");
    if (!view) return c.html("<!doctype html><title>Not found</title><p>No such signing request.</p>", 404);
    return c.html(page(view, notice, consent), status);
  };

  routes.get("/:id", (c) => show(c, null));

  routes.get("/:id/documents/:index", async (c) => {
    const doc = await sandbox.document(c.req.param("id"), Number(c.req.param("index")));
    if (!doc) return c.text("Not found", 404);
    return c.body(doc.pdf as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${doc.name}.pdf"`,
      "X-Content-Type-Options": "nosniff",
    });
  });

  routes.post("/:id/send-code", async (c) => {
    const form = await c.req.parseBody();
    if (form.consent !== "1") return show(c, { kind: "error", text: ESIGN_CONSENT_NEEDED }, 422);
    const sent = await sandbox.sendCode(c.req.param("id"));
    return show(c, { kind: sent.ok ? "info" : "error", text: sent.message }, sent.ok ? 200 : 422, true);
  });

  routes.post("/:id/sign", async (c) => {
    const form = await c.req.parseBody();
    const consent = form.consent === "1";
    const result = await sandbox.sign(c.req.param("id"), typeof form.code === "string" ? form.code : "", consent);
    if (result.ok) return c.redirect(result.redirect, 303);
    return show(c, { kind: "error", text: result.message }, 422, consent);
  });

  return routes;
}

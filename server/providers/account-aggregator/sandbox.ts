// A local account aggregator with a hosted consent page (approve or reject) and an FI fetch that
// returns 6 months of deterministic deposit statements. Off in production mode.
import { createHmac, randomUUID } from "node:crypto";
import { Hono } from "hono";
import { createMemorySandboxStore, type SandboxStore } from "../sandbox-store.ts";
import { CONSENT_TERMS, type AccountAggregatorPort, type ConsentRequest, type ConsentStatus, type DepositStatement, type SessionStatus } from "./port.ts";
import { escapeHtml } from "../../../core/escape-html.ts";

export const SANDBOX_AA_BASE = "/sandbox/account-aggregator";

interface Consent {
  request: ConsentRequest;
  status: ConsentStatus;
  consentId: string | null;
}
interface Session {
  consentHandle: string;
  from: string;
  to: string;
  status: SessionStatus;
}

/** Salary on the 1st of each month, rent, a few card and UPI spends: enough to read like a statement. */
export function sandboxStatement(hint: NonNullable<ConsentRequest["sandboxHint"]>, from: string, to: string): DepositStatement {
  const rand = (i: number) => createHmac("sha256", "sandbox-aa").update(`${hint.seed}:${i}`).digest().readUInt32BE() / 2 ** 32;
  const transactions: DepositStatement["transactions"] = [];
  let balance = Math.round(hint.monthlyIncome * 0.4);
  const opening = balance;
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  let i = 0;
  for (let d = new Date(start); d <= end; d.setUTCDate(d.getUTCDate() + 1)) {
    const day = d.getUTCDate();
    const iso = d.toISOString().slice(0, 10);
    const push = (narration: string, type: "CREDIT" | "DEBIT", amount: number) => {
      balance += type === "CREDIT" ? amount : -amount;
      transactions.push({ date: iso, narration, type, amount, balance });
    };
    if (day === 1) push("NEFT SALARY CREDIT", "CREDIT", hint.monthlyIncome);
    if (day === 5) push("RENT TRANSFER IMPS", "DEBIT", Math.round(hint.monthlyIncome * 0.25));
    if (day === 12 || day === 24) push("UPI GROCERY STORE", "DEBIT", 800 + Math.round(rand(i++) * 2500));
    if (day === 18) push("CARD POS FUEL", "DEBIT", 1000 + Math.round(rand(i++) * 1500));
  }
  const digits = String(Math.floor(rand(999) * 10_000)).padStart(4, "0");
  return { maskedAccountNumber: `XXXXXXXX${digits}`, bankName: "Sandbox Bank", holderName: hint.name, from, to, openingBalance: opening, transactions };
}

const CONSENT = "aa-consent";
const CONSENT_ID = "aa-consent-id";
const SESSION = "aa-session";
const TTL_MS = 24 * 60 * 60 * 1000;

/** Consents and fetch sessions live in `store` (the database when the server runs), so any instance answers. */
export function createSandboxAccountAggregator(options: { origin: string; store?: SandboxStore }) {
  const store = options.store ?? createMemorySandboxStore();

  const port: AccountAggregatorPort = {
    async createConsent(request) {
      const handle = randomUUID();
      await store.put<Consent>(CONSENT, handle, { request, status: "PENDING", consentId: null }, TTL_MS);
      return { consentHandle: handle, url: new URL(`${SANDBOX_AA_BASE}/consent/${handle}`, options.origin).toString() };
    },
    async consentStatus(handle) {
      const c = await store.get<Consent>(CONSENT, handle);
      return c ? { status: c.status, consentId: c.consentId } : { status: "EXPIRED", consentId: null };
    },
    async requestData({ consentId, from, to }) {
      const handle = await store.get<string>(CONSENT_ID, consentId);
      const consent = handle ? await store.get<Consent>(CONSENT, handle) : null;
      if (!handle || consent?.status !== "ACTIVE") throw new Error("consent is not active");
      const sessionId = randomUUID();
      await store.put<Session>(SESSION, sessionId, { consentHandle: handle, from, to, status: "ACTIVE" }, TTL_MS);
      return { sessionId };
    },
    async fetchData(sessionId) {
      const s = await store.get<Session>(SESSION, sessionId);
      if (!s) return { status: "EXPIRED", statements: [] };
      // ONETIME fetch: the data is delivered once, then the session is over (one winner across instances).
      if (s.status !== "ACTIVE" || !(await store.swap<Session>(SESSION, sessionId, "ACTIVE", { ...s, status: "COMPLETED" })))
        return { status: s.status === "ACTIVE" ? "COMPLETED" : s.status, statements: [] };
      const c = await store.get<Consent>(CONSENT, s.consentHandle);
      const hint = c?.request.sandboxHint ?? { name: "Sandbox Person", monthlyIncome: 40000, seed: s.consentHandle };
      return { status: "COMPLETED", statements: [sandboxStatement(hint, s.from, s.to)] };
    },
  };

  function routes() {
    const r = new Hono();
    r.get("/consent/:handle", async (c) => {
      const consent = await store.get<Consent>(CONSENT, c.req.param("handle"));
      if (!consent) return c.html(page("Consent request not found", `<p role="alert">This consent request is unknown or has expired.</p>`), 404);
      if (consent.status !== "PENDING") return c.html(page("Consent already answered", `<p>This request is ${escapeHtml(consent.status)}.</p>`), 409);
      const q = consent.request;
      return c.html(
        page(
          "Share your bank statements",
          `<p>SalaryOnTime asks to read your savings account statements through the account aggregator (local sandbox).</p>
<dl><dt>Data</dt><dd>Deposit account statements (${CONSENT_TERMS.fiTypes.join(", ")})</dd><dt>Period</dt><dd>${escapeHtml(q.from)} to ${escapeHtml(q.to)}</dd>
<dt>Fetch</dt><dd>Once (${CONSENT_TERMS.fetchType}), stored by SalaryOnTime (${CONSENT_TERMS.consentMode})</dd><dt>Account handle</dt><dd>${escapeHtml(q.customerVua)}</dd></dl>
<form method="post" action="${SANDBOX_AA_BASE}/consent/${escapeHtml(c.req.param("handle"))}">
<div class="actions"><button name="decision" value="approve" type="submit">Approve</button> <button name="decision" value="reject" type="submit" class="secondary">Reject</button></div></form>`,
        ),
      );
    });
    r.post("/consent/:handle", async (c) => {
      const handle = c.req.param("handle");
      const consent = await store.get<Consent>(CONSENT, handle);
      const form = await c.req.parseBody();
      const approved = form.decision === "approve";
      const answered: Consent | null = consent && { ...consent, status: approved ? "ACTIVE" : "REJECTED", consentId: approved ? randomUUID() : null };
      // One answer per consent, even when two instances receive one each.
      if (!answered || !(await store.swap(CONSENT, handle, "PENDING", answered)))
        return c.html(page("Consent request not found", `<p role="alert">This consent request is unknown or already answered.</p>`), 404);
      if (answered.consentId) await store.put(CONSENT_ID, answered.consentId, handle, TTL_MS);
      const back = new URL(answered.request.redirectUrl);
      back.searchParams.set("consent_handle", handle);
      back.searchParams.set("status", answered.status);
      return c.redirect(back.toString(), 302);
    });
    return r;
  }

  return { port, routes };
}

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} | Account aggregator sandbox</title>
<style>body{font-family:system-ui,sans-serif;margin:0;color:#1a1a1a;background:#f3f7f4}main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:8px}
.actions{margin-top:1rem}button{font-size:1rem;padding:.6rem 1.2rem;background:#166534;color:#fff;border:0;border-radius:4px}button.secondary{background:#fff;color:#166534;border:1px solid #166534}
dt{font-weight:600}dd{margin:0 0 .5rem}</style></head>
<body><main><p><strong>Account aggregator</strong> (sandbox)</p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

export type SandboxAccountAggregator = ReturnType<typeof createSandboxAccountAggregator>;

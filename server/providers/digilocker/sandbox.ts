// A faithful local DigiLocker: the same authorize → consent → redirect(code, state) → token(code_verifier)
// shape as the real service, with the PKCE check done here as DigiLocker does it. Off in production mode.
import { createHmac, randomBytes } from "node:crypto";
import { Hono } from "hono";
import { createMemorySandboxStore, type SandboxStore } from "../sandbox-store.ts";
import { codeChallengeS256, DigiLockerError, type AadhaarKyc, type AuthorizeRequest, type DigiLockerPort } from "./port.ts";
import { escapeHtml } from "../../../core/escape-html.ts";

export const SANDBOX_DIGILOCKER_BASE = "/sandbox/digilocker";
export const SANDBOX_CLIENT_ID = "salaryontime-sandbox";
const TTL_MS = 10 * 60 * 1000;

type Identity = NonNullable<AuthorizeRequest["sandboxIdentity"]>;
interface Pending {
  challenge: string;
  redirectUri: string;
  identity: Identity;
}
interface Grant {
  challenge: string;
  redirectUri: string;
  kyc: AadhaarKyc;
}

/** The sandbox person's 12-digit Aadhaar, derived from a seed; only its last 4 ever leave the sandbox. */
export function sandboxAadhaar(seed: string): string {
  const digits = BigInt(`0x${createHmac("sha256", "sandbox-digilocker").update(seed).digest("hex").slice(0, 15)}`)
    .toString()
    .slice(-11);
  return `${2 + (Number(digits[0]) % 8)}${digits.padStart(11, "0")}`;
}

/** Pending requests and granted codes live in `store` (the database when the server runs), so any instance answers the next step. */
export function createSandboxDigiLocker(options: { origin: string; store?: SandboxStore }) {
  const store = options.store ?? createMemorySandboxStore();
  const PENDING = "digilocker-pending";
  const GRANT = "digilocker-grant";

  const port: DigiLockerPort = {
    async authorizeUrl(request) {
      const identity = request.sandboxIdentity ?? { name: "Sandbox Person", dob: "1990-01-01", gender: "M", address: "", seed: request.state, last4: null };
      await store.put<Pending>(PENDING, request.state, { challenge: request.codeChallenge, redirectUri: request.redirectUri, identity }, TTL_MS);
      const url = new URL(`${SANDBOX_DIGILOCKER_BASE}/public/oauth2/1/authorize`, options.origin);
      url.search = new URLSearchParams({
        response_type: "code",
        client_id: SANDBOX_CLIENT_ID,
        redirect_uri: request.redirectUri,
        state: request.state,
        code_challenge: request.codeChallenge,
        code_challenge_method: "S256",
      }).toString();
      return url.toString();
    },

    async fetchKyc({ code, codeVerifier, redirectUri }) {
      // One use only, as OAuth requires, whatever the outcome.
      const grant = await store.take<Grant>(GRANT, code);
      if (!grant || grant.redirectUri !== redirectUri) throw new DigiLockerError("The authorization code is not valid.", "invalid_grant");
      if (codeChallengeS256(codeVerifier) !== grant.challenge) throw new DigiLockerError("The code verifier does not match the challenge.", "invalid_grant");
      return grant.kyc;
    },
  };

  /** The hosted consent page and its answer, mounted under /sandbox/digilocker. */
  function routes() {
    const r = new Hono();
    r.get("/public/oauth2/1/authorize", async (c) => {
      const q = c.req.query();
      const p = await store.get<Pending>(PENDING, q.state ?? "");
      const problems = [
        q.response_type !== "code" && "response_type must be code",
        q.client_id !== SANDBOX_CLIENT_ID && "unknown client_id",
        q.code_challenge_method !== "S256" && "code_challenge_method must be S256",
        (!p || p.challenge !== q.code_challenge || p.redirectUri !== q.redirect_uri) && "this authorization request is unknown or has expired",
      ].filter(Boolean);
      if (problems.length || !p)
        return c.html(page("Request refused", `<p role="alert">DigiLocker sandbox refused the request: ${escapeHtml(problems.join("; "))}.</p>`), 400);
      const aadhaar = sandboxAadhaar(p.identity.seed);
      const last4 = p.identity.last4 ?? aadhaar.slice(-4);
      return c.html(
        page(
          "Share your Aadhaar with SalaryOnTime",
          `<p>SalaryOnTime asks to read your e-Aadhaar (name, date of birth, gender, address and the last 4 digits of the number). This is the local sandbox; no real DigiLocker account is used.</p>
<dl><dt>Name</dt><dd>${escapeHtml(p.identity.name)}</dd><dt>Date of birth</dt><dd>${escapeHtml(p.identity.dob)}</dd></dl>
<form method="post" action="${SANDBOX_DIGILOCKER_BASE}/consent">
<input type="hidden" name="state" value="${escapeHtml(q.state!)}">
<label for="last4">Last 4 digits of this sandbox Aadhaar (change them to try a mismatch)</label>
<input id="last4" name="last4" inputmode="numeric" maxlength="4" pattern="[0-9]{4}" required value="${escapeHtml(last4)}">
<div class="actions"><button name="decision" value="allow" type="submit">Allow</button> <button name="decision" value="deny" type="submit" class="secondary">Deny</button></div>
</form>`,
        ),
      );
    });

    r.post("/consent", async (c) => {
      const form = await c.req.parseBody();
      const state = String(form.state ?? "");
      // Taken, so a second answer to the same request finds nothing.
      const p = await store.take<Pending>(PENDING, state);
      if (!p)
        return c.html(page("Request expired", `<p role="alert">This authorization request is unknown or has expired. Start again from SalaryOnTime.</p>`), 400);
      const back = new URL(p.redirectUri);
      back.searchParams.set("state", state);
      if (form.decision !== "allow") {
        back.searchParams.set("error", "access_denied");
        return c.redirect(back.toString(), 302);
      }
      const typed = String(form.last4 ?? "");
      const last4 = /^\d{4}$/.test(typed) ? typed : sandboxAadhaar(p.identity.seed).slice(-4);
      const code = randomBytes(24).toString("hex");
      await store.put<Grant>(
        GRANT,
        code,
        {
          challenge: p.challenge,
          redirectUri: p.redirectUri,
          kyc: {
            last4,
            name: p.identity.name,
            dob: p.identity.dob,
            gender: p.identity.gender,
            address: p.identity.address,
            reference: `DLSBX-${createHmac("sha256", "sandbox-digilocker-ref").update(p.identity.seed).digest("hex").slice(0, 16).toUpperCase()}`,
          },
        },
        TTL_MS,
      );
      back.searchParams.set("code", code);
      return c.redirect(back.toString(), 302);
    });
    return r;
  }

  return { port, routes };
}

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} | DigiLocker sandbox</title>
<style>body{font-family:system-ui,sans-serif;margin:0;color:#1a1a1a;background:#f4f6fb}main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:8px}
label{display:block;font-weight:600;margin:1rem 0 .25rem}input{font-size:1rem;padding:.5rem;width:6rem}.actions{margin-top:1rem}button{font-size:1rem;padding:.6rem 1.2rem;background:#1d4ed8;color:#fff;border:0;border-radius:4px}
button.secondary{background:#fff;color:#1d4ed8;border:1px solid #1d4ed8}dt{font-weight:600}dd{margin:0 0 .5rem}</style></head>
<body><main><p><strong>DigiLocker</strong> (sandbox)</p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

export type SandboxDigiLocker = ReturnType<typeof createSandboxDigiLocker>;

// Issue 33: the sandbox's UIDAI for paperless offline e-KYC. Its page (/sandbox/uidai/offline-ekyc) makes
// the ZIP a person would download from UIDAI, in UIDAI's layout, signed with the sandbox's own key; the
// trust port gives that key, so the reader checks sandbox files exactly as it checks UIDAI's. The key is
// made once and kept in the sandbox store (the database when the server runs), so every instance signs
// and trusts the same one. Off in production mode.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { Hono } from "hono";
import { createMemorySandboxStore, type SandboxStore } from "../sandbox-store.ts";
import type { OfflineEkycTrustPort } from "./port.ts";
import { sandboxOfflineEkyc } from "./sandbox-file.ts";
import { escapeHtml } from "../../../core/escape-html.ts";

export const SANDBOX_UIDAI_BASE = "/sandbox/uidai";
const KEY_KIND = "offline-ekyc-signer";
const CENTURY_MS = 100 * 365 * 24 * 3_600_000;
/** An 8 by 8 grey JPEG: the sandbox person's photo. */
const SANDBOX_PHOTO = Buffer.from(
  "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAA//EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKwCif/Z",
  "base64",
);

export function createSandboxOfflineEkyc(options: { now: () => Date; store?: SandboxStore }) {
  const store = options.store ?? createMemorySandboxStore();
  let cached: KeyObject | null = null;

  /** The sandbox's signing key: the first instance to ask makes it, every other reads that one. */
  async function signingKey(): Promise<KeyObject> {
    if (cached) return cached;
    const made = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "pem", type: "pkcs8" }).toString();
    await store.add<{ pem: string }>(KEY_KIND, "signer", { pem: made }, CENTURY_MS);
    const kept = await store.get<{ pem: string }>(KEY_KIND, "signer");
    cached = createPrivateKey(kept?.pem ?? made);
    return cached;
  }

  const port: OfflineEkycTrustPort = {
    async signers() {
      return [{ key: createPublicKey(await signingKey()) }];
    },
  };

  function routes() {
    const r = new Hono();
    r.get("/offline-ekyc", (c) => c.html(page(form({}, []))));
    r.post("/offline-ekyc", async (c) => {
      const body = await c.req.parseBody();
      const field = (name: string) => (typeof body[name] === "string" ? (body[name] as string).trim() : "");
      const values = Object.fromEntries(FIELDS.map((f) => [f.name, field(f.name)]));
      const problems = FIELDS.filter((f) => !f.pattern.test(values[f.name]!)).map((f) => f.name);
      if (problems.length) return c.html(page(form(values, problems)), 400);
      const hoursAgo = Number(values.hoursAgo);
      const zip = await sandboxOfflineEkyc(
        {
          aadhaarLast4: values.last4!,
          shareCode: values.shareCode!,
          generatedAt: new Date(options.now().getTime() - hoursAgo * 3_600_000),
          name: values.name!,
          dob: values.dob!,
          gender: values.gender as "M" | "F" | "T",
          mobile: values.mobile || undefined,
          address: { house: values.house, street: values.street, vtc: values.city, district: values.city, state: values.state, pincode: values.pincode },
          photo: SANDBOX_PHOTO,
        },
        await signingKey(),
      );
      return c.body(zip as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="offlineaadhaar${values.last4}.zip"`,
        "Cache-Control": "no-store",
      });
    });
    return r;
  }

  return { port, routes, signingKey };
}

export type SandboxOfflineEkyc = ReturnType<typeof createSandboxOfflineEkyc>;

const FIELDS = [
  { name: "name", label: "Name as on Aadhaar", pattern: /^[A-Za-z][A-Za-z .'-]{1,79}$/, value: "Sandbox Person" },
  { name: "dob", label: "Date of birth (YYYY-MM-DD)", pattern: /^\d{4}-\d{2}-\d{2}$/, value: "1992-04-15" },
  { name: "gender", label: "Gender (M, F or T)", pattern: /^[MFT]$/, value: "M" },
  { name: "last4", label: "Last 4 digits of the Aadhaar", pattern: /^\d{4}$/, value: "1234" },
  { name: "mobile", label: "Mobile registered with Aadhaar (optional)", pattern: /^(\d{10})?$/, value: "" },
  { name: "shareCode", label: "Share code (4 digits: the ZIP's password)", pattern: /^\d{4}$/, value: "" },
  { name: "house", label: "House", pattern: /^.{0,60}$/, value: "12" },
  { name: "street", label: "Street", pattern: /^.{0,60}$/, value: "MG Road" },
  { name: "city", label: "City", pattern: /^.{1,60}$/, value: "Bengaluru" },
  { name: "state", label: "State", pattern: /^.{1,60}$/, value: "Karnataka" },
  { name: "pincode", label: "PIN code", pattern: /^\d{6}$/, value: "560001" },
  { name: "hoursAgo", label: "Made this many hours ago (over 72 to try a stale file)", pattern: /^\d{1,4}$/, value: "0" },
];

function form(values: Record<string, string>, problems: string[]) {
  const inputs = FIELDS.map((f) => {
    const wrong = problems.includes(f.name);
    const described = wrong ? ` aria-invalid="true" aria-describedby="${f.name}-error"` : "";
    return `<label for="${f.name}">${escapeHtml(f.label)}</label><input id="${f.name}" name="${f.name}" value="${escapeHtml(values[f.name] ?? f.value)}"${described}>${
      wrong ? `<p class="error" id="${f.name}-error">Check this field.</p>` : ""
    }`;
  }).join("\n");
  const alert = problems.length ? `<p role="alert" class="error">Some fields need a look: ${problems.length} to fix.</p>` : "";
  return `<p>Makes the ZIP a person downloads from UIDAI's paperless offline e-KYC, signed with the sandbox's key. No real Aadhaar is used.</p>
${alert}<form method="post" action="${SANDBOX_UIDAI_BASE}/offline-ekyc">${inputs}
<button type="submit">Download the ZIP</button></form>`;
}

function page(body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Paperless offline e-KYC | UIDAI sandbox</title>
<style>body{font-family:system-ui,sans-serif;margin:0;color:#1a1a1a;background:#f4f6fb}main{max-width:32rem;margin:1rem auto;padding:1rem;background:#fff;border-radius:8px}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}input{font-size:1rem;padding:.5rem;width:100%;box-sizing:border-box}button{font-size:1rem;padding:.7rem 1.2rem;margin-top:1rem;background:#1d4ed8;color:#fff;border:0;border-radius:4px;width:100%}
.error{color:#8a1212;margin:.25rem 0}</style></head>
<body><main><p><strong>UIDAI</strong> (sandbox)</p><h1>Paperless offline e-KYC</h1>${body}</main></body></html>`;
}

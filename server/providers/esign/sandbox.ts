// A local eSign provider with a hosted signing page (/sandbox/esign/:id, off in production):
// it shows the documents, sends a one-time code through the SMS port, signs, delivers a webhook
// signed like the real provider's, and sends the browser back to the return URL.
import { and, eq, lt, sql } from "drizzle-orm";
import { ESIGN_CODE_LENGTH } from "../../../core/banking.ts";
import type { Db } from "../../db/client.ts";
import { customerLanguage, translate } from "../../../core/i18n/index.ts";
import { site } from "../../../core/site-config.ts";
import { customerProfiles, sandboxEsignDocuments } from "../../db/schema/index.ts";
import { keyedHash, randomDigits, safeEqualHex } from "../../security/crypto.ts";
import type { SmsPort } from "../sms/port.ts";
import { esignWebhookSignature, type EsignWebhook } from "./port.ts";
import { createSandboxEsignPort, loadSandboxRequest, SANDBOX_ESIGN_PATH } from "./sandbox-requests.ts";
import { buildSignedPdf } from "./signed-pdf.ts";

export { SANDBOX_ESIGN_PATH };

/** The test secret the sandbox signs webhooks with (the production adapter's is ESIGN_CLIENT_SECRET). */
export const SANDBOX_ESIGN_SECRET = "sandbox-esign-client-secret";
const CODE_LIFETIME_MS = 5 * 60 * 1000;
const MAX_TRIES = 5;
const MAX_SENDS = 5;

export type WebhookReceiver = (delivery: { rawBody: string; headers: Record<string, string> }) => Promise<void>;

const maskMobile = (m: string) => `XXXXXX${m.slice(-4)}`;

export const ESIGN_CONSENT_NEEDED = "Please confirm that you have read the documents.";

export function createSandboxEsign(deps: { db: Db; sms: SmsPort; hashKey: string; now: () => Date }) {
  const { db, sms, hashKey, now } = deps;
  let receiver: WebhookReceiver | null = null;
  const codeHash = (id: string, code: string) => keyedHash(hashKey, "sandbox-esign-otp", `${id}:${code}`);

  const load = (id: string) => loadSandboxRequest(db, id);

  async function deliver(row: { id: string; verificationId: string }, status: "SIGNED") {
    const body: EsignWebhook = {
      event_type: `ESIGN_${status}`,
      event_time: now().toISOString(),
      data: { verification_id: row.verificationId, reference_id: row.id, status },
    };
    const rawBody = JSON.stringify(body);
    const timestamp = String(now().getTime());
    await receiver?.({
      rawBody,
      headers: {
        "content-type": "application/json",
        "x-webhook-timestamp": timestamp,
        "x-webhook-signature": esignWebhookSignature(SANDBOX_ESIGN_SECRET, timestamp, rawBody),
      },
    });
  }

  const port = createSandboxEsignPort({ db, now });

  return {
    ...port,
    /** Where webhooks go: the app wires the same handler its HTTP callback route uses. */
    setWebhookReceiver(fn: WebhookReceiver) {
      receiver = fn;
    },

    /** What the hosted page shows; null when there is no such request. */
    async view(id: string) {
      const row = await load(id);
      if (!row) return null;
      const expired = row.status === "PENDING" && row.expiresAt <= now();
      return {
        id: row.id,
        signerName: row.signerName,
        maskedMobile: maskMobile(row.signerMobile),
        documents: row.documents.map((d, i) => ({ index: i, title: d.title, name: d.name })),
        status: expired ? "EXPIRED" : row.status,
        codeSent: !!row.otpHash && !!row.otpExpiresAt && row.otpExpiresAt > now(),
        returnUrl: row.returnUrl,
      };
    },

    async document(id: string, index: number) {
      const row = await load(id);
      const doc = row?.documents[index];
      return doc ? { title: doc.title, name: doc.name, pdf: new Uint8Array(Buffer.from(doc.pdfBase64, "base64")) } : null;
    },

    async sendCode(id: string): Promise<{ ok: boolean; message: string }> {
      const row = await load(id);
      if (!row || row.status !== "PENDING" || row.expiresAt <= now()) return { ok: false, message: "This signing request is no longer open." };
      const code = randomDigits(ESIGN_CODE_LENGTH);
      // The send is counted in the same statement that checks the cap, so sends at once cannot pass it.
      const [sent] = await db
        .update(sandboxEsignDocuments)
        .set({
          otpHash: codeHash(id, code),
          otpExpiresAt: new Date(now().getTime() + CODE_LIFETIME_MS),
          otpAttempts: 0,
          otpSends: sql`${sandboxEsignDocuments.otpSends} + 1`,
        })
        .where(and(eq(sandboxEsignDocuments.id, id), lt(sandboxEsignDocuments.otpSends, MAX_SENDS)))
        .returning({ id: sandboxEsignDocuments.id });
      if (!sent) return { ok: false, message: "Too many codes were sent for this document. Please start the eSign again from your dashboard." };
      // Like the real provider's SMS, in the signer's language (issue 23): the profile's saved choice.
      const [signer] = await db
        .select({ lang: customerProfiles.preferredLanguage })
        .from(customerProfiles)
        .where(eq(customerProfiles.mobile, row.signerMobile));
      await sms.sendOtp({ mobile: row.signerMobile, code, purpose: "esign", lang: customerLanguage(signer?.lang) });
      return { ok: true, message: `We sent a ${ESIGN_CODE_LENGTH}-digit code to ${maskMobile(row.signerMobile)}.` };
    },

    /** Checks the code; on success signs, delivers the webhook and gives the return address. */
    async sign(id: string, code: string, consent: boolean): Promise<{ ok: true; redirect: string } | { ok: false; message: string }> {
      const row = await load(id);
      if (!row || row.status !== "PENDING" || row.expiresAt <= now()) return { ok: false, message: "This signing request is no longer open." };
      // A signature needs the signer's consent at the moment of signing, as a real eSign provider asks.
      if (!consent) return { ok: false, message: ESIGN_CONSENT_NEEDED };
      if (!row.otpHash || !row.otpExpiresAt) return { ok: false, message: "Please ask for a code first." };
      if (row.otpExpiresAt <= now()) return { ok: false, message: "This code has expired. Please ask for a new one." };
      const clean = code.trim();
      if (!new RegExp(`^\\d{${ESIGN_CODE_LENGTH}}$`).test(clean) || !safeEqualHex(codeHash(id, clean), row.otpHash)) {
        // One statement counts the wrong try and burns the code on the last one (tries sent at once each count).
        const [after] = await db
          .update(sandboxEsignDocuments)
          .set({
            otpAttempts: sql`${sandboxEsignDocuments.otpAttempts} + 1`,
            otpHash: sql`CASE WHEN ${sandboxEsignDocuments.otpAttempts} + 1 >= ${MAX_TRIES} THEN NULL ELSE ${sandboxEsignDocuments.otpHash} END`,
            otpExpiresAt: sql`CASE WHEN ${sandboxEsignDocuments.otpAttempts} + 1 >= ${MAX_TRIES} THEN NULL ELSE ${sandboxEsignDocuments.otpExpiresAt} END`,
          })
          .where(and(eq(sandboxEsignDocuments.id, id), eq(sandboxEsignDocuments.otpHash, row.otpHash)))
          .returning({ tries: sandboxEsignDocuments.otpAttempts });
        const tries = after?.tries ?? MAX_TRIES;
        return {
          ok: false,
          message: tries >= MAX_TRIES ? "Too many wrong tries. Please ask for a new code." : `Incorrect code. ${MAX_TRIES - tries} attempts left.`,
        };
      }
      const signedAt = now();
      const both = (key: "documents.esign.methodSandboxOtp" | "documents.esign.providerSandbox") => ({
        en: translate("en", key, { brand: site.brand }),
        hi: translate("hi", key, { brand: site.brand }),
      });
      const pdf = await buildSignedPdf(
        row.documents.map((d) => ({ title: d.title, name: d.name, pdf: new Uint8Array(Buffer.from(d.pdfBase64, "base64")) })),
        {
          signerName: row.signerName,
          signerMobile: maskMobile(row.signerMobile),
          signedAt,
          method: both("documents.esign.methodSandboxOtp"),
          provider: both("documents.esign.providerSandbox"),
          reference: row.id.slice(0, 16),
          language: customerLanguage(row.documents[0]?.language),
        },
      );
      const [won] = await db
        .update(sandboxEsignDocuments)
        .set({ status: "SIGNED", signedAt, signedPdf: Buffer.from(pdf).toString("base64"), otpHash: null, otpExpiresAt: null })
        .where(and(eq(sandboxEsignDocuments.id, id), eq(sandboxEsignDocuments.status, "PENDING")))
        .returning({ id: sandboxEsignDocuments.id });
      if (won) await deliver(row, "SIGNED");
      const back = new URL(row.returnUrl, "http://return.invalid");
      back.searchParams.set("verification_id", row.verificationId);
      back.searchParams.set("status", "SIGNED");
      return { ok: true, redirect: row.returnUrl.startsWith("/") ? `${back.pathname}${back.search}` : back.toString() };
    },
  };
}

export type SandboxEsign = ReturnType<typeof createSandboxEsign>;

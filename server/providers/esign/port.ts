import { createHmac, timingSafeEqual } from "node:crypto";
import type { Language } from "../../../core/i18n/index.ts";

export interface EsignDocument {
  /** File-like name, e.g. "loan-agreement". */
  name: string;
  title: string;
  pdf: Uint8Array;
  /** The language it is written in (English when left out): the sandbox's stamp and certificate follow it. */
  language?: Language;
}

export type EsignStatus = "PENDING" | "SIGNED" | "FAILED" | "EXPIRED";

/**
 * An eSign provider (Aadhaar eSign through an ESP, signed with a one-time code). We send the
 * documents and the signer; the provider hosts the signing page, tells us the outcome by a signed
 * webhook, sends the browser back to our return URL, and hands out the signed PDF.
 */
export interface EsignPort {
  readonly provider: string;
  createRequest(input: {
    /** Our id for the request; the webhook names it. */
    verificationId: string;
    signer: { name: string; mobile: string };
    documents: EsignDocument[];
    returnUrl: string;
    expiresAt: Date;
  }): Promise<{ reference: string; signUrl: string }>;
  status(reference: string, verificationId: string): Promise<EsignStatus>;
  downloadSigned(reference: string, verificationId: string): Promise<Uint8Array>;
}

/** The webhook body: the provider's event for one request. */
export interface EsignWebhook {
  event_type: string;
  event_time: string;
  data: { verification_id: string; reference_id: string; status: EsignStatus };
}

/**
 * Webhook signature of the Cashfree verification suite: base64(HMAC-SHA256(secret, timestamp + rawBody)),
 * sent in x-webhook-signature with the timestamp in x-webhook-timestamp. Computed over the raw bytes.
 */
export function esignWebhookSignature(secret: string, timestamp: string, rawBody: string): string {
  return createHmac("sha256", secret)
    .update(timestamp + rawBody)
    .digest("base64");
}

export function verifyEsignWebhook(secret: string, timestamp: string | undefined, rawBody: string, signature: string | undefined): boolean {
  if (!timestamp || !signature) return false;
  const expected = Buffer.from(esignWebhookSignature(secret, timestamp, rawBody));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

// Issue 34: the WhatsApp port. One call, a template message; the answer says whether Meta accepted it (with
// its wamid, by which the webhook later reports it), refused it (its error code, sorted into what it means
// for us), or gave no answer (a timeout: the message may have gone, so it is "unknown", never "failed").
// Also the webhook's signature (X-Hub-Signature-256), shared by the webhook and the sandbox that signs.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Language } from "../../../core/i18n/index.ts";

export interface WhatsAppSendInput {
  /** The customer's 10-digit Indian mobile number (sent as 91 + number). */
  to: string;
  /** The approved template's name at Meta. */
  template: string;
  lang: Language;
  /** The body parameters in order ({{1}} first). */
  parameters: readonly string[];
}

/** What a refusal means for us: the customer cannot get it, the template is wrong, we must wait, our account is at fault, or Meta failed. */
export type WhatsAppFailure = "recipient" | "template" | "rate_limited" | "account" | "temporary" | "invalid_request";

export type WhatsAppSendResult =
  | { outcome: "accepted"; wamid: string }
  | { outcome: "failed"; code: number | null; title: string; failure: WhatsAppFailure }
  | { outcome: "unknown"; detail: string };

export interface WhatsAppPort {
  send(input: WhatsAppSendInput): Promise<WhatsAppSendResult>;
}

/** The number as the Cloud API takes it: country code 91 and the 10 digits, no plus sign. */
export function cloudApiRecipient(mobile: string): string {
  return `91${mobile}`;
}

/** Our 10-digit mobile from a WhatsApp id (`wa_id`, `from`, `recipient_id`: 91 + number); null for any other country. */
export function mobileFromWaId(waId: string): string | null {
  const m = /^91([6-9]\d{9})$/.exec(waId);
  return m ? m[1] : null;
}

/** Meta's error codes (Cloud API "Error codes" reference), sorted by what we do about them. */
const FAILURES: Record<WhatsAppFailure, readonly number[]> = {
  // Undeliverable, not on WhatsApp or not allowed (test numbers), outside the 24-hour window, stopped marketing.
  recipient: [131026, 131021, 131030, 131047, 131050, 131049],
  // Parameter count or format, template missing, paused or disabled, text too long or against policy.
  template: [132000, 132001, 132005, 132007, 132012, 132015, 132016, 132068, 132069],
  rate_limited: [4, 80007, 130429, 131048, 131056],
  // Token, permission, payment, policy block, locked account, unregistered business number.
  account: [0, 3, 10, 190, 200, 299, 368, 130497, 131031, 131042, 131045, 133010],
  temporary: [1, 2, 131000, 131016, 133004],
  invalid_request: [100, 131008, 131009, 131051, 131052, 131053],
};

export function classifyCloudApiError(code: number | null): WhatsAppFailure {
  if (code === null) return "invalid_request";
  for (const [failure, codes] of Object.entries(FAILURES) as [WhatsAppFailure, readonly number[]][]) if (codes.includes(code)) return failure;
  // 200-299 are all permission errors in the Graph API.
  if (code >= 200 && code <= 299) return "account";
  return "invalid_request";
}

/** `sha256=<hex HMAC-SHA256 of the raw body with the app secret>`, as Meta signs each webhook. */
export function whatsappSignature(appSecret: string, rawBody: string | Buffer): string {
  return `sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`;
}

/** The X-Hub-Signature-256 header checked in constant time; anything but exactly `sha256=` and 64 hex digits fails. */
export function verifyWhatsAppSignature(appSecret: string, rawBody: string | Buffer, header: string | undefined): boolean {
  if (!header || !/^sha256=[0-9a-fA-F]{64}$/.test(header.trim())) return false;
  const given = Buffer.from(header.trim().slice("sha256=".length).toLowerCase(), "hex");
  const expected = Buffer.from(whatsappSignature(appSecret, rawBody).slice("sha256=".length), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

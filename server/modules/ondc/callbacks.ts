// Issue 32: what each accepted request owes the buyer app, built as the exact body the outbox will sign and
// send. Only search is answered so far (on_search, our catalog); the other actions' answers come with their
// flows. The callback's context repeats the request's (domain, location, bap, transaction_id and, for an
// answer, message_id), names us as the BPP, and is dated by our clock.
import type { SingleLoanProduct } from "../../../core/product.ts";
import { onSearchCatalog, searchPaymentTerms } from "./catalog.ts";
import { ONDC_VERSION, type OndcContext, type OndcRequestAction } from "./envelope.ts";
import type { OutboxCallback } from "./outbox.ts";

/** How long our callbacks are valid (the validator takes PT…M|H|S only, so the request's own ttl is not echoed). */
export const CALLBACK_TTL = "PT30M";

/** Where the validator and buyer apps expect a location and the request gave none: all of India. */
const ALL_INDIA = { country: { code: "IND" }, city: { code: "*" } };

export interface Lender {
  subscriberId: string;
  /** Our bpp_uri: {PUBLIC_ORIGIN}/ondc. */
  bppUri: string;
  publicOrigin: string;
  product: SingleLoanProduct;
}

/** How far ahead of our clock a request's timestamp may pull our answer's (as the signature's `created` may be). */
const CLOCK_SKEW_MS = 30_000;

/**
 * An answer's timestamp: our clock, but always after the request's (the validator refuses an answer dated at or
 * before its request, and the buyer app's clock may be a little ahead of ours or answer within the same
 * millisecond): one millisecond after it when our clock is not past it, within 30 seconds of skew.
 */
function answerTime(request: OndcContext, at: Date, answering: boolean): Date {
  const requested = Date.parse(request.timestamp);
  if (!answering || Number.isNaN(requested) || requested < at.getTime() || requested - at.getTime() > CLOCK_SKEW_MS) return at;
  return new Date(requested + 1);
}

export function callbackContext(request: OndcContext, action: string, lender: Lender, at: Date, messageId = request.message_id) {
  return {
    domain: request.domain,
    location: request.location ?? ALL_INDIA,
    action,
    version: ONDC_VERSION,
    bap_id: request.bap_id,
    bap_uri: request.bap_uri,
    bpp_id: lender.subscriberId,
    bpp_uri: lender.bppUri,
    transaction_id: request.transaction_id,
    message_id: messageId,
    timestamp: answerTime(request, at, messageId === request.message_id).toISOString(),
    ttl: CALLBACK_TTL,
  };
}

/** A request's answer (`on_{action}`) as the outbox keeps it: its message, or ONDC's error and no message. */
export function answerCallback(
  lender: Lender,
  action: string,
  context: OndcContext,
  at: Date,
  message: Record<string, unknown> | null,
  error?: { code: string; message: string; paths?: string },
): OutboxCallback {
  const body = JSON.stringify({ context: callbackContext(context, action, lender, at), ...(message ? { message } : {}), ...(error ? { error } : {}) });
  return { action, transactionId: context.transaction_id, messageId: context.message_id, bapId: context.bap_id, bapUri: context.bap_uri, body };
}

/** The callback a request is answered with, or null when its flow is not built yet. */
export function answerTo(
  action: OndcRequestAction,
  request: { context: OndcContext; message: Record<string, unknown> },
  lender: Lender,
  at: Date,
): OutboxCallback | null {
  if (action !== "search") return null;
  const { context } = request;
  const catalog = onSearchCatalog({
    product: lender.product,
    publicOrigin: lender.publicOrigin,
    transactionId: context.transaction_id,
    terms: searchPaymentTerms(request.message),
  });
  const body = JSON.stringify({ context: callbackContext(context, "on_search", lender, at), message: { catalog } });
  return {
    action: "on_search",
    transactionId: context.transaction_id,
    messageId: context.message_id,
    bapId: context.bap_id,
    bapUri: context.bap_uri,
    body,
  };
}

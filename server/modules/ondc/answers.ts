// Issue 32: the synchronous answers every ONDC endpoint gives: ACK, or NACK with an error. The codes are
// ONDC's (developer-docs protocol-network-extension/error-codes.md for the seller app's signature and stale
// request; the FIS12 2.0.1 list, spec attributes §5, for the rest). FIS12 2.0.1's Error has only code,
// paths and message (no other property), so Beckn's older `type` is not sent.

export interface OndcError {
  code: string;
  message: string;
  /** Where a schema error is (a schema error only). */
  paths?: string;
}

/** Why a request is refused, in our words; the HTTP edge gives each its status (signature 401, body 400, registry 503). */
export type OndcRefusal = { kind: "signature"; error: OndcError } | { kind: "body"; error: OndcError } | { kind: "registry"; error: OndcError };

export const ONDC_ACK = { message: { ack: { status: "ACK" } } } as const;

export function ondcNack(error: OndcError) {
  return { message: { ack: { status: "NACK" as const } }, error };
}

/** 30016 Invalid Signature: unsigned, badly signed, unknown key, or signed by another participant than the sender. */
export const invalidSignature = (message: string): OndcRefusal => ({ kind: "signature", error: { code: "30016", message } });
/** 30022 Stale Request: the signature has expired, or is dated ahead of our clock. */
export const staleRequest = (message: string): OndcRefusal => ({ kind: "signature", error: { code: "30022", message } });
/** 80218 Data Validation Failed: the body is not JSON, or its envelope fails our schema. */
export const invalidBody = (message: string, paths?: string): OndcRefusal => ({
  kind: "body",
  error: { code: "80218", message, ...(paths === undefined ? {} : { paths }) },
});
/** 80219 Service Unavailable: the registry could not be asked, so no signature can be checked now; the buyer app retries. */
export const registryUnavailable = (): OndcRefusal => ({
  kind: "registry",
  error: { code: "80219", message: "The ONDC registry cannot be reached to check the signature; please retry." },
});

// What a service refuses, in the domain's words. Services throw these and never choose an HTTP status,
// an envelope Status or a header: server/http/domain-error-map.ts does that once, at the edge.
import { messageText, type CodedMessage } from "../../core/i18n/index.ts";

/**
 * Field name → message, shown beside the field (the envelope's `errors`). A coded message is worded at
 * the edge in the client's language, like the error's own message (decision 60).
 */
export type FieldErrors = Record<string, string | CodedMessage>;

export type DomainErrorKind =
  | "not-available"
  | "refused"
  | "invalid-input"
  | "mismatch"
  | "too-large"
  | "not-found"
  | "rate-limited"
  | "provider-down"
  | "provider-failed"
  | "not-authenticated"
  | "invalid-session"
  | "expired-session"
  | "malformed"
  | "unverified"
  | "forbidden"
  | "captcha-required";

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  readonly errors?: FieldErrors;
  /** The message by code (issue 23): the edge words it in the customer's language; `message` is its English. */
  readonly code?: CodedMessage;
  constructor(message: string | CodedMessage, errors?: FieldErrors) {
    super(messageText("en", message));
    if (typeof message !== "string") this.code = message;
    this.name = new.target.name;
    if (errors && Object.keys(errors).length) this.errors = errors;
  }
}

/** A fresh image captcha (what the customer sees and the id to send back with the answer). */
export type IssuedCaptcha = { captchaId: string; imageDataUri: string; width: number; height: number; expiresInSeconds: number };

/** This request needs the image captcha first (decision 15 as amended by issue 21); carries a fresh one. */
export class CaptchaRequired extends DomainError {
  readonly kind = "captcha-required" as const;
  readonly captcha: IssuedCaptcha;
  constructor(message: string | CodedMessage, captcha: IssuedCaptcha) {
    super(message, { captcha: message });
    this.captcha = captcha;
  }
}

/** The step or action is not open to this customer now (the journey is elsewhere, or nothing to act on). */
export class NotAvailable extends DomainError {
  readonly kind = "not-available" as const;
}

/** A business rule says no (not eligible, repay first, wrong OTP, PAN taken, ...). */
export class Refused extends DomainError {
  readonly kind = "refused" as const;
}

/** The input is well-formed but not acceptable (a field's value, a file's content). */
export class InvalidInput extends DomainError {
  readonly kind = "invalid-input" as const;
}

/** What the customer saw differs from the server's record (proposal number, figures). */
export class Mismatch extends DomainError {
  readonly kind = "mismatch" as const;
  constructor(message: string | CodedMessage, field: string) {
    super(message, { [field]: message });
  }
}

/** A request a machine sent that cannot be read at all (a webhook body that is not JSON). */
export class Malformed extends DomainError {
  readonly kind = "malformed" as const;
}

/** An identity or data check with an outside party did not pass (eKYC, the account aggregator's data). */
export class Unverified extends DomainError {
  readonly kind = "unverified" as const;
}

export class TooLarge extends DomainError {
  readonly kind = "too-large" as const;
}

export class NotFound extends DomainError {
  readonly kind = "not-found" as const;
}

/** Too many tries; the customer may try again after `retryAfterSeconds`. */
export class RateLimited extends DomainError {
  readonly kind = "rate-limited" as const;
  readonly retryAfterSeconds: number;
  constructor(message: string | CodedMessage, retryAfterSeconds: number, errors?: FieldErrors) {
    super(message, errors);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** An outside service (bureau, PAN, SMS, DigiLocker, ...) could not be reached. */
export class ProviderDown extends DomainError {
  readonly kind = "provider-down" as const;
}

/** An outside service answered, but not with what we need (a signed copy, a statement). */
export class ProviderFailed extends DomainError {
  readonly kind = "provider-failed" as const;
}

/** A caller that proves who it is by a signature (webhooks) did not. */
export class NotAuthenticated extends DomainError {
  readonly kind = "not-authenticated" as const;
}

/** No session, a session of someone else, or a record owned by someone else. */
export class InvalidSession extends DomainError {
  readonly kind = "invalid-session" as const;
  /** Decision 12 names the two session failures by their body Status; callers in-process may read it too. */
  readonly status = 4;
  constructor(message: string | CodedMessage = { key: "journey.msg.invalidSession" }) {
    super(message);
  }
}

export class ExpiredSession extends DomainError {
  readonly kind = "expired-session" as const;
  readonly status = 5;
  constructor(message: string | CodedMessage = { key: "journey.msg.expiredSession" }) {
    super(message);
  }
}

/** A signed-in staff member whose role may not do this (decision 32); checked on every action, not just the screen. */
export class Forbidden extends DomainError {
  readonly kind = "forbidden" as const;
  constructor(message = "Your role may not do this.") {
    super(message);
  }
}

// The one place a domain error becomes HTTP: status code, envelope Status (decision 12) and headers.
// Messages pass through unchanged; services chose them in the customer's words.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { CaptchaRequired, DomainError, RateLimited } from "../modules/domain-errors.ts";
import { messageText } from "../../core/i18n/index.ts";
import { answerLanguage } from "./api-language.ts";
import { fail, Status } from "./envelope.ts";

type Kind = DomainError["kind"];

const HTTP: Record<Kind, { httpStatus: ContentfulStatusCode; status: number }> = {
  "not-available": { httpStatus: 400, status: Status.ERROR },
  refused: { httpStatus: 400, status: Status.ERROR },
  "invalid-input": { httpStatus: 422, status: Status.ERROR },
  mismatch: { httpStatus: 409, status: Status.ERROR },
  "too-large": { httpStatus: 413, status: Status.ERROR },
  "not-found": { httpStatus: 404, status: Status.ERROR },
  "rate-limited": { httpStatus: 429, status: Status.ERROR },
  "provider-down": { httpStatus: 503, status: Status.ERROR },
  "provider-failed": { httpStatus: 502, status: Status.ERROR },
  "not-authenticated": { httpStatus: 401, status: Status.ERROR },
  "invalid-session": { httpStatus: 401, status: Status.INVALID_SESSION }, // = InvalidSession.status
  "expired-session": { httpStatus: 401, status: Status.EXPIRED_SESSION }, // = ExpiredSession.status
  malformed: { httpStatus: 400, status: Status.ERROR },
  unverified: { httpStatus: 422, status: Status.ERROR },
  forbidden: { httpStatus: 403, status: Status.ERROR },
  "captcha-required": { httpStatus: 400, status: Status.ERROR },
};

export function httpOf(error: DomainError): { httpStatus: ContentfulStatusCode; status: number; headers?: Record<string, string> } {
  const { httpStatus, status } = HTTP[error.kind];
  const headers = error instanceof RateLimited ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
  return { httpStatus, status, headers };
}

/** The envelope answer for a domain error (the app's onError and any route that answers by hand). */
export function failWith(c: Context, error: DomainError) {
  const { httpStatus, status, headers } = httpOf(error);
  // A coded message is worded in the client's language; plain text (not yet coded) stays as it is.
  const message = error.code ? messageText(answerLanguage(c), error.code) : error.message;
  const captcha =
    error instanceof CaptchaRequired
      ? {
          captcha_id: error.captcha.captchaId,
          captcha_image: error.captcha.imageDataUri,
          width: error.captcha.width,
          height: error.captcha.height,
          expires_in: error.captcha.expiresInSeconds,
        }
      : undefined;
  return fail(c, httpStatus, message, { status, errors: error.errors, headers, captcha });
}

import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { messageText, type CodedMessage, type Language } from "../../core/i18n/index.ts";
import { ExpiredSession, InvalidSession } from "../modules/domain-errors.ts";
import { answerLanguage } from "./api-language.ts";

/** Body Status codes of decision 12. */
export const Status = { OK: 1, ERROR: 2, INVALID_SESSION: 4, EXPIRED_SESSION: 5 } as const;

export interface Envelope<T = unknown> {
  Status: number;
  Message: string;
  Data?: T;
  errors?: Record<string, string>;
  captcha?: Record<string, string | number>;
}

/** `Message` is text, or a code worded in the client's language (issue 23, api-language.ts). */
export function ok<T>(c: Context, Message: string | CodedMessage, Data?: T) {
  const lang = answerLanguage(c);
  const body: Envelope<T> = { Status: Status.OK, Message: messageText(lang, Message) };
  if (Data !== undefined) body.Data = Data;
  return c.json(body, 200);
}

export function fail(
  c: Context,
  httpStatus: ContentfulStatusCode,
  Message: string | CodedMessage,
  options: {
    status?: number;
    errors?: Record<string, string | CodedMessage>;
    headers?: Record<string, string>;
    captcha?: Record<string, string | number>;
  } = {},
) {
  // A coded message is worded in the client's language (decision 60); a text stays as it is (the back office's English).
  const lang = answerLanguage(c);
  const body: Envelope = { Status: options.status ?? Status.ERROR, Message: messageText(lang, Message) };
  if (options.errors && Object.keys(options.errors).length) body.errors = fieldErrorsIn(lang, options.errors);
  // A refusal that asks for the image captcha carries a fresh one (decision 15 as amended by issue 21).
  if (options.captcha) body.captcha = options.captcha;
  return c.json(body, httpStatus, options.headers);
}

/** Field errors in `lang`: a coded one by its key, a text as it is. */
function fieldErrorsIn(lang: Language, errors: Record<string, string | CodedMessage>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, m]) => [field, messageText(lang, m)]));
}

/**
 * A failure the HTTP edge decided on (body size, JSON, event_name). Services throw domain errors
 * (server/modules/domain-errors.ts) instead; both become an envelope, never a 500.
 */
export class AppError extends Error {
  readonly httpStatus: ContentfulStatusCode;
  readonly status: number;
  readonly errors?: Record<string, string | CodedMessage>;
  readonly headers?: Record<string, string>;
  /** The message by code (a coded rule's refusal): the edge words it; `message` is its English. */
  readonly code?: CodedMessage;
  constructor(
    message: string | CodedMessage,
    options: { httpStatus?: ContentfulStatusCode; status?: number; errors?: Record<string, string | CodedMessage>; headers?: Record<string, string> } = {},
  ) {
    super(messageText("en", message));
    if (typeof message !== "string") this.code = message;
    this.httpStatus = options.httpStatus ?? 400;
    this.status = options.status ?? Status.ERROR;
    this.errors = options.errors;
    this.headers = options.headers;
  }
}

/** Status 4 and 5 (decision 12) are domain errors, so services and the edge throw the same thing. */
export const invalidSession = () => new InvalidSession();
export const expiredSession = () => new ExpiredSession();

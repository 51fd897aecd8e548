// The language of an API answer's Message (issue 23, decision 38). The legacy API answers in English
// unless the client asks for Hindi: a `lang` field of "hi" in the body, or Accept-Language whose most
// preferred language is Hindi. The apps' contract is otherwise unchanged.
import type { Context } from "hono";
import { fromAcceptLanguage, isLanguage, type Language } from "../../core/i18n/index.ts";
import type { AppEnv } from "./context.ts";

export function apiLanguage(acceptLanguage: string | undefined, body?: Record<string, unknown>): Language {
  if (body && isLanguage(body.lang)) return body.lang;
  return fromAcceptLanguage(acceptLanguage) === "hi" ? "hi" : "en";
}

/** The language this request's answer is in: set by an endpoint that read the body, else from the header. */
export function answerLanguage(c: Context<AppEnv>): Language {
  return c.get("apiLanguage") ?? apiLanguage(c.req.header("accept-language"));
}

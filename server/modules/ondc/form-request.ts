// Issue 32: what every form page's request shares: its language (docs/decisions/providers.md, issue 32, the
// form pages in English and Hindi) and its fields and files, read within a bound.
import { fromAcceptLanguage, isLanguage, messageText, type CodedMessage, type Language } from "../../../core/i18n/index.ts";
import { LIMITS } from "../../../core/validation/limits.ts";
import { DEFAULT_BODY_LIMIT, readBodyBytes } from "../../http/body.ts";
import { AppError } from "../../http/envelope.ts";

/**
 * The language of our form pages (docs/decisions/providers.md, issue 32): the address's `lang` (en|hi), which a
 * buyer app may add to any form URL we give it and which our pages carry into their own posts, else the
 * Accept-Language the buyer app passes on (Hindi when it is the most preferred), else English.
 */
export function formLanguage(query: string | undefined, acceptLanguage: string | undefined): Language {
  if (isLanguage(query)) return query;
  return fromAcceptLanguage(acceptLanguage) === "hi" ? "hi" : "en";
}

/** A form request's language (formLanguage of its address and headers). */
export const langOf = (c: { req: { query(name: string): string | undefined; header(name: string): string | undefined } }) =>
  formLanguage(c.req.query("lang"), c.req.header("accept-language"));

/** The page's language kept in the address its form posts to (English needs no parameter). */
export const withLang = (url: string, lang: Language) => (lang === "en" ? url : `${url}&lang=${lang}`);

/**
 * The form's fields and files, read within a bound even when no length is declared; null when too large. The
 * bound: the fields and one file of `fileBytes` (a photo unless told, as the public complaint form's attachment).
 */
export async function readForm(
  request: Request,
  fileBytes: number = LIMITS.maxImageBytes,
): Promise<{ fields: Record<string, string>; files: Record<string, File> } | null> {
  let body: Buffer;
  try {
    ({ body } = await readBodyBytes(request, fileBytes + DEFAULT_BODY_LIMIT));
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
  const fields: Record<string, string> = {};
  const files: Record<string, File> = {};
  const type = request.headers.get("content-type") ?? "";
  const form = await new Response(new Uint8Array(body), { headers: { "content-type": type } }).formData().catch(() => null);
  for (const [k, v] of form ?? []) {
    if (typeof v === "string") fields[k] = v;
    else files[k] = v;
  }
  return { fields, files };
}

/** A program's request: it asks for JSON and not for a page. */
export const wantsJson = (accept: string | undefined) => !!accept && accept.includes("application/json") && !accept.includes("text/html");

/** ONDC's answer to a program: the fields' messages in English, joined. */
export const nackText = (errors: Record<string, string | CodedMessage>) =>
  Object.entries(errors)
    .map(([k, v]) => `${k}: ${messageText("en", v)}`)
    .join("; ");

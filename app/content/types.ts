/**
 * Shared shapes and text conventions for everything under app/content.
 *
 * RICH TEXT CONVENTION (city `shortdis`, amount `discription`, purpose `discription`)
 * ---------------------------------------------------------------------------------
 * 1. Paragraphs are separated by a single '@'. Because '@' is the separator, these
 *    fields never contain e-mail addresses; contact details come from `site.ts`.
 * 2. An inline link is written like a Markdown link: `[link text](/path)`.
 *    - The target is always a site-relative path that starts with '/'
 *      (for example `/apply-now`, `/rate-and-terms`, `/amount/10000-instant-personal-loan`).
 *    - No external URLs, no HTML, no nesting, and the link text never contains ']'.
 *    - Renderers turn it into the router's <Link>; `parseInline()` in `./text.ts`
 *      does the parsing so every page treats the syntax the same way.
 * 3. Everything else is plain text. Renderers must escape it (never use it as HTML).
 *
 * Figures: copy states only the product's fixed facts (₹10,000 to ₹1,00,000, 1% of
 * the principal per day, a 10% processing fee plus 18% GST on the fee, one repayment
 * on the next salary date 7 to 40 days away, payout in about 10 minutes). Anything
 * computed from them, such as APR, totals or net disbursal, is computed by core/
 * loan-math code at render time and is never typed into content.
 */

/** One question and answer on a landing page (city pages use `ans`, per the spec). */
export type QA = {
  question: string;
  ans: string;
};

/** One numbered step of a how-to-apply list. `step_no` is a two-digit string: '01'..'04'. */
export type ApplyStep = {
  step_no: string;
  step_dis: string;
};

/** Search-engine metadata carried by every landing or text page. */
export type PageMeta = {
  metaTitle: string;
  /** At most 160 characters, unique across the site. */
  metaDis: string;
};

export type { NavLink } from "../../core/site-config.ts";

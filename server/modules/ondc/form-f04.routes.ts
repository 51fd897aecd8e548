// Issue 32: form F04 "Account Information" (text/html), thin: GET /ondc/forms/F04?transaction_id=…&ref=<F03's
// submission> is the page, its POST the four fields (urlencoded or multipart), run by our banking step (form-f04.ts).
// A program that asks for JSON gets `{"submission_id": …}` or a NACK, as F01's and F02's posts answer.
import type { Hono } from "hono";
import { messageText, type Language } from "../../../core/i18n/index.ts";
import type { AppEnv } from "../../http/context.ts";
import { ondcNack } from "./answers.ts";
import { messagePage } from "./form-f01-page.ts";
import { f04DonePage, f04Page, f04StatementFirstPage } from "./form-f04-page.ts";
import type { OndcF04Forms } from "./form-f04.ts";
import { langOf, nackText, readForm, wantsJson, withLang } from "./form-request.ts";

export function mountF04(routes: Hono<AppEnv>, deps: { f04: OndcF04Forms }) {
  const { f04 } = deps;
  const address = (form: string, transactionId: string, ref: string, lang: Language) =>
    withLang(`/ondc/forms/${form}?transaction_id=${encodeURIComponent(transactionId)}&ref=${encodeURIComponent(ref)}`, lang);
  /** F03's page, whose address names F02's submission (F03's parent). */
  const f03Link = (f03: { transactionId: string; parentSubmissionId: string | null }, lang: Language) =>
    address("F03", f03.transactionId, f03.parentSubmissionId ?? "", lang);

  routes.get("/forms/F04", async (c) => {
    c.header("Cache-Control", "no-store");
    const lang = langOf(c);
    const [transactionId, ref] = [c.req.query("transaction_id") ?? "", c.req.query("ref") ?? ""];
    const found = await f04.applicationOf(transactionId, ref);
    if (!found) return c.html(messagePage(lang, "ondc.f04.title", "ondc.form.noOffer"), 404);
    // Opened again after it was submitted: the same answer, with its id.
    if (found.f04) return c.html(f04DonePage(lang, found.f04.submissionId));
    if (found.stage === "documents") return c.html(f04StatementFirstPage(lang, f03Link(found.f03, lang)));
    if (found.stage === "closed") return c.html(messagePage(lang, "ondc.f04.title", "ondc.f04.closed"));
    return c.html(f04Page(lang, address("F04", transactionId, ref, lang)));
  });

  routes.post("/forms/F04", async (c) => {
    c.header("Cache-Control", "no-store");
    const lang = langOf(c);
    const json = wantsJson(c.req.header("accept"));
    const [transactionId, ref] = [c.req.query("transaction_id") ?? "", c.req.query("ref") ?? ""];
    const found = await f04.applicationOf(transactionId, ref);
    if (!found)
      return json
        ? c.json(ondcNack({ code: "80216", message: messageText("en", { key: "ondc.form.noOffer" }), paths: "ref" }), 404)
        : c.html(messagePage(lang, "ondc.f04.title", "ondc.form.noOffer"), 404);
    // Submitted already (resubmit is false): the same answer again, nothing run twice.
    if (found.f04) return json ? c.json({ submission_id: found.f04.submissionId }) : c.html(f04DonePage(lang, found.f04.submissionId));
    if (found.stage !== "open") {
      const key = found.stage === "documents" ? "ondc.f04.statementFirst" : "ondc.f04.closed";
      if (json) return c.json(ondcNack({ code: "80215", message: messageText("en", { key }) }), 409);
      return c.html(found.stage === "documents" ? f04StatementFirstPage(lang, f03Link(found.f03, lang)) : messagePage(lang, "ondc.f04.title", key), 409);
    }
    const form = await readForm(c.req.raw);
    if (!form) return c.json(ondcNack({ code: "80222", message: "The form is too large." }), 413);
    const { fields } = form;
    const result = await f04.submit(found.f03, fields);
    if (result.ok) return json ? c.json({ submission_id: result.submissionId }) : c.html(f04DonePage(lang, result.submissionId));
    if (result.retryAfter !== undefined) c.header("Retry-After", String(result.retryAfter));
    if (json) {
      const paths = Object.keys(result.errors).join(", ");
      const message = result.notice ? messageText("en", result.notice) : nackText(result.errors);
      return c.json(ondcNack({ code: result.code, message, ...(paths ? { paths } : {}) }), result.status);
    }
    // The page shows a refusal beside its field with 400 (the limit's wait included); the service down is 503.
    return c.html(f04Page(lang, address("F04", transactionId, ref, lang), fields, result.errors, result.notice), result.status === 429 ? 400 : result.status);
  });
}

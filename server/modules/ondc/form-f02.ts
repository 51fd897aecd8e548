// Issue 32: form F02 "Set Loan Amount": the amount and term the customer asks, within the offer on_select made.
// The page's address carries the F01 submission's id (`ref`), which only the buyer app and the customer hold:
// it names the customer, whose code was checked at F01. The bounds are the quote's own (quote-kit termsFor:
// the lead's offer, the product and the salary date) and the checks the quote decision's (the slider's steps;
// a tenure fixed by the salary day, else within the product's range), so a request the website's quote would
// refuse is refused here too, with its words. Recorded as a submission of its own; the select that quotes it
// is answered with the offer for that amount (select.ts). Nothing is accepted yet: the KFS is acknowledged and
// the quote accepted in a later step.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { todayInIndia } from "../../../core/calendar.ts";
import { messageText, QUOTE_CODES, translate, type CodedMessage, type Language } from "../../../core/i18n/index.ts";
import { formatINR, isOnSlider, type LoanQuoteTerms } from "../../../core/loan-math/index.ts";
import type { ProductConfig } from "../../../core/product.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles, leads, ondcFormSubmissions } from "../../db/schema/index.ts";
import { termsFor } from "../offer/quote.service.ts";
import { escapeHtml } from "../../../core/escape-html.ts";
import { page } from "./form-f01-page.ts";

/** A field left empty (the JSON answer tells it apart from a wrong value: 80217, not 80216). */
export const REQUIRED: CodedMessage = { key: "ondc.form.required" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The amount and term asked, with the quote decision's checks against the quote's bounds. */
export function checkLoanRequest(
  terms: LoanQuoteTerms,
  fields: Record<string, string>,
): { amount: number; term: number } | { errors: Record<string, CodedMessage> } {
  const errors: Record<string, CodedMessage> = {};
  const amountText = (fields.requestAmount ?? "").trim().replace(/,/g, "");
  const termText = (fields.requestTerm ?? "").trim();
  const amount = /^\d{1,9}$/.test(amountText) ? Number(amountText) : NaN;
  const term = /^\d{1,3}$/.test(termText) ? Number(termText) : NaN;
  if (!amountText) errors.requestAmount = REQUIRED;
  else if (!isOnSlider(amount, { min: terms.min_loan_amount, max: terms.max_loan_amount, step: terms.amount_step })) {
    errors.requestAmount = QUOTE_CODES.amountOutsideOffer(formatINR(terms.min_loan_amount), formatINR(terms.max_loan_amount), formatINR(terms.amount_step));
  }
  if (!termText) errors.requestTerm = REQUIRED;
  else if (terms.show_loan_tenure === 0 && term !== terms.tenure) errors.requestTerm = QUOTE_CODES.tenureFixed(terms.tenure);
  else if (terms.show_loan_tenure === 1 && !(term >= terms.min_loan_tenure && term <= terms.max_loan_tenure)) {
    errors.requestTerm = QUOTE_CODES.tenureOutsideOffer(terms.min_loan_tenure, terms.max_loan_tenure);
  }
  return Object.keys(errors).length ? { errors } : { amount, term };
}

export function createOndcF02Forms(deps: { db: Db; now: () => Date; product: ProductConfig }) {
  const { db, now, product } = deps;

  /** The F01 submission a `ref` names in this transaction, with its lead's current bounds; null when none. */
  async function offerOf(transactionId: string, ref: string): Promise<{ f01: typeof ondcFormSubmissions.$inferSelect; terms: LoanQuoteTerms } | null> {
    if (!UUID.test(ref)) return null;
    const [f01] = await db
      .select()
      .from(ondcFormSubmissions)
      .where(and(eq(ondcFormSubmissions.submissionId, ref), eq(ondcFormSubmissions.transactionId, transactionId), eq(ondcFormSubmissions.formId, "F01")));
    if (!f01?.leadId || !f01.proposalNumber) return null;
    const [lead] = await db.select().from(leads).where(eq(leads.id, f01.leadId));
    const [profile] = await db.select().from(customerProfiles).where(eq(customerProfiles.id, f01.profileId));
    if (!lead || !profile) return null;
    return { f01, terms: termsFor(profile, lead, todayInIndia(now()), product) };
  }

  return {
    offerOf,

    /** The page: the bounds, the two fields (amount in rupees, term in days), each message beside its field, in `lang`. */
    render(lang: Language, action: string, terms: LoanQuoteTerms, values: Record<string, string> = {}, errors: Record<string, CodedMessage> = {}): string {
      // A fixed value (the term, when the salary day sets it) is filled in and read only: nothing to choose.
      const field = (name: string, label: string, hint: string, fixed?: string) => {
        const error = errors[name];
        const value = fixed ?? values[name] ?? "";
        return `<div class="field"><label for="f-${name}">${escapeHtml(label)}</label><p class="hint" id="f-${name}-hint">${escapeHtml(hint)}</p><input type="text" inputmode="numeric" id="f-${name}" name="${name}" value="${escapeHtml(value)}" aria-describedby="f-${name}-hint${error ? ` f-${name}-error` : ""}"${error ? ` aria-invalid="true"` : ""}${fixed ? " readonly" : ""} required>${error ? `<p class="error" id="f-${name}-error">${escapeHtml(messageText(lang, error))}</p>` : ""}</div>`;
      };
      const fixedTerm = terms.show_loan_tenure === 0 ? String(terms.tenure) : undefined;
      const termHint =
        terms.show_loan_tenure === 0
          ? messageText(lang, { key: "ondc.f02.termFixed", values: { days: terms.tenure, date: { date: terms.repayment_date } } })
          : translate(lang, "ondc.f02.termRange", { min: terms.min_loan_tenure, max: terms.max_loan_tenure });
      const alert = Object.keys(errors).length ? `<div class="alert" role="alert"><p>${escapeHtml(translate(lang, "ondc.form.checkFields"))}</p></div>` : "";
      const amountHint = translate(lang, "ondc.f02.amountHint", {
        min: formatINR(terms.min_loan_amount),
        max: formatINR(terms.max_loan_amount),
        step: formatINR(terms.amount_step),
      });
      return page(
        lang,
        translate(lang, "ondc.f02.title"),
        `${alert}<form method="post" action="${escapeHtml(action)}" novalidate><input type="hidden" name="formId" value="F02">${field("requestAmount", translate(lang, "ondc.f02.amount"), amountHint)}${field("requestTerm", translate(lang, "ondc.f02.term"), termHint, fixedTerm)}<button type="submit">${escapeHtml(translate(lang, "ondc.form.submit"))}</button></form>`,
      );
    },

    checkRequest: checkLoanRequest,

    async record(f01: typeof ondcFormSubmissions.$inferSelect, request: { amount: number; term: number }): Promise<string> {
      const submissionId = randomUUID();
      await db.insert(ondcFormSubmissions).values({
        submissionId,
        formId: "F02",
        transactionId: f01.transactionId,
        profileId: f01.profileId,
        leadId: f01.leadId,
        outcome: "eligible",
        parentSubmissionId: f01.submissionId,
        requestAmount: request.amount,
        requestTerm: request.term,
        createdAt: now(),
      });
      return submissionId;
    },
  };
}

export type OndcF02Forms = ReturnType<typeof createOndcF02Forms>;

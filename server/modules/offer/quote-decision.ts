// The loan_quotation_decision step (spec 4, decisions 1, 4, 9, 34): a decline ends the application; an
// acceptance checks the amount, tenure and KFS acknowledgement, compares the browser's figures with core's,
// stores the quote and fixes the loan's own terms from it.
import { eq } from "drizzle-orm";
import { todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import { stepAfter } from "../../../core/journey/index.ts";
import { formatINR, isOnSlider, quoteFigures, repaymentDateForTenure, termsOfQuote } from "../../../core/loan-math/index.ts";
import type { ProductConfig } from "../../../core/product.ts";
import { QUOTE_CODES } from "../../../core/i18n/index.ts";
import type { Db } from "../../db/client.ts";
import { leads, loanQuotes } from "../../db/schema/index.ts";
import type { LoansService } from "../loans/loans.service.ts";
import { advance, requireEvent, stepNotAvailable } from "../journey/journey.service.ts";
import { InvalidInput, Mismatch, NotAvailable, type FieldErrors } from "../domain-errors.ts";
import { transition } from "../loans/loan-account.service.ts";
import { QUOTE_STEPS, quotedLead, termsFor, type KfsFor } from "./quote-kit.ts";

export type QuoteDecisionInput = {
  tenure: number;
  purpose_id: number;
  amount: number;
  accepted_id: number;
  kfs_acknowledged?: 0 | 1 | "0" | "1" | boolean;
  proposal_number?: string;
  figures?: Partial<Record<"processing_fee" | "gst" | "net_disbursal" | "interest" | "total_repayable" | "apr", number>> & { repayment_date?: string };
};

export function createQuoteDecision(deps: { db: Db; loans: LoansService; product: ProductConfig; now: () => Date; kfsFor: KfsFor }) {
  const { db, loans, product, now, kfsFor } = deps;
  const today = () => todayInIndia(now());

  return {
    /** loan_quotation_decision: accepted_id 1 accepts (server-computed figures, KFS acknowledged), 2 declines. */
    async decide(profileId: string, input: QuoteDecisionInput) {
      return db.transaction(async (tx) => {
        const profile = await requireEvent(tx, profileId, "loan_quotation_decision");
        const lead = await quotedLead(tx, profileId, true);
        if (!lead.proposalNumber || !lead.quoteIssuedOn) throw new NotAvailable(QUOTE_CODES.quoteFirst);
        const at = now();

        if (input.accepted_id === 2) {
          // The account moves through the loans module; the decision itself is the application's.
          if (!(await transition(tx, lead.id, "reject", { at, rejectionReason: "CUSTOMER_DECLINED" }))) throw stepNotAvailable();
          await tx.update(leads).set({ quoteDecision: "DECLINED", quoteDecidedAt: at, updatedAt: at }).where(eq(leads.id, lead.id));
          // The customer may ask again later: eligibility is checked afresh, and the profile may be edited first.
          const nextStep = "register_now";
          await advance(tx, profileId, QUOTE_STEPS, nextStep, { at, set: { eligibilityStatus: 0 } });
          return { kind: "declined" as const, nextStep, leadId: lead.id };
        }

        const issuedOn = today();
        const terms = termsFor(profile, lead, issuedOn, product);
        const errors: FieldErrors = {};
        if (!isOnSlider(input.amount, { min: terms.min_loan_amount, max: terms.max_loan_amount, step: terms.amount_step })) {
          errors.amount = QUOTE_CODES.amountOutsideOffer(formatINR(terms.min_loan_amount), formatINR(terms.max_loan_amount), formatINR(terms.amount_step));
        }
        if (terms.show_loan_tenure === 0 && input.tenure !== terms.tenure) errors.tenure = QUOTE_CODES.tenureFixed(terms.tenure);
        if (terms.show_loan_tenure === 1 && (input.tenure < terms.min_loan_tenure || input.tenure > terms.max_loan_tenure)) {
          errors.tenure = QUOTE_CODES.tenureOutsideOffer(terms.min_loan_tenure, terms.max_loan_tenure);
        }
        const acknowledged = input.kfs_acknowledged === 1 || input.kfs_acknowledged === "1" || input.kfs_acknowledged === true;
        if (!acknowledged) errors.kfs_acknowledged = QUOTE_CODES.kfsAcknowledgementRequired;
        if (Object.keys(errors).length) throw new InvalidInput(Object.values(errors)[0], errors);
        if (input.proposal_number !== undefined && input.proposal_number !== lead.proposalNumber) {
          throw new Mismatch(QUOTE_CODES.proposalMismatch, "proposal_number");
        }

        const repaymentDate = terms.show_loan_tenure === 0 ? terms.repayment_date : repaymentDateForTenure(issuedOn, input.tenure);
        const kfs = kfsFor(lead, profile, { principal: input.amount, tenureDays: input.tenure, repaymentDate, purposeId: input.purpose_id, issuedOn });
        const q = kfs.quote;
        const computed = quoteFigures(q, repaymentDate);
        if (input.figures) {
          const differs = Object.entries(input.figures).some(([k, v]) => v !== undefined && computed[k as keyof typeof computed] !== v);
          if (differs) throw new Mismatch(QUOTE_CODES.figuresChanged, "figures");
        }

        const requote = lead.requoteRequestedAt !== null;
        if (requote) await tx.delete(loanQuotes).where(eq(loanQuotes.leadId, lead.id));
        await tx.insert(loanQuotes).values({
          leadId: lead.id,
          profileId,
          proposalNumber: lead.proposalNumber,
          issuedOn,
          principal: input.amount,
          tenureDays: q.tenureDays,
          purposeId: input.purpose_id,
          repaymentDate,
          showLoanTenure: terms.show_loan_tenure,
          kfsAcknowledgedAt: at,
          acceptedAt: at,
        });
        await tx
          .update(leads)
          .set({
            purposeId: input.purpose_id,
            quoteDecision: "ACCEPTED",
            quoteDecidedAt: at,
            quoteIssuedOn: issuedOn,
            requoteRequestedAt: null,
            updatedAt: at,
          })
          .where(eq(leads.id, lead.id));
        // Decision 34: the accepted KFS fixes the loan's own terms for its whole life.
        await loans.fixTerms(
          tx,
          lead.id,
          termsOfQuote({ principalRupees: input.amount, tenureDays: q.tenureDays, repaymentDate: repaymentDate as IsoDate, issuedOn }, product.singleLoan),
          at,
        );
        const userType = profile.userType;
        // A fresh quote for a signed application goes straight back to credit; the rest is done.
        const nextStep = requote ? "completed" : (stepAfter("loan_quotation_decision", userType) ?? "employment_details");
        await advance(tx, profileId, QUOTE_STEPS, nextStep, { at });
        return {
          kind: "accepted" as const,
          nextStep,
          leadId: lead.id,
          proposalNumber: lead.proposalNumber,
          quote: q,
          repaymentDate,
          kfsAcknowledgedAt: at,
        };
      });
    },
  };
}

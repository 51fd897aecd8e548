// What quoting, the decision and the accepted quote share: the slider bounds for a lead, the lead being
// quoted, the quote's journey steps, and the KFS built from a product's terms.
import { and, eq, inArray } from "drizzle-orm";
import { kfsLender } from "../../../core/lender.ts";
import type { IsoDate } from "../../../core/calendar.ts";
import type { Language } from "../../../core/i18n/index.ts";
import { buildKfs, type Kfs } from "../../../core/kfs.ts";
import { loanQuoteTerms, type LoanQuoteTerms } from "../../../core/loan-math/index.ts";
import { PRODUCT, type ProductConfig, type SingleLoanProduct } from "../../../core/product.ts";
import type { Db } from "../../db/client.ts";
import { leads, loanAccounts } from "../../db/schema/index.ts";
import type { Lead } from "../leads/leads.service.ts";
import { stepNotAvailable } from "../journey/journey.service.ts";
import type { Profile } from "../profile/profile.service.ts";
import { selectLeads } from "../loans/loan-account.service.ts";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export const QUOTE_STEPS = ["generate_loan_quote", "loan_quotation_decision"] as const;

/** The slider bounds for this lead: the product and salary date (decision 2) inside the lead's offer (decision 7). */
export function termsFor(
  profile: Pick<Profile, "salaryDate">,
  lead: Pick<Lead, "monthlyIncome" | "offerMinAmount" | "offerMaxAmount">,
  today: IsoDate,
  product: ProductConfig = PRODUCT,
): LoanQuoteTerms {
  const t = loanQuoteTerms({ today, lastSalaryDate: profile.salaryDate, monthlyIncome: lead.monthlyIncome }, product);
  return { ...t, min_loan_amount: Math.max(t.min_loan_amount, lead.offerMinAmount), max_loan_amount: Math.min(t.max_loan_amount, lead.offerMaxAmount) };
}

/** The lead being quoted: the customer's open lead, still IN_PROCESS and not yet decided. */
export async function quotedLead(executor: Db | Tx, profileId: string, lock = false): Promise<Lead> {
  const query = selectLeads(executor).where(and(eq(leads.profileId, profileId), inArray(loanAccounts.status, ["IN_PROCESS", "SUBMITTED"])));
  const [lead] = lock ? await query.for("update") : await query;
  // A submitted lead is quoted again only when credit asked for a fresh quote (decision 26).
  const requote = lead?.status === "SUBMITTED" && lead.requoteRequestedAt !== null;
  if (!lead || (lead.status === "IN_PROCESS" && lead.quoteDecision) || (lead.status === "SUBMITTED" && !requote)) throw stepNotAvailable();
  return lead;
}

/** The KFS of a lead's quote; `singleLoan` is the product's today for a new quote, else the loan's own terms. */
export function kfsBuilder(product: ProductConfig) {
  return function kfsFor(
    lead: Lead,
    profile: Profile,
    input: { principal: number; tenureDays: number; repaymentDate: string; purposeId: number; issuedOn: string },
    lang: Language = "en",
    singleLoan: SingleLoanProduct = product.singleLoan,
  ): Kfs {
    return buildKfs(
      {
        proposalNumber: lead.proposalNumber!,
        issuedOn: input.issuedOn,
        principal: input.principal,
        tenureDays: input.tenureDays,
        repaymentDate: input.repaymentDate,
        purposeId: input.purposeId,
        borrowerName: profile.fullName,
        lender: kfsLender,
      },
      singleLoan,
      lang,
    );
  };
}

export type KfsFor = ReturnType<typeof kfsBuilder>;

// The loan quote and its decision (spec 3 "Loan quote", spec 4, decisions 1, 2, 4, 7, 9, 11)
// and the Key Fact Statement (regulatory.md). Every figure comes from core/'s loan math;
// the browser's figures are only compared, never used.
import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { kfsLender } from "../../../core/lender.ts";
import { todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import { maskPan, stepAfter } from "../../../core/journey/index.ts";
import { buildLoanAgreement } from "../../../core/loan-agreement.ts";
import { DEFAULT_LOAN_PURPOSE_ID } from "../../../core/journey/masters.ts";
import { buildKfs, formatProposalNumber, type Kfs } from "../../../core/kfs.ts";
import {
  formatINR,
  isOnSlider,
  loanQuoteTerms,
  quoteFigures,
  productOfTerms,
  repaymentDateForTenure,
  termsOfQuote,
  type LoanQuoteTerms,
} from "../../../core/loan-math/index.ts";
import { PRODUCT, type ProductConfig, type SingleLoanProduct } from "../../../core/product.ts";
import { QUOTE_CODES } from "../../../core/i18n/index.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles, leads, loanAccounts, loanQuotes, loanTerms } from "../../db/schema/index.ts";
import type { Lead, LeadsService } from "../leads/leads.service.ts";
import { termsOf, type LoansService } from "../loans/loans.service.ts";
import { advance, requireEvent, stepNotAvailable } from "../journey/journey.service.ts";
import type { Profile } from "../profile/profile.service.ts";
import { documentLanguage, type Language } from "../../../core/i18n/index.ts";
import { InvalidInput, Mismatch, NotAvailable, NotFound, type FieldErrors } from "../domain-errors.ts";
import { selectLeads, transition } from "../loans/loan-account.service.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** 8 random base32 characters for a proposal number (40 bits; the unique index catches the rest). */
function random8(): string {
  return Array.from(randomBytes(8), (b) => BASE32[b % 32]).join("");
}

export type QuoteDecisionInput = {
  tenure: number;
  purpose_id: number;
  amount: number;
  accepted_id: number;
  kfs_acknowledged?: 0 | 1 | "0" | "1" | boolean;
  proposal_number?: string;
  figures?: Partial<Record<"processing_fee" | "gst" | "net_disbursal" | "interest" | "total_repayable" | "apr", number>> & { repayment_date?: string };
};

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

export function createQuoteService(deps: { db: Db; leads: LeadsService; loans: LoansService; product?: ProductConfig; now: () => Date }) {
  const { db, leads: leadsService, loans, now } = deps;
  const product = deps.product ?? PRODUCT;
  const today = () => todayInIndia(now());

  async function loadProfile(executor: Db | Tx, profileId: string): Promise<Profile> {
    const [profile] = await executor.select().from(customerProfiles).where(eq(customerProfiles.id, profileId));
    if (!profile) throw stepNotAvailable();
    return profile;
  }

  const QUOTE_STEPS = ["generate_loan_quote", "loan_quotation_decision"] as const;

  /** The lead being quoted: the customer's open lead, still IN_PROCESS and not yet decided. */
  async function quotedLead(executor: Db | Tx, profileId: string, lock = false): Promise<Lead> {
    const query = selectLeads(executor).where(and(eq(leads.profileId, profileId), inArray(loanAccounts.status, ["IN_PROCESS", "SUBMITTED"])));
    const [lead] = lock ? await query.for("update") : await query;
    // A submitted lead is quoted again only when credit asked for a fresh quote (decision 26).
    const requote = lead?.status === "SUBMITTED" && lead.requoteRequestedAt !== null;
    if (!lead || (lead.status === "IN_PROCESS" && lead.quoteDecision) || (lead.status === "SUBMITTED" && !requote)) throw stepNotAvailable();
    return lead;
  }

  function kfsFor(
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
  }

  return {
    termsFor,

    /** generate_loan_quote: every field of spec 3 "Loan quote", plus the proposal number the KFS carries. */
    async generate(profileId: string) {
      return db.transaction(async (tx) => {
        const profile = await requireEvent(tx, profileId, "generate_loan_quote");
        let lead = await quotedLead(tx, profileId, true);
        const issuedOn = today();
        if (!lead.proposalNumber || lead.quoteIssuedOn !== issuedOn) {
          const proposalNumber = lead.proposalNumber ?? formatProposalNumber(issuedOn, random8());
          const updatedAt = now();
          await tx.update(leads).set({ proposalNumber, quoteIssuedOn: issuedOn, updatedAt }).where(eq(leads.id, lead.id));
          lead = { ...lead, proposalNumber, quoteIssuedOn: issuedOn, updatedAt };
        }
        const terms = termsFor(profile, lead, issuedOn, product);
        const nextStep = "loan_quotation_decision";
        if (profile.nextStep !== nextStep) await advance(tx, profileId, QUOTE_STEPS, nextStep, { at: now() });
        return {
          kind: "quoted" as const,
          nextStep,
          leadId: lead.id,
          proposalNumber: lead.proposalNumber,
          issuedOn,
          terms,
          purposeId: DEFAULT_LOAN_PURPOSE_ID,
          borrowerName: profile.fullName ?? "",
          // The product's rates this new quote offers (the reply states them; only quoting reads the product).
          product: product.singleLoan,
        };
      });
    },

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

    /** The accepted quote's KFS for a lead of this customer (Status 4 for anyone else's). */
    /** `inBorrowersLanguage`: words in the profile's preferred_language (the PDF a customer downloads), else English. */
    async acceptedKfs(profileId: string, leadId: string, { inBorrowersLanguage = false } = {}): Promise<Kfs> {
      const lead = await leadsService.requireOwned(profileId, leadId);
      const [quote] = await db
        .select()
        .from(loanQuotes)
        .where(and(eq(loanQuotes.leadId, lead.id), eq(loanQuotes.profileId, profileId)));
      if (!quote) throw new NotFound(QUOTE_CODES.kfsNotAvailable);
      const profile = await loadProfile(db, profileId);
      // Decision 34: the accepted KFS states the loan's own terms, whatever the product says today.
      // The acceptance wrote them with the quote (issue 31: there is no other source).
      const terms = await termsOf(db, lead.id);
      if (!terms) throw new NotFound(QUOTE_CODES.kfsNotAvailable);
      return kfsFor(
        lead,
        profile,
        {
          principal: quote.principal,
          tenureDays: quote.tenureDays,
          repaymentDate: quote.repaymentDate,
          purposeId: quote.purposeId,
          issuedOn: quote.issuedOn,
        },
        inBorrowersLanguage ? documentLanguage(profile) : "en",
        productOfTerms(product.singleLoan, terms),
      );
    },

    /**
     * The KFS and the loan agreement of an accepted quote, for the eSign page and the signed PDF
     * (`agreementPdf(agreement, kfs, signature)` in loan-documents.ts). Owner-checked like acceptedKfs.
     */
    async agreementFor(profileId: string, leadId: string, extras: { agreementDate?: string; bankAccountMasked?: string | null; ifsc?: string | null } = {}) {
      // The signed documents are in the borrower's preferred language when they are made.
      const kfs = await this.acceptedKfs(profileId, leadId, { inBorrowersLanguage: true });
      const profile = await loadProfile(db, profileId);
      const address = [profile.residenceAddress1, profile.residenceAddress2, profile.residenceCity, profile.residenceState, profile.residencePincode]
        .filter(Boolean)
        .join(", ");
      const agreement = buildLoanAgreement({
        kfs,
        lender: kfsLender,
        agreementDate: extras.agreementDate ?? today(),
        borrower: {
          fullName: profile.fullName ?? "",
          mobile: profile.mobile,
          panMasked: maskPan(profile.pancardLast4),
          address: address || null,
          bankAccountMasked: extras.bankAccountMasked ?? null,
          ifsc: extras.ifsc ?? null,
        },
      });
      return { kfs, agreement };
    },

    /** The accepted quote row with its figures from the loan's terms row (for the eSign helper and the loan detail). */
    async acceptedQuote(leadId: string) {
      const [row] = await db
        .select({ quote: loanQuotes, netDisbursalPaise: loanTerms.netDisbursalPaise, aprBps: loanTerms.aprBps })
        .from(loanQuotes)
        .innerJoin(loanTerms, eq(loanTerms.leadId, loanQuotes.leadId))
        .where(eq(loanQuotes.leadId, leadId));
      return row ? { ...row.quote, netDisbursalPaise: row.netDisbursalPaise, aprBps: row.aprBps } : null;
    },
  };
}

export type QuoteService = ReturnType<typeof createQuoteService>;

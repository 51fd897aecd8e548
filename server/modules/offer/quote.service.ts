// The loan quote and its decision (spec 3 "Loan quote", spec 4, decisions 1, 2, 4, 7, 9, 11)
// and the Key Fact Statement (regulatory.md). Every figure comes from core/'s loan math;
// the browser's figures are only compared, never used.
// The decision is quote-decision.ts, an accepted quote's documents accepted-quote.ts, and what they share
// quote-kit.ts; this file issues the quote and assembles them.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { todayInIndia } from "../../../core/calendar.ts";
import { DEFAULT_LOAN_PURPOSE_ID } from "../../../core/journey/masters.ts";
import { formatProposalNumber } from "../../../core/kfs.ts";
import { PRODUCT, type ProductConfig } from "../../../core/product.ts";
import type { Db } from "../../db/client.ts";
import { leads } from "../../db/schema/index.ts";
import type { LeadsService } from "../leads/leads.service.ts";
import type { LoansService } from "../loans/loans.service.ts";
import { advance, requireEvent } from "../journey/journey.service.ts";
import { createAcceptedQuote } from "./accepted-quote.ts";
import { createQuoteDecision } from "./quote-decision.ts";
import { kfsBuilder, QUOTE_STEPS, quotedLead, termsFor } from "./quote-kit.ts";

export { termsFor };
export type { QuoteDecisionInput } from "./quote-decision.ts";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** 8 random base32 characters for a proposal number (40 bits; the unique index catches the rest). */
function random8(): string {
  return Array.from(randomBytes(8), (b) => BASE32[b % 32]).join("");
}

export function createQuoteService(deps: { db: Db; leads: LeadsService; loans: LoansService; product?: ProductConfig; now: () => Date }) {
  const { db, leads: leadsService, loans, now } = deps;
  const product = deps.product ?? PRODUCT;
  const today = () => todayInIndia(now());
  const kfsFor = kfsBuilder(product);

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

    ...createQuoteDecision({ db, loans, product, now, kfsFor }),
    ...createAcceptedQuote({ db, leads: leadsService, product, now, kfsFor }),
  };
}

export type QuoteService = ReturnType<typeof createQuoteService>;

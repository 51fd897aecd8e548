// A lead to post a loan's entries on, and a disbursal entry for a loan quoted afresh in a test: the terms a new quote of the product fixes,
// then the ledger's builder, which takes only a loan's terms (issue 31).
import type { IsoDate } from "../../core/calendar.ts";
import { termsOfQuote } from "../../core/loan-math/index.ts";
import { PRODUCT, type SingleLoanProduct } from "../../core/product.ts";
import { customerProfiles } from "../db/schema/index.ts";
import { disbursalEntryOfTerms, type EntryInput } from "../modules/ledger/postings.ts";
import { seedLead } from "../modules/loans/loan-account.service.ts";
import type { TestApp } from "./onboarding.ts";
import { randomMobile } from "./test-app.ts";

export function disbursalEntry(
  input: { loanId: string; principalRupees: number; tenureDays: number; disbursedOn: IsoDate; occurredAt?: Date; payoutReference?: string },
  product: SingleLoanProduct = PRODUCT.singleLoan,
): EntryInput {
  const { principalRupees, tenureDays, disbursedOn } = input;
  const terms = termsOfQuote({ principalRupees, tenureDays, repaymentDate: disbursedOn, issuedOn: disbursedOn }, product);
  return disbursalEntryOfTerms({ loanId: input.loanId, terms, disbursedOn, occurredAt: input.occurredAt, payoutReference: input.payoutReference });
}

/** A disbursed lead to hang a loan's postings on (the loan id is the lead id). */
export async function newLoanId(app: TestApp): Promise<string> {
  const [profile] = await app.services.db.insert(customerProfiles).values({ mobile: randomMobile() }).returning();
  const lead = await seedLead(app.services.db, {
    profileId: profile.id,
    status: "DISBURSED",
    userType: "NEW",
    monthlyIncome: 60_000,
    offerMinAmount: 10_000,
    offerMaxAmount: 24_000,
  });
  return lead.id;
}

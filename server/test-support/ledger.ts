// A disbursal entry for a loan quoted afresh in a test: the terms a new quote of the product fixes,
// then the ledger's builder, which takes only a loan's terms (issue 31).
import type { IsoDate } from "../../core/calendar.ts";
import { termsOfQuote } from "../../core/loan-math/index.ts";
import { PRODUCT, type SingleLoanProduct } from "../../core/product.ts";
import { disbursalEntryOfTerms, type EntryInput } from "../modules/ledger/postings.ts";

export function disbursalEntry(
  input: { loanId: string; principalRupees: number; tenureDays: number; disbursedOn: IsoDate; occurredAt?: Date; payoutReference?: string },
  product: SingleLoanProduct = PRODUCT.singleLoan,
): EntryInput {
  const { principalRupees, tenureDays, disbursedOn } = input;
  const terms = termsOfQuote({ principalRupees, tenureDays, repaymentDate: disbursedOn, issuedOn: disbursedOn }, product);
  return disbursalEntryOfTerms({ loanId: input.loanId, terms, disbursedOn, occurredAt: input.occurredAt, payoutReference: input.payoutReference });
}

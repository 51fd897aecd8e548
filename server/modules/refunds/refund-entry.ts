// The refund's journal entry (decision 37): the excess held for the customer goes back out.
// Pure: built here, written by LedgerService.post. Amounts are integer paise.
import type { IsoDate } from "../../../core/calendar.ts";
import { clearingAccountOf, type EntryInput, type Gateway } from "../ledger/ledger.service.ts";

/** One entry per refund, whatever the attempts or repeated provider events. */
export const refundLedgerKey = (refundId: string) => `refund:${refundId}`;

/**
 * customer_excess Dr; Cr the gateway's clearing account (the gateway keeps it from its next settlement)
 * for a refund to the original payment, or the bank for a payout to the customer's account.
 */
export function refundEntry(input: {
  refundId: string;
  loanId: string;
  amountPaise: number;
  from: { gateway: Gateway } | "bank";
  on: IsoDate;
  occurredAt?: Date;
  memo: string;
}): EntryInput {
  const account = input.from === "bank" ? "bank" : clearingAccountOf(input.from.gateway);
  return {
    idempotencyKey: refundLedgerKey(input.refundId),
    kind: "refund",
    loanId: input.loanId,
    effectiveOn: input.on,
    occurredAt: input.occurredAt,
    memo: input.memo,
    postings: [
      { account: "customer_excess", side: "debit", amount: input.amountPaise },
      { account, side: "credit", amount: input.amountPaise },
    ],
  };
}

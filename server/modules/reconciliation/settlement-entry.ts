// The ledger entry of one gateway settlement (pure, so its figures are tested by hand). Decision 44:
// the gateway's clearing account is credited with the payments settled and debited with what the
// gateway kept back for refunds and chargebacks, so it reaches zero once everything is settled;
// the fee is an expense and the GST on it is input tax credit (gst_input_credit); the bank gets the
// net, or gives it when a day's refunds exceed its payments.
import type { IsoDate } from "../../../core/calendar.ts";
import { clearingAccountOf, type EntryInput, type Posting } from "../ledger/ledger.service.ts";
import type { GatewayName } from "../payments/payments.service.ts";

export const settlementKey = (gateway: GatewayName, settlementId: string) => `settlement:${gateway}:${settlementId}`;

export type SettlementTotals = {
  /** Lines that move money towards us (payments, a chargeback given back, a credit adjustment): Cr clearing. */
  creditsPaise: number;
  /** Lines the gateway kept back (refunds, chargebacks, a debit adjustment), as a positive figure: Dr clearing. */
  deductionsPaise: number;
  feePaise: number;
  taxPaise: number;
  /** What reached the bank: credits − deductions − fee − tax (negative when the bank was debited). */
  netPaise: number;
};

export const NO_TOTALS: SettlementTotals = { creditsPaise: 0, deductionsPaise: 0, feePaise: 0, taxPaise: 0, netPaise: 0 };

/** Adds one line (gross signed towards us) to the totals. */
export function addLine(t: SettlementTotals, line: { grossPaise: number; feePaise: number; taxPaise: number; netPaise: number }): SettlementTotals {
  return {
    creditsPaise: t.creditsPaise + Math.max(line.grossPaise, 0),
    deductionsPaise: t.deductionsPaise + Math.max(-line.grossPaise, 0),
    feePaise: t.feePaise + line.feePaise,
    taxPaise: t.taxPaise + line.taxPaise,
    netPaise: t.netPaise + line.netPaise,
  };
}

export function settlementEntry(input: { gateway: GatewayName; settlementId: string; settledOn: IsoDate; utr: string } & SettlementTotals): EntryInput {
  const clearing = clearingAccountOf(input.gateway);
  const signed = (account: Posting["account"], debit: number): Posting => ({ account, side: debit >= 0 ? "debit" : "credit", amount: Math.abs(debit) });
  return {
    idempotencyKey: settlementKey(input.gateway, input.settlementId),
    kind: "settlement",
    loanId: null,
    effectiveOn: input.settledOn,
    memo: `${input.gateway} settlement ${input.settlementId} UTR ${input.utr}`.slice(0, 200),
    postings: [
      signed("bank", input.netPaise),
      signed("gateway_fee_expense", input.feePaise),
      signed("gst_input_credit", input.taxPaise),
      { account: clearing, side: "debit" as const, amount: input.deductionsPaise },
      { account: clearing, side: "credit" as const, amount: input.creditsPaise },
    ].filter((p) => p.amount !== 0),
  };
}

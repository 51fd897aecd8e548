// One gateway settlement posted once (issues 20 and 29): each line matched to our payment, refund or
// the payment a chargeback takes back, the matched lines in one `settlement` ledger entry, and the
// lines stored; what does not match is listed for accounts. gateway-settlements.service.ts reads the reports.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { gatewaySettlementLines, gatewaySettlements, payments, refunds } from "../../db/schema/index.ts";
import type { GatewaySettlement, SettlementLine } from "../../providers/payments/index.ts";
import type { LedgerService } from "../ledger/ledger.service.ts";
import type { GatewayName } from "../payments/payments.service.ts";
import { recordException } from "./reconciliation.service.ts";
import { addLine, NO_TOTALS, settlementEntry } from "./settlement-entry.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type LineRow = Omit<typeof gatewaySettlementLines.$inferInsert, "settlementRowId">;
type Outcome = { post: boolean; exception?: Parameters<typeof recordException>[1]; row: Partial<LineRow> };

/** What one line of a settlement does: posted or not, an exception for accounts, and how its row is stored. */
export async function matchLine(tx: Tx, gateway: GatewayName, s: GatewaySettlement, line: SettlementLine): Promise<Outcome> {
  const type = line.type ?? "payment";
  const adds = line.feePaise + line.taxPaise + line.netPaise === line.grossPaise;
  const reference = `${s.settlementId}:${line.paymentId}`;
  const base = { kind: "settlement_amount" as const, gateway, reference, settlementId: s.settlementId, paidPaise: line.grossPaise };
  if (type === "payment") {
    const [payment] = await tx
      .select({ id: payments.id, amountPaise: payments.amountPaise })
      .from(payments)
      .where(and(eq(payments.gateway, gateway), eq(payments.gatewayPaymentId, line.paymentId)));
    if (payment && Number(payment.amountPaise) === line.grossPaise && adds) return { post: true, row: { paymentId: payment.id } };
    const kind = payment ? ("settlement_amount" as const) : ("unknown_payment" as const);
    return {
      post: false,
      row: {},
      exception: { ...base, kind, gatewayPaymentId: line.paymentId, orderedPaise: payment ? Number(payment.amountPaise) : null },
    };
  }
  if (type === "refund") {
    // The refund as our refunds desk sent it (whether or not it is processed yet): the gateway kept it back.
    const [refund] = await tx
      .select({ id: refunds.id, amountPaise: refunds.amountPaise })
      .from(refunds)
      .where(and(eq(refunds.gateway, gateway), eq(refunds.providerReference, line.paymentId)));
    if (refund && Number(refund.amountPaise) === -line.grossPaise && adds) return { post: true, row: { refundId: refund.id } };
    const kind = refund ? ("settlement_amount" as const) : ("unknown_refund" as const);
    return {
      post: false,
      row: {},
      exception: { ...base, kind, gatewayPaymentId: line.parentPaymentId ?? null, orderedPaise: refund ? -Number(refund.amountPaise) : null },
    };
  }
  if (type === "chargeback") {
    // Posted (the money left the clearing account) and listed: accounts contests it or corrects the loan.
    const paid = line.parentPaymentId ?? line.paymentId;
    const [payment] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.gateway, gateway), eq(payments.gatewayPaymentId, paid)));
    if (!payment || !adds) return { post: false, row: {}, exception: { ...base, kind: "unknown_payment", gatewayPaymentId: paid } };
    return { post: true, row: {}, exception: { ...base, kind: "chargeback", gatewayPaymentId: paid } };
  }
  // An adjustment: posted as the gateway made it, and listed for accounts to clear by a journal.
  if (!adds) return { post: false, row: {}, exception: base };
  return { post: true, row: {}, exception: { ...base, kind: "settlement_adjustment" } };
}

export function createSettlementPosting(deps: { db: Db; ledger: LedgerService; now: () => Date }) {
  const { db, ledger, now } = deps;

  /** Posts one settlement once: a settlement seen before (by its gateway id) changes nothing. */
  return async function postSettlement(gateway: GatewayName, s: GatewaySettlement) {
    const at = now();
    return db.transaction(async (tx) => {
      const [seen] = await tx
        .select({ id: gatewaySettlements.id })
        .from(gatewaySettlements)
        .where(and(eq(gatewaySettlements.gateway, gateway), eq(gatewaySettlements.settlementId, s.settlementId)));
      if (seen) return { posted: false, matched: 0, unmatched: 0 };
      let totals = NO_TOTALS;
      const lines: LineRow[] = [];
      let unmatched = 0;
      for (const line of s.lines) {
        const outcome = await matchLine(tx, gateway, s, line);
        if (outcome.post) totals = addLine(totals, line);
        else unmatched++;
        if (outcome.exception) await recordException(tx, outcome.exception, at);
        const { paymentId: ref, type, parentPaymentId, ...figures } = line;
        lines.push({
          gateway,
          gatewayPaymentId: ref,
          ...figures,
          lineType: type ?? "payment",
          parentPaymentId: parentPaymentId ?? null,
          paymentId: null,
          ...outcome.row,
        });
      }
      const any = totals.creditsPaise + totals.deductionsPaise + totals.feePaise + totals.taxPaise !== 0;
      const posted = any
        ? // A settlement of a closed month, read late, posts in the open period (decision 44).
          await ledger.post(tx, settlementEntry({ gateway, settlementId: s.settlementId, settledOn: s.settledOn, utr: s.utr, ...totals }), {
            ifClosed: "first_open_day",
          })
        : null;
      const [row] = await tx
        .insert(gatewaySettlements)
        .values({
          gateway,
          settlementId: s.settlementId,
          utr: s.utr,
          settledOn: s.settledOn,
          grossPaise: totals.creditsPaise - totals.deductionsPaise,
          feePaise: totals.feePaise,
          taxPaise: totals.taxPaise,
          netPaise: totals.netPaise,
          lineCount: s.lines.length,
          unmatchedCount: unmatched,
          ledgerEntryId: posted?.entryId ?? null,
          createdAt: at,
        })
        .returning({ id: gatewaySettlements.id });
      if (lines.length) {
        await tx
          .insert(gatewaySettlementLines)
          .values(lines.map((l) => ({ ...l, settlementRowId: row!.id })))
          .onConflictDoNothing();
      }
      return { posted: !!posted, matched: s.lines.length - unmatched, unmatched };
    });
  };
}

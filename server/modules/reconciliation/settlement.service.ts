// Gateway settlements (issue 20). Each day the job fetches each gateway's settlement report for the
// last few days through the gateway's adapter, matches every line to our payments by the gateway's
// payment id, and posts one `settlement` ledger entry per gateway settlement (key
// settlement:<gateway>:<settlement id>): bank Dr the net, gateway_fee_expense Dr the fee,
// gateway_fee_gst_expense Dr the GST, the gateway's clearing account Cr the gross, for the matched
// lines only. Lines that do not match (a payment we have not recorded, a different amount) and
// payments with no settlement after a few days are listed for accounts.
import { and, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { addDays, todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import type { Db } from "../../db/client.ts";
import { gatewaySettlementLines, gatewaySettlements, payments } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { PaymentGateways } from "../../providers/payments/index.ts";
import type { GatewaySettlement } from "../../providers/payments/settlement.ts";
import { clearingAccountOf, type EntryInput, type LedgerService } from "../ledger/ledger.service.ts";
import type { GatewayName } from "../payments/payments.service.ts";
import { recordException } from "./reconciliation.service.ts";

export const GATEWAYS: readonly GatewayName[] = ["razorpay", "payu", "phonepe"];
/** Each run asks for the reports of the days before today (yesterday and two more: a late or failed run is caught up). */
export const SETTLEMENT_LOOKBACK_DAYS = 3;
/** A gateway payment with no settlement line this many days after it was received is listed for accounts. */
export const NOT_SETTLED_AFTER_DAYS = 4;

export const settlementKey = (gateway: GatewayName, settlementId: string) => `settlement:${gateway}:${settlementId}`;

/** The ledger entry of one settlement's matched lines (pure, so the figures are tested by hand). */
export function settlementEntry(input: {
  gateway: GatewayName;
  settlementId: string;
  settledOn: IsoDate;
  utr: string;
  grossPaise: number;
  feePaise: number;
  taxPaise: number;
  netPaise: number;
}): EntryInput {
  return {
    idempotencyKey: settlementKey(input.gateway, input.settlementId),
    kind: "settlement",
    loanId: null,
    effectiveOn: input.settledOn,
    memo: `${input.gateway} settlement ${input.settlementId} UTR ${input.utr}`.slice(0, 200),
    postings: [
      { account: "bank" as const, side: "debit" as const, amount: input.netPaise },
      { account: "gateway_fee_expense" as const, side: "debit" as const, amount: input.feePaise },
      { account: "gateway_fee_gst_expense" as const, side: "debit" as const, amount: input.taxPaise },
      { account: clearingAccountOf(input.gateway), side: "credit" as const, amount: input.grossPaise },
    ].filter((p) => p.amount !== 0),
  };
}

export function createSettlementService(deps: { db: Db; gateways: PaymentGateways; ledger: LedgerService; now: () => Date; logger: Logger }) {
  const { db, gateways, ledger, now, logger } = deps;

  /** Posts one settlement once: a settlement seen before (by its gateway id) changes nothing. */
  async function postSettlement(gateway: GatewayName, s: GatewaySettlement) {
    const at = now();
    return db.transaction(async (tx) => {
      const [seen] = await tx
        .select({ id: gatewaySettlements.id })
        .from(gatewaySettlements)
        .where(and(eq(gatewaySettlements.gateway, gateway), eq(gatewaySettlements.settlementId, s.settlementId)));
      if (seen) return { posted: false, matched: 0, unmatched: 0 };
      const ids = [...new Set(s.lines.map((l) => l.paymentId))];
      const ours = ids.length
        ? await tx
            .select({ id: payments.id, ref: payments.gatewayPaymentId, amountPaise: payments.amountPaise })
            .from(payments)
            .where(and(eq(payments.gateway, gateway), inArray(payments.gatewayPaymentId, ids)))
        : [];
      const byRef = new Map(ours.map((p) => [p.ref, p]));
      const totals = { grossPaise: 0, feePaise: 0, taxPaise: 0, netPaise: 0 };
      const lines: Omit<typeof gatewaySettlementLines.$inferInsert, "settlementRowId">[] = [];
      let unmatched = 0;
      for (const line of s.lines) {
        const payment = byRef.get(line.paymentId);
        const adds = line.feePaise + line.taxPaise + line.netPaise === line.grossPaise;
        const matches = !!payment && Number(payment.amountPaise) === line.grossPaise && adds;
        if (matches) {
          totals.grossPaise += line.grossPaise;
          totals.feePaise += line.feePaise;
          totals.taxPaise += line.taxPaise;
          totals.netPaise += line.netPaise;
        } else {
          unmatched++;
          await recordException(
            tx,
            {
              kind: payment ? "settlement_amount" : "unknown_payment",
              gateway,
              reference: `${s.settlementId}:${line.paymentId}`,
              gatewayPaymentId: line.paymentId,
              settlementId: s.settlementId,
              orderedPaise: payment ? Number(payment.amountPaise) : null,
              paidPaise: line.grossPaise,
            },
            at,
          );
        }
        const { paymentId: _ref, ...figures } = line;
        lines.push({ gateway, gatewayPaymentId: line.paymentId, ...figures, paymentId: matches ? payment!.id : null });
      }
      const posted =
        totals.grossPaise > 0
          ? await ledger.post(tx, settlementEntry({ gateway, settlementId: s.settlementId, settledOn: s.settledOn, utr: s.utr, ...totals }))
          : null;
      const [row] = await tx
        .insert(gatewaySettlements)
        .values({
          gateway,
          settlementId: s.settlementId,
          utr: s.utr,
          settledOn: s.settledOn,
          ...totals,
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
  }

  /** Our gateway payments received on or before `cutoff` with no matched settlement line: listed once each. */
  async function listNotSettled(cutoff: IsoDate, at: Date) {
    const missing = await db
      .select({ id: payments.id, gateway: payments.gateway, ref: payments.gatewayPaymentId, amountPaise: payments.amountPaise })
      .from(payments)
      .leftJoin(gatewaySettlementLines, eq(gatewaySettlementLines.paymentId, payments.id))
      .where(and(inArray(payments.gateway, [...GATEWAYS]), lte(payments.receivedOn, cutoff), isNull(gatewaySettlementLines.id)))
      .limit(500);
    let listed = 0;
    for (const p of missing) {
      const added = await recordException(
        db,
        { kind: "not_settled", gateway: p.gateway as GatewayName, reference: p.ref, gatewayPaymentId: p.ref, paidPaise: Number(p.amountPaise) },
        at,
      );
      if (added) listed++;
    }
    return listed;
  }

  return {
    postSettlement,

    /** The daily job: every gateway's reports of the last days, posted once each; then the payments never settled. */
    async runSettlements() {
      const at = now();
      const today = todayInIndia(at);
      const result = { settlements: 0, posted: 0, unmatchedLines: 0, errors: 0, notSettled: 0 };
      for (const gateway of GATEWAYS) {
        for (let back = SETTLEMENT_LOOKBACK_DAYS; back >= 1; back--) {
          const on = addDays(today, -back);
          try {
            for (const s of await gateways[gateway].settlementReport(on)) {
              const outcome = await postSettlement(gateway, s);
              result.settlements++;
              if (outcome.posted) result.posted++;
              result.unmatchedLines += outcome.unmatched;
            }
          } catch (error) {
            result.errors++;
            logger.warn("settlement report not read; asked again next run", { gateway, on, error: error instanceof Error ? error.name : typeof error });
          }
        }
      }
      result.notSettled = await listNotSettled(addDays(today, -NOT_SETTLED_AFTER_DAYS), at);
      return result;
    },

    /** Settlements posted (the screen), newest first. */
    async list(page: number, pageSize: number) {
      const rows = await db
        .select()
        .from(gatewaySettlements)
        .orderBy(sql`${gatewaySettlements.settledOn} desc, ${gatewaySettlements.createdAt} desc`)
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [total] = await db.select({ n: sql<string>`count(*)` }).from(gatewaySettlements);
      return { rows, total: Number(total?.n ?? 0) };
    },
  };
}

export type SettlementService = ReturnType<typeof createSettlementService>;

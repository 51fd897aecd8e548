// Gateway settlements (issues 20 and 29). Each day the job fetches each gateway's settlement report
// for the last few days through the payment gateway port; accounts can ask for any past range again
// (settleRange). Every line is matched: a payment to our payment by the gateway's payment id, a
// refund to our refund by the gateway's refund id, a chargeback to the payment it takes back; an
// adjustment stands alone. One `settlement` ledger entry per gateway settlement (key
// settlement:<gateway>:<settlement id>, settlement-entry.ts) posts the matched lines, so the clearing
// account reaches zero once settled. Lines that do not match, chargebacks and adjustments, and
// payments with no settlement after a few days are listed for accounts.
import { and, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import { addDays, daysBetween, isIsoDate, todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import { PAYMENT_GATEWAY_NAMES } from "../../../core/payment-gateways.ts";
import type { Db } from "../../db/client.ts";
import { gatewaySettlementLines, gatewaySettlements, payments, refunds } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { GatewaySettlement, PaymentGateways, SettlementLine } from "../../providers/payments/index.ts";
import { InvalidInput } from "../domain-errors.ts";
import type { LedgerService } from "../ledger/ledger.service.ts";
import type { GatewayName } from "../payments/payments.service.ts";
import { recordException } from "./reconciliation.service.ts";
import { addLine, NO_TOTALS, settlementEntry } from "./settlement-entry.ts";

export { settlementEntry, settlementKey } from "./settlement-entry.ts";

export const GATEWAYS: readonly GatewayName[] = PAYMENT_GATEWAY_NAMES;
/** Each run asks for the reports of the days before today (yesterday and two more: a late or failed run is caught up). */
export const SETTLEMENT_LOOKBACK_DAYS = 3;
/** A gateway payment with no settlement line this many days after it was received is listed for accounts. */
export const NOT_SETTLED_AFTER_DAYS = 4;
/** The longest range accounts may ask for at once (one request per gateway per day). */
export const SETTLEMENT_RANGE_MAX_DAYS = 31;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type LineRow = Omit<typeof gatewaySettlementLines.$inferInsert, "settlementRowId">;
type Outcome = { post: boolean; exception?: Parameters<typeof recordException>[1]; row: Partial<LineRow> };

export function createGatewaySettlementsService(deps: { db: Db; gateways: PaymentGateways; ledger: LedgerService; now: () => Date; logger: Logger }) {
  const { db, gateways, ledger, now, logger } = deps;

  /** What one line of a settlement does: posted or not, an exception for accounts, and how its row is stored. */
  async function matchLine(tx: Tx, gateway: GatewayName, s: GatewaySettlement, line: SettlementLine): Promise<Outcome> {
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

  /** Posts one settlement once: a settlement seen before (by its gateway id) changes nothing. */
  async function postSettlement(gateway: GatewayName, s: GatewaySettlement) {
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
  }

  /** Every gateway's settlements of each day in [from, to], posted once each; a report not read is counted, never fatal. */
  async function readDays(days: IsoDate[]) {
    const result = { settlements: 0, posted: 0, unmatchedLines: 0, errors: 0, failed: [] as { gateway: GatewayName; on: IsoDate }[] };
    for (const gateway of GATEWAYS) {
      for (const on of days) {
        try {
          for (const s of await gateways.of(gateway).settlementReport(on)) {
            const outcome = await postSettlement(gateway, s);
            result.settlements++;
            if (outcome.posted) result.posted++;
            result.unmatchedLines += outcome.unmatched;
          }
        } catch (error) {
          result.errors++;
          result.failed.push({ gateway, on });
          logger.warn("settlement report not read; asked again next run", { gateway, on, error: error instanceof Error ? error.name : typeof error });
        }
      }
    }
    return result;
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

    /** The daily job: every gateway's reports of the last days (further back while a payment waits), posted once each; then the payments never settled. */
    async runSettlements() {
      const at = now();
      const today = todayInIndia(at);
      // The last 3 days, and back to the oldest payment still waiting for its settlement (at most 31 days):
      // a job that did not run for a week catches up by itself (issue 29, finding 4).
      const [oldest] = await db
        .select({ on: sql<string | null>`min(${payments.receivedOn})::text` })
        .from(payments)
        .leftJoin(gatewaySettlementLines, eq(gatewaySettlementLines.paymentId, payments.id))
        .where(
          and(
            inArray(payments.gateway, [...GATEWAYS]),
            isNull(gatewaySettlementLines.id),
            gte(payments.receivedOn, addDays(today, -SETTLEMENT_RANGE_MAX_DAYS)),
          ),
        );
      const back = Math.max(SETTLEMENT_LOOKBACK_DAYS, oldest?.on ? daysBetween(oldest.on as IsoDate, today) : 0);
      const days = Array.from({ length: back }, (_, i) => addDays(today, i - back));
      const { failed: _failed, ...read } = await readDays(days);
      return { ...read, notSettled: await listNotSettled(addDays(today, -NOT_SETTLED_AFTER_DAYS), at) };
    },

    /**
     * Accounts asks for the settlements of any past days again (finding 4): each gateway's report of
     * each day from `from` to `to` (India dates, up to yesterday, at most 31 days), posted once each,
     * so a rerun posts nothing twice. Says which reports could not be read.
     */
    async settleRange(input: { from: string; to: string }) {
      const today = todayInIndia(now());
      if (!isIsoDate(input.from) || !isIsoDate(input.to)) throw new InvalidInput("Give the first and the last day as dates (YYYY-MM-DD).");
      const from = input.from as IsoDate;
      const to = input.to as IsoDate;
      if (from > to) throw new InvalidInput("The first day is after the last day.");
      if (to >= today) throw new InvalidInput("Settlements can be read up to yesterday: today's are not complete.");
      if (daysBetween(from, to) + 1 > SETTLEMENT_RANGE_MAX_DAYS) throw new InvalidInput(`Ask for at most ${SETTLEMENT_RANGE_MAX_DAYS} days at a time.`);
      const days = Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(from, i));
      return { from, to, ...(await readDays(days)) };
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

export type GatewaySettlementsService = ReturnType<typeof createGatewaySettlementsService>;

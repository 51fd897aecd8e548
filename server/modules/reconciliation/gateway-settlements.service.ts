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
import { gatewaySettlementLines, gatewaySettlements, payments } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { PaymentGateways } from "../../providers/payments/index.ts";
import { InvalidInput } from "../domain-errors.ts";
import type { LedgerService } from "../ledger/ledger.service.ts";
import type { GatewayName } from "../payments/payments.service.ts";
import { recordException } from "./reconciliation.service.ts";
import { createSettlementPosting } from "./settlement-posting.ts";

export { settlementEntry, settlementKey } from "./settlement-entry.ts";

export const GATEWAYS: readonly GatewayName[] = PAYMENT_GATEWAY_NAMES;
/** Each run asks for the reports of the days before today (yesterday and two more: a late or failed run is caught up). */
export const SETTLEMENT_LOOKBACK_DAYS = 3;
/** A gateway payment with no settlement line this many days after it was received is listed for accounts. */
export const NOT_SETTLED_AFTER_DAYS = 4;
/** The longest range accounts may ask for at once (one request per gateway per day). */
export const SETTLEMENT_RANGE_MAX_DAYS = 31;

export function createGatewaySettlementsService(deps: { db: Db; gateways: PaymentGateways; ledger: LedgerService; now: () => Date; logger: Logger }) {
  const { db, gateways, ledger, now, logger } = deps;
  const postSettlement = createSettlementPosting({ db, ledger, now });

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

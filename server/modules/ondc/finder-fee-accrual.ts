// Issue 32, point 9: the buyer app's finder fee accrued when an ONDC loan is paid out, and taken back when the
// bank returns the payout (docs/decisions/money.md, "The ONDC buyer app's finder fee in the books"). As the
// on_status reports do (order-updates.ts), this reads the loan's own status changes, so the loan module stays
// unaware of ONDC: each change is claimed by its row in ondc_finder_fees, written in the transaction that posts
// its entry through the ledger, so two instances or two runs post it once. The ondc-callbacks job runs it. The fee
// is the one on_confirm stated (ondc_orders); a loan paid out with no confirm stored (its buyer app never
// confirmed) falls back to the fee worked out from the search, as before migration 1750, and its row says so.
import { and, asc, desc, eq, gte, lt, notExists, sql } from "drizzle-orm";
import { todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import { formatPaise } from "../../../core/money.ts";
import type { Db } from "../../db/client.ts";
import { loanAccounts, loanStatusChanges, ondcFinderFees, ondcFormSubmissions, ondcMessages } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import { finderFeeEntry, ledgerKeys, reversalEntry, type LedgerService } from "../ledger/ledger.service.ts";
import type { OndcKfsPages } from "./kfs-page.ts";
import { orderParts } from "./order-terms.ts";

/** At most this many changes of each kind a run; the next run takes the rest. */
const BATCH = 100;

type Change = typeof loanStatusChanges.$inferSelect;
type Submission = typeof ondcFormSubmissions.$inferSelect;

/** The F06 (agreement signed through a buyer app) a status change follows, joined once per change. */
const signedThroughBuyerApp = and(
  eq(ondcFormSubmissions.leadId, loanStatusChanges.leadId),
  eq(ondcFormSubmissions.formId, "F06"),
  eq(ondcFormSubmissions.outcome, "eligible"),
);
const claimed = (db: Db) =>
  notExists(db.select({ id: ondcFinderFees.statusChangeId }).from(ondcFinderFees).where(eq(ondcFinderFees.statusChangeId, loanStatusChanges.id)));

/** The buyer app of a transaction (its subscriber id, as its requests named it), or null. */
export async function buyerAppOf(db: Db, transactionId: string): Promise<string | null> {
  const [row] = await db
    .select({ bapId: ondcMessages.bapId })
    .from(ondcMessages)
    .where(and(eq(ondcMessages.transactionId, transactionId), eq(ondcMessages.direction, "in")))
    .orderBy(desc(ondcMessages.receivedAt))
    .limit(1);
  return row?.bapId ?? null;
}

/** One row per change (a lead signed twice through buyer apps counts its latest agreement before the change). */
function oncePerChange(rows: { change: Change; f06: Submission }[]) {
  const byChange = new Map<number, { change: Change; f06: Submission }>();
  for (const row of rows) {
    const seen = byChange.get(row.change.id);
    if (!seen || seen.f06.createdAt < row.f06.createdAt) byChange.set(row.change.id, row);
  }
  return [...byChange.values()].sort((a, b) => a.change.id - b.change.id);
}

export function createFinderFeeAccrual(deps: {
  db: Db;
  now: () => Date;
  logger: Logger;
  ledger: Pick<LedgerService, "post" | "entryByKey">;
  kfsPages: OndcKfsPages;
}) {
  const { db, now, logger, ledger, kfsPages } = deps;

  /**
   * The fee agreed for the loan whose agreement is `f06` and its buyer app: as on_confirm stated it (stored with the
   * order), or, with no confirm stored, worked out from the transaction's latest search; null when unreadable.
   */
  async function agreedFee(f06: Submission) {
    const parts = await orderParts(db, kfsPages, f06);
    if (!parts || parts.fee === null) return null;
    const bapId = parts.bapId ?? (await buyerAppOf(db, f06.transactionId));
    return bapId ? { fee: parts.fee, feeFrom: parts.feeFrom, bapId } : null;
  }

  /** Each payout of an ONDC loan not yet accrued: Dr expense, Cr payable, dated the payout's day. */
  async function accrue(): Promise<number> {
    const due = await db
      .select({ change: loanStatusChanges, f06: ondcFormSubmissions })
      .from(loanStatusChanges)
      .innerJoin(ondcFormSubmissions, signedThroughBuyerApp)
      .where(and(eq(loanStatusChanges.toStatus, "DISBURSED"), gte(loanStatusChanges.changedAt, ondcFormSubmissions.createdAt), claimed(db)))
      .orderBy(asc(loanStatusChanges.id))
      .limit(BATCH);
    let posted = 0;
    for (const { change, f06 } of oncePerChange(due)) {
      const agreed = await agreedFee(f06);
      if (!agreed) {
        // ledger:check names the payout without its fee; nothing is guessed.
        logger.warn("ondc: a paid-out loan's finder fee cannot be read", { transactionId: f06.transactionId });
        continue;
      }
      const { fee, feeFrom, bapId } = agreed;
      // The payout's day: the loan module records DISBURSED on the day the provider paid (its disbursal date).
      const paidOutOn = todayInIndia(change.changedAt);
      const [account] = await db.select({ loanNo: loanAccounts.loanNo }).from(loanAccounts).where(eq(loanAccounts.leadId, change.leadId));
      const at = now();
      const done = await db.transaction(async (tx) => {
        const entry =
          fee > 0
            ? await ledger.post(
                tx,
                finderFeeEntry({
                  loanId: change.leadId,
                  statusChangeId: change.id,
                  paidOutOn,
                  feePaise: fee,
                  occurredAt: at,
                  memo: `finder fee ${formatPaise(fee)} owed to buyer app ${bapId} for loan ${account?.loanNo ?? change.leadId} (ONDC ${f06.transactionId})`.slice(
                    0,
                    200,
                  ),
                }),
              )
            : null;
        const [row] = await tx
          .insert(ondcFinderFees)
          .values({
            statusChangeId: change.id,
            kind: "accrual",
            leadId: change.leadId,
            transactionId: f06.transactionId,
            bapId,
            feePaise: fee,
            effectiveOn: paidOutOn,
            ledgerEntryId: entry?.entryId ?? null,
            createdAt: at,
            feeFrom,
          })
          .onConflictDoNothing()
          .returning({ id: ondcFinderFees.statusChangeId });
        return Boolean(row);
      });
      if (done) posted += 1;
    }
    return posted;
  }

  const reverse = createFinderFeeReversal({ db, now, ledger });

  return {
    /** Accrues every payout not yet accrued, then reverses every returned one (at most a batch of each): how many rows written. */
    async accrueDue(): Promise<{ accrued: number; reversed: number }> {
      const accrued = await accrue();
      const reversed = await reverse();
      return { accrued, reversed };
    },
  };
}

/**
 * Each return of a payout already accrued: the accrual reversed, dated as it was (a returned payout never made
 * a loan), moved to the first open day when that month is closed (decision 44).
 */
function createFinderFeeReversal(deps: { db: Db; now: () => Date; ledger: Pick<LedgerService, "post" | "entryByKey"> }) {
  const { db, now, ledger } = deps;
  return async function reverse(): Promise<number> {
    const accruals = db
      .select({ id: ondcFinderFees.statusChangeId })
      .from(ondcFinderFees)
      .where(
        and(
          eq(ondcFinderFees.leadId, loanStatusChanges.leadId),
          eq(ondcFinderFees.kind, "accrual"),
          lt(ondcFinderFees.statusChangeId, loanStatusChanges.id),
          sql`not exists (select 1 from ondc_finder_fees r where r.reverses = ondc_finder_fees.status_change_id)`,
        ),
      );
    const due = await db
      .select({ change: loanStatusChanges })
      .from(loanStatusChanges)
      .where(and(eq(loanStatusChanges.move, "returnPayout"), sql`exists (${accruals})`, claimed(db)))
      .orderBy(asc(loanStatusChanges.id))
      .limit(BATCH);
    let posted = 0;
    for (const { change } of due) {
      const at = now();
      const done = await db.transaction(async (tx) => {
        // The latest accrual of the loan before the return and not yet taken back: the payout returned.
        const [accrual] = await tx
          .select()
          .from(ondcFinderFees)
          .where(
            and(
              eq(ondcFinderFees.leadId, change.leadId),
              eq(ondcFinderFees.kind, "accrual"),
              lt(ondcFinderFees.statusChangeId, change.id),
              sql`not exists (select 1 from ondc_finder_fees r where r.reverses = ondc_finder_fees.status_change_id)`,
            ),
          )
          .orderBy(desc(ondcFinderFees.statusChangeId))
          .limit(1);
        if (!accrual) return false;
        const original = accrual.ledgerEntryId ? await ledger.entryByKey(ledgerKeys.finderFee(accrual.leadId, accrual.statusChangeId), tx) : null;
        const entry = original
          ? await ledger.post(
              tx,
              reversalEntry(original, {
                effectiveOn: original.effectiveOn as IsoDate,
                occurredAt: at,
                memo: `finder fee taken back: the bank returned the payout (buyer app ${accrual.bapId})`,
              }),
              { ifClosed: "first_open_day" },
            )
          : null;
        const posted = entry ? await ledger.entryByKey(ledgerKeys.reversal(original!.idempotencyKey), tx) : null;
        const [row] = await tx
          .insert(ondcFinderFees)
          .values({
            statusChangeId: change.id,
            kind: "reversal",
            leadId: change.leadId,
            transactionId: accrual.transactionId,
            bapId: accrual.bapId,
            feePaise: accrual.feePaise,
            effectiveOn: posted?.effectiveOn ?? accrual.effectiveOn,
            reverses: accrual.statusChangeId,
            ledgerEntryId: entry?.entryId ?? null,
            createdAt: at,
            feeFrom: accrual.feeFrom,
          })
          .onConflictDoNothing()
          .returning({ id: ondcFinderFees.statusChangeId });
        return Boolean(row);
      });
      if (done) posted += 1;
    }
    return posted;
  };
}

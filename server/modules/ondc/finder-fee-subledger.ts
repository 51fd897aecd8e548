// Issue 32, point 9: the payable to buyer apps by buyer app, as the sub-ledger's rows hold it (accruals, their
// reversals, settlements), in full or as of a day: what the desk shows and ledger:check proves the account against.
import { and, eq, lte, sql } from "drizzle-orm";
import { subLedgerOf, type FeeLine, type SubLedger } from "../../../core/ondc/finder-fee-books.ts";
import type { IsoDate } from "../../../core/calendar.ts";
import type { Db } from "../../db/client.ts";
import { ondcFinderFeeSettlements, ondcFinderFees } from "../../db/schema/index.ts";
import type { Tx } from "../ledger/ledger.service.ts";

export type BuyerAppSubLedger = SubLedger & { bapId: string; lines: FeeLine[] };

/** Every buyer app's sub-ledger (entries dated up to `asOf` when given), by its subscriber id. */
export async function subLedgers(db: Db | Tx, asOf?: IsoDate, bapId?: string): Promise<Map<string, BuyerAppSubLedger>> {
  const accruals = await db
    .select({
      id: ondcFinderFees.statusChangeId,
      bapId: ondcFinderFees.bapId,
      feePaise: ondcFinderFees.feePaise,
      paidOutOn: ondcFinderFees.effectiveOn,
      reversed: asOf
        ? sql<boolean>`exists (select 1 from ondc_finder_fees r where r.reverses = ondc_finder_fees.status_change_id and r.effective_on <= ${asOf})`
        : sql<boolean>`exists (select 1 from ondc_finder_fees r where r.reverses = ondc_finder_fees.status_change_id)`,
    })
    .from(ondcFinderFees)
    .where(
      and(eq(ondcFinderFees.kind, "accrual"), asOf ? lte(ondcFinderFees.effectiveOn, asOf) : undefined, bapId ? eq(ondcFinderFees.bapId, bapId) : undefined),
    );
  const settled = await db
    .select({ bapId: ondcFinderFeeSettlements.bapId, paise: sql<string>`sum(${ondcFinderFeeSettlements.amountPaise})::text` })
    .from(ondcFinderFeeSettlements)
    .where(and(asOf ? lte(ondcFinderFeeSettlements.paidOn, asOf) : undefined, bapId ? eq(ondcFinderFeeSettlements.bapId, bapId) : undefined))
    .groupBy(ondcFinderFeeSettlements.bapId);
  const lines = new Map<string, FeeLine[]>();
  for (const a of accruals) {
    const list = lines.get(a.bapId) ?? [];
    list.push({ id: a.id, feePaise: Number(a.feePaise), paidOutOn: a.paidOutOn, reversed: Boolean(a.reversed) });
    lines.set(a.bapId, list);
  }
  const paid = new Map(settled.map((s) => [s.bapId, Number(s.paise)]));
  const out = new Map<string, BuyerAppSubLedger>();
  for (const id of [...new Set([...lines.keys(), ...paid.keys()])].sort()) {
    const own = lines.get(id) ?? [];
    out.set(id, { bapId: id, lines: own, ...subLedgerOf(own, paid.get(id) ?? 0) });
  }
  return out;
}

// IRACP: the first day of a loan's current NPA period, read from the class history the day-end writes.
// It needs only the database, so the ledger (built before this module, which reads loans and payments
// through it) gets this reader instead of the asset-classification service (docs/decisions/platform.md, decision 65).
import { eq, sql } from "drizzle-orm";
import type { IsoDate } from "../../../core/calendar.ts";
import type { Db } from "../../db/client.ts";
import { assetClassHistory } from "../../db/schema/index.ts";

type Executor = Pick<Db, "select">;

/** Null when the loan's latest class is not NPA. */
export function createNpaSince(db: Db) {
  return async function npaSince(leadId: string, executor: Executor = db): Promise<IsoDate | null> {
    const [row] = await executor
      .select({ assetClass: assetClassHistory.assetClass, fromDate: assetClassHistory.fromDate })
      .from(assetClassHistory)
      .where(eq(assetClassHistory.leadId, leadId))
      .orderBy(sql`${assetClassHistory.fromDate} desc`)
      .limit(1);
    return row?.assetClass === "NPA" ? (row.fromDate as IsoDate) : null;
  };
}

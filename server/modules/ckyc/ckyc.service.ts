// Uploading each customer's KYC record to CERSAI's registry (issue 33; called by the ckyc-uploads job,
// ckyc-uploads.ts, and the CKYC desk, ckyc-desk.ts). One row per customer and version in ckyc_uploads: an accepted version is never sent
// again (the same answer is given); a rejected one keeps CKYCR's reasons and is sent again once corrected;
// a record our own checks refuse is kept as NOT_SENT with the reasons and never reaches CKYCR.
import { and, eq, lt, ne, or, sql } from "drizzle-orm";
import { todayInIndia } from "../../../core/calendar.ts";
import { ckycUploadZip, toCkycRecord, FILE_VERSION, type CkycCustomerInput, type CkycInstitution } from "../../../core/ckyc/ckyc-file.ts";
import type { CkycReason } from "../../../core/ckyc/ckyc-reader.ts";
import type { Db } from "../../db/client.ts";
import { ckycUploads, type CkycUploadStatus } from "../../db/schema/index.ts";
import type { CkycPort } from "../../providers/ckyc/port.ts";

/** A send that has not answered in this long (a crashed instance) may be taken over. */
const SENDING_TIMEOUT_MS = 5 * 60 * 1000;
/** Our own checks' reasons carry this code: they never reached CKYCR. */
export const OWN_CHECK = "SOT";

export interface CkycUploadState {
  customerId: string;
  version: number;
  reference: string;
  status: CkycUploadStatus;
  ckycNumber: string | null;
  reasons: CkycReason[];
  attempts: number;
}

/** Ours, per customer and version: CKYCR answers the record by it (30 characters at most). */
export const ckycReference = (customerId: string, version: number) => `SOT-${customerId.replace(/-/g, "").slice(0, 8).toUpperCase()}-V${version}`;

export function createCkycService(deps: { db: Db; now: () => Date; port: CkycPort | null; institution: CkycInstitution }) {
  const { db, now, port, institution } = deps;

  const stateOf = (row: typeof ckycUploads.$inferSelect): CkycUploadState => ({
    customerId: row.customerId,
    version: row.version,
    reference: row.reference,
    status: row.status,
    ckycNumber: row.ckycNumber,
    reasons: row.rejectionReasons as CkycReason[],
    attempts: row.attempts,
  });

  async function current(customerId: string, version: number) {
    const [row] = await db
      .select()
      .from(ckycUploads)
      .where(and(eq(ckycUploads.customerId, customerId), eq(ckycUploads.version, version)));
    return row ?? null;
  }

  async function settle(id: number, set: Partial<typeof ckycUploads.$inferInsert>) {
    const [row] = await db
      .update(ckycUploads)
      .set({ ...set, updatedAt: now() })
      .where(eq(ckycUploads.id, id))
      .returning();
    return stateOf(row);
  }

  return {
    /** The state of a customer's version, or null when it was never sent. */
    async state(customerId: string, version: number): Promise<CkycUploadState | null> {
      const row = await current(customerId, version);
      return row ? stateOf(row) : null;
    },

    /**
     * Sends version `version` of the customer's record, built from `customer` (their data as it is now),
     * unless that version is already accepted or being sent: then its state is answered and nothing is sent.
     */
    async send(customerId: string, version: number, customer: Omit<CkycCustomerInput, "reference">): Promise<CkycUploadState> {
      if (!port) throw new Error("No CKYC port: set CKYC_URL, CKYC_FI_CODE and CKYC_API_KEY.");
      const reference = ckycReference(customerId, version);
      const at = now();
      await db
        .insert(ckycUploads)
        .values({ customerId, version, reference, status: "NOT_SENT", rejectionReasons: [], createdAt: at, updatedAt: at })
        .onConflictDoNothing();
      // The claim: one sender at a time, never after acceptance.
      const [claimed] = await db
        .update(ckycUploads)
        .set({ status: "SENDING", attempts: sql`${ckycUploads.attempts} + 1`, lastAttemptAt: at, updatedAt: at })
        .where(
          and(
            eq(ckycUploads.customerId, customerId),
            eq(ckycUploads.version, version),
            ne(ckycUploads.status, "ACCEPTED"),
            or(ne(ckycUploads.status, "SENDING"), lt(ckycUploads.lastAttemptAt, new Date(at.getTime() - SENDING_TIMEOUT_MS))),
          ),
        )
        .returning();
      if (!claimed) return stateOf((await current(customerId, version))!);
      const built = toCkycRecord({ ...customer, reference }, institution);
      if (!built.ok) {
        // Not sent: the attempt is not counted against CKYCR.
        const reasons = built.problems.map((message) => ({ code: OWN_CHECK, message }));
        return settle(claimed.id, { status: "NOT_SENT", attempts: claimed.attempts - 1, rejectionReasons: reasons });
      }
      const batchNumber = `${String(claimed.id).padStart(7, "0")}${String(claimed.attempts).padStart(2, "0")}`;
      const header = { batchNumber, fiCode: institution.fiCode, regionCode: institution.regionCode, createdOn: todayInIndia(at), version: FILE_VERSION };
      const { fileName, zip } = ckycUploadZip(header, [built.record]);
      try {
        const result = await port.upload({ reference, fileName, zip });
        if (result.status === "ACCEPTED") return settle(claimed.id, { status: "ACCEPTED", ckycNumber: result.ckycNumber, rejectionReasons: [] });
        return settle(claimed.id, { status: "REJECTED", rejectionReasons: result.reasons });
      } catch (error) {
        // CKYCR did not answer: the record is kept and may be sent again.
        await settle(claimed.id, { status: "FAILED", rejectionReasons: [{ code: "UNANSWERED", message: (error as Error).message }] });
        throw error;
      }
    },
  };
}

export type CkycService = ReturnType<typeof createCkycService>;

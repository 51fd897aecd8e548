// Reading a lead's signing (decision 8): its latest request, alone or as part of a caller's statement (the
// dashboard), and the signed agreement itself.
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { rowText } from "../../db/row-text.ts";
import { esignRequests, uploadedFiles } from "../../db/schema/index.ts";
import type { StoragePort } from "../../providers/storage/port.ts";
import type { EsignRequest } from "./esign-completion.ts";

export function createEsignReads(deps: { db: Db; storage: StoragePort }) {
  const { db, storage } = deps;
  // Read on every dashboard load (is the agreement signed?): the SQL is built once.
  const latestOfLead = db
    .select()
    .from(esignRequests)
    .where(eq(esignRequests.leadId, sql.placeholder("leadId")))
    .orderBy(desc(esignRequests.createdAt))
    .limit(1)
    .prepare("esign_latest_of_lead");
  const requestText = rowText(esignRequests);

  return {
    /**
     * The latest signing request of a lead (for the screens), as a part of one statement of the caller's; `leadId`
     * is that statement's SQL for the lead.
     */
    latestPart(leadId: SQL) {
      return {
        sql: sql`(select ${requestText.sql} from ${esignRequests} where ${esignRequests.leadId} = ${leadId} order by ${esignRequests.createdAt} desc limit 1)`,
        decode: (value: unknown): EsignRequest | null => requestText.decode(value),
      };
    },

    async latest(leadId: string): Promise<EsignRequest | null> {
      const [row] = await latestOfLead.execute({ leadId });
      return row ?? null;
    },

    /** The signed agreement of the customer's own lead (the caller checked the owner). */
    async signedAgreement(profileId: string, leadId: string): Promise<Uint8Array | null> {
      const [row] = await db
        .select({ key: uploadedFiles.storageKey })
        .from(esignRequests)
        .innerJoin(uploadedFiles, eq(uploadedFiles.id, esignRequests.signedFileId))
        .where(and(eq(esignRequests.leadId, leadId), eq(esignRequests.profileId, profileId), eq(esignRequests.status, "SIGNED")))
        .orderBy(desc(esignRequests.signedAt))
        .limit(1);
      return row ? await storage.get(row.key) : null;
    },
  };
}

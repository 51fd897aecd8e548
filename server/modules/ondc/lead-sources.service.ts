// Issue 32: which applications came through ONDC, for the back-office desks (docs/decisions/providers.md, "The
// source on every desk"). A lead came through a buyer app when one of our forms accepted it in a transaction
// (a submission of outcome 'eligible'); its buyer app is the one that sent that transaction's requests. The
// composition root hands these two functions to the desks' services, which never import the ONDC module.
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { LeadSource } from "../../../core/admin/lead-source.ts";
import type { Db } from "../../db/client.ts";
import { ondcFormSubmissions, ondcMessages } from "../../db/schema/index.ts";

export function createLeadSources(deps: { db: Db }) {
  const { db } = deps;

  return {
    /** The ONDC leads among these, each with its buyer app and transaction (the latest accepted form's): one query. */
    async of(leadIds: string[]): Promise<Map<string, LeadSource>> {
      const ids = [...new Set(leadIds)];
      if (!ids.length) return new Map();
      const rows = await db
        .selectDistinctOn([ondcFormSubmissions.leadId], {
          leadId: ondcFormSubmissions.leadId,
          transactionId: ondcFormSubmissions.transactionId,
          // The sender of the transaction's first request (bap_id is the signer, checked on arrival).
          bapId: sql<
            string | null
          >`(select ${ondcMessages.bapId} from ${ondcMessages} where ${ondcMessages.transactionId} = ${ondcFormSubmissions.transactionId} and ${ondcMessages.direction} = 'in' order by ${ondcMessages.receivedAt} limit 1)`,
        })
        .from(ondcFormSubmissions)
        .where(and(inArray(ondcFormSubmissions.leadId, ids), eq(ondcFormSubmissions.outcome, "eligible")))
        .orderBy(ondcFormSubmissions.leadId, sql`${ondcFormSubmissions.createdAt} desc`);
      return new Map(rows.map((r) => [r.leadId!, { kind: "ondc", bapId: r.bapId, transactionId: r.transactionId }]));
    },

    /** A condition on a lead id column: true for a lead that came through ONDC (for a queue's filter by source). */
    cameThroughOndc(leadId: AnyPgColumn): SQL {
      return sql`exists (select 1 from ${ondcFormSubmissions} where ${ondcFormSubmissions.leadId} = ${leadId} and ${ondcFormSubmissions.outcome} = 'eligible')`;
    },
  };
}

export type LeadSources = ReturnType<typeof createLeadSources>;

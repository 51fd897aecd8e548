// Reading a customer's consents (issue 23, decision 42): the current state of each purpose, the whole
// history for the export, and the one-purpose checks other modules ask before they use data.
import { and, asc, desc, eq } from "drizzle-orm";
import { CONSENT_PURPOSES, type ConsentPurpose, type NoticeLanguage } from "../../../core/data-rights/index.ts";
import type { Db } from "../../db/client.ts";
import { consents } from "../../db/schema/index.ts";

export interface ConsentState {
  purpose: ConsentPurpose;
  granted: boolean;
  /** When the latest grant or withdrawal was recorded; null when never asked. */
  at: string | null;
  noticeVersion: number | null;
  language: NoticeLanguage | null;
  source: string | null;
}

export interface ConsentEvent {
  purpose: ConsentPurpose;
  action: "grant" | "withdraw";
  noticeVersion: number;
  language: NoticeLanguage;
  source: string;
  at: string;
}

/** The latest row of each purpose (rows are append-only, so the highest id is the current one). */
export async function latestConsents(executor: Pick<Db, "select">, profileId: string) {
  const rows = await executor.select().from(consents).where(eq(consents.profileId, profileId)).orderBy(desc(consents.id));
  const byPurpose = new Map<ConsentPurpose, (typeof rows)[number]>();
  for (const row of rows) if (!byPurpose.has(row.purpose)) byPurpose.set(row.purpose, row);
  return byPurpose;
}

export function createConsentReads(deps: { db: Db }) {
  const { db } = deps;
  /** The latest record of a purpose: granted, withdrawn, or never asked (null). */
  async function choice(profileId: string, purpose: ConsentPurpose): Promise<boolean | null> {
    const [row] = await db
      .select({ action: consents.action })
      .from(consents)
      .where(and(eq(consents.profileId, profileId), eq(consents.purpose, purpose)))
      .orderBy(desc(consents.id))
      .limit(1);
    return row ? row.action === "grant" : null;
  }

  return {
    /** Every purpose with its current state (never asked counts as not granted). */
    async states(profileId: string): Promise<ConsentState[]> {
      const byPurpose = await latestConsents(db, profileId);
      return CONSENT_PURPOSES.map((purpose) => {
        const row = byPurpose.get(purpose);
        return {
          purpose,
          granted: row?.action === "grant",
          at: row ? row.at.toISOString() : null,
          noticeVersion: row?.noticeVersion ?? null,
          language: row?.language ?? null,
          source: row?.source ?? null,
        };
      });
    },

    /** The whole history, oldest first (for the export). */
    async history(profileId: string): Promise<ConsentEvent[]> {
      const rows = await db.select().from(consents).where(eq(consents.profileId, profileId)).orderBy(asc(consents.id));
      return rows.map((r) => ({
        purpose: r.purpose,
        action: r.action,
        noticeVersion: r.noticeVersion,
        language: r.language,
        source: r.source,
        at: r.at.toISOString(),
      }));
    },

    /** Whether the latest record for the purpose is a grant. */
    async given(profileId: string, purpose: ConsentPurpose): Promise<boolean> {
      return (await choice(profileId, purpose)) === true;
    },

    choice,
  };
}

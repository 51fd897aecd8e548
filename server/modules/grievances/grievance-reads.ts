// Reading complaints outside the desk (issue 22): the customer's own with our replies and notices, and the
// collections desk's flag for customers with an unresolved complaint about collection.
import type { GrievanceEventView } from "../../../core/admin/grievance-desk.ts";
import { and, asc, desc, eq, inArray, isNotNull } from "drizzle-orm";
import { COLLECTION_CATEGORY, GRIEVANCE_CATEGORY_LABELS, UNRESOLVED_STATUSES } from "../../../core/grievances.ts";
import { grievances } from "../../db/schema/index.ts";
import type { GrievanceDeps, GrievanceKit } from "./grievance-kit.ts";

export interface CustomerComplaint {
  reference: string;
  category: string;
  categoryLabel: string;
  status: string;
  loanNo: string | null;
  description: string;
  raisedAt: string;
  events: GrievanceEventView[];
  attachment: AttachedFile | null;
}

/** What the customer is told of their attachment: a photo or a PDF, and its size (never its content). */
export interface AttachedFile {
  kind: "photo" | "pdf";
  bytes: number;
}

export function attachedFile(contentType: string | null, bytes: number | null): AttachedFile | null {
  if (!contentType) return null;
  return { kind: contentType === "application/pdf" ? "pdf" : "photo", bytes: bytes ?? 0 };
}

export function createGrievanceReads(deps: Pick<GrievanceDeps, "db">, kit: Pick<GrievanceKit, "eventsOf">) {
  const { db } = deps;
  const { eventsOf } = kit;

  return {
    /** The customer's own complaints, newest first, with our replies and notices. */
    async customerComplaints(profileId: string): Promise<CustomerComplaint[]> {
      const rows = await db.select().from(grievances).where(eq(grievances.profileId, profileId)).orderBy(desc(grievances.raisedAt)).limit(100);
      const events = await eventsOf(rows.map((r) => r.id));
      return rows.map((g) => ({
        reference: g.reference,
        category: g.category,
        categoryLabel: GRIEVANCE_CATEGORY_LABELS[g.category],
        status: g.status,
        loanNo: g.loanNo,
        description: g.description,
        raisedAt: g.raisedAt.toISOString(),
        events: events.get(g.id) ?? [],
        attachment: attachedFile(g.attachmentType, g.attachmentBytes),
      }));
    },

    /** The collections desk's flag: customers with an unresolved complaint about collection. */
    async openCollectionGrievances(profileIds: string[]): Promise<Map<string, { reference: string; raisedAt: string }>> {
      const out = new Map<string, { reference: string; raisedAt: string }>();
      if (!profileIds.length) return out;
      const rows = await db
        .select({ profileId: grievances.profileId, reference: grievances.reference, raisedAt: grievances.raisedAt })
        .from(grievances)
        .where(
          and(
            isNotNull(grievances.profileId),
            inArray(grievances.profileId, profileIds),
            eq(grievances.category, COLLECTION_CATEGORY),
            inArray(grievances.status, [...UNRESOLVED_STATUSES]),
          ),
        )
        .orderBy(asc(grievances.raisedAt));
      for (const r of rows) if (r.profileId && !out.has(r.profileId)) out.set(r.profileId, { reference: r.reference, raisedAt: r.raisedAt.toISOString() });
      return out;
    },
  };
}

// The daily grievance-deadlines job: each unresolved complaint past the escalation days goes to the
// nodal officer (once), and past the ombudsman days the customer is told they may go to the RBI
// Integrated Ombudsman (once). Each step is claimed by a conditional update, so two runs never repeat one.
import { and, eq, inArray, isNull } from "drizzle-orm";
import { OMBUDSMAN_TEXT, RBI_CMS_URL, UNRESOLVED_STATUSES, grievanceDeadlinesDue } from "../../../core/grievances.ts";
import { grievanceEvents, grievances } from "../../db/schema/index.ts";
import type { GrievanceDeps, GrievanceKit } from "./grievance-kit.ts";

export function createGrievanceDeadlines(deps: GrievanceDeps, kit: GrievanceKit) {
  const { db, audit, deadlines, now } = deps;
  const { tell, escalate } = kit;

  return async function runDeadlines(): Promise<{ escalated: number; ombudsmanNotices: number }> {
    const at = now();
    const open = await db
      .select()
      .from(grievances)
      .where(inArray(grievances.status, [...UNRESOLVED_STATUSES]));
    let escalated = 0;
    let ombudsmanNotices = 0;
    for (const g of open) {
      const due = grievanceDeadlinesDue(g, at, deadlines);
      if (due.escalate && (await escalate(g, null))) escalated++;
      if (due.ombudsmanNotice) {
        const claimed = await db.transaction(async (tx) => {
          const rows = await tx
            .update(grievances)
            .set({ ombudsmanNoticeAt: at })
            .where(and(eq(grievances.id, g.id), isNull(grievances.ombudsmanNoticeAt), inArray(grievances.status, [...UNRESOLVED_STATUSES])))
            .returning({ id: grievances.id });
          if (!rows.length) return false;
          await tx.insert(grievanceEvents).values({ grievanceId: g.id, kind: "ombudsman_notice", body: OMBUDSMAN_TEXT, staffId: null, at });
          await audit.record(tx, {
            actor: null,
            action: "grievance.ombudsman_notice",
            target: { kind: "grievance", id: g.id },
            after: { reference: g.reference },
          });
          return true;
        });
        if (claimed) {
          ombudsmanNotices++;
          await tell(g, {
            notice: { kind: "grievance_ombudsman", vars: { reference: g.reference, portal: RBI_CMS_URL } },
            subject: `Your complaint ${g.reference}: you may go to the RBI Integrated Ombudsman`,
            lines: [
              `Your complaint ${g.reference} was raised ${deadlines.ombudsmanDays} days ago and is not yet resolved.`,
              `You may now complain to the Reserve Bank of India's Integrated Ombudsman at ${RBI_CMS_URL}. Quote our reference ${g.reference}.`,
              "We are still working on it and will write to you.",
            ],
          });
        }
      }
    }
    return { escalated, ombudsmanNotices };
  };
}

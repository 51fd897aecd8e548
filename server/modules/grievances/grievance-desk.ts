// The grievance desk (grievance officer and admin act; the auditor reads): the list oldest first, a
// complaint with its events (reading it is audited), its attachment, and reply, resolve, escalate and
// close, each step with its event and audit row in one transaction.
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { GrievanceDetail } from "../../../core/admin/grievance-desk.ts";
import { todayInIndia } from "../../../core/calendar.ts";
import { GRIEVANCE_LIMITS, GRIEVANCE_DESK_MESSAGES as GM, UNRESOLVED_STATUSES } from "../../../core/grievances.ts";
import { customerProfiles, grievanceEvents, grievances, type GrievanceEventKind } from "../../db/schema/index.ts";
import { requireStaffRole, type StaffActor } from "../credit/credit.service.ts";
import { NotFound, Refused } from "../domain-errors.ts";
import { invalid, maskEmail, maskMobile, type Grievance, type GrievanceDeps, type GrievanceKit } from "./grievance-kit.ts";

const EXTENSIONS = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "application/pdf": "pdf" } as Record<string, string>;
const DESK_READ = ["grievance_officer", "admin", "auditor"] as const;
const DESK_ACT = ["grievance_officer", "admin"] as const;
/** Complaints per page of the desk: every complaint is reachable, however many there are. */
export const GRIEVANCE_PAGE_SIZE = 50;

export function createGrievanceDesk(deps: GrievanceDeps, kit: GrievanceKit) {
  const { db, storage, audit, deadlines, now } = deps;
  const { complaintsLink, contactOf, tell, loadGrievance, eventsOf, rowOf, escalate } = kit;

  /** A staff step on one complaint: the event, the status change and the audit row in one transaction. */
  async function staffStep(
    who: StaffActor,
    g: Grievance,
    step: { kind: GrievanceEventKind; body: string | null; set?: Partial<typeof grievances.$inferInsert>; action: string },
  ) {
    await db.transaction(async (tx) => {
      const at = now();
      if (step.set) await tx.update(grievances).set(step.set).where(eq(grievances.id, g.id));
      await tx.insert(grievanceEvents).values({ grievanceId: g.id, kind: step.kind, body: step.body, staffId: who.staffId, at });
      await audit.record(tx, {
        actor: who,
        action: step.action,
        target: { kind: "grievance", id: g.id },
        before: { status: g.status },
        after: { status: step.set?.status ?? g.status, reference: g.reference, ...(step.body ? { reply: step.body } : {}) },
      });
    });
  }

  function replyText(body: unknown): string {
    const text = String(body ?? "").trim();
    if (text.length < GRIEVANCE_LIMITS.replyMin || text.length > GRIEVANCE_LIMITS.replyMax) invalid({ body: GM.reply });
    return text;
  }

  return {
    async list(staff: StaffActor | null, query: { show?: "open" | "all"; page?: number; order?: "oldest" | "newest" } = {}) {
      requireStaffRole(staff, ...DESK_READ);
      const at = now();
      const where = query.show === "all" ? undefined : inArray(grievances.status, [...UNRESOLVED_STATUSES]);
      const order: "oldest" | "newest" = query.order === "newest" ? "newest" : "oldest";
      const [{ total }] = await db.select({ total: count() }).from(grievances).where(where);
      const pages = Math.max(1, Math.ceil(total / GRIEVANCE_PAGE_SIZE));
      // A page past the end shows the last one; anything that is not a whole number shows the first.
      const page = Math.min(pages, Math.max(1, Number.isSafeInteger(query.page) ? query.page! : 1));
      const by = order === "oldest" ? asc : desc;
      const rows = await db
        .select({ g: grievances, profileName: customerProfiles.fullName })
        .from(grievances)
        .leftJoin(customerProfiles, eq(customerProfiles.id, grievances.profileId))
        .where(where)
        .orderBy(by(grievances.raisedAt), by(grievances.reference))
        .limit(GRIEVANCE_PAGE_SIZE)
        .offset((page - 1) * GRIEVANCE_PAGE_SIZE);
      const replies = rows.length
        ? await db
            .select({ id: grievanceEvents.grievanceId })
            .from(grievanceEvents)
            .where(
              and(
                inArray(
                  grievanceEvents.grievanceId,
                  rows.map((r) => r.g.id),
                ),
                eq(grievanceEvents.kind, "reply"),
              ),
            )
        : [];
      return {
        rows: rows.map((r) => rowOf(r.g, r.profileName ?? r.g.name, replies.filter((x) => x.id === r.g.id).length, at)),
        today: todayInIndia(at),
        escalationDays: deadlines.escalationDays,
        ombudsmanDays: deadlines.ombudsmanDays,
        total,
        page,
        pageSize: GRIEVANCE_PAGE_SIZE,
        order,
      };
    },

    async detail(staff: StaffActor | null, id: string): Promise<GrievanceDetail> {
      const who = requireStaffRole(staff, ...DESK_READ);
      const g = await loadGrievance(id);
      const contact = await contactOf(g);
      const events = (await eventsOf([g.id])).get(g.id) ?? [];
      // Reading a complaint shows the customer's own words: audited like any read of personal data.
      await db.transaction((tx) => audit.record(tx, { actor: who, action: "grievance.view", target: { kind: "grievance", id: g.id } }));
      return {
        ...rowOf(g, contact.name, events.filter((e) => e.kind === "reply").length, now()),
        description: g.description,
        source: g.source,
        mobile: maskMobile(contact.mobile),
        email: maskEmail(contact.email),
        attachment: g.attachmentKey && g.attachmentType ? { contentType: g.attachmentType, bytes: g.attachmentBytes ?? 0 } : null,
        events,
      };
    },

    async attachment(staff: StaffActor | null, id: string) {
      const who = requireStaffRole(staff, ...DESK_READ);
      const g = await loadGrievance(id);
      const bytes = g.attachmentKey ? await storage.get(g.attachmentKey) : null;
      if (!bytes || !g.attachmentType) throw new NotFound(GM.notFound);
      await db.transaction((tx) => audit.record(tx, { actor: who, action: "grievance.attachment", target: { kind: "grievance", id: g.id } }));
      return { bytes, contentType: g.attachmentType, fileName: `${g.reference}.${EXTENSIONS[g.attachmentType] ?? "bin"}` };
    },

    async reply(staff: StaffActor | null, input: { id: string; body: string }) {
      const who = requireStaffRole(staff, ...DESK_ACT);
      const body = replyText(input?.body);
      const g = await loadGrievance(String(input?.id ?? ""));
      if (g.status === "closed") throw new Refused(GM.alreadyClosed);
      await staffStep(who, g, { kind: "reply", body, action: "grievance.reply" });
      await tell(g, {
        notice: g.profileId ? { kind: "grievance_replied", vars: { reference: g.reference, link: complaintsLink } } : undefined,
        email: "grievance_replied",
        values: () => ({ reply: body, online: g.profileId ? "yes" : "no", link: complaintsLink }),
      });
    },

    async resolve(staff: StaffActor | null, input: { id: string; body: string }) {
      const who = requireStaffRole(staff, ...DESK_ACT);
      const body = replyText(input?.body);
      const g = await loadGrievance(String(input?.id ?? ""));
      if (!UNRESOLVED_STATUSES.includes(g.status)) throw new Refused(g.status === "closed" ? GM.alreadyClosed : GM.alreadyResolved);
      await staffStep(who, g, { kind: "resolved", body, set: { status: "resolved", resolvedAt: now() }, action: "grievance.resolve" });
      await tell(g, {
        notice: g.profileId ? { kind: "grievance_replied", vars: { reference: g.reference, link: complaintsLink } } : undefined,
        email: "grievance_resolved",
        values: () => ({ reply: body }),
      });
    },

    /** Sends an open complaint to the nodal officer before the deadline (the daily job does it at the deadline). */
    async escalate(staff: StaffActor | null, input: { id: string }) {
      const who = requireStaffRole(staff, ...DESK_ACT);
      const g = await loadGrievance(String(input?.id ?? ""));
      if (g.status === "closed") throw new Refused(GM.alreadyClosed);
      if (g.status === "resolved") throw new Refused(GM.alreadyResolved);
      if (g.status === "escalated" || !(await escalate(g, who))) throw new Refused(GM.alreadyEscalated);
    },

    async close(staff: StaffActor | null, input: { id: string }) {
      const who = requireStaffRole(staff, ...DESK_ACT);
      const g = await loadGrievance(String(input?.id ?? ""));
      if (g.status === "closed") throw new Refused(GM.alreadyClosed);
      if (g.status !== "resolved") throw new Refused(GM.resolveFirst);
      await staffStep(who, g, { kind: "closed", body: null, set: { status: "closed", closedAt: now() }, action: "grievance.close" });
    },
  };
}

// The back office queue of correction and erasure requests (issue 23, decision 42): the list oldest due
// first, a correction marked made or an erasure run, or a request rejected; each with its audit row.
import { and, asc, eq, sql } from "drizzle-orm";
import { todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import { RIGHTS_TEXT_MAX, type ConsentPurpose } from "../../../core/data-rights/index.ts";
import type { StaffPrincipal } from "../../../core/staff.ts";
import type { DataRequestRow, RightsRequestView } from "../../../core/admin/data-request-desk.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles, dataRequests, leads, sessions } from "../../db/schema/index.ts";
import { maskValue, type AuditService } from "../audit/audit.service.ts";
import { InvalidInput, NotFound, Refused } from "../domain-errors.ts";
import { requireRole } from "../staff/staff.service.ts";
import type { ConsentsService } from "./consents.service.ts";
import { NO_CAMPAIGN, NO_CONTACTS, NO_IDENTITY } from "./erased-columns.ts";

/** The desk's refusals: staff English (decision 38). */
const M = {
  textTooLong: `Please keep it under ${RIGHTS_TEXT_MAX} characters.`,
  erasureActiveLoan: "The customer's loan is still open. Their data can be erased only after it is repaid and closed.",
  requestNotFound: "This request was not found.",
  requestNotOpen: "This request has already been handled.",
  reasonRequired: "Please give a reason of at least 5 characters.",
} as const;

/** Purposes an erasure ends for good (the loan-record purposes end with the records' retention). */
const ERASURE_WITHDRAWS: readonly ConsentPurpose[] = ["marketing", "tracking", "reminders", "credit_bureau", "account_aggregator"];
/** Staff pages a time. */
const PAGE_SIZE = 25;

export const day = (at: Date) => todayInIndia(at);

/** A request as both the customer's My data page and the desk show it. */
export function requestView(r: typeof dataRequests.$inferSelect): RightsRequestView {
  return {
    id: r.id,
    kind: r.kind,
    details: r.details,
    status: r.status,
    requestedOn: day(r.requestedAt),
    dueOn: r.dueOn,
    handledOn: r.handledAt ? day(r.handledAt) : null,
    outcome: r.outcome,
    recordsKeptUntil: r.recordsKeptUntil,
  };
}

export function createDataRequestDesk(deps: {
  db: Db;
  consents: ConsentsService;
  audit: AuditService;
  now: () => Date;
  retention: (profileId: string) => Promise<{ openLoan: boolean; keptUntil: IsoDate | null }>;
}) {
  const { db, consents, audit, now, retention } = deps;

  /**
   * Erases what no law makes us keep (decision 42): campaign data, e-mail, spouse details, sessions and
   * every optional consent. A customer who never had a loan also loses the identity fields. Loan and
   * identity records of a loan stay until five years after the last loan closed.
   */
  async function erase(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], profileId: string, staff: StaffPrincipal, keptUntil: IsoDate | null) {
    const at = now();
    const identity = keptUntil ? {} : NO_IDENTITY;
    await tx
      .update(customerProfiles)
      .set({ ...NO_CAMPAIGN, ...identity, ...NO_CONTACTS, erasedAt: at, recordsKeptUntil: keptUntil, updatedAt: at })
      .where(eq(customerProfiles.id, profileId));
    await tx.update(leads).set(NO_CAMPAIGN).where(eq(leads.profileId, profileId));
    await tx
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.profileId, profileId), sql`${sessions.revokedAt} IS NULL`));
    const withdrawn = await consents.withdrawAllIn(tx, profileId, ERASURE_WITHDRAWS, "erasure", staff);
    return {
      erased: [
        "campaign attribution",
        "e-mail address",
        "spouse name and mobile",
        "signed-in sessions",
        ...(keptUntil ? [] : ["name, date of birth, address and income"]),
      ],
      withdrawn,
    };
  }

  async function requestById(id: unknown) {
    if (typeof id !== "string" || !/^[0-9a-f-]{36}$/i.test(id)) throw new NotFound(M.requestNotFound);
    const [row] = await db.select().from(dataRequests).where(eq(dataRequests.id, id));
    if (!row) throw new NotFound(M.requestNotFound);
    return row;
  }

  return {
    /** The queue, oldest due first; open only by default. */
    async list(staff: StaffPrincipal | null, query: { show?: "open" | "all"; page?: number } = {}) {
      requireRole(staff, "data_protection", "auditor");
      const page = Math.max(1, Math.floor(Number(query.page) || 1));
      const where = query.show === "all" ? undefined : eq(dataRequests.status, "OPEN");
      const rows = await db
        .select({ r: dataRequests, mobile: customerProfiles.mobile })
        .from(dataRequests)
        .innerJoin(customerProfiles, eq(customerProfiles.id, dataRequests.profileId))
        .where(where)
        .orderBy(asc(dataRequests.dueOn), asc(dataRequests.requestedAt))
        .limit(PAGE_SIZE)
        .offset((page - 1) * PAGE_SIZE);
      const [{ total }] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(dataRequests)
        .where(where);
      const today = day(now());
      const out: DataRequestRow[] = rows.map(({ r, mobile }) => ({
        ...requestView(r),
        customer: `mobile ${String(maskValue(mobile))}`,
        late: r.status === "OPEN" && r.dueOn < today,
      }));
      return { rows: out, total, page, pageSize: PAGE_SIZE };
    },

    /** Marks a correction made, or runs an erasure, with what was done written to the request and the audit chain. */
    async complete(staff: StaffPrincipal | null, input: { id?: unknown; outcome?: unknown }) {
      const who = requireRole(staff, "data_protection");
      const row = await requestById(input?.id);
      if (row.status !== "OPEN") throw new Refused(M.requestNotOpen);
      const note = typeof input?.outcome === "string" ? input.outcome.trim() : "";
      if (note.length > RIGHTS_TEXT_MAX) throw new InvalidInput(M.textTooLong, { outcome: M.textTooLong });
      if (row.kind === "correction" && note.length < 5) throw new InvalidInput(M.reasonRequired, { outcome: M.reasonRequired });
      const kept = await retention(row.profileId);
      if (row.kind === "erasure" && kept.openLoan) throw new Refused(M.erasureActiveLoan);
      return db.transaction(async (tx) => {
        const at = now();
        const done = row.kind === "erasure" ? await erase(tx, row.profileId, who, kept.keptUntil) : null;
        const outcome =
          done !== null
            ? [
                `Erased: ${done.erased.join(", ")}.`,
                kept.keptUntil
                  ? `Loan and identity records are kept until ${kept.keptUntil} (five years after the last loan closed), then deleted.`
                  : "No loan records are held.",
                note,
              ]
                .filter(Boolean)
                .join(" ")
            : note;
        const [updated] = await tx
          .update(dataRequests)
          .set({ status: "DONE", handledBy: who.staffId, handledByEmail: who.email, handledAt: at, outcome, recordsKeptUntil: done ? kept.keptUntil : null })
          .where(and(eq(dataRequests.id, row.id), eq(dataRequests.status, "OPEN")))
          .returning();
        if (!updated) throw new Refused(M.requestNotOpen);
        await audit.record(tx, {
          actor: who,
          action: `data_request.${row.kind}.done`,
          target: { kind: "data_request", id: row.id },
          after: { profile_id: row.profileId, records_kept_until: updated.recordsKeptUntil, withdrawn: done?.withdrawn ?? [] },
          reason: note || null,
        });
        return requestView(updated);
      });
    },

    async reject(staff: StaffPrincipal | null, input: { id?: unknown; reason?: unknown }) {
      const who = requireRole(staff, "data_protection");
      const row = await requestById(input?.id);
      if (row.status !== "OPEN") throw new Refused(M.requestNotOpen);
      const reason = typeof input?.reason === "string" ? input.reason.trim() : "";
      if (reason.length < 5) throw new InvalidInput(M.reasonRequired, { reason: M.reasonRequired });
      if (reason.length > RIGHTS_TEXT_MAX) throw new InvalidInput(M.textTooLong, { reason: M.textTooLong });
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(dataRequests)
          .set({ status: "REJECTED", handledBy: who.staffId, handledByEmail: who.email, handledAt: now(), outcome: reason })
          .where(and(eq(dataRequests.id, row.id), eq(dataRequests.status, "OPEN")))
          .returning();
        if (!updated) throw new Refused(M.requestNotOpen);
        await audit.record(tx, { actor: who, action: `data_request.${row.kind}.rejected`, target: { kind: "data_request", id: row.id }, reason });
        return requestView(updated);
      });
    },
  };
}

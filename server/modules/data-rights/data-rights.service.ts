// Issue 23 (DPDP Act 2023, Rules 2025; decision 42): the borrower's My data page, the export of all
// their data, correction and erasure requests, and the back office queue that answers them.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import {
  DATA_RIGHTS_MESSAGES as M,
  isConsentPurpose,
  loanRecordsKeptUntil,
  PURPOSE_NOTICES,
  purposeNotice,
  RIGHTS_TEXT_MAX,
  rightsRequestDueOn,
  type ConsentPurpose,
  type RightsRequestKind,
} from "../../../core/data-rights/index.ts";
import { DATA_RIGHTS_CODES, type Language } from "../../../core/i18n/index.ts";
import type { StaffPrincipal } from "../../../core/staff.ts";
import type { DataRequestRow, RightsRequestView } from "../../../core/admin/data-request-desk.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles, dataRequests, leads, loanAccounts, sessions } from "../../db/schema/index.ts";
import { maskValue, type AuditService } from "../audit/audit.service.ts";
import { InvalidInput, NotFound, Refused } from "../domain-errors.ts";
import { requireRole } from "../staff/staff.service.ts";
import type { ConsentsService } from "./consents.service.ts";
import { createDataExport } from "./data-export.ts";
import { renderDataExportPdf } from "./data-export-pdf.ts";
import { NO_CAMPAIGN, NO_CONTACTS, NO_IDENTITY } from "./erased-columns.ts";

/** A loan that still needs its data for servicing: applied and not yet closed or rejected. */
const OPEN_LOAN_STATUSES = ["SUBMITTED", "SANCTIONED", "DISBURSED"];
/** Purposes an erasure ends for good (the loan-record purposes end with the records' retention). */
const ERASURE_WITHDRAWS: readonly ConsentPurpose[] = ["marketing", "tracking", "reminders", "credit_bureau", "account_aggregator"];
/** Staff pages a time. */
const PAGE_SIZE = 25;

export interface RetentionView {
  /** A loan in progress or open: its records are in use. */
  openLoan: boolean;
  /** The day the last loan closed, when one has. */
  lastClosedOn: IsoDate | null;
  /** Loan and identity records go on this date (five years after the last loan closed). */
  keptUntil: IsoDate | null;
}

const day = (at: Date) => todayInIndia(at);

function requestView(r: typeof dataRequests.$inferSelect): RightsRequestView {
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

export function createDataRightsService(deps: { db: Db; consents: ConsentsService; audit: AuditService; now: () => Date }) {
  const { db, consents, audit, now } = deps;

  async function retention(profileId: string): Promise<RetentionView> {
    const rows = await db
      .select({ status: loanAccounts.status, changedAt: loanAccounts.statusChangedAt })
      .from(loanAccounts)
      .where(eq(loanAccounts.profileId, profileId));
    const openLoan = rows.some((r) => OPEN_LOAN_STATUSES.includes(r.status));
    const closed = rows.filter((r) => r.status === "CLOSED").map((r) => day(r.changedAt));
    const lastClosedOn = closed.length ? closed.sort().at(-1)! : null;
    return { openLoan, lastClosedOn, keptUntil: lastClosedOn ? loanRecordsKeptUntil(lastClosedOn) : null };
  }

  async function requestsOf(profileId: string) {
    const rows = await db.select().from(dataRequests).where(eq(dataRequests.profileId, profileId)).orderBy(desc(dataRequests.requestedAt));
    return rows.map(requestView);
  }

  function cleanText(value: unknown, required: boolean): string | null {
    const text = typeof value === "string" ? value.trim() : "";
    if (!text) {
      if (required) throw new InvalidInput(DATA_RIGHTS_CODES.correctionTextRequired, { details: DATA_RIGHTS_CODES.correctionTextRequired });
      return null;
    }
    if (text.length > RIGHTS_TEXT_MAX) throw new InvalidInput(DATA_RIGHTS_CODES.textTooLong, { details: DATA_RIGHTS_CODES.textTooLong });
    return text;
  }

  async function openRequest(profileId: string, kind: RightsRequestKind, details: string | null): Promise<RightsRequestView> {
    const at = now();
    const dueOn = rightsRequestDueOn(day(at));
    return db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: dataRequests.id })
        .from(dataRequests)
        .where(and(eq(dataRequests.profileId, profileId), eq(dataRequests.kind, kind), eq(dataRequests.status, "OPEN")));
      if (existing) throw new Refused(DATA_RIGHTS_CODES.openRequestExists);
      const [row] = await tx.insert(dataRequests).values({ profileId, kind, details, requestedAt: at, dueOn }).returning();
      await audit.record(tx, {
        actor: null,
        actorEmail: "customer",
        action: `data_request.${kind}`,
        target: { kind: "data_request", id: row.id },
        after: { profile_id: profileId, due_on: dueOn },
      });
      return requestView(row);
    });
  }

  /** Everything we hold about the customer, as plain data (JSON export and the PDF): data-export.ts. */
  const exportData = createDataExport({ db, consents, now, requests: requestsOf, retention });

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

  const desk = {
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

  return {
    retention,

    /** The My data page: each purpose's notice (in the page's language) and state, the retention dates and the requests. */
    async myData(profileId: string, lang: Language = "en") {
      const [states, kept, requests] = await Promise.all([consents.states(profileId), retention(profileId), requestsOf(profileId)]);
      return { consents: states.map((s) => ({ ...s, notice: purposeNotice(s.purpose, lang) })), retention: kept, requests };
    },

    /** `lang`: the language the notice was shown in, recorded with the consent. */
    async grant(profileId: string, purpose: unknown, lang: Language = "en") {
      if (!isConsentPurpose(purpose)) throw new InvalidInput(DATA_RIGHTS_CODES.unknownPurpose, { purpose: DATA_RIGHTS_CODES.unknownPurpose });
      const recorded = await consents.grant(profileId, [purpose], { source: "my_data", language: lang });
      if (recorded.length === 0) throw new Refused(DATA_RIGHTS_CODES.alreadyGranted);
      return { purpose };
    },

    /**
     * Withdraws at once. For a purpose an open loan needs, the answer says what we still keep and use,
     * and until when: everything else stops now.
     */
    async withdraw(profileId: string, purpose: unknown, lang: Language = "en") {
      const withdrawn = await consents.withdraw(profileId, purpose, { source: "my_data", language: lang });
      const kept = await retention(profileId);
      const stillNeeded = PURPOSE_NOTICES[withdrawn].neededByLoan && kept.openLoan;
      return { purpose: withdrawn, stillNeededByLoan: stillNeeded, retention: kept };
    },

    async requestCorrection(profileId: string, details: unknown) {
      return openRequest(profileId, "correction", cleanText(details, true));
    },

    async requestErasure(profileId: string, details: unknown) {
      const text = cleanText(details, false);
      if ((await retention(profileId)).openLoan) throw new Refused(DATA_RIGHTS_CODES.erasureActiveLoan);
      return openRequest(profileId, "erasure", text);
    },

    exportData,

    async exportPdf(profileId: string): Promise<Uint8Array> {
      return renderDataExportPdf(await exportData(profileId));
    },

    desk,
  };
}

export type DataRightsService = ReturnType<typeof createDataRightsService>;
export type DataExport = Awaited<ReturnType<ReturnType<typeof createDataExport>>>;

// Manual journals with four eyes (decision 44): funding, GST set-off and adjustments on the lender's own
// accounts. One person in accounts enters a journal with a reason; another approves it, and approval posts
// it through the ledger (key journal:<id>, kind journal) in the same transaction; or rejects it with a
// reason. Both steps are audited. The auditor reads. Period close lives beside it (period-close.ts).
import { count, desc, eq } from "drizzle-orm";
import type { JournalEntry, JournalRow, JournalStatus } from "../../../core/admin/journal-desk.ts";
import { todayInIndia } from "../../../core/calendar.ts";
import { isUuid } from "../../../core/validation/primitives.ts";
import type { Db } from "../../db/client.ts";
import { manualJournals } from "../../db/schema/index.ts";
import { requireStaffRole, type AuditRecorder, type StaffActor, type Tx } from "../credit/credit.service.ts";
import { InvalidInput, NotFound, Refused } from "../domain-errors.ts";
import { PeriodClosed, type EntryInput, type LedgerService, type LenderAccount } from "../ledger/ledger.service.ts";
import { JOURNAL_ACCOUNTS, JOURNAL_MESSAGES, readJournal } from "./journal-input.ts";
import { createPeriodClose } from "./period-close.ts";

const PAGE_SIZE = 25;
const STATUSES: readonly JournalStatus[] = ["PENDING", "APPROVED", "REJECTED"];

export const journalKey = (journalId: string) => `journal:${journalId}`;

type StaffWithEmail = StaffActor & { email?: string };

export function createJournalsService(deps: { db: Db; ledger: LedgerService; audit: AuditRecorder; now: () => Date }) {
  const { db, ledger, audit, now } = deps;
  const periods = createPeriodClose({ db, audit, now });

  const view = (r: typeof manualJournals.$inferSelect): JournalRow => ({
    id: r.id,
    effectiveOn: r.effectiveOn,
    reason: r.reason,
    lines: r.lines.map((l) => ({ account: l.account, side: l.side, amountPaise: l.amount })),
    totalPaise: Number(r.totalPaise),
    status: r.status,
    enteredByEmail: r.enteredByEmail,
    enteredAt: r.enteredAt.toISOString(),
    decidedByEmail: r.decidedByEmail,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    rejectReason: r.rejectReason,
  });

  /** The pending journal, locked; the decider must not be the person who entered it. */
  async function lockPending(tx: Tx, id: string, who: StaffActor) {
    if (!isUuid(id)) throw new NotFound(JOURNAL_MESSAGES.notFound);
    const [row] = await tx.select().from(manualJournals).where(eq(manualJournals.id, id.toLowerCase())).for("update");
    if (!row) throw new NotFound(JOURNAL_MESSAGES.notFound);
    if (row.status !== "PENDING") throw new Refused(JOURNAL_MESSAGES.notPending);
    if (row.enteredBy === who.staffId) throw new Refused(JOURNAL_MESSAGES.fourEyes);
    return row;
  }

  const entryOf = (row: typeof manualJournals.$inferSelect): EntryInput => ({
    idempotencyKey: journalKey(row.id),
    kind: "journal",
    loanId: null,
    effectiveOn: row.effectiveOn,
    memo: `journal: ${row.reason}`.slice(0, 500),
    postings: row.lines.map((l) => ({ account: l.account as LenderAccount, side: l.side, amount: l.amount })),
  });

  const desk = {
    async accounts(staff: StaffActor | null) {
      requireStaffRole(staff, "accounts", "auditor");
      return JOURNAL_ACCOUNTS;
    },

    async enter(staff: StaffWithEmail | null, input: JournalEntry): Promise<JournalRow> {
      const who = requireStaffRole(staff, "accounts");
      const at = now();
      const read = readJournal(input, { today: todayInIndia(at), firstOpenDay: await ledger.firstOpenDay() });
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(manualJournals)
          .values({ ...read, enteredBy: who.staffId, enteredByEmail: who.email ?? null, enteredAt: at })
          .returning();
        await audit.record(tx, {
          actor: who,
          action: "journal.enter",
          target: { kind: "manual_journal", id: row.id },
          after: { effectiveOn: read.effectiveOn, lines: read.lines, totalPaise: read.totalPaise },
          reason: read.reason,
        });
        return view(row);
      });
    },

    async list(staff: StaffActor | null, query: { status?: JournalStatus; page?: number } = {}) {
      requireStaffRole(staff, "accounts", "auditor");
      const status = STATUSES.includes(query.status as JournalStatus) ? (query.status as JournalStatus) : "PENDING";
      const page = Math.max(1, Math.floor(Number(query.page) || 1));
      const where = eq(manualJournals.status, status);
      const rows = await db
        .select()
        .from(manualJournals)
        .where(where)
        .orderBy(desc(manualJournals.enteredAt))
        .limit(PAGE_SIZE)
        .offset((page - 1) * PAGE_SIZE);
      const [total] = await db.select({ n: count() }).from(manualJournals).where(where);
      return { rows: rows.map(view), total: Number(total?.n ?? 0), page, pageSize: PAGE_SIZE };
    },

    async approve(staff: StaffWithEmail | null, input: { id: string }) {
      const who = requireStaffRole(staff, "accounts");
      const at = now();
      return db.transaction(async (tx) => {
        const row = await lockPending(tx, String(input?.id ?? ""), who);
        let posted;
        try {
          posted = await ledger.post(tx, { ...entryOf(row), occurredAt: at });
        } catch (error) {
          if (error instanceof PeriodClosed) throw new Refused(JOURNAL_MESSAGES.closedOnApproval((await ledger.firstOpenDay(tx))!));
          throw error;
        }
        await tx
          .update(manualJournals)
          .set({ status: "APPROVED", decidedBy: who.staffId, decidedByEmail: who.email ?? null, decidedAt: at, ledgerEntryId: posted.entryId })
          .where(eq(manualJournals.id, row.id));
        await audit.record(tx, {
          actor: who,
          action: "journal.approve",
          target: { kind: "manual_journal", id: row.id },
          before: { status: "PENDING" },
          after: { status: "APPROVED", ledgerEntryId: posted.entryId, effectiveOn: row.effectiveOn, totalPaise: Number(row.totalPaise) },
        });
        return { id: row.id, entryId: posted.entryId };
      });
    },

    async reject(staff: StaffWithEmail | null, input: { id: string; reason: string }) {
      const who = requireStaffRole(staff, "accounts");
      const reason = String(input?.reason ?? "").trim();
      if (reason.length < 5 || reason.length > 500) throw new InvalidInput(JOURNAL_MESSAGES.rejectReason, { reason: JOURNAL_MESSAGES.rejectReason });
      const at = now();
      return db.transaction(async (tx) => {
        const row = await lockPending(tx, String(input?.id ?? ""), who);
        await tx
          .update(manualJournals)
          .set({ status: "REJECTED", decidedBy: who.staffId, decidedByEmail: who.email ?? null, decidedAt: at, rejectReason: reason })
          .where(eq(manualJournals.id, row.id));
        await audit.record(tx, {
          actor: who,
          action: "journal.reject",
          target: { kind: "manual_journal", id: row.id },
          before: { status: "PENDING" },
          after: { status: "REJECTED" },
          reason,
        });
        return { id: row.id };
      });
    },

    periods: periods.view,
    closeMonth: periods.close,
  };

  return { desk };
}

export type JournalsService = ReturnType<typeof createJournalsService>;

// Period close (decision 44): accounts closes a month once it has ended, months in order from the ledger's
// first; the close is audited and never undone. From then on the ledger refuses any entry dated in it
// (LedgerService.post and the trigger of migration 1410); corrections go to the first open day.
import { and, asc, count, eq, gte, lt, sql } from "drizzle-orm";
import type { PeriodRow, PeriodsView } from "../../../core/admin/journal-desk.ts";
import { isMonth, monthLabel, monthOf, monthsBetween, nextClosableMonth, nextMonth, type Month } from "../../../core/accounting-period.ts";
import { todayInIndia } from "../../../core/calendar.ts";
import type { Db } from "../../db/client.ts";
import { ledgerClosedMonths, manualJournals } from "../../db/schema/index.ts";
import { requireStaffRole, type AuditRecorder, type StaffActor, type Tx } from "../credit/credit.service.ts";
import { InvalidInput, Refused } from "../domain-errors.ts";

export const PERIOD_MESSAGES = {
  month: "Choose a month to close.",
  outOfOrder: (next: string) => `Months close in order: the next month to close is ${next}.`,
  pendingJournals: (label: string, n: number) => `${n} journal(s) dated in ${label} wait for approval: approve or reject them before closing the month.`,
  alreadyClosed: (label: string) => `${label} is closed already.`,
} as const;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

type StaffWithEmail = StaffActor & { email?: string };

export function createPeriodClose(deps: { db: Db; audit: AuditRecorder; now: () => Date }) {
  const { db, audit, now } = deps;

  async function state(executor: Pick<Db, "execute">) {
    const [row] = rowsOf<{ last_closed: string | null; first_entry: string | null }>(
      await executor.execute(
        sql`select (select max(month)::text from ledger_closed_months) as last_closed, (select min(effective_on)::text from ledger_entries) as first_entry`,
      ),
    );
    const today = todayInIndia(now());
    const lastClosed = row?.last_closed ?? null;
    return {
      today,
      lastClosed,
      firstEntryOn: row?.first_entry ?? null,
      next: nextClosableMonth({ lastClosed, firstEntryOn: row?.first_entry ?? null, today }),
    };
  }

  return {
    async view(staff: StaffActor | null): Promise<PeriodsView> {
      requireStaffRole(staff, "accounts", "auditor");
      const s = await state(db);
      const closed = await db.select().from(ledgerClosedMonths).orderBy(asc(ledgerClosedMonths.month));
      const counts = rowsOf<{ month: string; n: string }>(
        await db.execute(sql`select date_trunc('month', effective_on)::date::text as month, count(*)::text as n from ledger_entries group by 1`),
      );
      const first = [closed[0]?.month, s.firstEntryOn ? monthOf(s.firstEntryOn) : undefined].filter(Boolean).sort()[0] ?? monthOf(s.today);
      const months: PeriodRow[] = monthsBetween(first, monthOf(s.today))
        .reverse()
        .map((month) => {
          const c = closed.find((r) => r.month === month);
          return {
            month,
            label: monthLabel(month),
            entries: Number(counts.find((r) => r.month === month)?.n ?? 0),
            closed: c ? { byEmail: c.closedByEmail, at: c.closedAt.toISOString() } : null,
          };
        });
      const next = s.next;
      return {
        months,
        next: { month: next.month, label: next.month ? monthLabel(next.month) : null, refused: "refused" in next ? next.refused : null },
        firstOpenDay: s.lastClosed ? nextMonth(s.lastClosed) : null,
      };
    },

    async close(staff: StaffWithEmail | null, input: { month: string }): Promise<{ month: string }> {
      const who = requireStaffRole(staff, "accounts");
      const month = String(input?.month ?? "").trim();
      if (!isMonth(month)) throw new InvalidInput(PERIOD_MESSAGES.month, { month: PERIOD_MESSAGES.month });
      const at = now();
      return db.transaction(async (tx: Tx) => {
        // Entries being posted now finish first; none can be posted into the month while it closes.
        await tx.execute(sql`lock table ledger_entries in share mode`);
        const s = await state(tx);
        if (s.lastClosed && month <= s.lastClosed) throw new Refused(PERIOD_MESSAGES.alreadyClosed(monthLabel(month as Month)));
        if (s.next.month && s.next.month !== month) throw new Refused(PERIOD_MESSAGES.outOfOrder(monthLabel(s.next.month)));
        if ("refused" in s.next) throw new Refused(s.next.refused);
        const [pending] = await tx
          .select({ n: count() })
          .from(manualJournals)
          .where(and(eq(manualJournals.status, "PENDING"), gte(manualJournals.effectiveOn, month), lt(manualJournals.effectiveOn, nextMonth(month))));
        if (Number(pending?.n ?? 0) > 0) throw new Refused(PERIOD_MESSAGES.pendingJournals(monthLabel(month), Number(pending!.n)));
        const [row] = await tx
          .insert(ledgerClosedMonths)
          .values({ month, closedBy: who.staffId, closedByEmail: who.email ?? null, closedAt: at })
          .onConflictDoNothing()
          .returning();
        if (!row) throw new Refused(PERIOD_MESSAGES.alreadyClosed(monthLabel(month)));
        const [entries] = rowsOf<{ n: string }>(
          await tx.execute(sql`select count(*)::text as n from ledger_entries where effective_on >= ${month} and effective_on < ${nextMonth(month)}`),
        );
        await audit.record(tx, {
          actor: who,
          action: "period.close",
          target: { kind: "ledger_month", id: month },
          before: { status: "open" },
          after: { status: "closed", entries: Number(entries?.n ?? 0) },
        });
        return { month };
      });
    },
  };
}

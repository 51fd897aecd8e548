// Write-off of an NPA (issue 29, decision 44). Accounts enters it with a reason; the credit head
// approves or rejects it, never the person who entered it; both steps are audited. Approval posts the
// write-off entry in the same transaction, under the loan's lock: suspense cleared against the
// receivables, the provision used, the rest to write_off_expense. The lead stays DISBURSED: the
// borrower still owes the money, and what is paid later is recovery (loan-receipts.service.ts).
import { and, asc, eq, inArray } from "drizzle-orm";
import { todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import {
  WRITE_OFF_DECIDE_ROLES,
  WRITE_OFF_ENTER_ROLES,
  WRITE_OFF_MESSAGES,
  WRITE_OFF_VIEW_ROLES,
  type WriteOffView,
} from "../../../core/admin/write-off-desk.ts";
import { isUuid } from "../../../core/validation/primitives.ts";
import type { Db } from "../../db/client.ts";
import { leads, loanAccounts, loanWriteOffs } from "../../db/schema/index.ts";
import { requireStaffRole, type AuditRecorder, type StaffActor } from "../credit/credit.service.ts";
import { InvalidInput, NotFound, Refused } from "../domain-errors.ts";
import { netBookValueOf, writeOffEntry, type LedgerService } from "../ledger/ledger.service.ts";
import type { LoansService } from "./loans.service.ts";

export { WRITE_OFF_MESSAGES };

type Row = typeof loanWriteOffs.$inferSelect;
type StaffWithEmail = StaffActor & { email?: string };

export function createWriteOffService(deps: { db: Db; ledger: LedgerService; loans: Pick<LoansService, "lock">; audit: AuditRecorder; now: () => Date }) {
  const { db, ledger, loans, audit, now } = deps;

  const view = (r: Row, loanNo: string | null): WriteOffView => ({
    id: r.id,
    leadId: r.leadId,
    loanNo,
    reason: r.reason,
    status: r.status,
    enteredByEmail: r.enteredByEmail,
    enteredAt: r.enteredAt.toISOString(),
    decidedByEmail: r.decidedByEmail,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    rejectReason: r.rejectReason,
    writtenOffOn: r.writtenOffOn,
    amountPaise: r.amountPaise === null ? null : Number(r.amountPaise),
    provisionUsedPaise: r.provisionUsedPaise === null ? null : Number(r.provisionUsedPaise),
  });

  async function lockPending(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], id: string, who: StaffActor) {
    if (!isUuid(id)) throw new NotFound(WRITE_OFF_MESSAGES.notFound);
    const [row] = await tx.select().from(loanWriteOffs).where(eq(loanWriteOffs.id, id.toLowerCase())).for("update");
    if (!row) throw new NotFound(WRITE_OFF_MESSAGES.notFound);
    if (row.status !== "PENDING") throw new Refused(WRITE_OFF_MESSAGES.notPending);
    if (row.enteredBy === who.staffId) throw new Refused(WRITE_OFF_MESSAGES.fourEyes);
    return row;
  }

  return {
    /** Accounts: a write-off of an NPA, with its reason; nothing is posted until it is approved. */
    async enter(staff: StaffWithEmail | null, input: { loanNo: string; reason: string }): Promise<WriteOffView> {
      const who = requireStaffRole(staff, ...WRITE_OFF_ENTER_ROLES);
      const loanNo = String(input?.loanNo ?? "")
        .trim()
        .toUpperCase()
        .slice(0, 40);
      const reason = String(input?.reason ?? "").trim();
      const errors: Record<string, string> = {};
      if (reason.length < 10 || reason.length > 500) errors.reason = WRITE_OFF_MESSAGES.reason;
      const [lead] = loanNo
        ? await db
            .select({ id: leads.id, status: loanAccounts.status })
            .from(leads)
            .innerJoin(loanAccounts, eq(loanAccounts.leadId, leads.id))
            .where(eq(loanAccounts.loanNo, loanNo))
        : [];
      if (!lead || lead.status !== "DISBURSED") errors.loanNo = WRITE_OFF_MESSAGES.loanNo;
      const first = Object.values(errors)[0];
      if (first) throw new InvalidInput(first, errors);
      if (!(await ledger.npaSince(lead!.id))) throw new Refused(WRITE_OFF_MESSAGES.notNpa, { loanNo: WRITE_OFF_MESSAGES.notNpa });
      const at = now();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(loanWriteOffs)
          .values({ leadId: lead!.id, reason, enteredBy: who.staffId, enteredByEmail: who.email ?? null, enteredAt: at })
          .onConflictDoNothing()
          .returning();
        if (!row) throw new Refused(WRITE_OFF_MESSAGES.already, { loanNo: WRITE_OFF_MESSAGES.already });
        await audit.record(tx, {
          actor: who,
          action: "write_off.enter",
          target: { kind: "loan", id: lead!.id },
          after: { writeOffId: row.id, loanNo, reason },
        });
        return view(row, loanNo);
      });
    },

    /** The credit head: posts the write-off (suspense cleared, provision used, the rest expensed) dated today. */
    async approve(staff: StaffWithEmail | null, input: { id: string }): Promise<WriteOffView> {
      const who = requireStaffRole(staff, ...WRITE_OFF_DECIDE_ROLES);
      const at = now();
      const on: IsoDate = todayInIndia(at);
      return db.transaction(async (tx) => {
        const row = await lockPending(tx, String(input?.id ?? ""), who);
        const lead = await loans.lock(tx, row.leadId);
        if (!lead || lead.status !== "DISBURSED") throw new Refused(WRITE_OFF_MESSAGES.loanNo);
        const balances = await ledger.balances(lead.id, tx);
        const amountPaise = netBookValueOf(balances);
        const provisionUsedPaise = Math.min(balances.loan_loss_provision, amountPaise);
        await ledger.post(tx, writeOffEntry({ loanId: lead.id, on, balances, occurredAt: at, memo: `Written off: ${row.reason}` }));
        const [done] = await tx
          .update(loanWriteOffs)
          .set({
            status: "APPROVED",
            decidedBy: who.staffId,
            decidedByEmail: who.email ?? null,
            decidedAt: at,
            writtenOffOn: on,
            amountPaise,
            provisionUsedPaise,
          })
          .where(and(eq(loanWriteOffs.id, row.id), eq(loanWriteOffs.status, "PENDING")))
          .returning();
        await audit.record(tx, {
          actor: who,
          action: "write_off.approve",
          target: { kind: "loan", id: lead.id },
          before: { status: "PENDING" },
          after: { status: "APPROVED", writeOffId: row.id, writtenOffOn: on, amountPaise, provisionUsedPaise },
        });
        return view(done!, lead.loanNo ?? null);
      });
    },

    async reject(staff: StaffWithEmail | null, input: { id: string; reason: string }): Promise<WriteOffView> {
      const who = requireStaffRole(staff, ...WRITE_OFF_DECIDE_ROLES);
      const reason = String(input?.reason ?? "").trim();
      if (reason.length < 5 || reason.length > 500) throw new InvalidInput(WRITE_OFF_MESSAGES.rejectReason, { reason: WRITE_OFF_MESSAGES.rejectReason });
      const at = now();
      return db.transaction(async (tx) => {
        const row = await lockPending(tx, String(input?.id ?? ""), who);
        const [done] = await tx
          .update(loanWriteOffs)
          .set({ status: "REJECTED", decidedBy: who.staffId, decidedByEmail: who.email ?? null, decidedAt: at, rejectReason: reason })
          .where(eq(loanWriteOffs.id, row.id))
          .returning();
        await audit.record(tx, {
          actor: who,
          action: "write_off.reject",
          target: { kind: "loan", id: row.leadId },
          before: { status: "PENDING" },
          after: { status: "REJECTED", writeOffId: row.id, reason },
        });
        return view(done!, null);
      });
    },

    /** Write-offs waiting for a decision (oldest first) and those done (newest first), with their loan numbers. */
    async list(staff: StaffActor | null): Promise<{ pending: WriteOffView[]; approved: WriteOffView[] }> {
      requireStaffRole(staff, ...WRITE_OFF_VIEW_ROLES);
      const rows = await db
        .select({ w: loanWriteOffs, loanNo: loanAccounts.loanNo })
        .from(loanWriteOffs)
        .innerJoin(leads, eq(leads.id, loanWriteOffs.leadId))
        .innerJoin(loanAccounts, eq(loanAccounts.leadId, leads.id))
        .where(inArray(loanWriteOffs.status, ["PENDING", "APPROVED"]))
        .orderBy(asc(loanWriteOffs.enteredAt))
        .limit(200);
      const all = rows.map((r) => view(r.w, r.loanNo));
      return { pending: all.filter((w) => w.status === "PENDING"), approved: all.filter((w) => w.status === "APPROVED").reverse() };
    },
  };
}

export type WriteOffService = ReturnType<typeof createWriteOffService>;

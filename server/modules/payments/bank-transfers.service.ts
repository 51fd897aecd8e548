// Bank transfers received for a loan (decisions 29, 32). Collections enters one (loan number, amount,
// the bank's reference, the date received); accounts approves it, never the person who entered it,
// and approval posts it through the payments service's one posting path (allocation, closure, excess)
// in the same transaction, ledger key bank-transfer:<posting id>. Rejection keeps the reason.
import { and, asc, count, desc, eq } from "drizzle-orm";
import type { BankTransferEntry, BankTransferRow } from "../../../core/admin/bank-transfer-desk.ts";
import { isIsoDate, todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import { isUuid } from "../../../core/validation/primitives.ts";
import { parseRupees } from "../../../core/money.ts";
import type { Db } from "../../db/client.ts";
import { bankTransfers, leads, loanAccounts } from "../../db/schema/index.ts";
import { requireStaffRole, type AuditRecorder, type StaffActor } from "../credit/credit.service.ts";
import { InvalidInput, NotFound, Refused } from "../domain-errors.ts";
import { ledgerKeys } from "../ledger/ledger.service.ts";
import type { PaymentsService } from "./payments.service.ts";

export const BANK_TRANSFER_MESSAGES = {
  loanNo: "Enter the loan number of a loan we paid out.",
  amount: "Enter the amount in rupees, more than zero (up to two decimals).",
  reference: "Enter the bank reference (UTR): 6 to 40 letters and digits.",
  receivedOn: "Enter the date the money reached our bank (not in the future, not before the disbursal).",
  duplicate: "A transfer with this bank reference has been entered already.",
  fourEyes: "You entered this transfer; another person must approve or reject it.",
  notPending: "This transfer has been decided already.",
  reason: "Please give a reason (at least 5 characters).",
  notFound: "No such bank transfer.",
} as const;

/** Above this a transfer is surely a typing mistake (a loan is at most a few lakh). */
const MAX_PAISE = 100_000_000;
const PAGE_SIZE = 25;

type StaffWithEmail = StaffActor & { email?: string };

/** "15000" or "15,000.50" → paise; null when it is not a positive amount with at most two decimals, or above the cap. */
export function rupeesTextToPaise(text: string, maxPaise = MAX_PAISE): number | null {
  const clean = String(text ?? "")
    .replace(/[,\s₹]/g, "")
    .trim();
  const paise = /^\d{1,13}(\.\d{1,2})?$/.test(clean) ? parseRupees(clean) : null;
  return paise !== null && paise > 0 && paise <= maxPaise ? paise : null;
}

const view = (r: typeof bankTransfers.$inferSelect): BankTransferRow => ({
  id: r.id,
  loanNo: r.loanNo,
  amountPaise: Number(r.amountPaise),
  bankReference: r.bankReference,
  receivedOn: r.receivedOn,
  status: r.status,
  enteredByEmail: r.enteredByEmail,
  enteredAt: r.enteredAt.toISOString(),
  decidedByEmail: r.decidedByEmail,
  decidedAt: r.decidedAt?.toISOString() ?? null,
  rejectReason: r.rejectReason,
});

/** The entry's fields, cleaned, and what is wrong with them before the loan is looked up. */
function readEntry(input: BankTransferEntry) {
  const errors: Record<string, string> = {};
  const loanNo = String(input?.loanNo ?? "")
    .trim()
    .toUpperCase()
    .slice(0, 40);
  const amountPaise = rupeesTextToPaise(String(input?.amountRupees ?? ""));
  const bankReference = String(input?.bankReference ?? "")
    .replace(/\s+/g, "")
    .toUpperCase();
  const receivedOn = String(input?.receivedOn ?? "").trim();
  if (amountPaise === null) errors.amountRupees = BANK_TRANSFER_MESSAGES.amount;
  if (!/^[A-Z0-9]{6,40}$/.test(bankReference)) errors.bankReference = BANK_TRANSFER_MESSAGES.reference;
  return { errors, loanNo, amountPaise, bankReference, receivedOn };
}

export function createBankTransfersService(deps: { db: Db; payments: PaymentsService; audit: AuditRecorder; now: () => Date }) {
  const { db, payments, audit, now } = deps;

  async function page(where: ReturnType<typeof eq>, order: "newest" | "oldest", query: { page?: number } = {}) {
    const p = Math.max(1, Math.floor(Number(query.page) || 1));
    const rows = await db
      .select()
      .from(bankTransfers)
      .where(where)
      .orderBy(order === "oldest" ? asc(bankTransfers.enteredAt) : desc(bankTransfers.enteredAt))
      .limit(PAGE_SIZE)
      .offset((p - 1) * PAGE_SIZE);
    const [total] = await db.select({ n: count() }).from(bankTransfers).where(where);
    return { rows: rows.map(view), total: Number(total?.n ?? 0), page: p, pageSize: PAGE_SIZE };
  }

  /** The pending transfer, locked; the decider must not be the person who entered it. */
  async function lockPending(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], id: string, who: StaffActor) {
    if (!isUuid(id)) throw new NotFound(BANK_TRANSFER_MESSAGES.notFound);
    const [row] = await tx.select().from(bankTransfers).where(eq(bankTransfers.id, id.toLowerCase())).for("update");
    if (!row) throw new NotFound(BANK_TRANSFER_MESSAGES.notFound);
    if (row.status !== "PENDING") throw new Refused(BANK_TRANSFER_MESSAGES.notPending);
    if (row.enteredBy === who.staffId) throw new Refused(BANK_TRANSFER_MESSAGES.fourEyes);
    return row;
  }

  const desk = {
    async enter(staff: StaffWithEmail | null, input: BankTransferEntry): Promise<BankTransferRow> {
      const who = requireStaffRole(staff, "collections");
      const { errors, loanNo, amountPaise, bankReference, receivedOn } = readEntry(input);
      const today = todayInIndia(now());
      if (!isIsoDate(receivedOn) || receivedOn > today) errors.receivedOn = BANK_TRANSFER_MESSAGES.receivedOn;
      const [lead] = loanNo
        ? await db
            .select({ id: leads.id, status: loanAccounts.status, loanNo: loanAccounts.loanNo, disbursalDate: loanAccounts.disbursalDate })
            .from(leads)
            .innerJoin(loanAccounts, eq(loanAccounts.leadId, leads.id))
            .where(eq(loanAccounts.loanNo, loanNo))
        : [];
      // Any lead that was paid out has a loan number: open, closed, or its payout returned (issue 29).
      // Money for one that is not open is all the customer's, held for refund (decision 29).
      if (!lead?.loanNo) errors.loanNo = BANK_TRANSFER_MESSAGES.loanNo;
      else if (!errors.receivedOn && lead.disbursalDate && receivedOn < lead.disbursalDate) errors.receivedOn = BANK_TRANSFER_MESSAGES.receivedOn;
      const first = Object.values(errors)[0];
      if (first) throw new InvalidInput(first, errors);
      const at = now();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(bankTransfers)
          .values({
            leadId: lead!.id,
            loanNo,
            amountPaise: amountPaise!,
            bankReference,
            receivedOn,
            enteredBy: who.staffId,
            enteredByEmail: who.email ?? null,
            enteredAt: at,
          })
          .onConflictDoNothing()
          .returning();
        if (!row) throw new Refused(BANK_TRANSFER_MESSAGES.duplicate, { bankReference: BANK_TRANSFER_MESSAGES.duplicate });
        await audit.record(tx, {
          actor: who,
          action: "posting.enter",
          target: { kind: "bank_transfer", id: row.id },
          after: { loanId: lead!.id, loanNo, amountPaise, bankReference, receivedOn },
        });
        return view(row);
      });
    },

    async mine(staff: StaffActor | null, query: { page?: number } = {}) {
      const who = requireStaffRole(staff, "collections");
      return page(eq(bankTransfers.enteredBy, who.staffId), "newest", query);
    },

    async pending(staff: StaffActor | null, query: { page?: number } = {}) {
      requireStaffRole(staff, "accounts", "auditor");
      return page(eq(bankTransfers.status, "PENDING"), "oldest", query);
    },

    async approve(staff: StaffWithEmail | null, input: { id: string }) {
      const who = requireStaffRole(staff, "accounts");
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        const row = await lockPending(tx, String(input?.id ?? ""), who);
        const received = await payments.postReceived(tx, {
          leadId: row.leadId,
          source: "bank_transfer",
          reference: row.id,
          paymentOrderId: null,
          amountPaise: Number(row.amountPaise),
          idempotencyKey: ledgerKeys.bankTransfer(row.id),
          into: "clearing_bank_transfer",
          memo: `bank transfer ${row.bankReference}`,
          // Decision 36: it counts from the day it reached our bank, not the day it was approved.
          valueOn: row.receivedOn as IsoDate,
          at,
        });
        await tx
          .update(bankTransfers)
          .set({ status: "APPROVED", decidedBy: who.staffId, decidedByEmail: who.email ?? null, decidedAt: at, paymentId: received.paymentId })
          .where(and(eq(bankTransfers.id, row.id), eq(bankTransfers.status, "PENDING")));
        await audit.record(tx, {
          actor: who,
          action: "posting.approve",
          target: { kind: "bank_transfer", id: row.id },
          before: { status: "PENDING" },
          after: {
            status: "APPROVED",
            loanId: row.leadId,
            paymentId: received.paymentId,
            allocation: received.allocation,
            loanClosed: Boolean(received.closed),
          },
        });
        const paid = { leadId: row.leadId, amountPaise: Number(row.amountPaise), valueOn: received.valueOn, order: null };
        return { id: row.id, closed: received.closed, excessPaise: received.allocation.excess, paid };
      });
      await payments.notifyPosted(outcome.paid, outcome.closed);
      return { id: outcome.id, loanClosed: Boolean(outcome.closed), excessPaise: outcome.excessPaise };
    },

    async reject(staff: StaffWithEmail | null, input: { id: string; reason: string }) {
      const who = requireStaffRole(staff, "accounts");
      const reason = String(input?.reason ?? "").trim();
      if (reason.length < 5 || reason.length > 500) throw new InvalidInput(BANK_TRANSFER_MESSAGES.reason, { reason: BANK_TRANSFER_MESSAGES.reason });
      return db.transaction(async (tx) => {
        const row = await lockPending(tx, String(input?.id ?? ""), who);
        const at = now();
        await tx
          .update(bankTransfers)
          .set({ status: "REJECTED", decidedBy: who.staffId, decidedByEmail: who.email ?? null, decidedAt: at, rejectReason: reason })
          .where(eq(bankTransfers.id, row.id));
        await audit.record(tx, {
          actor: who,
          action: "posting.reject",
          target: { kind: "bank_transfer", id: row.id },
          before: { status: "PENDING" },
          after: { status: "REJECTED" },
          reason,
        });
        return { id: row.id };
      });
    },
  };

  return { desk };
}

export type BankTransfersService = ReturnType<typeof createBankTransfersService>;

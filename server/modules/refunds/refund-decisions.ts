// A refund decided (decision 37): approved by accounts, never by its requester, against the excess
// held again and then sent; rejected with a reason; or its provider asked about it once more.
import { eq } from "drizzle-orm";
import type { RefundRow } from "../../../core/admin/refund-desk.ts";
import type { Db } from "../../db/client.ts";
import { leads, refunds } from "../../db/schema/index.ts";
import { requireStaffRole, type AuditRecorder, type StaffActor } from "../credit/credit.service.ts";
import { InvalidInput, Refused } from "../domain-errors.ts";
import { aboveExcessMessage, REFUND_MESSAGES } from "./refund-messages.ts";
import { attemptKeyOf, WAITING_ON_PROVIDER, type RefundOutcomes } from "./refund-outcomes.ts";

type StaffWithEmail = StaffActor & { email?: string };

export function createRefundDecisions(deps: {
  db: Db;
  audit: AuditRecorder;
  now: () => Date;
  outcomes: RefundOutcomes;
  rowById: (id: string) => Promise<RefundRow>;
}) {
  const { db, audit, now, rowById } = deps;
  const { heldFor, lockRefund, sendApproved, askProvider } = deps.outcomes;

  return {
    /** Accounts, never the requester; the amount is checked against the excess again, then sent. */
    async approve(staff: StaffWithEmail | null, input: { id: string }): Promise<RefundRow> {
      const who = requireStaffRole(staff, "accounts");
      const at = now();
      const approved = await db.transaction(async (tx) => {
        const row = await lockRefund(tx, String(input?.id ?? ""));
        if (row.status !== "REQUESTED") throw new Refused(REFUND_MESSAGES.notRequested);
        if (row.requestedBy === who.staffId) throw new Refused(REFUND_MESSAGES.fourEyes);
        await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, row.leadId)).for("update");
        const held = await heldFor(tx, row.leadId);
        if (Number(row.amountPaise) > held) throw new Refused(aboveExcessMessage(held));
        const key = attemptKeyOf(row.id, row.attempt);
        const [updated] = await tx
          .update(refunds)
          .set({ status: "APPROVED", approvedBy: who.staffId, approvedByEmail: who.email ?? null, approvedAt: at, idempotencyKey: key })
          .where(eq(refunds.id, row.id))
          .returning();
        await audit.record(tx, {
          actor: who,
          action: "refund.approve",
          target: { kind: "refund", id: row.id },
          before: { status: "REQUESTED" },
          after: { status: "APPROVED", attempt: row.attempt, amountPaise: Number(row.amountPaise), route: row.route },
        });
        return updated!;
      });
      await sendApproved(approved);
      return rowById(approved.id);
    },

    async reject(staff: StaffWithEmail | null, input: { id: string; reason: string }): Promise<RefundRow> {
      const who = requireStaffRole(staff, "accounts");
      const reason = String(input?.reason ?? "").trim();
      if (reason.length < 5 || reason.length > 500) throw new InvalidInput(REFUND_MESSAGES.reason, { reason: REFUND_MESSAGES.reason });
      const id = await db.transaction(async (tx) => {
        const row = await lockRefund(tx, String(input?.id ?? ""));
        if (row.status !== "REQUESTED") throw new Refused(REFUND_MESSAGES.notRequested);
        if (row.requestedBy === who.staffId) throw new Refused(REFUND_MESSAGES.fourEyes);
        await tx.update(refunds).set({ status: "REJECTED", rejectedBy: who.staffId, rejectedAt: now(), rejectReason: reason }).where(eq(refunds.id, row.id));
        await audit.record(tx, {
          actor: who,
          action: "refund.reject",
          target: { kind: "refund", id: row.id },
          before: { status: "REQUESTED" },
          after: { status: "REJECTED" },
          reason,
        });
        return row.id;
      });
      return rowById(id);
    },

    /** Asks the provider about a refund approved, sent or unknown; its answer is applied once. */
    async check(staff: StaffWithEmail | null, input: { id: string }): Promise<RefundRow> {
      const who = requireStaffRole(staff, "accounts");
      const id = String(input?.id ?? "");
      const row = await db.transaction(async (tx) => {
        const r = await lockRefund(tx, id);
        if (!(WAITING_ON_PROVIDER as readonly string[]).includes(r.status)) throw new Refused(REFUND_MESSAGES.notOpen);
        await audit.record(tx, { actor: who, action: "refund.check", target: { kind: "refund", id: r.id }, before: { status: r.status } });
        return r;
      });
      await askProvider(row);
      return rowById(row.id);
    },
  };
}

// A payout's outcome, applied once (decisions 26, 32, 36): paid makes the sanctioned lead a loan;
// failed ends the attempt; reversed (the bank returned a paid payout) undoes the loan with reversing
// entries and tells the customer. A repeated, late or out-of-order event changes nothing.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { payouts } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { PayoutResult } from "../../providers/payout/port.ts";
import type { EmailPort } from "../../providers/email/port.ts";
import type { SmsNoticePort } from "../../providers/sms/port.ts";
import type { AuditRecorder } from "../credit/credit.service.ts";
import type { LedgerService } from "../ledger/ledger.service.ts";
import type { Tx } from "../journey/journey.service.ts";
import { disbursalKeyOf, type PayoutRow, type Told } from "./payout-common.ts";
import { createPayoutPaid } from "./payout-paid.ts";
import { createPayoutReversed } from "./payout-reversed.ts";

export { disbursalKeyOf };

const OPEN = ["PENDING", "UNKNOWN"] as const;
const isOpen = (status: string) => (OPEN as readonly string[]).includes(status);

export function createPayoutSettlement(deps: {
  db: Db;
  ledger: LedgerService;
  sms: SmsNoticePort;
  /** Issue 23: the payout is confirmed by e-mail too, when the profile has an address. */
  email: EmailPort;
  /** The dashboard's address, linked from the payout e-mail. */
  publicOrigin: string;
  audit: AuditRecorder;
  now: () => Date;
  logger: Logger;
}) {
  const { db, ledger, sms, email, audit, now, logger } = deps;
  const paid = createPayoutPaid({ ledger, audit, publicOrigin: deps.publicOrigin });
  const reversed = createPayoutReversed({ ledger, audit });

  /** The attempt an event is about: by the provider's id, then by our key (reference_id), then the loan's live attempt. */
  async function attemptOf(tx: Tx, event: PayoutResult): Promise<PayoutRow | null> {
    if (event.providerReference) {
      const [byRef] = await tx.select().from(payouts).where(eq(payouts.providerReference, event.providerReference)).for("update");
      if (byRef) return byRef;
    }
    if (event.reference) {
      const [byKey] = await tx.select().from(payouts).where(eq(payouts.idempotencyKey, event.reference)).for("update");
      return byKey ?? null;
    }
    const [live] = await tx
      .select()
      .from(payouts)
      .where(and(eq(payouts.loanId, event.loanId.toLowerCase()), sql`${payouts.status} IN ('PENDING', 'UNKNOWN', 'SUCCESS')`))
      .for("update");
    return live ?? null;
  }

  async function apply(tx: Tx, row: PayoutRow, event: PayoutResult, at: Date): Promise<Told | "changed" | null> {
    if (row.providerReference && event.providerReference && row.providerReference !== event.providerReference) return null;
    const open = isOpen(row.status);
    if (event.status === "SUCCESS") return open ? paid(tx, row, event, at) : null;
    if (event.status === "REVERSED" && row.status === "SUCCESS") return reversed(tx, row, event, at);
    if (!open) return null;
    if (event.status === "PENDING") {
      if (row.status !== "UNKNOWN") return null;
      // The provider has it and is still working on it: wait for its webhook, never a new attempt.
      await tx
        .update(payouts)
        .set({ status: "PENDING", providerReference: event.providerReference || row.providerReference })
        .where(eq(payouts.id, row.id));
      await audit.record(tx, {
        actor: null,
        action: "payout.found",
        target: { kind: "loan", id: row.loanId },
        before: { status: "UNKNOWN" },
        after: { status: "PENDING" },
      });
      return "changed";
    }
    // FAILED, or REVERSED before we saw it paid: the provider confirms the money did not stay out.
    const reason = event.failureReason ?? "Payout failed.";
    await tx
      .update(payouts)
      .set({ status: event.status, failureReason: reason, providerReference: event.providerReference || row.providerReference, settledAt: at })
      .where(eq(payouts.id, row.id));
    await audit.record(tx, {
      actor: null,
      action: "payout.failed",
      target: { kind: "loan", id: row.loanId },
      before: { status: row.status },
      after: { status: event.status, attempt: row.attempt, reason },
    });
    return "changed";
  }

  return {
    /** Applies a provider's answer (webhook or status call) once; a repeated or late one changes nothing. */
    async settle(event: PayoutResult): Promise<{ applied: boolean }> {
      if (!/^[0-9a-f-]{36}$/i.test(event.loanId) && !event.reference) return { applied: false };
      const done = await db.transaction(async (tx) => {
        const row = await attemptOf(tx, event);
        if (!row || (event.loanId && row.loanId !== event.loanId.toLowerCase())) return null;
        return apply(tx, row, event, now());
      });
      if (done && done !== "changed" && done.contact) {
        const { contact, notice } = done;
        await sms.sendNotice({ mobile: contact.mobile, notice, lang: contact.lang }).catch(() => logger.warn("payout SMS failed", { kind: notice.kind }));
        if (done.email) await email.send(done.email).catch(() => logger.warn("payout e-mail failed", { kind: notice.kind }));
      }
      return { applied: done !== null };
    },
  };
}

export type PayoutSettlement = ReturnType<typeof createPayoutSettlement>;

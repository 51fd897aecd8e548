// Issue 24 (decision 39): the debits of a mandate, run by the daily job on the services' clock (the
// sandbox clock in sandbox mode). The day before the repayment date: the pre-debit notice (SMS and
// e-mail, amount and date) and a NOTIFIED debit. On the date: that morning's total due is presented
// (nothing when Pay Now already cleared it), posted by the payments module's settle() exactly once.
// A failed first debit: the customer is told with a Pay Now link and a fresh notice, and it is retried
// once the next day; then the overdue flow takes over. No bounce charge. A closed loan ends the mandate.
import { and, eq, inArray, lte } from "drizzle-orm";
import { addDays, todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import { noticeDayFor } from "../../../core/mandates.ts";
import type { Db } from "../../db/client.ts";
import { leads, loanAccounts, loanTerms, mandateDebits, mandates } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { EmailPort } from "../../providers/email/port.ts";
import type { MandateEvent, MandatePort } from "../../providers/mandates/port.ts";
import type { SmsNoticePort } from "../../providers/sms/port.ts";
import type { LoansService } from "../loans/loans.service.ts";
import type { PaymentsService } from "../payments/payments.service.ts";
import type { ProfileService } from "../profile/profile.service.ts";
import { createDebitNotices } from "./mandate-debit-notices.ts";
import { createDebitOutcomes } from "./mandate-debit-outcomes.ts";
import type { Mandate, MandatesService } from "./mandates.service.ts";

type Debit = typeof mandateDebits.$inferSelect;

export function createMandateDebits(deps: {
  db: Db;
  port: MandatePort;
  mandates: MandatesService;
  payments: PaymentsService;
  loans: LoansService;
  profiles: ProfileService;
  sms: SmsNoticePort;
  email: EmailPort;
  publicOrigin: string;
  now: () => Date;
  logger: Logger;
}) {
  const { db, port, mandates: mandateService, payments, loans, profiles, sms, email, now, logger } = deps;
  const notices = createDebitNotices({ db, payments, loans, profiles, sms, email, publicOrigin: deps.publicOrigin, now, logger });
  const { dueOn, notify } = notices;
  const { succeeded, failed } = createDebitOutcomes({ db, mandates: mandateService, payments, loans, notices, now });

  async function present(debit: Debit, mandate: Mandate, today: IsoDate) {
    // Claimed first, so two job runs never present one debit twice.
    const [claimed] = await db
      .update(mandateDebits)
      .set({ status: "PRESENTED", presentedAt: now() })
      .where(and(eq(mandateDebits.id, debit.id), eq(mandateDebits.status, "NOTIFIED")))
      .returning();
    if (!claimed) return;
    const due = mandate.status === "ACTIVE" ? await dueOn(debit.leadId, today) : 0;
    if (due <= 0) {
      await db.update(mandateDebits).set({ status: "SKIPPED", finishedAt: now() }).where(eq(mandateDebits.id, debit.id));
      return;
    }
    const amount = Math.min(due, mandate.maxAmountPaise);
    await db.update(mandateDebits).set({ amountPaise: amount }).where(eq(mandateDebits.id, debit.id));
    await payments.openMandateOrder({ debitId: debit.id, leadId: debit.leadId, amountPaise: amount });
    const p = await profiles.load(mandate.profileId);
    const result = await port.presentDebit({
      reference: debit.id,
      providerCustomerId: mandate.providerCustomerId,
      tokenId: mandate.tokenId!,
      amountPaise: amount,
      customer: { mobile: p.mobile, email: p.personalEmail ?? null },
      description: "SalaryOnTime loan repayment",
    });
    await payments.setGatewayOrder(debit.id, result.orderId);
    await db.update(mandateDebits).set({ providerOrderId: result.orderId, providerPaymentId: result.paymentId }).where(eq(mandateDebits.id, debit.id));
  }

  return {
    /** A debit's outcome from a signed webhook (already de-duplicated by event id); posts once. */
    async applyPaymentEvent(event: Extract<MandateEvent, { kind: "payment" }>): Promise<boolean> {
      const conditions = [
        event.reference ? eq(mandateDebits.id, event.reference) : null,
        event.orderId ? eq(mandateDebits.providerOrderId, event.orderId) : null,
      ].filter((c) => c !== null);
      if (!conditions.length) return false;
      const ref = event.reference && /^[0-9a-f-]{36}$/i.test(event.reference) ? event.reference : null;
      const [debit] = ref
        ? await db.select().from(mandateDebits).where(eq(mandateDebits.id, ref))
        : event.orderId
          ? await db.select().from(mandateDebits).where(eq(mandateDebits.providerOrderId, event.orderId))
          : [];
      if (!debit) return false;
      if (event.state === "SUCCESS") return succeeded(debit, event);
      if (event.state === "FAILED") return failed(debit, event.failureReason);
      return false;
    },

    /** The daily job: end mandates of closed loans, send notices for tomorrow, present today's debits. */
    async runDay(): Promise<{ notified: number; presented: number; cancelled: number }> {
      const today = todayInIndia(now());
      let notified = 0;
      let presented = 0;
      let cancelled = 0;
      const active = await db
        .select({ m: mandates, status: loanAccounts.status, repaymentDate: loanTerms.repaymentDate })
        .from(mandates)
        .innerJoin(leads, eq(leads.id, mandates.leadId))
        .innerJoin(loanAccounts, eq(loanAccounts.leadId, leads.id))
        .leftJoin(loanTerms, eq(loanTerms.leadId, leads.id))
        .where(eq(mandates.status, "ACTIVE"));
      for (const { m, status, repaymentDate } of active) {
        try {
          if (status === "CLOSED") {
            if (await mandateService.cancel(m, "loan_closed")) cancelled++;
            continue;
          }
          if (status !== "DISBURSED" || !repaymentDate) continue;
          const debitOn = repaymentDate as IsoDate;
          if (today >= noticeDayFor(debitOn) && today <= debitOn && (await notify(m, 1, debitOn))) notified++;
        } catch (error) {
          logger.warn("autopay notice not sent", { mandateId: m.id, error: error instanceof Error ? error.name : typeof error });
        }
      }
      const due = await db
        .select({ d: mandateDebits, m: mandates })
        .from(mandateDebits)
        .innerJoin(mandates, eq(mandates.id, mandateDebits.mandateId))
        .where(and(eq(mandateDebits.status, "NOTIFIED"), lte(mandateDebits.debitOn, today), inArray(mandates.status, ["ACTIVE", "CANCELLED"])));
      for (const { d, m } of due) {
        // NPCI: the debit is attempted from the 25th hour after the notice; a notice sent today waits a day.
        if (todayInIndia(d.notifiedAt) >= today && addDays(todayInIndia(d.notifiedAt), 1) > today) continue;
        try {
          await present(d, m, today);
          presented++;
        } catch (error) {
          logger.warn("autopay debit not presented", { debitId: d.id, error: error instanceof Error ? error.name : typeof error });
        }
      }
      return { notified, presented, cancelled };
    },
  };
}

export type MandateDebits = ReturnType<typeof createMandateDebits>;

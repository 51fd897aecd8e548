// Issue 24 (decision 39): the debits of a mandate, run by the daily job on the services' clock (the
// sandbox clock in sandbox mode). The day before the repayment date: the pre-debit notice (SMS and
// e-mail, amount and date) and a NOTIFIED debit. On the date: that morning's total due is presented
// (nothing when Pay Now already cleared it), posted by the payments module's settle() exactly once.
// A failed first debit: the customer is told with a Pay Now link and a fresh notice, and it is retried
// once the next day; then the overdue flow takes over. No bounce charge. A closed loan ends the mandate.
import { and, eq, inArray, lte } from "drizzle-orm";
import { addDays, todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import { formatPaise } from "../../../core/money.ts";
import { autopayMemo, noticeDayFor, retryDayFor } from "../../../core/mandates.ts";
import type { Db } from "../../db/client.ts";
import { leads, loanAccounts, loanTerms, mandateDebits, mandates } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import { isEmailAddress, type EmailPort } from "../../providers/email/port.ts";
import type { MandateEvent, MandatePort } from "../../providers/mandates/port.ts";
import type { Notice, SmsNoticePort } from "../../providers/sms/port.ts";
import { customerEmail } from "../../providers/email/customer-email.ts";
import { customerLanguage, debitFailureOf, noticeDate, translate, type Language, type MessageValues } from "../../../core/i18n/index.ts";
import type { LoansService } from "../loans/loans.service.ts";
import type { PaymentsService } from "../payments/payments.service.ts";
import type { ProfileService } from "../profile/profile.service.ts";
import type { Mandate, MandatesService } from "./mandates.service.ts";

type Debit = typeof mandateDebits.$inferSelect;
const rupees = (paise: number) => formatPaise(paise, { decimals: 2 });

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
  const payLink = `${deps.publicOrigin}/repayloan`;

  /**
   * SMS (a DLT template) and, where we have an address, e-mail; a failed message never undoes the debit's
   * state. Issue 30: both in the customer's language with its dates (noticeDate); the e-mail is a letter of
   * its own (greeting, loan number, sign-off), tagged with its language.
   */
  async function tell(mandate: Mandate, message: (lang: Language, loanNo: string) => { notice: Notice; email: MessageValues }) {
    const p = await profiles.load(mandate.profileId);
    // Issue 23: in the customer's language, each language its own DLT template.
    const lang = customerLanguage(p.preferredLanguage);
    const loanNo = (await loans.byId(mandate.leadId))?.loanNo ?? "";
    const { notice, email: values } = message(lang, loanNo);
    await sms
      .sendNotice({ mobile: p.mobile, notice, lang })
      .catch((error: unknown) => logger.warn("autopay sms not sent", { kind: notice.kind, error: error instanceof Error ? error.name : "error" }));
    if (isEmailAddress(p.personalEmail))
      await email
        .send(customerEmail({ to: p.personalEmail, lang, name: p.fullName, kind: notice.kind as "autopay_notice" | "autopay_failed", values }))
        .catch((error: unknown) => logger.warn("autopay e-mail not sent", { error: error instanceof Error ? error.name : "error" }));
  }

  /** What the loan will owe on `on` as paid so far (paise); 0 when it is not open. */
  async function dueOn(leadId: string, on: IsoDate): Promise<number> {
    const lead = await loans.byId(leadId);
    if (!lead || lead.status !== "DISBURSED") return 0;
    const d = await payments.duesOn(lead, on);
    return d?.closeToday ?? 0;
  }

  /** A NOTIFIED debit and its notice, once per mandate and attempt (the unique key decides). */
  async function notify(mandate: Mandate, attempt: 1 | 2, debitOn: IsoDate) {
    const amount = await dueOn(mandate.leadId, debitOn);
    if (amount <= 0) return false;
    const [row] = await db
      .insert(mandateDebits)
      .values({
        mandateId: mandate.id,
        leadId: mandate.leadId,
        attempt,
        debitOn,
        status: "NOTIFIED",
        noticeAmountPaise: Math.min(amount, mandate.maxAmountPaise),
        notifiedAt: now(),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return false;
    await tell(mandate, (lang, loanNo) => {
      const vars = { amount: rupees(row.noticeAmountPaise), date: noticeDate(debitOn, lang), last4: mandate.accountLast4 ?? "", pay_link: payLink };
      return { notice: { kind: "autopay_notice", vars }, email: { ...vars, loan_no: loanNo } };
    });
    return true;
  }

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

  async function succeeded(debit: Debit, event: { paymentId: string; amountPaise: number; capturedAt: Date | null }) {
    const order = await payments.mandateOrder(debit.id);
    if (!order) return false;
    // Issue 29: the statement and the data export name it an AutoPay debit by its method.
    const mandate = await db.select({ method: mandates.method }).from(mandates).where(eq(mandates.id, debit.mandateId));
    const method = mandate[0]?.method ?? "upi";
    const { posted } = await payments.settle(order, "razorpay", event.paymentId, event.amountPaise, event.capturedAt, autopayMemo(method, order.orderId));
    await db
      .update(mandateDebits)
      .set({ status: "SUCCESS", providerPaymentId: event.paymentId, finishedAt: now() })
      .where(and(eq(mandateDebits.id, debit.id), eq(mandateDebits.status, "PRESENTED")));
    const lead = await loans.byId(debit.leadId);
    if (lead?.status === "CLOSED") {
      const mandate = await mandateService.latest(debit.leadId);
      if (mandate) await mandateService.cancel(mandate, "loan_closed");
    }
    return posted;
  }

  async function failed(debit: Debit, reason: string | null) {
    const [row] = await db
      .update(mandateDebits)
      .set({ status: "FAILED", failureReason: reason, finishedAt: now() })
      .where(and(eq(mandateDebits.id, debit.id), eq(mandateDebits.status, "PRESENTED")))
      .returning();
    if (!row) return false;
    await payments.failMandateOrder(debit.id);
    const [mandate] = await db.select().from(mandates).where(eq(mandates.id, debit.mandateId));
    // One retry, the next day, after a fresh notice (decision 39); then the overdue flow.
    const retry = debit.attempt === 1 && mandate.status === "ACTIVE";
    const retryOn = retryDayFor(debit.debitOn as IsoDate);
    await tell(mandate, (lang, loanNo) => {
      const vars = { reason: translate(lang, `messages.autopayFailure.${debitFailureOf(reason)}`), pay_link: payLink };
      return {
        notice: { kind: "autopay_failed", vars },
        email: { ...vars, loan_no: loanNo, retry: retry ? "yes" : "no", retry_date: noticeDate(retryOn, lang) },
      };
    });
    if (retry) await notify(mandate, 2, retryOn);
    return true;
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

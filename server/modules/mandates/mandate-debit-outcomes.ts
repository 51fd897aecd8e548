// A presented debit's outcome from its webhook (decision 39): success posts the payment once and ends
// the mandate of a loan it closed; failure tells the customer and notifies the one retry.
import { and, eq } from "drizzle-orm";
import type { IsoDate } from "../../../core/calendar.ts";
import { autopayMemo, retryDayFor } from "../../../core/mandates.ts";
import type { Db } from "../../db/client.ts";
import { mandateDebits, mandates } from "../../db/schema/index.ts";
import { debitFailureOf, noticeDate, translate } from "../../../core/i18n/index.ts";
import type { LoansService } from "../loans/loans.service.ts";
import type { PaymentsService } from "../payments/payments.service.ts";
import type { DebitNotices } from "./mandate-debit-notices.ts";
import type { MandatesService } from "./mandates.service.ts";

type Debit = typeof mandateDebits.$inferSelect;

export function createDebitOutcomes(deps: {
  db: Db;
  mandates: MandatesService;
  payments: PaymentsService;
  loans: LoansService;
  notices: DebitNotices;
  now: () => Date;
}) {
  const { db, mandates: mandateService, payments, loans, now } = deps;
  const { payLink, tell, notify } = deps.notices;

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

  return { succeeded, failed };
}

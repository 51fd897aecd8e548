// Issue 32: update → on_update, servicing by payments (docs/decisions/providers.md, issue 32, servicing). The
// buyer app asks, for its order, to close the loan today (FORECLOSURE), pay part of it (PRE_PART_PAYMENT, with an
// amount) or pay what is overdue (MISSED_EMI_PAYMENT). The amount is our books' "total due today" (or the part
// asked), worked out by the payments module as on every screen; the answer carries it with our Pay Now address,
// where the borrower pays as any Pay Now payer does (their PAN and a code to their mobile), and the payment goes
// through the same posting, value-dated. The request and its figures are recorded with the callback, so the
// payment that follows is reported once (servicing-reports.ts).
import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { todayInIndia } from "../../../core/calendar.ts";
import { MIN_PART_PAYMENT_PAISE } from "../../../core/loan-math/repayment-charge.ts";
import { loanAccounts, ondcFormSubmissions, ondcServicingRequests } from "../../db/schema/index.ts";
import type { LoanLead, LoansService } from "../loans/loans.service.ts";
import type { Dues } from "../../../core/loan-math/dues.ts";
import type { OndcError } from "./answers.ts";
import { answerCallback } from "./callbacks.ts";
import type { OndcContext } from "./envelope.ts";
import { orderParts, type OrderReportDeps } from "./order-terms.ts";
import { loanOrder } from "./order-updates.ts";
import { rupees } from "./offer.ts";
import type { PreparedAnswer } from "./select.ts";
import { isServicingLabel, servicingOrder, type ServicingDues, type ServicingLabel } from "./servicing-order.ts";

type UpdateMessage = {
  update_target?: unknown;
  order?: { id?: unknown; payments?: { params?: { amount?: unknown; currency?: unknown }; time?: { label?: unknown } }[] };
};

/** What the servicing answer reads beyond an order's parts: the loan as the loans module holds it, and its dues today. */
export interface ServicingDeps {
  loans: Pick<LoansService, "byId">;
  payments: { duesToday: (lead: LoanLead) => Promise<Dues> };
}

/** Rupees with at most two decimals, as FIS12 writes amounts, in paise; null when it is not one. */
function paiseOf(value: unknown): number | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const text = String(value).trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ""] = text.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Our Pay Now page with the amount filled in. */
export const payNowUrl = (publicOrigin: string, amountPaise: number) => `${publicOrigin}/repayloan?amount=${rupees(amountPaise)}`;

export const servicingDuesOf = (d: Dues): ServicingDues => ({
  principalOutstanding: d.principalOutstanding,
  // What closing today charges beyond the principal and penal: the interest owed, with a day-0 payment's one day.
  interestOutstanding: d.closeToday - d.principalOutstanding - d.penalOutstanding,
  penalOutstanding: d.penalOutstanding,
  postDueInterest: d.postDueInterestToDate,
});

export function createOndcUpdate(deps: OrderReportDeps & ServicingDeps) {
  const { db, lender, kfsPages, loans, payments } = deps;
  const orderOf = loanOrder(deps);
  const PAYMENT = "message.order.payments[0]";

  return async function answerUpdate(request: { context: OndcContext; message: Record<string, unknown> }, at: Date): Promise<PreparedAnswer> {
    const { context } = request;
    const message = request.message as UpdateMessage;
    const refuse = (error: OndcError) => ({ callback: answerCallback(lender, "on_update", context, at, null, error) });
    if (message.update_target !== "payments")
      return refuse({
        code: "80216",
        message: 'We take update_target "payments" only: FORECLOSURE, PRE_PART_PAYMENT or MISSED_EMI_PAYMENT.',
        paths: "message.update_target",
      });
    const asked = message.order?.payments?.[0];
    const label = asked?.time?.label;
    if (!isServicingLabel(label))
      return refuse({
        code: "80216",
        message: "payments[0].time.label must be FORECLOSURE, PRE_PART_PAYMENT or MISSED_EMI_PAYMENT.",
        paths: `${PAYMENT}.time.label`,
      });
    if (typeof message.order?.id !== "string" || !message.order.id)
      return refuse({ code: "80217", message: "An update must name its order.", paths: "message.order.id" });

    const [f06] = await db
      .select()
      .from(ondcFormSubmissions)
      .where(
        and(eq(ondcFormSubmissions.transactionId, context.transaction_id), eq(ondcFormSubmissions.formId, "F06"), eq(ondcFormSubmissions.outcome, "eligible")),
      )
      .orderBy(desc(ondcFormSubmissions.createdAt))
      .limit(1);
    const [account] = f06?.leadId ? await db.select().from(loanAccounts).where(eq(loanAccounts.leadId, f06.leadId)) : [];
    const order = f06 && account ? await orderOf(f06, account.status) : null;
    const parts = f06 ? await orderParts(db, kfsPages, f06) : null;
    if (!f06?.leadId || !order || !parts || order.id !== message.order.id)
      return refuse({ code: "80216", message: "No loan of this transaction has that order id.", paths: "message.order.id" });
    const lead = account.status === "DISBURSED" ? await loans.byId(f06.leadId) : null;
    if (!lead)
      return refuse({
        code: "80216",
        message: `The loan is not open for payments: it is ${order.fulfillments[0].state.descriptor.code}.`,
        paths: "message.order.id",
      });

    const dues = await payments.duesToday(lead);
    const asking = amountAsked(label, asked?.params, dues);
    if ("error" in asking) return refuse(asking.error);
    const requestId = randomUUID();
    const figures = servicingDuesOf(dues);
    const answered = servicingOrder(order, {
      kfs: parts.kfs,
      label,
      requestId,
      amountPaise: asking.paise,
      dues: figures,
      on: todayInIndia(at),
      payUrl: payNowUrl(lender.publicOrigin, asking.paise),
      closed: false,
    });
    return {
      callback: answerCallback(lender, "on_update", context, at, { order: answered }),
      record: async (tx) => {
        await tx.insert(ondcServicingRequests).values({
          id: requestId,
          transactionId: context.transaction_id,
          messageId: context.message_id,
          leadId: lead.id,
          label,
          amountPaise: asking.paise,
          principalOutstandingPaise: figures.principalOutstanding,
          interestOutstandingPaise: figures.interestOutstanding,
          penalOutstandingPaise: figures.penalOutstanding,
          postDueInterestPaise: figures.postDueInterest,
          createdAt: at,
        });
      },
    };
  };

  /** The amount a label asks: all that closes the loan today, what is overdue, or the part named (less than all). */
  function amountAsked(
    label: ServicingLabel,
    params: { amount?: unknown; currency?: unknown } | undefined,
    dues: Dues,
  ): { paise: number } | { error: OndcError } {
    const all = dues.closeToday;
    if (label === "FORECLOSURE") return { paise: all };
    if (label === "MISSED_EMI_PAYMENT") {
      // Our loan is repaid once: what is overdue is all of it, once the repayment date has passed.
      if (dues.overdueDays === 0)
        return { error: { code: "80216", message: "Nothing is overdue: the repayment date has not passed.", paths: `${PAYMENT}.time.label` } };
      return { paise: all };
    }
    const paise = paiseOf(params?.amount);
    if (paise === null || paise <= 0 || (params?.currency !== undefined && params.currency !== "INR"))
      return {
        error: {
          code: "80217",
          message: "A PRE_PART_PAYMENT must state params.amount in INR, in rupees with up to two decimals.",
          paths: `${PAYMENT}.params.amount`,
        },
      };
    if (paise >= all)
      return {
        error: {
          code: "80216",
          message: `${rupees(paise)} INR closes the loan (${rupees(all)} INR is due today): ask FORECLOSURE.`,
          paths: `${PAYMENT}.params.amount`,
        },
      };
    if (paise < Math.min(MIN_PART_PAYMENT_PAISE, all))
      return { error: { code: "80216", message: `A part payment is at least ${rupees(MIN_PART_PAYMENT_PAISE)} INR.`, paths: `${PAYMENT}.params.amount` } };
    return { paise };
  }
}

export type OndcUpdate = ReturnType<typeof createOndcUpdate>;

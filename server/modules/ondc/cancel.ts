// Issue 32: cancel → on_cancel (docs/decisions/providers.md, issue 32, cancel). The buyer app cancels its order
// (our proposal number). Before the payout, the application is withdrawn: the loan's own move for a customer who
// declines (REJECTED, CUSTOMER_DECLINED), written with the callback, and the order told CANCELLED. Once paid out,
// our cooling-off exit: in the cooling-off period the borrower repays the principal and the interest for the days
// held, nothing else (decision 28); after it, early repayment costs the same (we charge no foreclosure fee), so a
// cancel is answered as a foreclosure: the amount with our Pay Now address, LOAN_CANCELLATION among the documents,
// and the repayment reported PAID (COMPLETED) when it arrives. A payout under way cannot be stopped: refused.
import { and, eq, inArray } from "drizzle-orm";
import { leads, payouts } from "../../db/schema/index.ts";
import { selectLeads, transition } from "../loans/loan-account.service.ts";
import type { OndcError } from "./answers.ts";
import { answerCallback } from "./callbacks.ts";
import type { OndcContext } from "./envelope.ts";
import type { OrderReportDeps } from "./order-terms.ts";
import type { PreparedAnswer } from "./select.ts";
import { servicingRequests, type ServicingDeps } from "./servicing-request.ts";

/** The loan's states before any payout, from which the application may be withdrawn. */
const BEFORE_PAYOUT = ["IN_PROCESS", "SUBMITTED", "SANCTIONED"];
/** A payout that may have paid or may yet pay: the loan cannot be withdrawn under it. */
const LIVE_PAYOUT = ["PENDING", "UNKNOWN", "SUCCESS"] as const;

export function createOndcCancel(deps: OrderReportDeps & ServicingDeps) {
  const { db, lender } = deps;
  const requests = servicingRequests(deps);

  return async function answerCancel(request: { context: OndcContext; message: Record<string, unknown> }, at: Date): Promise<PreparedAnswer> {
    const { context } = request;
    const refuse = (error: OndcError) => ({ callback: answerCallback(lender, "on_cancel", context, at, null, error) });
    const orderId = request.message.order_id;
    if (typeof orderId !== "string" || !orderId) return refuse({ code: "80217", message: "A cancel must name its order_id.", paths: "message.order_id" });
    const found = await requests.orderOfTransaction(context.transaction_id, orderId);
    if (!found) return refuse({ code: "80216", message: "No loan of this transaction has that order id.", paths: "message.order_id" });
    const { leadId, account, order } = found;

    if (BEFORE_PAYOUT.includes(account.status)) {
      const live = async (executor: Pick<typeof db, "select">) =>
        (
          await executor
            .select({ id: payouts.id })
            .from(payouts)
            .where(and(eq(payouts.loanId, leadId), inArray(payouts.status, [...LIVE_PAYOUT])))
        ).length > 0;
      if (await live(db))
        return refuse({
          code: "80216",
          message: "The loan is being paid out now and cannot be stopped: once it arrives, cancel it in the cooling-off period.",
        });
      const cancelled = { ...order, fulfillments: order.fulfillments.map((f) => ({ ...f, state: { descriptor: { code: "CANCELLED" } } })) };
      return {
        callback: answerCallback(lender, "on_cancel", context, at, { order: cancelled }),
        // Under the lead's lock, as the payout takes it: a payout started since is not withdrawn from under.
        record: async (tx) => {
          await selectLeads(tx).where(eq(leads.id, leadId)).for("update");
          if (await live(tx)) throw new Error("ondc cancel: a payout started while the cancel was answered");
          if (!(await transition(tx, leadId, "reject", { at, rejectionReason: "CUSTOMER_DECLINED" })))
            throw new Error("ondc cancel: the loan moved while the cancel was answered");
        },
      };
    }
    const open = await requests.openLoan(leadId, account.status);
    if (!open)
      return refuse({
        code: "80216",
        message: `There is nothing to cancel: the loan is ${order.fulfillments[0].state.descriptor.code}.`,
        paths: "message.order_id",
      });
    const asked = requests.askPayment({ context, at, found, ...open, label: "FORECLOSURE", amountPaise: open.dues.closeToday });
    return { callback: answerCallback(lender, "on_cancel", context, at, { order: asked.order }), record: asked.record };
  };
}

export type OndcCancel = ReturnType<typeof createOndcCancel>;

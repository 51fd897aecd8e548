// Issue 32: update → on_update, servicing by payments (docs/decisions/providers.md, issue 32, servicing). The
// buyer app asks, for its order, to close the loan today (FORECLOSURE), pay part of it (PRE_PART_PAYMENT, with an
// amount) or pay what is overdue (MISSED_EMI_PAYMENT). The amount is our books' "total due today" (or the part
// asked), worked out by the payments module as on every screen; the answer carries it with our Pay Now address,
// where the borrower pays as any Pay Now payer does (their PAN and a code to their mobile), and the payment goes
// through the same posting, value-dated. The request and its figures are recorded with the callback, so the
// payment that follows is reported once (servicing-reports.ts).
import { MIN_PART_PAYMENT_PAISE } from "../../../core/loan-math/repayment-charge.ts";
import { parseRupees } from "../../../core/money.ts";
import type { Dues } from "../../../core/loan-math/dues.ts";
import type { OndcError } from "./answers.ts";
import { answerCallback } from "./callbacks.ts";
import type { OndcContext } from "./envelope.ts";
import type { OrderReportDeps } from "./order-terms.ts";
import { rupees } from "./offer.ts";
import type { PreparedAnswer } from "./select.ts";
import { isServicingLabel, type ServicingLabel } from "./servicing-order.ts";
import { servicingRequests, type ServicingDeps } from "./servicing-request.ts";

type UpdateMessage = {
  update_target?: unknown;
  order?: { id?: unknown; payments?: { params?: { amount?: unknown; currency?: unknown }; time?: { label?: unknown } }[] };
};

export function createOndcUpdate(deps: OrderReportDeps & ServicingDeps) {
  const { lender } = deps;
  const requests = servicingRequests(deps);
  const PAYMENT = "message.order.payments[0]";

  return async function answerUpdate(request: { context: OndcContext; message: Record<string, unknown> }, at: Date): Promise<PreparedAnswer> {
    const { context } = request;
    const message = request.message as UpdateMessage;
    const refuse = (error: OndcError) => ({ callback: answerCallback(lender, "on_update", context, at, null, error) });
    // The flow with account aggregator's last update (FIS12 flow 01): the account-monitoring consent approved. We
    // ask no monitoring consent (docs/decisions/providers.md, issue 32), so there is nothing to approve: the answer
    // is the order as it stands, as status would give it, and nothing changes.
    if (message.update_target === "fulfillment" || message.update_target === "fulfillments") {
      if (typeof message.order?.id !== "string" || !message.order.id)
        return refuse({ code: "80217", message: "An update must name its order.", paths: "message.order.id" });
      const found = await requests.orderOfTransaction(context.transaction_id, message.order.id);
      if (!found) return refuse({ code: "80216", message: "No loan of this transaction has that order id.", paths: "message.order.id" });
      return { callback: answerCallback(lender, "on_update", context, at, { order: found.order }) };
    }
    if (message.update_target !== "payments")
      return refuse({
        code: "80216",
        message:
          'We take update_target "payments" (FORECLOSURE, PRE_PART_PAYMENT or MISSED_EMI_PAYMENT), or "fulfillments" (answered with the order as it stands).',
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

    const found = await requests.orderOfTransaction(context.transaction_id, message.order.id);
    if (!found) return refuse({ code: "80216", message: "No loan of this transaction has that order id.", paths: "message.order.id" });
    const open = await requests.openLoan(found.leadId, found.account.status);
    if (!open)
      return refuse({
        code: "80216",
        message: `The loan is not open for payments: it is ${found.order.fulfillments[0].state.descriptor.code}.`,
        paths: "message.order.id",
      });
    const asking = amountAsked(label, asked?.params, open.dues);
    if ("error" in asking) return refuse(asking.error);
    const { order, record } = requests.askPayment({ context, at, found, ...open, label, amountPaise: asking.paise });
    return { callback: answerCallback(lender, "on_update", context, at, { order }), record };
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
    const paise = typeof params?.amount === "string" || typeof params?.amount === "number" ? parseRupees(params.amount) : null;
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

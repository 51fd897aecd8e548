// The payment result page's facts and the payment receipt (issue 20, issue 21 item 1): for one of
// our orders, what was paid, on which loan, what is still due and what happens next. Only the
// payer may read them: the signed-in owner of the loan or the Pay Now session of it (the same
// check as the order calls, authorizeLead), so an order id alone reveals nothing.
import { desc, eq, or } from "drizzle-orm";
import { todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import { paiseToRupees, type Dues } from "../../../core/loan-math/index.ts";
import { PAYMENT_GATEWAY_TITLES, type PaymentOutcome } from "../../../core/payment-outcome.ts";
import type { Db } from "../../db/client.ts";
import { paymentOrders, payments } from "../../db/schema/index.ts";
import type { PaymentGateways } from "../../providers/payments/index.ts";
import { NotAvailable, NotFound } from "../domain-errors.ts";
import { ledgerKeys, type LedgerService } from "../ledger/ledger.service.ts";
import { isLoan, type LoanLead } from "../loans/loans.service.ts";
import { paymentReceiptPdf } from "./payment-receipt.ts";
import { REPAY_CODES, type Language } from "../../../core/i18n/index.ts";
import type { GatewayName, RepayCaller } from "./payments-common.ts";

type Order = typeof paymentOrders.$inferSelect;

/** An order or transaction reference as we and the gateways write them. */
const REF = /^[A-Za-z0-9_-]{1,63}$/;

export function createPaymentResults(deps: {
  db: Db;
  now: () => Date;
  gateways: PaymentGateways;
  ledger: LedgerService;
  authorizeLead: (caller: RepayCaller, leadId: string) => Promise<LoanLead>;
  duesToday: (lead: LoanLead) => Promise<Dues>;
  /** The payer's name and the language their documents are made in (preferred_language). */
  payer: (profileId: string) => Promise<{ name: string; language: Language }>;
}) {
  const { db, now } = deps;

  /** Our order (by our id or the gateway's), and its loan, for its payer only (else Status 4). */
  async function payerOrder(caller: RepayCaller, orderId: string): Promise<{ order: Order; lead: LoanLead }> {
    const id = REF.test(orderId) ? orderId : "";
    const [order] = id
      ? await db
          .select()
          .from(paymentOrders)
          .where(or(eq(paymentOrders.orderId, id), eq(paymentOrders.gatewayOrderId, id)))
          .limit(1)
      : [];
    if (!order) throw new NotFound(REPAY_CODES.unknownOrder);
    return { order, lead: await deps.authorizeLead(caller, order.leadId) };
  }

  async function paymentOf(order: Order) {
    const [row] = await db.select().from(payments).where(eq(payments.paymentOrderId, order.id)).orderBy(desc(payments.createdAt)).limit(1);
    return row ?? null;
  }

  /** Only the gateway knows a customer's cancel (PayU: unmappedstatus userCancelled); a failed call keeps "failed". */
  async function failedOrCancelled(order: Order): Promise<PaymentOutcome> {
    try {
      return (await deps.gateways.of(order.gateway).confirm(order)).state === "cancelled" ? "cancelled" : "failed";
    } catch {
      return "failed";
    }
  }

  async function facts(caller: RepayCaller, orderId: string) {
    const { order, lead } = await payerOrder(caller, orderId);
    const paid = order.status === "paid" ? await paymentOf(order) : null;
    const outcome: PaymentOutcome = paid ? "success" : order.status === "failed" ? await failedOrCancelled(order) : "pending";
    const open = lead.status === "DISBURSED" && isLoan(lead);
    const dues = open ? await deps.duesToday(lead) : null;
    return { order, lead, paid, outcome, dues, closed: lead.status === "CLOSED" };
  }

  return {
    /** What the result page shows under the spec's texts; amounts in rupees. */
    async result(caller: RepayCaller, orderId: string) {
      const f = await facts(caller, orderId);
      return {
        outcome: f.outcome,
        order_id: f.order.orderId,
        gateway: f.order.gateway as GatewayName,
        txn_id: f.paid?.gatewayPaymentId ?? "",
        amount: paiseToRupees(Number(f.paid?.amountPaise ?? f.order.amountPaise)),
        paid_on: (f.paid?.receivedOn as IsoDate | undefined) ?? "",
        held_for_refund: paiseToRupees(Number(f.paid?.excessPaise ?? 0)),
        loan_no: f.lead.loanNo ?? "",
        lead_id: f.lead.id,
        loan_closed: (f.closed ? 1 : 0) as 0 | 1,
        /** Today's total due (what closes the loan today); 0 once closed. */
        still_due: paiseToRupees(f.dues?.closeToday ?? 0),
        repayment_date: f.lead.repaymentDate ?? "",
        overdue_days: f.dues?.overdueDays ?? 0,
        receipt_available: (f.paid ? 1 : 0) as 0 | 1,
      };
    },

    /** The receipt PDF of a confirmed payment, for its payer. */
    async receipt(caller: RepayCaller, orderId: string) {
      const f = await facts(caller, orderId);
      if (!f.paid) throw new NotAvailable(REPAY_CODES.noReceipt);
      const gateway = f.order.gateway as GatewayName;
      const entry = await deps.ledger.entryByKey(ledgerKeys.gatewayPayment(gateway, f.paid.gatewayPaymentId));
      const credited = (account: string) => entry?.postings.find((p) => p.side === "credit" && p.account === account)?.amount ?? 0;
      const payer = await deps.payer(f.lead.profileId);
      const bytes = await paymentReceiptPdf({
        receiptNo: f.order.orderId,
        fullName: payer.name,
        language: payer.language,
        loanNo: f.lead.loanNo ?? "",
        receivedOn: f.paid.receivedOn,
        method: PAYMENT_GATEWAY_TITLES[gateway],
        transactionId: f.paid.gatewayPaymentId,
        amountPaise: Number(f.paid.amountPaise),
        split: {
          interest: credited("interest_receivable"),
          principal: credited("principal_receivable"),
          penal: credited("penal_receivable"),
          excess: credited("customer_excess"),
        },
        loanClosed: f.closed,
        stillDuePaise: f.dues?.closeToday ?? 0,
        repaymentDate: f.lead.repaymentDate ?? "",
        issuedOn: todayInIndia(now()),
      });
      return { bytes, filename: `Payment-Receipt-${f.order.orderId}.pdf` };
    },
  };
}

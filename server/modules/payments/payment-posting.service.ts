// Payment posting (decision 29, issue 20): money received for a loan, handed to the loans module, which
// applies it from its value date, allocates it and closes the loan; each payment is posted exactly once
// (ledger key <gateway>:<payment id>, plus the payments table's UNIQUE (gateway, gateway_payment_id)),
// in the same transaction as its row. Also what the loan's payments say: dues, accrual, refunds due,
// the No Dues Certificate.
import { and, asc, eq, sql, type Placeholder } from "drizzle-orm";
import { todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import { type Allocation, type LoanPayment } from "../../../core/loan-math/index.ts";
import type { Db } from "../../db/client.ts";
import { paymentOrders, payments } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { SmsPort } from "../../providers/sms/port.ts";
import { ledgerKeys, repaymentEntry, type LedgerService } from "../ledger/ledger.service.ts";
import type { LeadsService } from "../leads/leads.service.ts";
import type { LoanReceipts } from "../loans/loan-receipts.service.ts";
import { type LoanLead, type LoansService } from "../loans/loans.service.ts";
import { payerProfile } from "./payer-profile.ts";
import { sendClosureSms, sendPaymentReceived, type ReceivedPayment } from "./payment-notices.ts";
import { createPaymentViews } from "./payment-views.ts";
import { type AmountMismatch, type GatewayName, type PaymentSource } from "./payments-common.ts";

type RepaymentInto = Parameters<typeof repaymentEntry>[0]["into"];
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Order = typeof paymentOrders.$inferSelect;

/** A payment's ledger key (ledgerKeys.gatewayPayment / bankTransfer), as SQL over its row. */
const keyOfPayment = sql<string>`(case when ${payments.gateway} = 'bank_transfer' then 'bank-transfer:' else ${payments.gateway} || ':' end) || ${payments.gatewayPaymentId}`;
/** The loan's payments that reduced what it owes, in value-date order (then the order they were posted). */
const paymentsOfLoan = (executor: Pick<Db, "select">, leadId: Placeholder | string) =>
  executor
    .select({ on: payments.receivedOn, amount: payments.amountPaise, key: keyOfPayment })
    .from(payments)
    .where(and(eq(payments.leadId, leadId), eq(payments.appliedToLoan, true)))
    .orderBy(asc(payments.receivedOn), asc(payments.createdAt), asc(payments.id));

/** What payment posting works with: the ledger and the loans module it hands money to, and the SMS of a closure. */
export interface PaymentPostingDeps {
  db: Db;
  ledger: LedgerService;
  loans: LoansService;
  receipts: LoanReceipts;
  leads: LeadsService;
  sms: SmsPort;
  /** The public site's origin (the receipt link in the payment received notice). */
  publicOrigin: string;
  now: () => Date;
  logger: Logger;
  /** A gateway payment was posted (once per payment): the tracker's payment_success (decision 22). */
  onPaid?: (payment: { leadId: string; amountPaise: number }) => Promise<void>;
  /** The gateway confirmed a different amount than the order: listed for accounts (reconciliation), never posted. */
  onAmountMismatch?: (mismatch: AmountMismatch) => Promise<void>;
}

export function createPaymentPostingService(deps: PaymentPostingDeps) {
  const { db, ledger, loans, receipts, leads, now, logger } = deps;
  const profileOf = (profileId: string) => payerProfile(db, profileId);
  const notifyClosed = (lead: LoanLead) => sendClosureSms(deps, lead);
  /** After the posting commits: the payment received, then the closure when it closed the loan. */
  async function notifyPosted(paid: ReceivedPayment, closed: LoanLead | null) {
    await sendPaymentReceived(deps, paid);
    if (closed) await notifyClosed(closed);
  }

  // Outside a transaction (the dashboard's total due, on every load) the SQL is built once.
  const paymentsOfLoanPrepared = paymentsOfLoan(db, sql.placeholder("leadId")).prepare("payments_of_loan");

  async function loanPayments(executor: Pick<Db, "select">, leadId: string): Promise<(LoanPayment & { key: string })[]> {
    const rows = executor === db ? await paymentsOfLoanPrepared.execute({ leadId }) : await paymentsOfLoan(executor, leadId);
    return rows.map((r) => ({ on: r.on as IsoDate, amount: Number(r.amount), key: r.key }));
  }

  async function duesToday(lead: LoanLead, executor: Pick<Db, "select"> = db) {
    return loans.duesOn(lead, await loans.terms(executor, lead.id), await loanPayments(executor, lead.id), todayInIndia(now()));
  }

  /**
   * The one posting path of money received for a loan (a gateway payment or an approved bank
   * transfer), inside the caller's transaction: the loans module applies it from its value date
   * (decision 36: the day the money reached us), allocates it (decision 28), and closes the loan when
   * nothing is left due (decision 30); a closed loan's money is all excess (decision 29). This writes
   * the payment row. The caller sends the notices (notifyPosted) after its transaction commits.
   */
  async function postReceived(
    tx: Tx,
    input: {
      leadId: string;
      source: PaymentSource;
      reference: string;
      paymentOrderId: string | null;
      amountPaise: number;
      idempotencyKey: string;
      into: RepaymentInto;
      memo: string;
      /** The day the money reached the lender (India date). */
      valueOn: IsoDate;
      at: Date;
    },
  ): Promise<{ paymentId: string; allocation: Allocation; closed: LoanLead | null; valueOn: IsoDate }> {
    const { at, amountPaise } = input;
    const earlier = (await loanPayments(tx, input.leadId)).map((p) => ({ on: p.on, amount: p.amount, key: p.key }));
    const outcome = await receipts.apply(tx, {
      leadId: input.leadId,
      valueOn: input.valueOn,
      amountPaise,
      idempotencyKey: input.idempotencyKey,
      into: input.into,
      memo: input.memo,
      at,
      earlier,
    });
    const entry = await ledger.entryByKey(input.idempotencyKey, tx);
    const [row] = await tx
      .insert(payments)
      .values({
        gateway: input.source,
        gatewayPaymentId: input.reference,
        paymentOrderId: input.paymentOrderId,
        leadId: input.leadId,
        amountPaise,
        receivedOn: outcome.valueOn,
        excessPaise: outcome.allocation.excess,
        refundStatus: outcome.allocation.excess > 0 ? "due" : null,
        appliedToLoan: outcome.applied,
        ledgerEntryId: entry!.id,
        createdAt: at,
      })
      .returning({ id: payments.id });
    // An earlier payment split again by value dating: its row keeps the excess it now leaves.
    for (const r of outcome.reallocated) {
      const excess = r.allocation.excess;
      await tx
        .update(payments)
        .set({ excessPaise: excess, refundStatus: excess > 0 ? "due" : null })
        .where(and(eq(payments.leadId, input.leadId), sql`${keyOfPayment} = ${r.key}`, sql`${payments.refundStatus} is distinct from 'refunded'`));
    }
    return { paymentId: row!.id, allocation: outcome.allocation, closed: outcome.closed, valueOn: outcome.valueOn };
  }

  /**
   * Posts one confirmed payment, exactly once. The order row is locked first (so a browser callback,
   * a webhook and a status check for the same payment run one after another), then the loan row;
   * a payment already recorded does nothing. Closure and excess follow decision 28-30.
   */
  async function settle(
    order: Order,
    gateway: GatewayName,
    gatewayPaymentId: string,
    amountPaise: number,
    /** When the gateway captured the money (decision 36: the payment counts from that India date). */
    capturedAt: Date | null,
    /** The ledger memo when not `<gateway> <order id>` (issue 29: a mandate debit says so, core autopayMemo). */
    memo?: string,
  ): Promise<{ posted: boolean }> {
    if (amountPaise !== Number(order.amountPaise)) {
      // The gateway confirmed a different amount than we ordered: never credited automatically.
      logger.warn("payment amount differs from its order; not posted", { gateway, orderId: order.orderId });
      await deps.onAmountMismatch?.({ gateway, orderId: order.orderId, gatewayPaymentId, orderedPaise: Number(order.amountPaise), paidPaise: amountPaise });
      return { posted: false };
    }
    const at = now();
    const outcome = await db.transaction(async (tx) => {
      await tx.select({ id: paymentOrders.id }).from(paymentOrders).where(eq(paymentOrders.id, order.id)).for("update");
      const [seen] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.gateway, gateway), eq(payments.gatewayPaymentId, gatewayPaymentId)));
      if (seen) return { posted: false, closed: null as LoanLead | null, valueOn: null };
      const received = await postReceived(tx, {
        leadId: order.leadId,
        source: gateway,
        reference: gatewayPaymentId,
        paymentOrderId: order.id,
        amountPaise,
        idempotencyKey: ledgerKeys.gatewayPayment(gateway, gatewayPaymentId),
        into: { gateway },
        memo: memo ?? `${gateway} ${order.orderId}`,
        valueOn: todayInIndia(capturedAt && capturedAt <= at ? capturedAt : at),
        at,
      });
      await tx.update(paymentOrders).set({ status: "paid", updatedAt: at }).where(eq(paymentOrders.id, order.id));
      return { posted: true, closed: received.closed, valueOn: received.valueOn };
    });
    if (outcome.valueOn) {
      const paid = { leadId: order.leadId, amountPaise, valueOn: outcome.valueOn, order: { orderId: order.orderId, paymentId: gatewayPaymentId } };
      await notifyPosted(paid, outcome.closed);
    }
    if (outcome.posted) await deps.onPaid?.({ leadId: order.leadId, amountPaise });
    return { posted: outcome.posted };
  }

  return {
    loanPayments,
    duesToday,
    postReceived,
    settle,
    notifyPosted,

    ...createPaymentViews({ db, ledger, loans, leads, now, loanPayments, duesToday, profileOf }),
  };
}

export type PaymentPostingService = ReturnType<typeof createPaymentPostingService>;

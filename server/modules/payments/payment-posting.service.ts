// Payment posting (decision 29, issue 20): money received for a loan, handed to the loans module, which
// applies it from its value date, allocates it and closes the loan; each payment is posted exactly once
// (ledger key <gateway>:<payment id>, plus the payments table's UNIQUE (gateway, gateway_payment_id)),
// in the same transaction as its row. Also what the loan's payments say: dues, accrual, refunds due,
// the No Dues Certificate.
import { and, asc, eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import { todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import { customerLanguage, REPAY_CODES } from "../../../core/i18n/index.ts";
import { paiseToRupees, type Allocation, type LoanPayment } from "../../../core/loan-math/index.ts";
import type { Db } from "../../db/client.ts";
import { ledgerEntries, paymentOrders, payments } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { SmsPort } from "../../providers/sms/port.ts";
import { NotAvailable } from "../domain-errors.ts";
import { ledgerKeys, repaymentEntry, type LedgerService } from "../ledger/ledger.service.ts";
import type { LeadsService } from "../leads/leads.service.ts";
import type { LoanReceipts } from "../loans/loan-receipts.service.ts";
import { isLoan, loanFacts, termsOfJson, type LoanLead, type LoansService } from "../loans/loans.service.ts";
import { noDuesCertificatePdf } from "./no-dues-certificate.ts";
import { documentLanguage } from "../../../core/i18n/index.ts";
import { payerProfile } from "./payer-profile.ts";
import { type AmountMismatch, type GatewayName, type PaymentSource } from "./payments-common.ts";

type RepaymentInto = Parameters<typeof repaymentEntry>[0]["into"];
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Order = typeof paymentOrders.$inferSelect;

const rupees = (paise: number) => paiseToRupees(paise);

export function createPaymentPostingService(deps: {
  db: Db;
  ledger: LedgerService;
  loans: LoansService;
  receipts: LoanReceipts;
  leads: LeadsService;
  sms: SmsPort;
  now: () => Date;
  logger: Logger;
  /** A gateway payment was posted (once per payment): the tracker's payment_success (decision 22). */
  onPaid?: (payment: { leadId: string; amountPaise: number }) => Promise<void>;
  /** The gateway confirmed a different amount than the order: listed for accounts (reconciliation), never posted. */
  onAmountMismatch?: (mismatch: AmountMismatch) => Promise<void>;
}) {
  const { db, ledger, loans, receipts, leads, sms, now, logger } = deps;
  const profileOf = (profileId: string) => payerProfile(db, profileId);

  /** A payment's ledger key (ledgerKeys.gatewayPayment / bankTransfer), as SQL over its row. */
  const keyOfPayment = sql<string>`(case when ${payments.gateway} = 'bank_transfer' then 'bank-transfer:' else ${payments.gateway} || ':' end) || ${payments.gatewayPaymentId}`;
  /** The loan's payments that reduced what it owes, in value-date order (then the order they were posted). */
  const paymentsOfLoan = (executor: Pick<Db, "select">, leadId: Placeholder | string) =>
    executor
      .select({ on: payments.receivedOn, amount: payments.amountPaise, key: keyOfPayment })
      .from(payments)
      .where(and(eq(payments.leadId, leadId), eq(payments.appliedToLoan, true)))
      .orderBy(asc(payments.receivedOn), asc(payments.createdAt), asc(payments.id));
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
   * the payment row. The caller sends the closure SMS (notifyClosed) after its transaction commits.
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
      if (seen) return { posted: false, closed: null as LoanLead | null };
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
      return { posted: true, closed: received.closed };
    });
    if (outcome.closed) await notifyClosed(outcome.closed);
    if (outcome.posted) await deps.onPaid?.({ leadId: order.leadId, amountPaise });
    return { posted: outcome.posted };
  }

  async function notifyClosed(lead: LoanLead) {
    try {
      const p = await profileOf(lead.profileId);
      await sms.sendNotice({
        mobile: p.mobile,
        notice: { kind: "loan_closed", vars: { loan_no: lead.loanNo ?? "" } },
        lang: customerLanguage(p.preferredLanguage),
      });
    } catch (error) {
      // The loan is closed either way; the message is a courtesy (logged without the number).
      logger.error("loan closure sms failed", { error });
    }
  }

  return {
    loanPayments,
    duesToday,
    postReceived,
    settle,
    notifyClosed,

    /**
     * Every payment of a loan by value date, applied to it or held as excess (the books check), with the
     * day its entry is dated in the ledger: its value date, or the first open day when that was closed.
     */
    async paymentsForCheck(leadId: string) {
      const rows = await db
        .select({
          on: payments.receivedOn,
          amount: payments.amountPaise,
          applied: payments.appliedToLoan,
          excess: payments.excessPaise,
          bookedOn: ledgerEntries.effectiveOn,
        })
        .from(payments)
        .leftJoin(ledgerEntries, eq(ledgerEntries.id, payments.ledgerEntryId))
        .where(eq(payments.leadId, leadId))
        .orderBy(asc(payments.receivedOn), asc(payments.createdAt), asc(payments.id));
      return rows.map((r) => ({
        on: r.on as IsoDate,
        amount: Number(r.amount),
        applied: r.applied,
        excess: Number(r.excess),
        bookedOn: (r.bookedOn ?? r.on) as IsoDate,
      }));
    },

    /** What an open loan owes at the end of `on` (India date) from its payments (decision 28); null when it is not open. */
    async duesOn(lead: LoanLead, on: IsoDate) {
      if (lead.status !== "DISBURSED" || !isLoan(lead)) return null;
      return loans.duesOn(lead, await loans.terms(db, lead.id), await loanPayments(db, lead.id), on);
    },

    /**
     * The daily accrual (servicing job): brings an open loan's interest and penal postings up to `on`,
     * under the loan lock, one entry of each kind per loan per day (ledger keys interest:/penal:<loan>:<date>).
     */
    async accrue(leadId: string, on: IsoDate) {
      return db.transaction(async (tx) => {
        const lead = await loans.lock(tx, leadId);
        if (!lead || lead.status !== "DISBURSED" || !isLoan(lead) || lead.disbursalDate! > on) return { interest: 0, penal: 0 };
        // Charges already brought to a later day (the sandbox clock set back): nothing to do today.
        const last = await ledger.lastChargedOn(lead.id, tx);
        if (last && last > on) return { interest: 0, penal: 0 };
        return ledger.accrueTo(tx, { loanId: lead.id, facts: loanFacts(lead, await loans.terms(tx, lead.id), await loanPayments(tx, lead.id)), on });
      });
    },

    /** The dashboard's total_due: "total due today" (core dues' closeToday) in rupees, null without a loan. */
    async totalDueToday(lead: LoanLead): Promise<number | null> {
      if (lead.status !== "DISBURSED" || !isLoan(lead)) return null;
      return rupees((await duesToday(lead)).closeToday);
    },

    /**
     * totalDueToday as a part of one statement of the caller's: `loanId` is that statement's SQL for
     * the lead; `sql` reads its payments as loanPayments does, `totalDue` is totalDueToday from them.
     */
    totalDuePart(loanId: SQL) {
      const duesOfPart = (lead: LoanLead, value: unknown) => {
        if (lead.status !== "DISBURSED" || !isLoan(lead)) return null;
        const [rows, termsRow] = value as [[IsoDate, string][], Record<string, unknown> | null];
        if (!termsRow) return null;
        const paid = rows.map(([on, amount]) => ({ on, amount: Number(amount) }));
        const d = loans.duesOn(lead, termsOfJson(termsRow), paid, todayInIndia(now()));
        // "Total due today" is what closes the loan today, the checkout's figure (issue 29).
        return { totalDue: rupees(d.closeToday), dueOnRepaymentDate: rupees(d.dueOnRepaymentDate) };
      };
      return {
        sql: sql`json_build_array((select coalesce(json_agg(json_build_array(${payments.receivedOn}::text, ${payments.amountPaise}::text) order by ${payments.receivedOn}, ${payments.createdAt}, ${payments.id}), '[]') from ${payments} where ${payments.leadId} = ${loanId} and ${payments.appliedToLoan}), (select row_to_json(t) from loan_terms t where t.lead_id = ${loanId}))`,
        totalDue(lead: LoanLead, value: unknown): number | null {
          return duesOfPart(lead, value)?.totalDue ?? null;
        },
        /** What the loan, as paid so far, will owe on its repayment date (rupees). */
        dueOnRepaymentDate(lead: LoanLead, value: unknown): number | null {
          return duesOfPart(lead, value)?.dueOnRepaymentDate ?? null;
        },
      };
    },

    /** Customer excess awaiting refund (decision 29): payments above what was due, or for a closed loan. */
    async refundsDue() {
      return db
        .select({
          paymentId: payments.id,
          leadId: payments.leadId,
          gateway: payments.gateway,
          gatewayPaymentId: payments.gatewayPaymentId,
          excessPaise: payments.excessPaise,
          receivedOn: payments.receivedOn,
        })
        .from(payments)
        .where(eq(payments.refundStatus, "due"))
        .orderBy(asc(payments.createdAt));
    },

    /** Decision 37: the loan's excess is all refunded, so its payments' excess is no longer due (inside the refund's transaction). */
    async markExcessRefunded(tx: Tx, leadId: string) {
      await tx
        .update(payments)
        .set({ refundStatus: "refunded" })
        .where(and(eq(payments.leadId, leadId), eq(payments.refundStatus, "due")));
    },

    /** Decision 30: the owner's No Dues Certificate, for a closed loan only. */
    async noDuesCertificate(profileId: string, leadId: string) {
      const lead = await leads.requireOwned(profileId, leadId);
      if (lead.status !== "CLOSED" || !isLoan(lead)) throw new NotAvailable(REPAY_CODES.notClosed);
      const p = await profileOf(profileId);
      const paid = await loanPayments(db, lead.id);
      const bytes = await noDuesCertificatePdf({
        fullName: p.fullName ?? "",
        loanNo: lead.loanNo ?? "",
        principalRupees: lead.loanRecommended,
        disbursalDate: lead.disbursalDate,
        closedOn: todayInIndia(lead.statusChangedAt),
        totalPaidRupees: rupees(paid.reduce((s, x) => s + x.amount, 0)),
        issuedOn: todayInIndia(now()),
        language: documentLanguage(p),
      });
      return { bytes, filename: `No-Dues-Certificate-${(lead.loanNo ?? lead.id).replace(/[^A-Za-z0-9-]/g, "")}.pdf` };
    },
  };
}

export type PaymentPostingService = ReturnType<typeof createPaymentPostingService>;

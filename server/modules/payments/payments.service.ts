// Repayments (decision 29): Pay Now by PAN, gateway orders, confirming every payment with the
// gateway, and posting each payment exactly once (ledger key <gateway>:<payment id>, plus the
// payments table's UNIQUE (gateway, gateway_payment_id)), in the same transaction as its row and,
// when nothing is left due, the loan's closure (decision 30).
import { isUuid } from "../../../core/validation/primitives.ts";
import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, desc, eq, isNull, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import { paiseToRupees, repaymentChargePaise, type Allocation, type LoanPayment } from "../../../core/loan-math/index.ts";
import { OTP_POLICY } from "../../../core/security-policy.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles, paymentOrders, payments, paymentWebhookEvents, repayOtpChallenges, repaySessions } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { PaymentGateways } from "../../providers/payments/index.ts";
import { parsePhonepeWebhook, phonepeTransactionStatus } from "../../providers/payments/phonepe/port.ts";
import type { RazorpayWebhookEvent } from "../../providers/payments/razorpay/port.ts";
import type { SmsPort } from "../../providers/sms/port.ts";
import { keyedHash, randomToken, safeEqualHex, sha256Hex } from "../../security/crypto.ts";
import type { AuthService } from "../auth/auth.service.ts";
import { InvalidSession, Malformed, NotAuthenticated, NotAvailable, NotFound, ProviderDown, RateLimited, Refused } from "../domain-errors.ts";
import { ledgerKeys, repaymentEntry, type LedgerService } from "../ledger/ledger.service.ts";
import type { LeadsService } from "../leads/leads.service.ts";
import type { LoanReceipts } from "../loans/loan-receipts.service.ts";
import { isLoan, loanFacts, termsOfJson, type LoanLead, type LoansService } from "../loans/loans.service.ts";
import { describeWait } from "../rate-limit/rate-limit.service.ts";
import { noDuesCertificatePdf } from "./no-dues-certificate.ts";
import { repaymentLinesData } from "./repayment-lines-data.ts";
import { createPaymentResults } from "./payment-result.ts";

export type GatewayName = "razorpay" | "payu" | "phonepe";
export type AmountMismatch = { gateway: GatewayName; orderId: string; gatewayPaymentId: string; orderedPaise: number; paidPaise: number };
/** Where money received for a loan came from: a gateway, or a bank transfer approved by accounts. */
export type PaymentSource = GatewayName | "bank_transfer";
type RepaymentInto = Parameters<typeof repaymentEntry>[0]["into"];
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Order = typeof paymentOrders.$inferSelect;

export const REPAY_SESSION_COOKIE = "sot_repay";
export const REPAY_SESSION_SECONDS = 15 * 60;
/** Where the browser lands after a gateway: the status page reads the order and asks instifiGetSataus. */
export const thankYouPath = (orderId: string, txnId: string) => `/thank-you/${encodeURIComponent(orderId)}/${encodeURIComponent(txnId)}`;
/** Our own return and webhook routes (outside /Api: gateways post forms and raw bodies without our Origin). */
export const PAYMENT_CALLBACKS = "/payments";
export const PAYU_RETURN_PATH = `${PAYMENT_CALLBACKS}/payu/return`;
export const PHONEPE_RETURN_PATH = `${PAYMENT_CALLBACKS}/phonepe/return`;

export const REPAY_MESSAGES = {
  // The same words whether or not the PAN has a loan (decision 29).
  otpSent: "If this PAN has a loan with us, a code has been sent to the mobile number registered with it.",
  verified: "OTP verified successfully.",
  noLoanDue: "There is no loan due for this PAN.",
  noActiveLoan: "You have no loan due.",
  detailsLoaded: "Repayment details loaded.",
  orderCreated: "Order created.",
  paymentSuccessful: "Payment Successful",
  verificationFailed: "Payment Verification Failed",
  statusLoaded: "Payment status loaded.",
  unknownOrder: "We could not find this payment. Please check the link or contact us.",
  notClosed: "The No Dues Certificate is available once the loan is closed.",
  gatewayDown: "The payment gateway is not reachable right now. Please try again in a minute.",
} as const;

export const PG_DATA = [
  { mpg_gateway_name: "razorpay", label: "UPI, cards and net banking (Razorpay)" },
  { mpg_gateway_name: "payu", label: "Cards, net banking and wallets (PayU)" },
  { mpg_gateway_name: "phonepe", label: "PhonePe" },
] as const;

/** Who asks: a signed-in customer, and/or the Pay Now cookie. */
export type RepayCaller = { profileId?: string | null; repayToken?: string | null };

const rupees = (paise: number) => paiseToRupees(paise);
const fromUnixSeconds = (seconds: number | undefined) => (Number.isFinite(seconds) && seconds! > 0 ? new Date(seconds! * 1000) : null);
/** PayU's addedon is India time, "YYYY-MM-DD HH:MM:SS". */
function payuAddedOn(text: string | null): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(text ?? "");
  if (!m) return null;
  const at = new Date(`${m[1]}T${m[2]}+05:30`);
  return Number.isNaN(at.getTime()) ? null : at;
}
const maskMobile = (m: string) => `${"X".repeat(Math.max(0, m.length - 4))}${m.slice(-4)}`;
const newOrderId = () => `SOTR${randomBytes(8).toString("hex").toUpperCase()}`;
/** An order or transaction reference as we and the gateways write them; anything else is unknown. */
const GATEWAY_REF = /^[A-Za-z0-9_-]{1,63}$/;

export function createPaymentsService(deps: {
  db: Db;
  hashKey: string;
  publicOrigin: string;
  gateways: PaymentGateways;
  ledger: LedgerService;
  loans: LoansService;
  receipts: LoanReceipts;
  leads: LeadsService;
  auth: AuthService;
  sms: SmsPort;
  now: () => Date;
  logger: Logger;
  /** A gateway payment was posted (once per payment): the tracker's payment_success (decision 22). */
  onPaid?: (payment: { leadId: string; amountPaise: number }) => Promise<void>;
  /** The gateway confirmed a different amount than the order: listed for accounts (reconciliation), never posted. */
  onAmountMismatch?: (mismatch: AmountMismatch) => Promise<void>;
}) {
  const { db, gateways, ledger, loans, receipts, leads, auth, sms, now, logger } = deps;
  const origin = deps.publicOrigin.replace(/\/$/, "");
  const otp = auth.otpKit;
  const panHash = (pan: string) => keyedHash(deps.hashKey, "pan", pan);

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

  async function profileOf(profileId: string) {
    const [p] = await db
      .select({ id: customerProfiles.id, mobile: customerProfiles.mobile, fullName: customerProfiles.fullName, email: customerProfiles.personalEmail })
      .from(customerProfiles)
      .where(eq(customerProfiles.id, profileId));
    if (!p) throw new InvalidSession();
    return p;
  }

  /** repayment_data of REPAY-API 2 and 8: amounts in rupees, the mobile masked. */
  async function repaymentData(lead: LoanLead) {
    const d = await duesToday(lead);
    const terms = await loans.terms(db, lead.id);
    const p = await profileOf(lead.profileId);
    return {
      loan_no: lead.loanNo ?? "",
      disbursal_date: lead.disbursalDate ?? "",
      repayment_date: lead.repaymentDate ?? "",
      repayment_amount: Number(lead.repaymentAmount ?? 0),
      loan_recommended: lead.loanRecommended ?? 0,
      real_interest: rupees(d.interestOutstanding),
      total_due_amount: rupees(d.totalDue),
      penal_charges: rupees(d.penalOutstanding),
      close_today_amount: rupees(d.closeToday),
      cooling_off: (d.coolingOff ? 1 : 0) as 0 | 1,
      /** Last day of the cooling-off period, counted from the payout (decision 35). */
      cooling_off_until: terms.coolingOffEndsOn ?? "",
      overdue_days: d.overdueDays,
      full_name: p.fullName ?? "",
      email: p.email ?? "",
      mobile: maskMobile(p.mobile),
      lead_id: lead.id,
      repayment_lines: repaymentLinesData(d),
    };
  }

  /** The lead a caller may pay for: the signed-in owner's, or the one the Pay Now cookie names (else Status 4). */
  async function authorizeLead(caller: RepayCaller, leadId: string): Promise<LoanLead> {
    if (!isUuid(leadId)) throw new InvalidSession();
    const id = leadId.toLowerCase();
    if (caller.profileId) {
      const owned = await leads.requireOwned(caller.profileId, id).catch(() => null);
      if (owned) return owned;
    }
    if (caller.repayToken && caller.repayToken.length <= 100) {
      const [session] = await db
        .select()
        .from(repaySessions)
        .where(eq(repaySessions.tokenHash, sha256Hex(caller.repayToken)));
      if (session && session.leadId === id && session.expiresAt > now()) {
        const lead = await loans.byId(id);
        if (lead) return lead;
      }
    }
    throw new InvalidSession();
  }

  /** The amount to charge now (decision 29), from the loan's dues today; only an open loan takes orders. */
  async function chargeFor(lead: LoanLead, enteredRupees: number | null) {
    if (lead.status !== "DISBURSED" || !isLoan(lead)) throw new Refused(REPAY_MESSAGES.noActiveLoan);
    const d = await duesToday(lead);
    // closeToday: on the disbursal day, closing costs one day's interest beyond what is charged yet.
    const due = d.closeToday;
    if (due <= 0) throw new Refused(REPAY_MESSAGES.noActiveLoan);
    return repaymentChargePaise(enteredRupees === null ? null : Math.round(enteredRupees * 100), due);
  }

  async function insertOrder(values: { orderId: string; gateway: GatewayName; gatewayOrderId: string; leadId: string; amountPaise: number }) {
    const at = now();
    await db.insert(paymentOrders).values({ ...values, status: "created", createdAt: at, updatedAt: at });
  }

  const gatewayCall = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      logger.error("payment gateway call failed", { error });
      throw new ProviderDown(REPAY_MESSAGES.gatewayDown);
    }
  };

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
        memo: `${gateway} ${order.orderId}`,
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
      await sms.sendNotice({ mobile: p.mobile, notice: { kind: "loan_closed", vars: { loan_no: lead.loanNo ?? "" } } });
    } catch (error) {
      // The loan is closed either way; the message is a courtesy (logged without the number).
      logger.error("loan closure sms failed", { error });
    }
  }

  /** An attempt that did not pay: only an order not yet paid becomes failed (paid is final). */
  async function markFailed(order: Order) {
    await db
      .update(paymentOrders)
      .set({ status: "failed", updatedAt: now() })
      .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, "created")));
  }

  async function orderBy(where: ReturnType<typeof eq>) {
    const [order] = await db.select().from(paymentOrders).where(where);
    return order ?? null;
  }

  const findOrder = (id: string) => orderBy(or(eq(paymentOrders.orderId, id), eq(paymentOrders.gatewayOrderId, id))!);

  async function paidTxnId(order: Order): Promise<string | null> {
    const [row] = await db
      .select({ id: payments.gatewayPaymentId })
      .from(payments)
      .where(eq(payments.paymentOrderId, order.id))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return row?.id ?? null;
  }

  type Refreshed = { status: "Completed" | "Pending" | "Failed"; transactionId: string | null };

  /** Asks the gateway about an order not yet paid, posts a confirmed payment once, and says where it stands. */
  async function refresh(order: Order): Promise<Refreshed> {
    if (order.status === "paid") return { status: "Completed", transactionId: await paidTxnId(order) };
    if (order.gateway === "razorpay") {
      const list = await gatewayCall(() => gateways.razorpay.fetchOrderPayments(order.gatewayOrderId!));
      const captured = list.find((p) => p.status === "captured" && p.order_id === order.gatewayOrderId);
      if (captured) {
        await settle(order, "razorpay", captured.id, captured.amount, fromUnixSeconds(captured.created_at));
        return current(order);
      }
      if (list.length && list.every((p) => p.status === "failed")) await markFailed(order);
    } else if (order.gateway === "payu") {
      const txn = await gatewayCall(() => gateways.payu.verifyPayment(order.orderId));
      if (txn?.status === "success" && txn.mihpayid && txn.amountPaise !== null) {
        await settle(order, "payu", txn.mihpayid, txn.amountPaise, payuAddedOn(txn.addedOn));
        return current(order);
      }
      if (txn && txn.status !== "pending" && txn.status !== "success") await markFailed(order);
    } else {
      const status = await gatewayCall(() => gateways.phonepe.orderStatus(order.orderId));
      const paid = status.paymentDetails.find((p) => p.state === "COMPLETED");
      if (status.state === "COMPLETED" && paid) {
        await settle(order, "phonepe", paid.transactionId, status.amountPaise, Number.isFinite(paid.timestamp) ? new Date(paid.timestamp) : null);
        return current(order);
      }
      if (status.state === "FAILED") await markFailed(order);
      if (phonepeTransactionStatus(status.state) === "Pending") return { status: "Pending", transactionId: null };
    }
    return current(order);
  }

  async function current(order: Order): Promise<Refreshed> {
    const fresh = (await orderBy(eq(paymentOrders.id, order.id)))!;
    if (fresh.status === "paid") return { status: "Completed", transactionId: await paidTxnId(fresh) };
    return { status: fresh.status === "failed" ? "Failed" : "Pending", transactionId: null };
  }

  /** Records a webhook event id; false when it was seen before (a retry). */
  async function firstDelivery(gateway: GatewayName, eventId: string, event: string): Promise<boolean> {
    const inserted = await db
      .insert(paymentWebhookEvents)
      .values({ gateway, eventId: eventId.slice(0, 200), event: event.slice(0, 100), receivedAt: now() })
      .onConflictDoNothing()
      .returning({ id: paymentWebhookEvents.eventId });
    return inserted.length > 0;
  }

  const results = createPaymentResults({
    db,
    now,
    gateways,
    ledger,
    authorizeLead,
    duesToday: (lead) => duesToday(lead),
    payerName: async (profileId) => (await profileOf(profileId)).fullName ?? "",
  });

  return {
    loanPayments,
    /** The result page's facts of one order, for its payer (issue 20). */
    paymentResult: results.result,
    /** The receipt PDF of a confirmed payment, for its payer. */
    paymentReceipt: results.receipt,

    /** Every payment of a loan by value date, applied to it or held as excess (the books check). */
    async paymentsForCheck(leadId: string) {
      const rows = await db
        .select({ on: payments.receivedOn, amount: payments.amountPaise, applied: payments.appliedToLoan, excess: payments.excessPaise })
        .from(payments)
        .where(eq(payments.leadId, leadId))
        .orderBy(asc(payments.receivedOn), asc(payments.createdAt), asc(payments.id));
      return rows.map((r) => ({ on: r.on as IsoDate, amount: Number(r.amount), applied: r.applied, excess: Number(r.excess) }));
    },

    /** Decision 29 + 15: the same answer and the same path whether or not the PAN has a loan. */
    async sendOtp(input: { pancard: string; ip: string }) {
      const hash = panHash(input.pancard);
      const [profile] = await db
        .select({ id: customerProfiles.id, mobile: customerProfiles.mobile })
        .from(customerProfiles)
        .where(eq(customerProfiles.pancardHash, hash));
      const subject = profile?.mobile ?? `pan:${hash}`;
      await otp.checkSendLimits(subject, input.ip);
      const at = now();
      const [latest] = await db
        .select({ createdAt: repayOtpChallenges.createdAt })
        .from(repayOtpChallenges)
        .where(eq(repayOtpChallenges.panHash, hash))
        .orderBy(desc(repayOtpChallenges.createdAt))
        .limit(1);
      const waitMs = latest ? latest.createdAt.getTime() + OTP_POLICY.resendAfterSeconds * 1000 - at.getTime() : 0;
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new RateLimited(otp.messages.tooSoon(describeWait(seconds)), seconds);
      }
      await otp.recordSend(subject, input.ip);
      // An unknown PAN still gets a challenge (its code is never sent, so it can never be verified).
      const id = randomUUID();
      const code = otp.newCode();
      await db.transaction(async (tx) => {
        await tx
          .update(repayOtpChallenges)
          .set({ consumedAt: at })
          .where(and(eq(repayOtpChallenges.panHash, hash), isNull(repayOtpChallenges.consumedAt)));
        await tx.insert(repayOtpChallenges).values({
          id,
          panHash: hash,
          profileId: profile?.id ?? null,
          codeHash: otp.hash(`repay:${id}`, code),
          createdAt: at,
          expiresAt: new Date(at.getTime() + OTP_POLICY.ttlSeconds * 1000),
        });
      });
      if (profile) {
        try {
          await sms.sendOtp({ mobile: profile.mobile, code, purpose: "repayment" });
        } catch (error) {
          logger.error("sms send failed", { error });
          throw new ProviderDown(otp.messages.smsFailed);
        }
      }
      return { otpRef: id };
    },

    /** Checks the code (decision 15 limits), then opens a 15-minute Pay Now session scoped to the loan due. */
    async verifyOtp(input: { pancard: string; otp: string; otpRef: string }) {
      const at = now();
      const hash = panHash(input.pancard);
      const [challenge] = isUuid(input.otpRef)
        ? await db
            .select()
            .from(repayOtpChallenges)
            .where(and(eq(repayOtpChallenges.id, input.otpRef.toLowerCase()), eq(repayOtpChallenges.panHash, hash), isNull(repayOtpChallenges.consumedAt)))
        : [];
      if (!challenge || challenge.expiresAt <= at) throw new Refused(otp.messages.expired);
      if (!safeEqualHex(challenge.codeHash, otp.hash(`repay:${challenge.id}`, input.otp))) {
        const [after] = await db
          .update(repayOtpChallenges)
          .set({
            attempts: sql`${repayOtpChallenges.attempts} + 1`,
            consumedAt: sql`CASE WHEN ${repayOtpChallenges.attempts} + 1 >= ${OTP_POLICY.maxWrongAttempts} THEN ${at.toISOString()}::timestamptz ELSE NULL END`,
          })
          .where(and(eq(repayOtpChallenges.id, challenge.id), isNull(repayOtpChallenges.consumedAt)))
          .returning({ attempts: repayOtpChallenges.attempts });
        const left = OTP_POLICY.maxWrongAttempts - (after?.attempts ?? OTP_POLICY.maxWrongAttempts);
        throw new Refused(left > 0 ? otp.messages.wrong(left) : otp.messages.burned);
      }
      const [used] = await db
        .update(repayOtpChallenges)
        .set({ consumedAt: at })
        .where(and(eq(repayOtpChallenges.id, challenge.id), isNull(repayOtpChallenges.consumedAt)))
        .returning({ id: repayOtpChallenges.id });
      if (!used) throw new Refused(otp.messages.expired);
      const lead = challenge.profileId ? await loans.activeLoanOf(challenge.profileId) : null;
      if (!lead) throw new Refused(REPAY_MESSAGES.noLoanDue);
      const token = randomToken();
      await db
        .insert(repaySessions)
        .values({ tokenHash: sha256Hex(token), leadId: lead.id, createdAt: at, expiresAt: new Date(at.getTime() + REPAY_SESSION_SECONDS * 1000) });
      return { token, repayment: await repaymentData(lead) };
    },

    /** REPAY-API 8: the signed-in customer's loan due (or the named lead of theirs), or null. */
    async repaymentDetails(profileId: string, leadId?: string) {
      const lead = leadId ? await leads.requireOwned(profileId, leadId) : await loans.activeLoanOf(profileId);
      const due = lead && lead.status === "DISBURSED" && isLoan(lead) ? lead : null;
      return { repayment: due ? await repaymentData(due) : null };
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

    /** The dashboard's total_due: today's total due from the loan's payments (rupees), null without a loan. */
    async totalDueToday(lead: LoanLead): Promise<number | null> {
      if (lead.status !== "DISBURSED" || !isLoan(lead)) return null;
      return rupees((await duesToday(lead)).totalDue);
    },

    /**
     * totalDueToday as a part of one statement of the caller's: `loanId` is that statement's SQL for
     * the lead; `sql` reads its payments as loanPayments does, `totalDue` is totalDueToday from them.
     */
    totalDuePart(loanId: SQL) {
      return {
        sql: sql`json_build_array((select coalesce(json_agg(json_build_array(${payments.receivedOn}::text, ${payments.amountPaise}::text) order by ${payments.receivedOn}, ${payments.createdAt}, ${payments.id}), '[]') from ${payments} where ${payments.leadId} = ${loanId} and ${payments.appliedToLoan}), (select row_to_json(t) from loan_terms t where t.lead_id = ${loanId}))`,
        totalDue(lead: LoanLead, value: unknown): number | null {
          if (lead.status !== "DISBURSED" || !isLoan(lead)) return null;
          const [rows, termsRow] = value as [[IsoDate, string][], Record<string, unknown> | null];
          if (!termsRow) return null;
          const paid = rows.map(([on, amount]) => ({ on, amount: Number(amount) }));
          return rupees(loans.duesOn(lead, termsOfJson(termsRow), paid, todayInIndia(now())).totalDue);
        },
      };
    },

    async razorpayOrder(caller: RepayCaller, input: { lead_id: string; rzp_amount: number | null }) {
      const lead = await authorizeLead(caller, input.lead_id);
      const amountPaise = await chargeFor(lead, input.rzp_amount);
      const orderId = newOrderId();
      const order = await gatewayCall(() => gateways.razorpay.createOrder({ amountPaise, receipt: orderId, notes: { lead_id: lead.id } }));
      await insertOrder({ orderId, gateway: "razorpay", gatewayOrderId: order.id, leadId: lead.id, amountPaise });
      const p = await profileOf(lead.profileId);
      return {
        gatewayOrderId: order.id,
        keyId: gateways.razorpay.checkout.keyId,
        amountPaise,
        loanNo: lead.loanNo,
        payer: { name: p.fullName ?? "", email: p.email ?? "", mobile: p.mobile },
        checkoutScriptUrl: gateways.razorpay.checkout.scriptUrl,
      };
    },

    /** The browser's word is checked: signature over OUR stored order id, then the payment fetched from Razorpay. */
    async razorpayVerify(input: { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }) {
      const failed = { ok: false as const, data: { status: "FAILED" as const, txnId: input.razorpay_payment_id } };
      const [order] = await db
        .select()
        .from(paymentOrders)
        .where(and(eq(paymentOrders.gateway, "razorpay"), eq(paymentOrders.gatewayOrderId, input.razorpay_order_id)));
      if (!order) return failed;
      const signed = gateways.razorpay.verifyPaymentSignature({
        orderId: order.gatewayOrderId!,
        paymentId: input.razorpay_payment_id,
        signature: input.razorpay_signature,
      });
      if (!signed) return failed;
      const payment = await gatewayCall(() => gateways.razorpay.fetchPayment(input.razorpay_payment_id));
      if (payment.status !== "captured" || payment.order_id !== order.gatewayOrderId) return failed;
      await settle(order, "razorpay", payment.id, payment.amount, fromUnixSeconds(payment.created_at));
      const now = await current(order);
      if (now.status !== "Completed") return failed;
      return { ok: true as const, data: { status: "SUCCESS" as const, txnId: payment.id, order_id: order.orderId } };
    },

    async payuOrder(caller: RepayCaller, input: { amount: number | null; productinfo: string; udf5: string }) {
      const lead = await authorizeLead(caller, input.udf5);
      // The customer's own details from the loan, never the page's (it only has the masked mobile).
      const p = await profileOf(lead.profileId);
      const amountPaise = await chargeFor(lead, input.amount);
      const orderId = newOrderId();
      const returnUrl = `${origin}${PAYU_RETURN_PATH}`;
      const form = (() => {
        try {
          return gateways.payu.paymentForm({
            txnid: orderId,
            amountPaise,
            productinfo: input.productinfo,
            firstname: (p.fullName ?? "").trim().split(/\s+/)[0] ?? "",
            email: p.email ?? "",
            phone: p.mobile,
            udf5: lead.id,
            surl: returnUrl,
            furl: returnUrl,
          });
        } catch {
          throw new Refused("Please check your name, e-mail and mobile number.");
        }
      })();
      await insertOrder({ orderId, gateway: "payu", gatewayOrderId: orderId, leadId: lead.id, amountPaise });
      return { formAction: form.action, formFields: form.fields };
    },

    /** PayU's surl/furl: the reverse hash first, then verify_payment decides; the browser goes to the status page. */
    async payuReturn(fields: Record<string, unknown>): Promise<string> {
      const txnid = typeof fields.txnid === "string" && GATEWAY_REF.test(fields.txnid) ? fields.txnid : "unknown";
      const response = gateways.payu.verifyResponse(fields);
      const order = response ? await orderBy(and(eq(paymentOrders.gateway, "payu"), eq(paymentOrders.orderId, response.txnid))!) : null;
      if (!response || !order) {
        logger.warn("payu return refused", { reason: response ? "unknown order" : "reverse hash mismatch" });
        return thankYouPath(txnid, txnid);
      }
      const state = await refresh(order).catch(() => ({ status: "Pending" as const, transactionId: null }));
      return thankYouPath(order.orderId, state.transactionId ?? response.mihpayid ?? order.orderId);
    },

    async phonepeOrder(caller: RepayCaller, input: { amount: number | null; leadId: string }) {
      const lead = await authorizeLead(caller, input.leadId);
      const amountPaise = await chargeFor(lead, input.amount);
      const orderId = newOrderId();
      const created = await gatewayCall(() =>
        gateways.phonepe.createOrder({
          merchantOrderId: orderId,
          amountPaise,
          redirectUrl: `${origin}${PHONEPE_RETURN_PATH}?order_id=${orderId}`,
          metaInfo: { udf1: lead.id },
        }),
      );
      await insertOrder({ orderId, gateway: "phonepe", gatewayOrderId: created.orderId, leadId: lead.id, amountPaise });
      return { redirectUrl: created.redirectUrl };
    },

    /** PhonePe's redirect back: the status API decides; on to the status page. */
    async phonepeReturn(orderId: string): Promise<string> {
      // The browser brings the id back in the query: anything that is not one of our ids is simply unknown.
      if (!GATEWAY_REF.test(orderId)) return thankYouPath("unknown", "unknown");
      const order = await orderBy(and(eq(paymentOrders.gateway, "phonepe"), eq(paymentOrders.orderId, orderId))!);
      if (!order) return thankYouPath("unknown", "unknown");
      const state = await refresh(order).catch(() => ({ status: "Pending" as const, transactionId: null }));
      return thankYouPath(order.orderId, state.transactionId ?? order.orderId);
    },

    /** instifiGetSataus: asks the gateway when the order is not final, posts once, answers. */
    async status(input: { order_id: string; txn_id?: string }) {
      const order = await findOrder(input.order_id.slice(0, 100));
      if (!order) throw new NotFound(REPAY_MESSAGES.unknownOrder);
      const state = await refresh(order);
      return { transactionId: state.transactionId ?? input.txn_id ?? "", status: state.status };
    },

    /** Razorpay webhook: signature over the raw bytes, de-duplicated by event id, confirmed by fetching the payment. */
    async razorpayWebhook(delivery: { rawBody: string; headers: Record<string, string> }) {
      if (!gateways.razorpay.verifyWebhookSignature(delivery.rawBody, delivery.headers["x-razorpay-signature"]))
        throw new NotAuthenticated("Signature mismatch.");
      let event: RazorpayWebhookEvent;
      try {
        event = JSON.parse(delivery.rawBody);
      } catch {
        throw new Malformed("The body is not JSON.");
      }
      const eventId = delivery.headers["x-razorpay-event-id"] || `${event?.event}:${event?.payload?.payment?.entity?.id ?? ""}`;
      const payment = event?.payload?.payment?.entity;
      const order = payment?.order_id ? await orderBy(and(eq(paymentOrders.gateway, "razorpay"), eq(paymentOrders.gatewayOrderId, payment.order_id))!) : null;
      if (order && (event.event === "payment.captured" || event.event === "order.paid")) {
        await refresh(order);
      } else if (order && event.event === "payment.failed") {
        await markFailed(order);
      }
      // Recorded after acting: a failed attempt is retried by Razorpay and handled then (acting is idempotent).
      await firstDelivery("razorpay", eventId, String(event?.event ?? ""));
    },

    /** PhonePe webhook: Authorization header checked; only the status API's answer is trusted. */
    async phonepeWebhook(delivery: { rawBody: string; headers: Record<string, string> }) {
      if (!gateways.phonepe.verifyWebhook(delivery.headers["authorization"])) throw new NotAuthenticated("Authorization mismatch.");
      const hook = parsePhonepeWebhook(delivery.rawBody);
      if (!hook) throw new Malformed("The body is not a PhonePe order event.");
      const order = await orderBy(and(eq(paymentOrders.gateway, "phonepe"), eq(paymentOrders.orderId, hook.merchantOrderId))!);
      if (order) await refresh(order);
      await firstDelivery("phonepe", `${hook.merchantOrderId}:${hook.state}`, hook.event);
    },

    /** Webhook event ids seen (tests and reconciliation). */
    async webhookEventsSeen(gateway: GatewayName) {
      return db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.gateway, gateway));
    },

    postReceived,
    notifyClosed,
    /** Reconciliation and PayU's notification: ask the gateway about one order (posts once), record a delivery, find an order. */
    refresh,
    firstDelivery,
    orderOf: (gateway: GatewayName, orderId: string) =>
      GATEWAY_REF.test(orderId) ? orderBy(and(eq(paymentOrders.gateway, gateway), eq(paymentOrders.orderId, orderId))!) : Promise.resolve(null),

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
      if (lead.status !== "CLOSED" || !isLoan(lead)) throw new NotAvailable(REPAY_MESSAGES.notClosed);
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
      });
      return { bytes, filename: `No-Dues-Certificate-${(lead.loanNo ?? lead.id).replace(/[^A-Za-z0-9-]/g, "")}.pdf` };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

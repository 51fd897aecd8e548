// Refunds of customer excess (decision 37). Accounts or collections request a refund of the excess
// held for a loan (never more than its customer_excess balance, checked under the loan's lock);
// another person in accounts approves (four eyes) or rejects it. Approval sends it to the original
// gateway payment or, by payout, to the verified bank account (key refund:<id>). The provider's
// confirmation posts one refund entry (ledger key refund:<id>) and tells the customer by SMS; its
// failure returns the refund to REQUESTED with the reason; silence is UNKNOWN until it is asked.
import { and, desc, eq, inArray } from "drizzle-orm";
import { todayInIndia } from "../../../core/calendar.ts";
import { customerLanguage, translate } from "../../../core/i18n/index.ts";
import type { RefundRequestInput, RefundRow } from "../../../core/admin/refund-desk.ts";
import { formatPaise } from "../../../core/money.ts";
import { isUuid } from "../../../core/validation/primitives.ts";
import type { Db } from "../../db/client.ts";
import { bankAccounts, customerProfiles, leads, loanAccounts, paymentOrders, payments, refunds } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { SmsNoticePort } from "../../providers/sms/port.ts";
import { decrypt } from "../../security/crypto.ts";
import { requireStaffRole, type AuditRecorder, type StaffActor } from "../credit/credit.service.ts";
import { InvalidInput, Malformed, NotFound, Refused } from "../domain-errors.ts";
import type { LeadsService } from "../leads/leads.service.ts";
import type { LedgerService } from "../ledger/ledger.service.ts";
import { rupeesTextToPaise } from "../payments/bank-transfers.service.ts";
import type { PaymentsService } from "../payments/payments.service.ts";
import { refundEntry, refundLedgerKey } from "./refund-entry.ts";
import { GATEWAY_REFUNDS, type ProviderAnswer, type RefundAttempt, type RefundProviders } from "./refund-providers.ts";
import { aboveExcessMessage, REFUND_MESSAGES } from "./refund-messages.ts";
import { createRefundViews } from "./refund-views.ts";

export { aboveExcessMessage, REFUND_MESSAGES };

type Row = typeof refunds.$inferSelect;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type StaffWithEmail = StaffActor & { email?: string };
const LIVE = ["REQUESTED", "APPROVED", "SENT", "UNKNOWN"] as const;
const WAITING_ON_PROVIDER = ["APPROVED", "SENT", "UNKNOWN"] as const;
const attemptKeyOf = (id: string, attempt: number) => (attempt === 1 ? refundLedgerKey(id) : `${refundLedgerKey(id)}:${attempt}`);

export function createRefundsService(deps: {
  db: Db;
  ledger: LedgerService;
  payments: PaymentsService;
  leads: LeadsService;
  providers: RefundProviders;
  sms: SmsNoticePort;
  audit: AuditRecorder;
  encryptionKey: string;
  now: () => Date;
  logger: Logger;
}) {
  const { db, ledger, payments: paymentsService, leads: leadsService, providers, sms, audit, encryptionKey, now, logger } = deps;
  const views = createRefundViews({ db, ledger, now });

  /** The loan's own verified account, else the customer's most recently verified one (decision 26: verified only). */
  async function verifiedAccountOf(tx: Tx, leadId: string, profileId: string) {
    const cols = { id: bankAccounts.id, last4: bankAccounts.accountLast4 };
    const [own] = await tx
      .select(cols)
      .from(bankAccounts)
      .where(and(eq(bankAccounts.leadId, leadId), eq(bankAccounts.verificationStatus, "VERIFIED")));
    if (own) return own;
    const [latest] = await tx
      .select(cols)
      .from(bankAccounts)
      .where(and(eq(bankAccounts.profileId, profileId), eq(bankAccounts.verificationStatus, "VERIFIED")))
      .orderBy(desc(bankAccounts.verifiedAt), desc(bankAccounts.createdAt))
      .limit(1);
    return latest ?? null;
  }

  const heldFor = async (tx: Tx, leadId: string) => (await ledger.balances(leadId, tx)).customer_excess;

  async function lockRefund(tx: Tx, id: string): Promise<Row> {
    if (!isUuid(id)) throw new NotFound(REFUND_MESSAGES.notFound);
    const [row] = await tx.select().from(refunds).where(eq(refunds.id, id.toLowerCase())).for("update");
    if (!row) throw new NotFound(REFUND_MESSAGES.notFound);
    return row;
  }

  /** The provider's view of the refund's current attempt (the account number decrypted only here). */
  async function attemptOf(row: Row): Promise<RefundAttempt> {
    const base = { refundId: row.id, attemptKey: row.idempotencyKey!, amountPaise: Number(row.amountPaise), providerReference: row.providerReference };
    if (row.route === "gateway") {
      const [p] = await db
        .select({ ref: payments.gatewayPaymentId, orderId: paymentOrders.orderId })
        .from(payments)
        .innerJoin(paymentOrders, eq(paymentOrders.id, payments.paymentOrderId))
        .where(eq(payments.id, row.paymentId!));
      return { ...base, route: "gateway", gateway: row.gateway!, gatewayPaymentId: p!.ref, merchantOrderId: p!.orderId };
    }
    const [account] = await db.select().from(bankAccounts).where(eq(bankAccounts.id, row.bankAccountId!));
    return {
      ...base,
      route: "bank",
      account: { number: decrypt(encryptionKey, account!.accountNumberEnc), ifsc: account!.ifsc, holderName: account!.nameAtBank ?? account!.accountName },
    };
  }

  /**
   * Applies the provider's answer to the attempt it was about, once: a repeated or stale answer (an
   * earlier attempt's, or after the refund is settled) changes nothing.
   */
  async function apply(refundId: string, attemptKey: string, answer: ProviderAnswer) {
    const at = now();
    const outcome = await db.transaction(async (tx) => {
      const row = await lockRefund(tx, refundId);
      if (!(WAITING_ON_PROVIDER as readonly string[]).includes(row.status) || row.idempotencyKey !== attemptKey) return null;
      if (answer.reference && row.providerReference && answer.reference !== row.providerReference) return null;
      const reference = answer.reference ?? row.providerReference;
      if (answer.state === "unknown") {
        if (row.status === "APPROVED") await tx.update(refunds).set({ status: "UNKNOWN" }).where(eq(refunds.id, row.id));
        return null;
      }
      if (answer.state === "pending") {
        await tx
          .update(refunds)
          .set({ status: "SENT", providerReference: reference, sentAt: row.sentAt ?? at })
          .where(eq(refunds.id, row.id));
        return null;
      }
      if (answer.state === "failed") {
        const reason = (answer.reason ?? "The provider could not make the refund.").slice(0, 500);
        // Back to REQUESTED: a fresh approval sends a new attempt under a new key (the failure is confirmed).
        await tx
          .update(refunds)
          .set({
            status: "REQUESTED",
            attempt: row.attempt + 1,
            idempotencyKey: null,
            providerReference: null,
            failureReason: reason,
            approvedBy: null,
            approvedByEmail: null,
            approvedAt: null,
            sentAt: null,
          })
          .where(eq(refunds.id, row.id));
        await audit.record(tx, {
          actor: null,
          action: "refund.failed",
          target: { kind: "refund", id: row.id },
          before: { status: row.status, attempt: row.attempt },
          after: { status: "REQUESTED", reason },
        });
        return null;
      }
      const amount = Number(row.amountPaise);
      const posted = await ledger.post(
        tx,
        refundEntry({
          refundId: row.id,
          loanId: row.leadId,
          amountPaise: amount,
          from: row.route === "gateway" ? { gateway: row.gateway! } : "bank",
          on: todayInIndia(at),
          occurredAt: at,
          memo: row.route === "gateway" ? `refund to the original ${row.gateway} payment` : `refund to bank account ending ${row.accountLast4}`,
        }),
      );
      await tx
        .update(refunds)
        .set({ status: "PROCESSED", providerReference: reference, processedAt: at, sentAt: row.sentAt ?? at, ledgerEntryId: posted.entryId })
        .where(eq(refunds.id, row.id));
      if ((await heldFor(tx, row.leadId)) === 0) await paymentsService.markExcessRefunded(tx, row.leadId);
      await audit.record(tx, {
        actor: null,
        action: "refund.processed",
        target: { kind: "refund", id: row.id },
        before: { status: row.status },
        after: { status: "PROCESSED", amountPaise: amount, ledgerEntryId: posted.entryId },
      });
      return { row, amount };
    });
    if (outcome) await notifyPaid(outcome.row, outcome.amount);
  }

  async function notifyPaid(row: Row, amount: number) {
    const [who] = await db
      .select({ mobile: customerProfiles.mobile, loanNo: loanAccounts.loanNo, lang: customerProfiles.preferredLanguage })
      .from(leads)
      .innerJoin(loanAccounts, eq(loanAccounts.leadId, leads.id))
      .innerJoin(customerProfiles, eq(customerProfiles.id, leads.profileId))
      .where(eq(leads.id, row.leadId));
    if (!who) return;
    const lang = customerLanguage(who.lang);
    const to =
      row.route === "gateway" ? translate(lang, "messages.refundTo.gateway") : translate(lang, "messages.refundTo.bank", { last4: row.accountLast4 ?? "" });
    await sms
      .sendNotice({
        mobile: who.mobile,
        notice: { kind: "refund_paid", vars: { amount: formatPaise(amount, { decimals: 2 }), loan_no: who.loanNo ?? "", to } },
        lang,
      })
      .catch(() => logger.warn("refund SMS failed", { refundId: row.id }));
  }

  async function sendApproved(row: Row) {
    const attempt = await attemptOf(row);
    await apply(row.id, attempt.attemptKey, await providers.send(attempt));
  }

  const rowById = async (id: string) => views.row(id);

  const desk = {
    excessHeld: async (staff: StaffActor | null) => {
      requireStaffRole(staff, "accounts", "collections", "auditor");
      return views.excessHeld();
    },

    waiting: async (staff: StaffActor | null) => {
      requireStaffRole(staff, "accounts", "collections", "auditor");
      return views.waiting();
    },

    list: async (staff: StaffActor | null, query: { page?: number } = {}) => {
      requireStaffRole(staff, "accounts", "collections", "auditor");
      return views.page(query);
    },

    /** Collections (who speaks with the customer) or accounts asks; the whole excess or part of it. */
    async request(staff: StaffWithEmail | null, input: RefundRequestInput): Promise<RefundRow> {
      const who = requireStaffRole(staff, "accounts", "collections");
      const leadId = String(input?.leadId ?? "");
      if (!isUuid(leadId)) throw new NotFound(REFUND_MESSAGES.noLoan);
      const route = input?.route;
      if (route !== "gateway" && route !== "bank") throw new InvalidInput(REFUND_MESSAGES.route, { route: REFUND_MESSAGES.route });
      const amount = rupeesTextToPaise(String(input?.amountRupees ?? ""));
      if (amount === null) throw new InvalidInput(REFUND_MESSAGES.amount, { amountRupees: REFUND_MESSAGES.amount });
      const at = now();
      const id = await db.transaction(async (tx) => {
        // The loan's row lock: postings of money received for it wait, so the balance read holds.
        const [lead] = await tx
          .select({ id: leads.id, loanNo: loanAccounts.loanNo, profileId: leads.profileId })
          .from(leads)
          .innerJoin(loanAccounts, eq(loanAccounts.leadId, leads.id))
          .where(eq(leads.id, leadId.toLowerCase()))
          .for("update");
        if (!lead?.loanNo) throw new NotFound(REFUND_MESSAGES.noLoan);
        const [live] = await tx
          .select({ id: refunds.id })
          .from(refunds)
          .where(and(eq(refunds.leadId, lead.id), inArray(refunds.status, [...LIVE])));
        if (live) throw new Refused(REFUND_MESSAGES.inFlight);
        const held = await heldFor(tx, lead.id);
        if (held <= 0) throw new Refused(REFUND_MESSAGES.nothingHeld);
        if (amount > held) throw new InvalidInput(aboveExcessMessage(held), { amountRupees: aboveExcessMessage(held) });
        let target: Pick<Row, "paymentId" | "gateway" | "bankAccountId" | "accountLast4">;
        if (route === "gateway") {
          const [p] = await tx
            .select({ id: payments.id, gateway: payments.gateway, amount: payments.amountPaise })
            .from(payments)
            .where(and(eq(payments.leadId, lead.id), eq(payments.refundStatus, "due"), inArray(payments.gateway, [...GATEWAY_REFUNDS] as "razorpay"[])))
            .orderBy(desc(payments.createdAt))
            .limit(1);
          if (!p) throw new Refused(REFUND_MESSAGES.noGatewayPayment);
          if (amount > Number(p.amount)) throw new InvalidInput(REFUND_MESSAGES.aboveGatewayPayment, { amountRupees: REFUND_MESSAGES.aboveGatewayPayment });
          target = { paymentId: p.id, gateway: p.gateway as Row["gateway"], bankAccountId: null, accountLast4: null };
        } else {
          const account = await verifiedAccountOf(tx, lead.id, lead.profileId);
          if (!account) throw new Refused(REFUND_MESSAGES.notVerified);
          target = { paymentId: null, gateway: null, bankAccountId: account.id, accountLast4: account.last4 };
        }
        const [row] = await tx
          .insert(refunds)
          .values({ leadId: lead.id, amountPaise: amount, route, ...target, requestedBy: who.staffId, requestedByEmail: who.email ?? null, requestedAt: at })
          .returning();
        await audit.record(tx, {
          actor: who,
          action: "refund.request",
          target: { kind: "refund", id: row!.id },
          after: { loanId: lead.id, amountPaise: amount, route, heldPaise: held },
        });
        return row!.id;
      });
      return rowById(id);
    },

    /** Accounts, never the requester; the amount is checked against the excess again, then sent. */
    async approve(staff: StaffWithEmail | null, input: { id: string }): Promise<RefundRow> {
      const who = requireStaffRole(staff, "accounts");
      const at = now();
      const approved = await db.transaction(async (tx) => {
        const row = await lockRefund(tx, String(input?.id ?? ""));
        if (row.status !== "REQUESTED") throw new Refused(REFUND_MESSAGES.notRequested);
        if (row.requestedBy === who.staffId) throw new Refused(REFUND_MESSAGES.fourEyes);
        await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, row.leadId)).for("update");
        const held = await heldFor(tx, row.leadId);
        if (Number(row.amountPaise) > held) throw new Refused(aboveExcessMessage(held));
        const key = attemptKeyOf(row.id, row.attempt);
        const [updated] = await tx
          .update(refunds)
          .set({ status: "APPROVED", approvedBy: who.staffId, approvedByEmail: who.email ?? null, approvedAt: at, idempotencyKey: key })
          .where(eq(refunds.id, row.id))
          .returning();
        await audit.record(tx, {
          actor: who,
          action: "refund.approve",
          target: { kind: "refund", id: row.id },
          before: { status: "REQUESTED" },
          after: { status: "APPROVED", attempt: row.attempt, amountPaise: Number(row.amountPaise), route: row.route },
        });
        return updated!;
      });
      await sendApproved(approved);
      return rowById(approved.id);
    },

    async reject(staff: StaffWithEmail | null, input: { id: string; reason: string }): Promise<RefundRow> {
      const who = requireStaffRole(staff, "accounts");
      const reason = String(input?.reason ?? "").trim();
      if (reason.length < 5 || reason.length > 500) throw new InvalidInput(REFUND_MESSAGES.reason, { reason: REFUND_MESSAGES.reason });
      const id = await db.transaction(async (tx) => {
        const row = await lockRefund(tx, String(input?.id ?? ""));
        if (row.status !== "REQUESTED") throw new Refused(REFUND_MESSAGES.notRequested);
        if (row.requestedBy === who.staffId) throw new Refused(REFUND_MESSAGES.fourEyes);
        await tx.update(refunds).set({ status: "REJECTED", rejectedBy: who.staffId, rejectedAt: now(), rejectReason: reason }).where(eq(refunds.id, row.id));
        await audit.record(tx, {
          actor: who,
          action: "refund.reject",
          target: { kind: "refund", id: row.id },
          before: { status: "REQUESTED" },
          after: { status: "REJECTED" },
          reason,
        });
        return row.id;
      });
      return rowById(id);
    },

    /** Asks the provider about a refund approved, sent or unknown; its answer is applied once. */
    async check(staff: StaffWithEmail | null, input: { id: string }): Promise<RefundRow> {
      const who = requireStaffRole(staff, "accounts");
      const id = String(input?.id ?? "");
      const row = await db.transaction(async (tx) => {
        const r = await lockRefund(tx, id);
        if (!(WAITING_ON_PROVIDER as readonly string[]).includes(r.status)) throw new Refused(REFUND_MESSAGES.notOpen);
        await audit.record(tx, { actor: who, action: "refund.check", target: { kind: "refund", id: r.id }, before: { status: r.status } });
        return r;
      });
      await askProvider(row);
      return rowById(row.id);
    },
  };

  async function askProvider(row: Row) {
    const attempt = await attemptOf(row);
    await apply(row.id, attempt.attemptKey, await providers.ask(attempt));
  }

  return {
    desk,
    /** A gateway's refund notification, matched to this attempt (refund-webhooks.ts): applied once, as asking would. */
    applyProviderAnswer: (refundId: string, attemptKey: string, answer: ProviderAnswer) => apply(refundId, attemptKey, answer),
    /** A payout event for a refund (its reference_id is the refund id); false when it is not a refund's. */
    async handlePayoutWebhook(delivery: { rawBody: string; headers: Record<string, string> }): Promise<boolean> {
      let event;
      try {
        event = providers.parsePayoutWebhook(delivery);
      } catch {
        throw new Malformed("The payout notification could not be verified.");
      }
      if (!event || !isUuid(event.loanId)) return false;
      const [row] = await db.select().from(refunds).where(eq(refunds.id, event.loanId.toLowerCase()));
      if (!row || row.route !== "bank") return false;
      // A failure whose payout we have not recorded may be an earlier attempt's: only asking the provider
      // under this attempt's key settles it (acting on it could send a third payout while this one pays).
      const ours = row.providerReference === event.providerReference;
      if (event.status === "FAILED" && !ours) return true;
      if (row.idempotencyKey && event.status !== "PENDING") {
        await apply(row.id, row.idempotencyKey, {
          state: event.status === "SUCCESS" ? "processed" : "failed",
          reference: event.providerReference,
          reason: event.failureReason,
        });
      }
      return true;
    },
    /** The job: asks the provider about every refund still waiting on it (a missed event, a timeout). */
    async refreshOpen(): Promise<number> {
      const open = await db
        .select()
        .from(refunds)
        .where(inArray(refunds.status, [...WAITING_ON_PROVIDER]));
      for (const row of open) await askProvider(row);
      return open.length;
    },
    /** The customer's Loan Details: what we hold and the refunds, for the owner's loan only (else Status 4). */
    async customerView(profileId: string, leadId: string) {
      const lead = await leadsService.requireOwned(profileId, leadId);
      return views.customerView(lead.id);
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;

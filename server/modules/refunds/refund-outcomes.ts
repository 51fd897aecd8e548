// A refund with its provider (decision 37): the attempt sent or asked about, and the provider's answer
// applied once (processed posts the refund entry and tells the customer; failed returns it to REQUESTED).
// refunds.service.ts assembles it with the desk.
import { eq } from "drizzle-orm";
import { todayInIndia } from "../../../core/calendar.ts";
import { customerLanguage, translate } from "../../../core/i18n/index.ts";
import { formatPaise } from "../../../core/money.ts";
import { isUuid } from "../../../core/validation/primitives.ts";
import type { Db } from "../../db/client.ts";
import { bankAccounts, customerProfiles, leads, loanAccounts, paymentOrders, payments, refunds } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { SmsNoticePort } from "../../providers/sms/port.ts";
import { decrypt } from "../../security/crypto.ts";
import type { AuditRecorder } from "../credit/credit.service.ts";
import { NotFound } from "../domain-errors.ts";
import type { LedgerService } from "../ledger/ledger.service.ts";
import type { PaymentsService } from "../payments/payments.service.ts";
import { refundEntry, refundLedgerKey } from "./refund-entry.ts";
import type { ProviderAnswer, RefundAttempt, RefundProviders } from "./refund-providers.ts";
import { REFUND_MESSAGES } from "./refund-messages.ts";

export type Row = typeof refunds.$inferSelect;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export const LIVE = ["REQUESTED", "APPROVED", "SENT", "UNKNOWN"] as const;
export const WAITING_ON_PROVIDER = ["APPROVED", "SENT", "UNKNOWN"] as const;
export const attemptKeyOf = (id: string, attempt: number) => (attempt === 1 ? refundLedgerKey(id) : `${refundLedgerKey(id)}:${attempt}`);

/** The refund's row under its lock; an id that is not one reads as not found. */
async function lockRefund(tx: Tx, id: string): Promise<Row> {
  if (!isUuid(id)) throw new NotFound(REFUND_MESSAGES.notFound);
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, id.toLowerCase())).for("update");
  if (!row) throw new NotFound(REFUND_MESSAGES.notFound);
  return row;
}

export function createRefundOutcomes(deps: {
  db: Db;
  ledger: LedgerService;
  payments: PaymentsService;
  providers: RefundProviders;
  sms: SmsNoticePort;
  audit: AuditRecorder;
  encryptionKey: string;
  now: () => Date;
  logger: Logger;
}) {
  const { db, ledger, payments: paymentsService, providers, sms, audit, encryptionKey, now, logger } = deps;

  const heldFor = async (tx: Tx, leadId: string) => (await ledger.balances(leadId, tx)).customer_excess;

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

  async function askProvider(row: Row) {
    const attempt = await attemptOf(row);
    await apply(row.id, attempt.attemptKey, await providers.ask(attempt));
  }

  return { heldFor, lockRefund, apply, sendApproved, askProvider };
}

export type RefundOutcomes = ReturnType<typeof createRefundOutcomes>;

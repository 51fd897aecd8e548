// Issue 32: the money a servicing request asked for, reported when it arrives (docs/decisions/providers.md, issue
// 32, servicing). The payments module posts a repayment as for any Pay Now payment; this reads its record: the
// first repayment posted on the loan after an open request is that request's, and is reported once by an
// unsolicited signed on_update: the requested payment PAID (the amount that arrived, on the day it arrived, no
// address), the instalment as FIS12 moves it, the loan COMPLETED when the payment closed it. The claim on the
// payment and the callback are one transaction; the ONDC callbacks job runs this before each delivery run.
import { randomUUID } from "node:crypto";
import { alias } from "drizzle-orm/pg-core";
import { and, asc, eq, gt, gte, isNull, lte, ne, notExists } from "drizzle-orm";
import type { IsoDate } from "../../../core/calendar.ts";
import { loanAccounts, ondcFormSubmissions, ondcServicingRequests, payments } from "../../db/schema/index.ts";
import { callbackContext } from "./callbacks.ts";
import { lastRequestContext } from "./form-report.ts";
import { orderParts, type OrderReportDeps } from "./order-terms.ts";
import { loanOrder } from "./order-updates.ts";
import { servicingOrder } from "./servicing-order.ts";

/** At most this many open requests a run; the next run takes the rest. */
const BATCH = 100;
/** The requests again, as the claims a payment may already carry. */
const claims = alias(ondcServicingRequests, "claims");

export function createOndcServicingReports(deps: OrderReportDeps) {
  const { db, now, logger, lender, outbox, kfsPages } = deps;
  const orderOf = loanOrder(deps);

  type Request = typeof ondcServicingRequests.$inferSelect;
  type Payment = typeof payments.$inferSelect;

  /** The on_update body reporting `payment` for `request`, or null when its transaction cannot be read. */
  async function bodyFor(request: Request, payment: Payment, messageId: string, at: Date): Promise<string | null> {
    const [f06] = await db
      .select()
      .from(ondcFormSubmissions)
      .where(
        and(eq(ondcFormSubmissions.transactionId, request.transactionId), eq(ondcFormSubmissions.formId, "F06"), eq(ondcFormSubmissions.outcome, "eligible")),
      );
    const [account] = await db.select({ status: loanAccounts.status }).from(loanAccounts).where(eq(loanAccounts.leadId, request.leadId));
    const context = await lastRequestContext(db, request.transactionId);
    const order = f06 && account ? await orderOf(f06, account.status) : null;
    const parts = f06 ? await orderParts(db, kfsPages, f06) : null;
    if (!context || !order || !parts) return null;
    const reported = servicingOrder(order, {
      kfs: parts.kfs,
      label: request.label,
      requestId: request.id,
      amountPaise: payment.amountPaise,
      // The quote as the request was answered: what the loan owed then, which this payment answers.
      dues: {
        principalOutstanding: request.principalOutstandingPaise,
        interestOutstanding: request.interestOutstandingPaise,
        penalOutstanding: request.penalOutstandingPaise,
        postDueInterest: request.postDueInterestPaise,
      },
      on: payment.receivedOn as IsoDate,
      payUrl: null,
      closed: account.status === "CLOSED",
    });
    return JSON.stringify({ context: callbackContext(context, "on_update", lender, at, messageId), message: { order: reported } });
  }

  return {
    /** Writes the on_update of every open request a payment has answered (at most a batch); the outbox rows written. */
    async writeDue(): Promise<number[]> {
      const open = await db
        .select()
        .from(ondcServicingRequests)
        .where(and(isNull(ondcServicingRequests.paymentId), isNull(ondcServicingRequests.reportedAt)))
        .orderBy(asc(ondcServicingRequests.createdAt))
        .limit(BATCH);
      const ids: number[] = [];
      for (const request of open) {
        const [payment] = await db
          .select()
          .from(payments)
          .where(
            and(
              eq(payments.leadId, request.leadId),
              eq(payments.appliedToLoan, true),
              gte(payments.createdAt, request.createdAt),
              notExists(db.select({ id: claims.id }).from(claims).where(eq(claims.paymentId, payments.id))),
            ),
          )
          .orderBy(asc(payments.createdAt))
          .limit(1);
        if (!payment) continue;
        const at = now();
        // A newer request made before this payment replaced this one: closed unreported.
        const [newer] = await db
          .select({ id: ondcServicingRequests.id })
          .from(ondcServicingRequests)
          .where(
            and(
              eq(ondcServicingRequests.leadId, request.leadId),
              ne(ondcServicingRequests.id, request.id),
              gt(ondcServicingRequests.createdAt, request.createdAt),
              lte(ondcServicingRequests.createdAt, payment.createdAt),
            ),
          )
          .limit(1);
        if (newer) {
          await db
            .update(ondcServicingRequests)
            .set({ reportedAt: at })
            .where(and(eq(ondcServicingRequests.id, request.id), isNull(ondcServicingRequests.paymentId)));
          continue;
        }
        const messageId = randomUUID();
        const body = await bodyFor(request, payment, messageId, at);
        if (!body) {
          logger.warn("ondc: a servicing request's payment has no transaction to report to", { transactionId: request.transactionId });
          continue;
        }
        const written = await db.transaction(async (tx) => {
          const claimed = await tx
            .update(ondcServicingRequests)
            .set({ paymentId: payment.id, reportedMessageId: messageId, reportedAt: at })
            .where(and(eq(ondcServicingRequests.id, request.id), isNull(ondcServicingRequests.paymentId), isNull(ondcServicingRequests.reportedAt)))
            .returning({ id: ondcServicingRequests.id });
          if (claimed.length === 0) return null;
          const { bap_id: bapId, bap_uri: bapUri } = JSON.parse(body).context as { bap_id: string; bap_uri: string };
          return outbox.write(tx, { action: "on_update", transactionId: request.transactionId, messageId, bapId, bapUri, body });
        });
        if (written !== null) ids.push(written);
      }
      return ids;
    },
  };
}

export type OndcServicingReports = ReturnType<typeof createOndcServicingReports>;

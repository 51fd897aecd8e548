// Issue 32: an ONDC loan's state reported to its buyer app as our books change it (docs/decisions/providers.md,
// issue 32, after the confirm). The loan module owns the loan and knows nothing of ONDC; this reads its own
// record of status changes: each change of a loan whose agreement was signed through a buyer app (F06) to
// SANCTIONED, REJECTED, DISBURSED or CLOSED, made after the agreement, is reported once by an unsolicited signed
// on_status with the order and the loan's new state. The claim on the change and the callback are one
// transaction; the ONDC callbacks job runs this before each delivery run (every minute).
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gte, inArray, isNotNull, notExists } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { loanAccounts, loanStatusChanges, ondcFormSubmissions, ondcOrderReports, payouts } from "../../db/schema/index.ts";
import type { ProfileService } from "../profile/profile.service.ts";
import { callbackContext, type Lender } from "./callbacks.ts";
import { agreementUrl, cancellationUrl } from "./form-f06.ts";
import { lastRequestContext } from "./form-report.ts";
import type { OndcKfsPages } from "./kfs-page.ts";
import { contractOrder, fulfillmentStateOf, loanCancellationDocument } from "./on-init.ts";
import { rupees } from "./offer.ts";
import { contractTermsOf, offerInput, orderParts, type OrderReportDeps } from "./order-terms.ts";

/** The states a buyer app is told of (SUBMITTED back from SANCTIONED, a KFS re-issued at payout, is not one). */
const REPORTED = ["SANCTIONED", "REJECTED", "DISBURSED", "CLOSED"] as const;
/** At most this many changes a run; the next run takes the rest. */
const BATCH = 100;

/**
 * The order as it stands after the agreement (F06): as on_confirm states it, the item without a form, and the
 * loan's state from our lead's status; null when its chain or offer cannot be read.
 */
export function loanOrder(deps: { db: Db; lender: Lender; kfsPages: OndcKfsPages; profiles: Pick<ProfileService, "load"> }) {
  const { db, lender, kfsPages, profiles } = deps;
  const withdrawn = async (leadId: string | null) =>
    !!leadId &&
    (await db.select({ reason: loanAccounts.rejectionReason }).from(loanAccounts).where(eq(loanAccounts.leadId, leadId)))[0]?.reason === "CUSTOMER_DECLINED";
  return async function orderOf(f06: typeof ondcFormSubmissions.$inferSelect, leadStatus: string) {
    const [f05] = f06.parentSubmissionId ? await db.select().from(ondcFormSubmissions).where(eq(ondcFormSubmissions.submissionId, f06.parentSubmissionId)) : [];
    const parts = await orderParts(db, kfsPages, f06);
    if (!f05 || !parts || parts.fee === null) return null;
    const profile = await profiles.load(f06.profileId);
    // An application the customer withdrew (by cancel) is CANCELLED, not refused by us.
    const state = leadStatus === "REJECTED" && (await withdrawn(f06.leadId)) ? "CANCELLED" : fulfillmentStateOf(leadStatus);
    const order = contractOrder({
      ...offerInput({ ...parts, fee: parts.fee }, lender, f06.transactionId, profile),
      next: { form: "F06", url: "" },
      contract: await contractTermsOf(db, f06.transactionId),
      state,
      agreementUrl: agreementUrl(lender.publicOrigin, f05),
    });
    // The loan's state, not a form: the item without a form.
    const items = order.items.map(({ xinput: _form, ...item }) => item);
    if (state !== "DISBURSED" && state !== "COMPLETED") return { ...order, items };
    // Paid out: the order's payment is made (the fee and its GST taken from the payout, whose UTR it names),
    // and the loan can be cancelled (the cooling-off exit) or closed early: LOAN_CANCELLATION.
    const [payout] = f06.leadId
      ? await db
          .select({ utr: payouts.utr })
          .from(payouts)
          .where(and(eq(payouts.loanId, f06.leadId), eq(payouts.status, "SUCCESS")))
          .orderBy(desc(payouts.settledAt))
          .limit(1)
      : [];
    const [paidOut, ...schedule] = order.payments;
    const upfront = parts.kfs.quote.feePaise + parts.kfs.quote.gstPaise;
    const payment = {
      ...paidOut,
      status: "PAID",
      params: { amount: rupees(upfront), currency: "INR", ...(payout?.utr ? { transaction_id: payout.utr } : {}) },
    };
    return {
      ...order,
      items,
      payments: [payment, ...schedule],
      documents: [...order.documents, loanCancellationDocument(cancellationUrl(lender.publicOrigin, f05))],
    };
  };
}

export function createOndcOrderUpdates(deps: OrderReportDeps) {
  const { db, now, logger, lender, outbox, kfsPages, profiles } = deps;

  const orderOf = loanOrder({ db, lender, kfsPages, profiles });

  /**
   * The action a change is reported by: on_status, but the payout in the flow with account aggregator (F01 gave
   * our aggregator's consent) by on_update, as FIS12's flow 01 and ONDC's validator have it (docs/decisions/providers.md).
   */
  async function actionFor(transactionId: string, toStatus: string): Promise<"on_status" | "on_update"> {
    if (toStatus !== "DISBURSED") return "on_status";
    const [withAggregator] = await db
      .select({ id: ondcFormSubmissions.submissionId })
      .from(ondcFormSubmissions)
      .where(and(eq(ondcFormSubmissions.transactionId, transactionId), eq(ondcFormSubmissions.formId, "F01"), isNotNull(ondcFormSubmissions.aaConsentHandle)))
      .limit(1);
    return withAggregator ? "on_update" : "on_status";
  }

  /** The callback for one change, or null when its transaction has nothing to answer to. */
  async function bodyFor(f06: typeof ondcFormSubmissions.$inferSelect, toStatus: string, messageId: string, at: Date) {
    const request = await lastRequestContext(db, f06.transactionId);
    const order = await orderOf(f06, toStatus);
    if (!request || !order) return null;
    const action = await actionFor(f06.transactionId, toStatus);
    return { action, body: JSON.stringify({ context: callbackContext(request, action, lender, at, messageId), message: { order } }) };
  }

  return {
    /** Writes the on_status of every change not reported yet (at most a batch); the outbox rows written. */
    async writeDue(): Promise<number[]> {
      const due = await db
        .select({ change: loanStatusChanges, f06: ondcFormSubmissions })
        .from(loanStatusChanges)
        .innerJoin(
          ondcFormSubmissions,
          and(eq(ondcFormSubmissions.leadId, loanStatusChanges.leadId), eq(ondcFormSubmissions.formId, "F06"), eq(ondcFormSubmissions.outcome, "eligible")),
        )
        .where(
          and(
            inArray(loanStatusChanges.toStatus, [...REPORTED]),
            gte(loanStatusChanges.changedAt, ondcFormSubmissions.createdAt),
            notExists(
              db.select({ id: ondcOrderReports.statusChangeId }).from(ondcOrderReports).where(eq(ondcOrderReports.statusChangeId, loanStatusChanges.id)),
            ),
          ),
        )
        .orderBy(asc(loanStatusChanges.id))
        .limit(BATCH);
      const ids: number[] = [];
      for (const { change, f06 } of due) {
        const at = now();
        const messageId = randomUUID();
        const callback = await bodyFor(f06, change.toStatus, messageId, at);
        if (!callback) {
          logger.warn("ondc: a loan's change has no transaction to report to", { transactionId: f06.transactionId });
          continue;
        }
        const written = await db.transaction(async (tx) => {
          const [claimed] = await tx
            .insert(ondcOrderReports)
            .values({ statusChangeId: change.id, transactionId: f06.transactionId, messageId, createdAt: at })
            .onConflictDoNothing()
            .returning({ id: ondcOrderReports.statusChangeId });
          if (!claimed) return null;
          const { action, body } = callback;
          const { bap_id: bapId, bap_uri: bapUri } = JSON.parse(body).context as { bap_id: string; bap_uri: string };
          return outbox.write(tx, { action, transactionId: f06.transactionId, messageId, bapId, bapUri, body });
        });
        if (written !== null) ids.push(written);
      }
      return ids;
    },
  };
}

export type OndcOrderUpdates = ReturnType<typeof createOndcOrderUpdates>;

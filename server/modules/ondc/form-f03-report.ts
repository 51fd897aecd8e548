// Issue 32: F03's outcome reported: the F03 submission recorded and the unsolicited signed on_status (its
// submission_id and status, with the offer for the amount as select_3 stated it) written to the outbox, in one
// transaction, so the buyer app hears of it exactly when it is recorded (docs/decisions/providers.md, issue 32, F03).
import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { ondcFormSubmissions, ondcMessages } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import { callbackContext, type Lender } from "./callbacks.ts";
import type { OndcContext } from "./envelope.ts";
import type { OndcKfsPages } from "./kfs-page.ts";
import { onSelectOrder } from "./offer.ts";
import type { OndcOutbox } from "./outbox.ts";
import { QUOTE_TTL } from "./select.ts";

type Submission = typeof ondcFormSubmissions.$inferSelect;

export function createF03Report(deps: { db: Db; now: () => Date; logger: Logger; lender: Lender; outbox: OndcOutbox; kfsPages: OndcKfsPages }) {
  const { db, now, logger, lender, outbox, kfsPages } = deps;
  /** F03's submission for this F02, once eKYC ended (approved or declined). */
  async function f03Of(f02: Submission) {
    const [row] = await db
      .select()
      .from(ondcFormSubmissions)
      .where(and(eq(ondcFormSubmissions.parentSubmissionId, f02.submissionId), eq(ondcFormSubmissions.formId, "F03")));
    return row ?? null;
  }

  /** The request this transaction's callbacks answer (the latest the buyer app sent): its context is echoed. */
  async function lastRequestContext(transactionId: string): Promise<OndcContext | null> {
    const [row] = await db
      .select({ body: ondcMessages.body })
      .from(ondcMessages)
      .where(and(eq(ondcMessages.transactionId, transactionId), eq(ondcMessages.direction, "in")))
      .orderBy(desc(ondcMessages.receivedAt), desc(ondcMessages.id))
      .limit(1);
    return row ? (JSON.parse(row.body) as { context: OndcContext }).context : null;
  }

  /**
   * eKYC ended: F03's submission and the unsolicited on_status, one transaction. SUCCESS when verified (ONDC's
   * validator wants SUCCESS here; the spec's examples say APPROVED), REJECTED when declined or refused.
   */
  async function conclude(f02: Submission, verified: boolean, reason: string | null): Promise<string> {
    const existing = await f03Of(f02);
    if (existing) return existing.submissionId;
    const request = await lastRequestContext(f02.transactionId);
    const kfs = await kfsPages.kfsOf(f02.submissionId);
    const submissionId = randomUUID();
    const at = now();
    const ids = await db.transaction(async (tx) => {
      await tx.insert(ondcFormSubmissions).values({
        submissionId,
        formId: "F03",
        transactionId: f02.transactionId,
        profileId: f02.profileId,
        leadId: f02.leadId,
        outcome: verified ? "eligible" : "not_eligible",
        reason,
        parentSubmissionId: f02.submissionId,
        createdAt: at,
      });
      if (!request || !kfs) {
        logger.warn("ondc F03: no request or offer to report on", { transactionId: f02.transactionId });
        return [];
      }
      const messageId = randomUUID();
      const order = onSelectOrder({
        kfs,
        product: lender.product,
        publicOrigin: lender.publicOrigin,
        transactionId: f02.transactionId,
        submissionId: f02.submissionId,
        quoteTtl: QUOTE_TTL,
        next: { form: "F03", url: "" },
      });
      const [item] = order.items;
      const reported = {
        ...order,
        items: [{ ...item, xinput: { form: { id: "F03" }, form_response: { status: verified ? "SUCCESS" : "REJECTED", submission_id: submissionId } } }],
      };
      const body = JSON.stringify({ context: callbackContext(request, "on_status", lender, at, messageId), message: { order: reported } });
      const id = await outbox.write(tx, {
        action: "on_status",
        transactionId: f02.transactionId,
        messageId,
        bapId: request.bap_id,
        bapUri: request.bap_uri,
        body,
      });
      return id === null ? [] : [id];
    });
    outbox.deliverSoon(ids);
    return submissionId;
  }

  return { f03Of, conclude };
}

// Issue 32: a form on our own page reported to the buyer app (F03 KYC, F05 e-mandate, F06 eSign): its submission
// recorded and the unsolicited signed on_status written to the outbox in one transaction, so the buyer app hears
// of it exactly when it is recorded (docs/decisions/providers.md, issue 32, F03 and F05). The on_status carries
// the order as the caller states it, its item's xinput being the form's response (status and submission_id).
import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { ondcFormSubmissions, ondcMessages } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import { callbackContext, type Lender } from "./callbacks.ts";
import type { OndcContext } from "./envelope.ts";
import type { OndcOutbox } from "./outbox.ts";

type Submission = typeof ondcFormSubmissions.$inferSelect;
/** An order with one item, as our on_select and on_init state it. */
type Order = { items: Record<string, unknown>[] } & Record<string, unknown>;

/** The request a transaction's callbacks answer (the latest the buyer app sent): its context is echoed. */
export async function lastRequestContext(db: Db, transactionId: string): Promise<OndcContext | null> {
  const [row] = await db
    .select({ body: ondcMessages.body })
    .from(ondcMessages)
    .where(and(eq(ondcMessages.transactionId, transactionId), eq(ondcMessages.direction, "in")))
    .orderBy(desc(ondcMessages.receivedAt), desc(ondcMessages.id))
    .limit(1);
  return row ? (JSON.parse(row.body) as { context: OndcContext }).context : null;
}

export function createFormReport(deps: { db: Db; now: () => Date; logger: Logger; lender: Lender; outbox: OndcOutbox }) {
  const { db, now, logger, lender, outbox } = deps;

  /** The form's submission that continues `parent`, once reported. */
  async function reportOf(parent: Submission, formId: string) {
    const [row] = await db
      .select()
      .from(ondcFormSubmissions)
      .where(and(eq(ondcFormSubmissions.parentSubmissionId, parent.submissionId), eq(ondcFormSubmissions.formId, formId)));
    return row ?? null;
  }

  /**
   * The form ended: its submission (outcome eligible when done, else not_eligible with the reason) and the
   * unsolicited on_status with `order` (null: recorded, nothing to report), one transaction; once per parent.
   */
  async function report(input: { parent: Submission; formId: string; done: boolean; reason: string | null; order: Order | null }): Promise<string> {
    const { parent, formId, done } = input;
    const existing = await reportOf(parent, formId);
    if (existing) return existing.submissionId;
    const request = await lastRequestContext(db, parent.transactionId);
    const submissionId = randomUUID();
    const at = now();
    const ids = await db.transaction(async (tx) => {
      await tx.insert(ondcFormSubmissions).values({
        submissionId,
        formId,
        transactionId: parent.transactionId,
        profileId: parent.profileId,
        leadId: parent.leadId,
        outcome: done ? "eligible" : "not_eligible",
        reason: input.reason,
        parentSubmissionId: parent.submissionId,
        createdAt: at,
      });
      if (!request || !input.order) {
        logger.warn("ondc: no request or order to report a form on", { transactionId: parent.transactionId, formId });
        return [];
      }
      const messageId = randomUUID();
      const [item, ...rest] = input.order.items;
      const reported = {
        ...input.order,
        items: [{ ...item, xinput: { form: { id: formId }, form_response: { status: done ? "SUCCESS" : "REJECTED", submission_id: submissionId } } }, ...rest],
      };
      const body = JSON.stringify({ context: callbackContext(request, "on_status", lender, at, messageId), message: { order: reported } });
      const id = await outbox.write(tx, {
        action: "on_status",
        transactionId: parent.transactionId,
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

  return { reportOf, report };
}

export type FormReport = ReturnType<typeof createFormReport>;

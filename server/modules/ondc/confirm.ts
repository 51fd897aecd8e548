// Issue 32: confirm → on_confirm (docs/decisions/providers.md, issue 32, confirm). The confirm quotes F06's
// submission (SUCCESS: the agreement signed on our page) with the buyer app's payment terms, which must agree
// with ours (its collector, the finder fee). It is answered at once with the order as the agreement stated it
// (its id, our proposal number; the offer with the schedule; the settlement terms; the signed agreement) and
// the loan's state as our books hold it: PENDING while our credit team has not decided, SANCTIONED, DISBURSED,
// COMPLETED (closed) or REJECTED. The sanction is our credit team's decision in the back office, as for every
// loan, never the buyer app's confirm. Written with the callback: the order as confirmed, with the finder fee
// on_confirm states (ondc_orders, once per agreement: a confirm again keeps the first), which every later reader
// of the fee uses (docs/decisions/money.md, "The ONDC buyer app's finder fee in the books").
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { loanAccounts, ondcFormSubmissions, ondcOrders } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { ProfileService } from "../profile/profile.service.ts";
import type { OndcError } from "./answers.ts";
import { answerCallback, type Lender } from "./callbacks.ts";
import type { OndcContext } from "./envelope.ts";
import type { OndcKfsPages } from "./kfs-page.ts";
import { orderParts, paymentDisagreement } from "./order-terms.ts";
import { loanOrder } from "./order-updates.ts";
import type { OutboxCallback } from "./outbox.ts";
import type { PreparedAnswer } from "./select.ts";

type ConfirmMessage = {
  order?: {
    items?: { xinput?: { form?: { id?: unknown }; form_response?: { status?: unknown; submission_id?: unknown } } }[];
    payments?: { collected_by?: unknown; tags?: unknown }[];
  };
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FORM_PATH = "message.order.items[0].xinput";

export function createOndcConfirm(deps: { db: Db; logger: Logger; lender: Lender; kfsPages: OndcKfsPages; profiles: Pick<ProfileService, "load"> }) {
  const { db, logger, lender, kfsPages } = deps;
  const orderOf = loanOrder(deps);

  const callback = (context: OndcContext, at: Date, message: Record<string, unknown> | null, error?: OndcError): OutboxCallback =>
    answerCallback(lender, "on_confirm", context, at, message, error);

  return async function answerConfirm(request: { context: OndcContext; message: Record<string, unknown> }, at: Date): Promise<PreparedAnswer> {
    const { context } = request;
    const order = (request.message as ConfirmMessage).order;
    const xinput = order?.items?.[0]?.xinput;
    const submissionId = xinput?.form_response?.submission_id;
    const refuse = (error: OndcError) => ({ callback: callback(context, at, null, error) });
    if (xinput?.form?.id !== "F06") return refuse({ code: "80216", message: "A confirm answers form F06, the loan agreement.", paths: `${FORM_PATH}.form.id` });
    if (xinput.form_response?.status !== "SUCCESS")
      return refuse({ code: "80216", message: "Form F06's form_response.status must be SUCCESS.", paths: `${FORM_PATH}.form_response.status` });
    if (typeof submissionId !== "string" || !UUID.test(submissionId))
      return refuse({ code: "80217", message: "The confirm must carry form F06's submission_id.", paths: `${FORM_PATH}.form_response.submission_id` });
    const [f06] = await db
      .select()
      .from(ondcFormSubmissions)
      .where(
        and(
          eq(ondcFormSubmissions.submissionId, submissionId),
          eq(ondcFormSubmissions.transactionId, context.transaction_id),
          eq(ondcFormSubmissions.formId, "F06"),
          eq(ondcFormSubmissions.outcome, "eligible"),
        ),
      );
    const [f05] = f06?.parentSubmissionId
      ? await db.select().from(ondcFormSubmissions).where(eq(ondcFormSubmissions.submissionId, f06.parentSubmissionId))
      : [];
    if (!f06 || !f05)
      return refuse({ code: "80216", message: "No signed F06 with this id in this transaction.", paths: `${FORM_PATH}.form_response.submission_id` });
    const parts = await orderParts(db, kfsPages, f06);
    if (!parts || parts.fee === null || !f06.leadId) {
      logger.warn("ondc confirm: no offer for a signed agreement", { transactionId: context.transaction_id });
      return refuse({ code: "80203", message: "No offer stands for this application." });
    }
    const disagreed = paymentDisagreement(order?.payments?.[0], parts);
    if (disagreed) return refuse(disagreed);

    const [lead] = await db.select({ status: loanAccounts.status }).from(loanAccounts).where(eq(loanAccounts.leadId, f06.leadId));
    const confirmed = await orderOf(f06, lead?.status ?? "SUBMITTED");
    if (!confirmed) return refuse({ code: "80203", message: "No offer stands for this application." });
    // The form is done: the item carries its response, as the confirm quoted it.
    const [item, ...rest] = confirmed.items;
    const answered = {
      ...confirmed,
      items: [{ ...item, xinput: { form: { id: "F06" }, form_response: { status: "SUCCESS", submission_id: f06.submissionId } } }, ...rest],
    };
    const fee = parts.fee;
    const leadId = f06.leadId;
    return {
      callback: callback(context, at, { order: answered }),
      record: async (tx) => {
        await tx
          .insert(ondcOrders)
          .values({
            f06SubmissionId: f06.submissionId,
            transactionId: context.transaction_id,
            orderId: answered.id,
            leadId,
            bapId: context.bap_id,
            finderFeePercentage: parts.terms.buyerFinderFeesPercentage,
            finderFeePaise: fee,
            confirmMessageId: context.message_id,
            confirmedAt: at,
          })
          .onConflictDoNothing();
      },
    };
  };
}

export type OndcConfirm = ReturnType<typeof createOndcConfirm>;

// Issue 32: status → on_status (docs/decisions/providers.md, issue 32, status). The buyer app asks where its
// order stands (ref_id: the transaction, or the order's id): once the agreement is signed (F06), the order as
// on_confirm states it with the loan's state as our books hold it now; before that there is no order to report.
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { loanAccounts, ondcFormSubmissions } from "../../db/schema/index.ts";
import type { ProfileService } from "../profile/profile.service.ts";
import type { OndcError } from "./answers.ts";
import { answerCallback, type Lender } from "./callbacks.ts";
import type { OndcContext } from "./envelope.ts";
import type { OndcKfsPages } from "./kfs-page.ts";
import { loanOrder } from "./order-updates.ts";
import type { OutboxCallback } from "./outbox.ts";
import type { PreparedAnswer } from "./select.ts";

export function createOndcStatus(deps: { db: Db; lender: Lender; kfsPages: OndcKfsPages; profiles: Pick<ProfileService, "load"> }) {
  const { db, lender } = deps;
  const orderOf = loanOrder(deps);

  const callback = (context: OndcContext, at: Date, message: Record<string, unknown> | null, error?: OndcError): OutboxCallback =>
    answerCallback(lender, "on_status", context, at, message, error);

  return async function answerStatus(request: { context: OndcContext; message: Record<string, unknown> }, at: Date): Promise<PreparedAnswer> {
    const { context } = request;
    const refuse = (error: OndcError) => ({ callback: callback(context, at, null, error) });
    const refId = request.message.ref_id ?? request.message.order_id;
    if (typeof refId !== "string" || !refId) return refuse({ code: "80217", message: "A status must carry ref_id.", paths: "message.ref_id" });
    const [f06] = await db
      .select()
      .from(ondcFormSubmissions)
      .where(
        and(eq(ondcFormSubmissions.transactionId, context.transaction_id), eq(ondcFormSubmissions.formId, "F06"), eq(ondcFormSubmissions.outcome, "eligible")),
      )
      .orderBy(desc(ondcFormSubmissions.createdAt))
      .limit(1);
    const [lead] = f06?.leadId ? await db.select({ status: loanAccounts.status }).from(loanAccounts).where(eq(loanAccounts.leadId, f06.leadId)) : [];
    const order = f06 && lead ? await orderOf(f06, lead.status) : null;
    if (!order) return refuse({ code: "80216", message: "No loan agreement has been signed in this transaction yet.", paths: "message.ref_id" });
    if (refId !== context.transaction_id && refId !== order.id)
      return refuse({ code: "80216", message: "ref_id names neither this transaction nor its order.", paths: "message.ref_id" });
    return { callback: callback(context, at, { order }) };
  };
}

export type OndcStatus = ReturnType<typeof createOndcStatus>;

// Issue 32: init → on_init (docs/decisions/providers.md, issue 32, init → on_init). Each init quotes the form
// just done (SUCCESS): F03 (eKYC on our page), F04 (the bank account), F05 (AutoPay on our page). It is answered
// with the order as the offer for the amount stated it, the loan INITIATED with the borrower's name, phone and
// e-mail, the payment terms with the buyer app's finder fee for this loan (SETTLEMENT_AMOUNT, which the init may
// state and must then agree with ours), the cancellation terms, and the next form: F04 "Account Information"
// (text/html), F05 "E-mandate" or F06 "Loan Agreement" (our pages), the last with the repayment schedule.
// Nothing is written but the callback.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { ondcFormSubmissions } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { ProfileService } from "../profile/profile.service.ts";
import type { OndcError } from "./answers.ts";
import { answerCallback, type Lender } from "./callbacks.ts";
import { formUrl } from "./catalog.ts";
import { offerInput, orderParts, paymentDisagreement } from "./order-terms.ts";
import type { OndcContext } from "./envelope.ts";
import type { OndcKfsPages } from "./kfs-page.ts";
import { onInitOrder } from "./on-init.ts";
import type { OutboxCallback } from "./outbox.ts";
import type { PreparedAnswer } from "./select.ts";

type InitMessage = {
  order?: {
    items?: { xinput?: { form?: { id?: unknown }; form_response?: { status?: unknown; submission_id?: unknown } } }[];
    payments?: { collected_by?: unknown; tags?: unknown }[];
  };
};

/** Each form an init quotes, and the form its on_init asks next. */
const NEXT_OF: Record<string, "F04" | "F05" | "F06"> = { F03: "F04", F04: "F05", F05: "F06" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FORM_PATH = "message.order.items[0].xinput";

export function createOndcInit(deps: { db: Db; logger: Logger; lender: Lender; kfsPages: OndcKfsPages; profiles: Pick<ProfileService, "load"> }) {
  const { db, logger, lender, kfsPages, profiles } = deps;

  const callback = (context: OndcContext, at: Date, message: Record<string, unknown> | null, error?: OndcError): OutboxCallback =>
    answerCallback(lender, "on_init", context, at, message, error);

  return async function answerInit(request: { context: OndcContext; message: Record<string, unknown> }, at: Date): Promise<PreparedAnswer> {
    const { context } = request;
    const order = (request.message as InitMessage).order;
    const xinput = order?.items?.[0]?.xinput;
    const formId = xinput?.form?.id;
    const submissionId = xinput?.form_response?.submission_id;
    const refuse = (error: OndcError) => ({ callback: callback(context, at, null, error) });
    const next = typeof formId === "string" ? NEXT_OF[formId] : undefined;
    if (!next) return refuse({ code: "80216", message: "An init answers form F03, F04 or F05.", paths: `${FORM_PATH}.form.id` });
    if (xinput?.form_response?.status !== "SUCCESS")
      return refuse({ code: "80216", message: `Form ${formId}'s form_response.status must be SUCCESS.`, paths: `${FORM_PATH}.form_response.status` });
    if (typeof submissionId !== "string" || !UUID.test(submissionId))
      return refuse({ code: "80217", message: `The init must carry form ${formId}'s submission_id.`, paths: `${FORM_PATH}.form_response.submission_id` });
    const [quoted] = await db
      .select()
      .from(ondcFormSubmissions)
      .where(
        and(
          eq(ondcFormSubmissions.submissionId, submissionId),
          eq(ondcFormSubmissions.transactionId, context.transaction_id),
          eq(ondcFormSubmissions.formId, formId as string),
        ),
      );
    if (!quoted)
      return refuse({ code: "80216", message: `No ${formId} submission with this id in this transaction.`, paths: `${FORM_PATH}.form_response.submission_id` });
    if (quoted.outcome !== "eligible") return refuse({ code: "80216", message: `Form ${formId} was not completed.` });
    const parts = await orderParts(db, kfsPages, quoted);
    if (!parts) {
      logger.warn("ondc init: no offer for a form's chain", { transactionId: context.transaction_id });
      return refuse({ code: "80203", message: "No offer stands for this application." });
    }
    const { fee } = parts;

    const disagreed = paymentDisagreement(order?.payments?.[0], parts);
    if (disagreed) return refuse(disagreed);
    if (fee === null) return refuse({ code: "80216", message: "BUYER_FINDER_FEES_PERCENTAGE has more than 4 decimal places." });

    const profile = await profiles.load(quoted.profileId);
    const onInit = onInitOrder({
      ...offerInput({ ...parts, fee }, lender, context.transaction_id, profile),
      next: { form: next, url: `${formUrl(lender.publicOrigin, next, context.transaction_id)}&ref=${quoted.submissionId}` },
      // The agreement's form comes with the whole schedule (the validator's on_init_3).
      withSchedule: next === "F06",
    });
    return { callback: callback(context, at, { order: onInit }) };
  };
}

export type OndcInit = ReturnType<typeof createOndcInit>;

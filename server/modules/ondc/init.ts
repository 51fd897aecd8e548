// Issue 32: init → on_init (docs/decisions/providers.md, issue 32, init → on_init). The first init quotes F03's
// submission (SUCCESS: eKYC done on our page) and is answered with the order as the offer for the amount stated
// it, the loan INITIATED with the borrower's name, phone and e-mail, the payment terms with the buyer app's
// finder fee for this loan (SETTLEMENT_AMOUNT, which the init may state and must then agree with ours), the
// cancellation terms, and form F04 "Account Information" (our bank-account page, text/html). A later init
// (F04's, F05's) is refused until those steps are taken through ONDC. Nothing is written but the callback.
import { and, desc, eq } from "drizzle-orm";
import { finderFeePaise } from "../../../core/ondc/finder-fee.ts";
import type { Db } from "../../db/client.ts";
import { ondcFormSubmissions, ondcMessages } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { ProfileService } from "../profile/profile.service.ts";
import type { OndcError } from "./answers.ts";
import { callbackContext, type Lender } from "./callbacks.ts";
import { formUrl, searchPaymentTerms, tagValue } from "./catalog.ts";
import type { OndcContext } from "./envelope.ts";
import type { OndcKfsPages } from "./kfs-page.ts";
import { rupees } from "./offer.ts";
import { onInitOrder } from "./on-init.ts";
import type { OutboxCallback } from "./outbox.ts";
import { QUOTE_TTL, type PreparedAnswer } from "./select.ts";

type InitMessage = {
  order?: {
    items?: { xinput?: { form?: { id?: unknown }; form_response?: { status?: unknown; submission_id?: unknown } } }[];
    payments?: { collected_by?: unknown; tags?: unknown }[];
  };
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FORM_PATH = "message.order.items[0].xinput";

export function createOndcInit(deps: { db: Db; logger: Logger; lender: Lender; kfsPages: OndcKfsPages; profiles: Pick<ProfileService, "load"> }) {
  const { db, logger, lender, kfsPages, profiles } = deps;

  function callback(context: OndcContext, at: Date, message: Record<string, unknown> | null, error?: OndcError): OutboxCallback {
    const body = JSON.stringify({ context: callbackContext(context, "on_init", lender, at), ...(message ? { message } : {}), ...(error ? { error } : {}) });
    return { action: "on_init", transactionId: context.transaction_id, messageId: context.message_id, bapId: context.bap_id, bapUri: context.bap_uri, body };
  }

  /** The payment terms the transaction's search stated (its latest search; none: no fee, we collect, as on_search defaults). */
  async function searchTerms(transactionId: string) {
    const [search] = await db
      .select({ body: ondcMessages.body })
      .from(ondcMessages)
      .where(and(eq(ondcMessages.transactionId, transactionId), eq(ondcMessages.direction, "in"), eq(ondcMessages.action, "search")))
      .orderBy(desc(ondcMessages.receivedAt))
      .limit(1);
    return searchPaymentTerms(search ? (JSON.parse(search.body) as { message: Record<string, unknown> }).message : {});
  }

  return async function answerInit(request: { context: OndcContext; message: Record<string, unknown> }, at: Date): Promise<PreparedAnswer> {
    const { context } = request;
    const order = (request.message as InitMessage).order;
    const xinput = order?.items?.[0]?.xinput;
    const formId = xinput?.form?.id;
    const submissionId = xinput?.form_response?.submission_id;
    const refuse = (error: OndcError) => ({ callback: callback(context, at, null, error) });
    if (formId === "F04" || formId === "F05")
      return refuse({ code: "80215", message: `Form ${formId}'s answer is not taken through ONDC yet: the loan continues on our website.` });
    if (formId !== "F03") return refuse({ code: "80216", message: "The first init answers form F03.", paths: `${FORM_PATH}.form.id` });
    if (xinput?.form_response?.status !== "SUCCESS")
      return refuse({ code: "80216", message: "Form F03's form_response.status must be SUCCESS.", paths: `${FORM_PATH}.form_response.status` });
    if (typeof submissionId !== "string" || !UUID.test(submissionId))
      return refuse({ code: "80217", message: "The init must carry form F03's submission_id.", paths: `${FORM_PATH}.form_response.submission_id` });
    const [f03] = await db
      .select()
      .from(ondcFormSubmissions)
      .where(
        and(
          eq(ondcFormSubmissions.submissionId, submissionId),
          eq(ondcFormSubmissions.transactionId, context.transaction_id),
          eq(ondcFormSubmissions.formId, "F03"),
        ),
      );
    if (!f03)
      return refuse({ code: "80216", message: "No F03 submission with this id in this transaction.", paths: `${FORM_PATH}.form_response.submission_id` });
    if (f03.outcome !== "eligible") return refuse({ code: "80216", message: "Our KYC of this application was not completed." });
    const kfs = f03.parentSubmissionId ? await kfsPages.kfsOf(f03.parentSubmissionId) : null;
    const terms = await searchTerms(context.transaction_id);
    if (!kfs) {
      logger.warn("ondc init: no offer or search for an F03", { transactionId: context.transaction_id });
      return refuse({ code: "80203", message: "No offer stands for this application." });
    }

    const payment = order?.payments?.[0];
    if (payment?.collected_by !== undefined && payment.collected_by !== terms.collectedBy)
      return refuse({
        code: "80216",
        message: `payments.collected_by must be ${terms.collectedBy}, as the search said.`,
        paths: "message.order.payments[0].collected_by",
      });
    const fee = finderFeePaise({ principalPaise: kfs.quote.principalPaise, percentage: terms.buyerFinderFeesPercentage, tenureDays: kfs.quote.tenureDays });
    if (fee === null) return refuse({ code: "80216", message: "BUYER_FINDER_FEES_PERCENTAGE has more than 4 decimal places." });
    // The fee this loan owes the buyer app, agreed before the contract: the init may state it, and must then state ours.
    const stated = tagValue(payment?.tags, "SETTLEMENT_TERMS", "SETTLEMENT_AMOUNT");
    if (stated !== null && (!/^\d+(\.\d{1,2})?$/.test(stated) || Math.round(Number(stated) * 100) !== fee)) {
      return refuse({
        code: "80216",
        message: `SETTLEMENT_AMOUNT for this loan is ${rupees(fee)}: ${terms.buyerFinderFeesPercentage} % a year of ${rupees(kfs.quote.principalPaise)} INR for ${kfs.quote.tenureDays} days.`,
        paths: "message.order.payments[0].tags",
      });
    }

    const profile = await profiles.load(f03.profileId);
    const onInit = onInitOrder({
      kfs,
      product: lender.product,
      publicOrigin: lender.publicOrigin,
      transactionId: context.transaction_id,
      submissionId: f03.parentSubmissionId!,
      quoteTtl: QUOTE_TTL,
      next: { form: "F04", url: `${formUrl(lender.publicOrigin, "F04", context.transaction_id)}&ref=${f03.submissionId}` },
      customer: { name: profile.fullName ?? "", mobile: profile.mobile, email: profile.personalEmail ?? "" },
      terms,
      finderFeePaise: fee,
    });
    return { callback: callback(context, at, { order: onInit }) };
  };
}

export type OndcInit = ReturnType<typeof createOndcInit>;

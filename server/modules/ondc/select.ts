// Issue 32: select → on_select, in the order ONDC's validator expects. The first select quotes F01's
// submission_id (status SUCCESS): the submission names our customer and our rules' verdict, and on_select
// acknowledges it (PENDING), or refuses it. The second quotes F01 again, APPROVED: answered with the firm offer
// and form F02. The third quotes F02's (the amount and term asked), answered with the offer for that amount
// and form F03, KYC. Eligible: the quote service issues the quote as on the website (its proposal number,
// the slider bounds from the offer and the salary date), the firm offer is the largest amount for that lead,
// and the KFS code (core/kfs.ts buildKfs) gives every figure on_select states. The offer is recorded on the
// submission in the same transaction that writes the on_select to the outbox. Refused by our rules, unknown,
// or not F01's: an on_select carrying the spec's error and no order.
import { and, eq } from "drizzle-orm";
import { buildKfs, type Kfs } from "../../../core/kfs.ts";
import { messageText } from "../../../core/i18n/index.ts";
import { kfsLender } from "../../../core/lender.ts";
import { PRODUCT } from "../../../core/product.ts";
import { repaymentDateForTenure } from "../../../core/loan-math/index.ts";
import type { Db } from "../../db/client.ts";
import { ondcFormSubmissions } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import { DomainError } from "../domain-errors.ts";
import type { QuoteService } from "../offer/quote.service.ts";
import type { KycService } from "../kyc/kyc.service.ts";
import type { OndcError } from "./answers.ts";
import { answerCallback, type Lender } from "./callbacks.ts";
import type { OndcContext } from "./envelope.ts";
import { formUrl } from "./catalog.ts";
import { checkLoanRequest } from "./form-f02.ts";
import { formAcknowledged, onSelectOrder } from "./offer.ts";
import type { OutboxCallback, Tx } from "./outbox.ts";

/** How long an offer stands: the KFS is re-issued after three working days (decision 26), so three days. */
export const QUOTE_TTL = "P3D";

export interface PreparedAnswer {
  callback: OutboxCallback;
  /** The state the callback reports, written in the transaction that writes the callback. */
  record?: (tx: Tx) => Promise<void>;
}

type SelectMessage = {
  order?: { items?: { xinput?: { form?: { id?: unknown }; form_response?: { status?: unknown; submission_id?: unknown } } }[] };
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createOndcSelect(deps: {
  db: Db;
  logger: Logger;
  lender: Lender;
  quotes: Pick<QuoteService, "generate">;
  kyc: Pick<KycService, "consentStatus">;
}) {
  const { db, logger, lender, quotes, kyc } = deps;

  const callback = (context: OndcContext, at: Date, message: Record<string, unknown> | null, error?: OndcError): OutboxCallback =>
    answerCallback(lender, "on_select", context, at, message, error);

  return async function answerSelect(request: { context: OndcContext; message: Record<string, unknown> }, at: Date): Promise<PreparedAnswer> {
    const { context } = request;
    const xinput = (request.message as SelectMessage).order?.items?.[0]?.xinput;
    const formId = xinput?.form?.id;
    const submissionId = xinput?.form_response?.submission_id;
    const status = xinput?.form_response?.status;
    const refuse = (error: OndcError) => ({ callback: callback(context, at, null, error) });
    if (formId !== "F01" && formId !== "F02") {
      return refuse({
        code: "80216",
        message: `A select answers form F01 or F02, not ${typeof formId === "string" ? formId : "(none)"}.`,
        paths: "message.order.items[0].xinput.form.id",
      });
    }
    const path = "message.order.items[0].xinput.form_response.submission_id";
    if (typeof submissionId !== "string" || !UUID.test(submissionId)) {
      return refuse({ code: "80217", message: `The select must carry form ${formId}'s submission_id.`, paths: path });
    }
    const [submission] = await db
      .select()
      .from(ondcFormSubmissions)
      .where(and(eq(ondcFormSubmissions.submissionId, submissionId), eq(ondcFormSubmissions.transactionId, context.transaction_id)));
    if (!submission || submission.formId !== formId) {
      return refuse({ code: "80216", message: `No ${formId} submission with this id in this transaction.`, paths: path });
    }
    if (submission.outcome !== "eligible")
      return refuse({ code: submission.rejectCode ?? "80203", message: submission.reason ?? "Not eligible under our lending rules." });
    // The validator's order (docs/decisions/providers.md, issue 32): F01 SUCCESS is acknowledged (PENDING), F01
    // APPROVED gets the offer and F02, F02 SUCCESS the offer for the amount asked and F03.
    const expected = formId === "F01" ? ["SUCCESS", "APPROVED"] : ["SUCCESS"];
    if (typeof status !== "string" || !expected.includes(status)) {
      return refuse({
        code: "80216",
        message: `Form ${formId}'s form_response.status must be ${expected.join(" or ")}.`,
        paths: "message.order.items[0].xinput.form_response.status",
      });
    }
    if (formId === "F01" && status === "SUCCESS") {
      return {
        callback: callback(context, at, {
          order: formAcknowledged({
            publicOrigin: lender.publicOrigin,
            productName: PRODUCT.singleLoan.name,
            form: "F01",
            submissionId,
            consentHandle: submission.aaConsentHandle,
          }),
        }),
      };
    }
    // The flow with account aggregator: APPROVED is the buyer app's word that the person approved our consent;
    // the aggregator is asked (never the word), and the offer waits for an approved consent.
    if (formId === "F01" && submission.aaConsentHandle) {
      let consent: string;
      try {
        consent = await kyc.consentStatus(submission.profileId, submission.aaConsentHandle);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return refuse({ code: "80219", message: "The account aggregator cannot be asked now; please select again shortly." });
      }
      if (consent === "PENDING")
        return refuse({ code: "80202", message: "The consent at the account aggregator is not approved yet: approve it, then select again." });
      if (consent !== "ACTIVE")
        return refuse({
          code: "80202",
          message: `The consent at the account aggregator is ${consent.toLowerCase()}: no bank statement can be fetched with it.`,
        });
    }

    let kfs: Kfs;
    let quoted;
    try {
      // The quote as on the website: issued (again, the same proposal number within the day) for the lead.
      quoted = await quotes.generate(submission.profileId);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      logger.info("ondc select: no quote", { transactionId: context.transaction_id, kind: error.kind });
      return refuse({ code: "80203", message: "No offer can be made for this application now." });
    }
    const { terms } = quoted;
    let loan = { principal: terms.max_loan_amount, tenureDays: terms.tenure, repaymentDate: terms.repayment_date };
    if (formId === "F02") {
      // The amount asked, checked again against today's bounds (they may have moved since the form).
      const asked = checkLoanRequest(terms, { requestAmount: String(submission.requestAmount), requestTerm: String(submission.requestTerm) });
      if ("errors" in asked)
        return refuse({
          code: "80216",
          message: Object.values(asked.errors)
            .map((m) => messageText("en", m))
            .join(" "),
          paths: path,
        });
      const repaymentDate = terms.show_loan_tenure === 0 ? terms.repayment_date : repaymentDateForTenure(quoted.issuedOn, asked.term);
      loan = { principal: asked.amount, tenureDays: asked.term, repaymentDate };
    }
    kfs = buildKfs(
      {
        proposalNumber: quoted.proposalNumber!,
        issuedOn: quoted.issuedOn,
        principal: loan.principal,
        tenureDays: loan.tenureDays,
        repaymentDate: loan.repaymentDate,
        purposeId: quoted.purposeId,
        borrowerName: quoted.borrowerName,
        lender: kfsLender,
      },
      quoted.product,
    );
    const next =
      formId === "F01"
        ? { form: "F02" as const, url: `${formUrl(lender.publicOrigin, "F02", context.transaction_id)}&ref=${submissionId}` }
        : { form: "F03" as const, url: `${formUrl(lender.publicOrigin, "F03", context.transaction_id)}&ref=${submissionId}` };
    const order = onSelectOrder({
      kfs,
      product: quoted.product,
      publicOrigin: lender.publicOrigin,
      transactionId: context.transaction_id,
      submissionId,
      quoteTtl: QUOTE_TTL,
      next,
    });
    return {
      callback: callback(context, at, { order }),
      record: async (tx) => {
        await tx
          .update(ondcFormSubmissions)
          .set({
            proposalNumber: kfs.proposalNumber,
            offerPrincipal: loan.principal,
            offerTenureDays: kfs.quote.tenureDays,
            offerRepaymentDate: kfs.repaymentDate,
            offerIssuedOn: kfs.issuedOn,
          })
          .where(eq(ondcFormSubmissions.submissionId, submissionId));
      },
    };
  };
}

export type OndcSelect = ReturnType<typeof createOndcSelect>;

// Issue 32: form F06 "Loan Agreement" (application/html): the buyer app sends the person's browser to our page,
// which runs our eSign step (the eSign service: the loan agreement with the KFS as its annexure, Aadhaar eSign at
// the provider) with the provider returning here; the provider is then asked (never the return's query), and a
// signed agreement is F06's SUCCESS, reported by the unsolicited signed on_status (the validator's
// on_status_esign): the order with its id (our proposal number, the KFS's), the loan still INITIATED (signed,
// awaiting our sanction), the schedule, and the signed agreement as LOAN_AGREEMENT. The page's address names the
// F05 submission (`ref`), which only the buyer app and the customer hold (docs/decisions/providers.md, F06).
import { journeyPosition } from "../../../core/journey/index.ts";
import { eq } from "drizzle-orm";
import type { IsoDate } from "../../../core/calendar.ts";
import { loanAccounts, ondcFormSubmissions } from "../../db/schema/index.ts";
import { loanCancellationPdf } from "../statements/cancellation-pdf.ts";
import { DomainError } from "../domain-errors.ts";
import type { EsignService } from "../esign/esign.service.ts";
import type { PageMessage } from "./form-f01-page.ts";
import { createFormReport } from "./form-report.ts";
import { contractOrder } from "./on-init.ts";
import { contractTermsOf, offerInput, orderParts, type OrderReportDeps } from "./order-terms.ts";
import { doneFormOfRef } from "./form-ref.ts";

/** Where the eSign provider sends the browser back (with the transaction and F05's ref in its query). */
export const F06_RETURN_PATH = "/ondc/forms/F06/return";
/** The signed agreement for the buyer app (LOAN_AGREEMENT's url), by the same transaction and ref. */
export const F06_AGREEMENT_PATH = "/ondc/forms/F06/agreement.pdf";

/** The signed agreement's address for a transaction's F05 (the ref every later callback names it by). */
export const agreementUrl = (publicOrigin: string, f05: { transactionId: string; submissionId: string }) =>
  `${publicOrigin}${F06_AGREEMENT_PATH}?transaction_id=${encodeURIComponent(f05.transactionId)}&ref=${encodeURIComponent(f05.submissionId)}`;

/** Cancelling the loan (the cooling-off exit and early repayment), for the same holders as the agreement. */
export const F06_CANCELLATION_PATH = "/ondc/forms/F06/cancellation.pdf";

export const cancellationUrl = (publicOrigin: string, f05: { transactionId: string; submissionId: string }) =>
  `${publicOrigin}${F06_CANCELLATION_PATH}?transaction_id=${encodeURIComponent(f05.transactionId)}&ref=${encodeURIComponent(f05.submissionId)}`;

export type F06Screen = "sign" | "done" | "notYet" | "closed";

type Submission = typeof ondcFormSubmissions.$inferSelect;

export function createOndcF06Forms(
  deps: OrderReportDeps & {
    esign: Pick<EsignService, "start" | "afterReturn" | "latest" | "signedAgreement">;
  },
) {
  const { db, lender, kfsPages, profiles, esign } = deps;
  const { reportOf, report } = createFormReport(deps);

  /** The F05 submission `ref` names in this transaction (the mandate active), and its customer's journey step. */
  async function f05Of(transactionId: string, ref: string) {
    const found = await doneFormOfRef(db, "F05", transactionId, ref);
    return found ? { f05: found.submission, nextStep: found.profile.nextStep } : null;
  }

  /** The lead's agreement is signed. */
  const signed = async (f05: Submission) => !!f05.leadId && (await esign.latest(f05.leadId))?.status === "SIGNED";

  /** F06 done: its submission and the on_status_esign, once per F05. */
  async function conclude(f05: Submission): Promise<string> {
    const parts = await orderParts(db, kfsPages, f05);
    const profile = await profiles.load(f05.profileId);
    const order =
      parts && parts.fee !== null
        ? contractOrder({
            ...offerInput({ ...parts, fee: parts.fee }, lender, f05.transactionId, profile),
            next: { form: "F06", url: "" },
            contract: await contractTermsOf(db, f05.transactionId),
            // Signed, awaiting our sanction: still INITIATED in FIS12's states (SANCTIONED comes with on_confirm).
            // CONSENT_REQUIRED, which LVU asks here, is the account-monitoring consent we do not ask (providers.md).
            state: "INITIATED",
            agreementUrl: agreementUrl(lender.publicOrigin, f05),
          })
        : null;
    return report({ parent: f05, formId: "F06", done: true, reason: null, order });
  }

  return {
    f05Of,

    /** The screen F06's page shows: the agreement to sign, done (reported), not yet (AutoPay first), or closed. */
    async screenOf(f05: Submission, nextStep: string | null): Promise<F06Screen> {
      if (await reportOf(f05, "F06")) return "done";
      // Signed while the person was away (the provider's webhook): reported now.
      if (await signed(f05)) {
        await conclude(f05);
        return "done";
      }
      if (nextStep === "esign") return "sign";
      return journeyPosition(nextStep) < journeyPosition("esign") ? "notYet" : "closed";
    },

    /** The eSign service's request for the lead, returning to F06's own address; the provider's page. */
    async start(f05: Submission, returnUrl: string): Promise<{ ok: true; url: string } | { ok: false; notice: PageMessage }> {
      if (!f05.leadId) return { ok: false, notice: { key: "ondc.f03.notOpen" } };
      const profile = await profiles.load(f05.profileId);
      try {
        const started = await esign.start({
          profileId: f05.profileId,
          leadId: f05.leadId,
          signerName: profile.fullName ?? "",
          mobile: profile.mobile,
          returnUrl,
        });
        return { ok: true, url: started.url };
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return { ok: false, notice: error.code ?? error.message };
      }
    },

    /** Back from the provider: its answer for the lead's own request (the provider asked), then F06 reported when signed. */
    async returned(f05: Submission): Promise<"SIGNED" | "PENDING" | "FAILED"> {
      const latest = f05.leadId ? await esign.latest(f05.leadId) : null;
      if (!latest) return "FAILED";
      const status = await esign.afterReturn(latest.id);
      if (status === "SIGNED") await conclude(f05);
      return status;
    },

    /** The signed agreement, once F06 is reported (the buyer app's LOAN_AGREEMENT link). */
    async agreement(f05: Submission): Promise<Uint8Array | null> {
      if (!f05.leadId || !(await reportOf(f05, "F06"))) return null;
      return esign.signedAgreement(f05.profileId, f05.leadId);
    },

    /** LOAN_CANCELLATION's PDF: how the loan may be cancelled or closed early, once it is paid out. */
    async cancellation(f05: Submission): Promise<Uint8Array | null> {
      if (!f05.leadId || !(await reportOf(f05, "F06"))) return null;
      const [account] = await db.select().from(loanAccounts).where(eq(loanAccounts.leadId, f05.leadId));
      const parts = await orderParts(db, kfsPages, f05);
      if (!account?.disbursalDate || !parts) return null;
      const profile = await profiles.load(f05.profileId);
      return loanCancellationPdf({ kfs: parts.kfs, borrower: profile.fullName ?? "", loanNo: account.loanNo, disbursedOn: account.disbursalDate as IsoDate });
    },
  };
}

export type OndcF06Forms = ReturnType<typeof createOndcF06Forms>;

// Issue 32: F03's outcome reported (form-report.ts): the F03 submission and the unsolicited signed on_status with
// the offer for the amount as select_3 stated it (docs/decisions/providers.md, issue 32, F03).
import type { Db } from "../../db/client.ts";
import type { ondcFormSubmissions } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { Lender } from "./callbacks.ts";
import { createFormReport } from "./form-report.ts";
import type { OndcKfsPages } from "./kfs-page.ts";
import { onSelectOrder } from "./offer.ts";
import type { OndcOutbox } from "./outbox.ts";
import { QUOTE_TTL } from "./select.ts";

type Submission = typeof ondcFormSubmissions.$inferSelect;

export function createF03Report(deps: { db: Db; now: () => Date; logger: Logger; lender: Lender; outbox: OndcOutbox; kfsPages: OndcKfsPages }) {
  const { lender, kfsPages } = deps;
  const { reportOf, report } = createFormReport(deps);

  return {
    /** F03's submission for this F02, once eKYC ended (approved or declined). */
    f03Of: (f02: Submission) => reportOf(f02, "F03"),

    /**
     * eKYC ended: F03's submission and the unsolicited on_status, one transaction. SUCCESS when verified (ONDC's
     * validator wants SUCCESS here; the spec's examples say APPROVED), REJECTED when declined or refused.
     */
    async conclude(f02: Submission, verified: boolean, reason: string | null): Promise<string> {
      const kfs = await kfsPages.kfsOf(f02.submissionId);
      const order = kfs
        ? onSelectOrder({
            kfs,
            product: lender.product,
            publicOrigin: lender.publicOrigin,
            transactionId: f02.transactionId,
            submissionId: f02.submissionId,
            quoteTtl: QUOTE_TTL,
            next: { form: "F03", url: "" },
          })
        : null;
      return report({ parent: f02, formId: "F03", done: verified, reason, order });
    },
  };
}

// Issue 32: form F05 "E-mandate" (application/html): the buyer app sends the person's browser to our page, which
// runs our AutoPay step (the mandates service's setup, UPI Autopay or e-NACH on the verified account) with the
// provider's page returning here; the provider is then asked (never the return's query), and an ACTIVE mandate
// is F05's SUCCESS, reported by an unsolicited signed on_status (the validator's on_status_enach) with the order
// as on_init stated it. The page's address names the F04 submission (`ref`), which only the buyer app and the
// customer hold. On ONDC AutoPay is not skipped: FIS12's flow makes the e-mandate a required form of the
// contract (docs/decisions/providers.md, issue 32, F05).
import { and, desc, eq } from "drizzle-orm";
import { autopaySetupEventSchema, mandateFailureOf, mandateMaxAmountPaise, type MandateFailure } from "../../../core/mandates.ts";
import { journeyPosition } from "../../../core/journey/index.ts";
import { loanTerms, mandates as mandateRows, ondcFormSubmissions } from "../../db/schema/index.ts";
import { DomainError } from "../domain-errors.ts";
import type { MandatesService } from "../mandates/mandates.service.ts";
import type { PageMessage } from "./form-f01-page.ts";
import { createFormReport } from "./form-report.ts";
import { onInitOrder } from "./on-init.ts";
import { offerInput, orderParts, type OrderReportDeps } from "./order-terms.ts";
import { doneFormOfRef } from "./form-ref.ts";

/** Where the mandate provider's page sends the browser back (with the transaction and F04's ref in its query). */
export const F05_RETURN_PATH = "/ondc/forms/F05/return";

export type F05Screen = "choose" | "done" | "notYet" | "closed";

type Submission = typeof ondcFormSubmissions.$inferSelect;

export function createOndcF05Forms(
  deps: OrderReportDeps & {
    mandates: Pick<MandatesService, "setup" | "returned">;
  },
) {
  const { db, lender, kfsPages, profiles, mandates } = deps;
  const { reportOf, report } = createFormReport(deps);

  /** The F04 submission `ref` names in this transaction (the account verified), and its customer's journey step. */
  async function f04Of(transactionId: string, ref: string) {
    const found = await doneFormOfRef(db, "F04", transactionId, ref);
    return found ? { f04: found.submission, nextStep: found.profile.nextStep } : null;
  }

  /** The lead's latest mandate, when its registration failed: why, for the page. */
  async function lastFailure(f04: Submission): Promise<MandateFailure | null> {
    if (!f04.leadId) return null;
    const [latest] = await db
      .select({ status: mandateRows.status, reason: mandateRows.failureReason })
      .from(mandateRows)
      .where(eq(mandateRows.leadId, f04.leadId))
      .orderBy(desc(mandateRows.createdAt))
      .limit(1);
    return latest?.status === "FAILED" ? mandateFailureOf(latest.reason) : null;
  }

  /** The lead's mandate is ACTIVE: F05 is done. */
  async function activeMandate(f04: Submission) {
    if (!f04.leadId) return false;
    const [active] = await db
      .select({ id: mandateRows.id })
      .from(mandateRows)
      .where(and(eq(mandateRows.leadId, f04.leadId), eq(mandateRows.status, "ACTIVE")));
    return !!active;
  }

  /** F05 done: its submission and the on_status (on_init's order, F05's response), once per F04. */
  async function conclude(f04: Submission): Promise<string> {
    const parts = await orderParts(db, kfsPages, f04);
    const profile = await profiles.load(f04.profileId);
    const order =
      parts && parts.fee !== null
        ? onInitOrder({
            ...offerInput({ ...parts, fee: parts.fee }, lender, f04.transactionId, profile),
            next: { form: "F05", url: "" },
          })
        : null;
    return report({ parent: f04, formId: "F05", done: true, reason: null, order });
  }

  return {
    f04Of,
    lastFailure,
    f05Of: (f04: Submission) => reportOf(f04, "F05"),

    /** The most one debit may take, from the lead's accepted terms, as the website's AutoPay screen states it. */
    async limitOf(f04: Submission) {
      const [terms] = f04.leadId
        ? await db
            .select({ principal: loanTerms.principalPaise, interestPaise: loanTerms.interestPaise, penalCapBps: loanTerms.penalCapBps })
            .from(loanTerms)
            .where(eq(loanTerms.leadId, f04.leadId))
        : [];
      if (!terms) return { maxPaise: 0, totalPaise: 0, penalPaise: 0 };
      const maxPaise = mandateMaxAmountPaise(terms);
      const totalPaise = terms.principal + terms.interestPaise;
      return { maxPaise, totalPaise, penalPaise: maxPaise - totalPaise };
    },

    /** The screen F05's page shows: AutoPay to set up, done (reported), not yet (the account first), or closed. */
    async screenOf(f04: Submission, nextStep: string | null): Promise<F05Screen> {
      if (await reportOf(f04, "F05")) return "done";
      // Activated while the person was away (the provider's webhook): reported now.
      if (await activeMandate(f04)) {
        await conclude(f04);
        return "done";
      }
      if (nextStep === "autopay_setup") return "choose";
      return journeyPosition(nextStep) < journeyPosition("autopay_setup") ? "notYet" : "closed";
    },

    /** The method chosen: the mandates service's registration, returning to F05's own address; the provider's page. */
    async start(
      profileId: string,
      method: string,
      returnUrl: string,
    ): Promise<{ ok: true; url: string } | { ok: false; errors: Record<string, PageMessage>; notice?: PageMessage }> {
      const parsed = autopaySetupEventSchema.safeParse({ event_name: "autopay_setup", mandate_method: method });
      if (!parsed.success) return { ok: false, errors: { mandate_method: { key: "ondc.f05.chooseMethod" } } };
      try {
        const started = await mandates.setup(profileId, parsed.data, { returnUrl });
        return { ok: true, url: started.url };
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return { ok: false, errors: {}, notice: error.code ?? error.message };
      }
    },

    /** Back from the provider's page: the provider asked (the mandates service), then F05 reported when ACTIVE. */
    async returned(f04: Submission, query: { registrationId: string | undefined; outcome: string | undefined }): Promise<boolean> {
      await mandates.returned(query, { resumeEsign: false });
      if (!(await activeMandate(f04))) return false;
      await conclude(f04);
      return true;
    },
  };
}

export type OndcF05Forms = ReturnType<typeof createOndcF05Forms>;

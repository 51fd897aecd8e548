// Issue 32: form F04 "Account Information" (text/html), a plain form run by our banking step: the spec's four
// fields (accHolderName, accNo, acctype, ifscCode) read with the website's banking rules, then the banking
// service's own submit (the IFSC from the directory, the penny drop and the name match; a buyer app's customer
// cannot skip it), and the F04 submission recorded. It opens only at the journey's banking_details: the bank
// statement (the documents stage) is done on F03's page first, as on our site (docs/decisions/providers.md,
// issue 32, F04). The page's address names F03's submission (`ref`), which only the buyer app and the customer hold.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { journeyPosition } from "../../../core/journey/steps.ts";
import { ACCOUNT_TYPE_ID, VERIFICATION_CONSENT } from "../../../core/journey/masters.ts";
import { bankingFormSchema } from "../../../core/validation/kyc-banking.ts";
import type { Db } from "../../db/client.ts";
import { ondcFormSubmissions } from "../../db/schema/index.ts";
import type { BankingService } from "../banking/banking.service.ts";
import { DomainError, RateLimited } from "../domain-errors.ts";
import type { PageMessage } from "./form-f01-page.ts";
import { issueMessage, saysMissing } from "./form-f01.service.ts";
import { REQUIRED } from "./form-f02.ts";
import { doneFormOfRef } from "./form-ref.ts";

/** The spec's account types (its F04 form's choices, exactly). */
export const F04_ACCOUNT_TYPES = ["saving", "current"] as const;
export type F04AccountType = (typeof F04_ACCOUNT_TYPES)[number];

/**
 * ONDC's acctype as our account type id. Our banking step holds one type (the website never asks it: account_type_id
 * is always 1), so both map to it; the penny drop, not the type, decides whether the loan can be paid in.
 */
const ACCOUNT_TYPE_OF: Record<F04AccountType, number> = { saving: ACCOUNT_TYPE_ID, current: ACCOUNT_TYPE_ID };

/** The website's banking field → F04's (the messages of our rules and of the banking service, beside F04's fields). */
const F04_FIELD_OF: Record<string, string> = {
  account_number: "accNo",
  confirm_account_number: "accNo",
  account_ifsc: "ifscCode",
  account_name: "accHolderName",
  account_type_id: "acctype",
};

type Submission = typeof ondcFormSubmissions.$inferSelect;

/** Where F04 stands for the customer's journey: open, the statement first (the documents stage), or past it. */
export type F04Stage = "open" | "documents" | "closed";

export function f04StageOf(nextStep: string | null): F04Stage {
  if (nextStep === "banking_details") return "open";
  return journeyPosition(nextStep) >= 0 && journeyPosition(nextStep) < journeyPosition("banking_details") ? "documents" : "closed";
}

/** The four fields checked with the website's banking rules: the banking step's input, or each field's message by F04's name. */
export function checkF04(fields: Record<string, string>) {
  const str = (name: string) => (fields[name] ?? "").trim();
  const errors: Record<string, PageMessage> = {};
  const acctype = str("acctype");
  if (!acctype) errors.acctype = REQUIRED;
  else if (!(F04_ACCOUNT_TYPES as readonly string[]).includes(acctype)) errors.acctype = { key: "ondc.form.chooseOne" };
  const parsed = bankingFormSchema.safeParse({
    account_number: str("accNo"),
    // F04 asks the number once; the website's second entry is a typing check a form the buyer app shows does not have.
    confirm_account_number: str("accNo"),
    account_ifsc: str("ifscCode"),
    account_branch: "",
    account_name: str("accHolderName"),
    account_type_id: ACCOUNT_TYPE_OF[acctype as F04AccountType] ?? ACCOUNT_TYPE_ID,
    // A buyer app's customer cannot skip the penny drop.
    verification_consent: VERIFICATION_CONSENT.given,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = F04_FIELD_OF[String(issue.path[0])];
      if (field) errors[field] ??= issueMessage(issue);
    }
  }
  if (Object.keys(errors).length || !parsed.success) return { ok: false as const, errors };
  return { ok: true as const, input: { mode: "form" as const, event_name: "banking_details" as const, profile_id: undefined, ...parsed.data } };
}

export type F04Result =
  | { ok: true; submissionId: string }
  /** code: ONDC's error for a program; status: the page's HTTP status. */
  | { ok: false; errors: Record<string, PageMessage>; notice?: PageMessage; code: string; status: 400 | 409 | 429 | 503; retryAfter?: number };

export function createOndcF04Forms(deps: { db: Db; now: () => Date; banking: Pick<BankingService, "submit"> }) {
  const { db, now, banking } = deps;

  /** The F04 submission that continues this F03, once made. */
  async function f04Of(f03: Submission) {
    const [row] = await db
      .select()
      .from(ondcFormSubmissions)
      .where(and(eq(ondcFormSubmissions.parentSubmissionId, f03.submissionId), eq(ondcFormSubmissions.formId, "F04")));
    return row ?? null;
  }

  /** F03's submission `ref` names in this transaction, eKYC done (eligible), with its customer and any F04 made. */
  async function applicationOf(transactionId: string, ref: string) {
    const found = await doneFormOfRef(db, "F03", transactionId, ref);
    if (!found) return null;
    const { submission: f03, profile } = found;
    return { f03, profile, f04: await f04Of(f03), stage: f04StageOf(profile.nextStep) };
  }

  return {
    applicationOf,

    /** The four fields, then the banking step itself; on success the F04 submission. Nothing changes on a refusal. */
    async submit(f03: Submission, fields: Record<string, string>): Promise<F04Result> {
      const checked = checkF04(fields);
      if (!checked.ok) {
        const missing = Object.values(checked.errors).some(saysMissing);
        return { ok: false, errors: checked.errors, code: missing ? "80217" : "80216", status: 400 };
      }
      try {
        await banking.submit(f03.profileId, checked.input);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        const said: PageMessage = error.code ?? error.message;
        if (error instanceof RateLimited) return { ok: false, errors: { accNo: said }, code: "80223", status: 429, retryAfter: error.retryAfterSeconds };
        if (error.kind === "provider-down") return { ok: false, errors: {}, notice: said, code: "80219", status: 503 };
        // The journey moved on meanwhile (a second tab, a second post): nothing was done.
        if (error.kind === "not-available") return { ok: false, errors: {}, notice: { key: "ondc.f04.closed" }, code: "80215", status: 409 };
        const errors: Record<string, PageMessage> = {};
        for (const [k, v] of Object.entries(error.errors ?? {})) errors[F04_FIELD_OF[k] ?? "accNo"] ??= v as PageMessage;
        return Object.keys(errors).length
          ? { ok: false, errors, code: "80216", status: 400 }
          : { ok: false, errors: {}, notice: said, code: "80216", status: 400 };
      }
      const submissionId = randomUUID();
      await db.insert(ondcFormSubmissions).values({
        submissionId,
        formId: "F04",
        transactionId: f03.transactionId,
        profileId: f03.profileId,
        leadId: f03.leadId,
        outcome: "eligible",
        parentSubmissionId: f03.submissionId,
        createdAt: now(),
      });
      return { ok: true, submissionId };
    },
  };
}

export type OndcF04Forms = ReturnType<typeof createOndcF04Forms>;

// One application for review (decision 32): everything the credit review returns, personal data masked.
// A full PAN or account number is shown only after a reason is given (audited). The role decides which
// form is offered: recommend (credit manager), sanction or reject (credit head), pay out (disbursal).
import { data, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/credit-review.ts";
import type { CreditOutcome, PayoutAttempt } from "../../../core/admin/credit-desk.ts";
import { LOAN_CLASS_ROLES } from "../../../core/admin/portfolio-desk.ts";
import {
  BankSection,
  CustomerSection,
  EkycSection,
  EligibilitySection,
  EmploymentSection,
  QuoteSection,
} from "../../components/admin/credit-review-applicant.tsx";
import { CreditForms, DocumentsSection, HistorySection, PayoutSection, StatusSection } from "../../components/admin/credit-review-decision.tsx";
import { LoanClassSection } from "../../components/loan-class-section.tsx";
import { adminFailure, requireStaff } from "../../lib/admin.ts";
import { failed } from "../../lib/credit-admin.ts";
import creditCss from "../../styles/admin-credit.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: creditCss }];

export const meta = () => [{ title: "Application review | SalaryOnTime back office" }];

const PAYOUT_READERS = new Set(["disbursal", "credit_head", "auditor", "accounts"]);

export async function loader({ params, context }: Route.LoaderArgs) {
  const { admin, staff } = requireStaff(context);
  // Issue 29: accounts reads a loan on its loan account page (terms, dues, ledger, statement, documents).
  if (staff.role === "accounts") throw redirect(`/admin/loans/${encodeURIComponent(params.leadId)}`);
  try {
    const review = await admin.credit.review(params.leadId);
    const payouts: PayoutAttempt[] = PAYOUT_READERS.has(staff.role) ? await admin.disbursal.payouts({ leadId: review.lead.id }) : [];
    // Issue 22: a loan's asset class today and its history, for the roles that see it.
    const isLoan = review.lead.status === "DISBURSED" || review.lead.status === "CLOSED";
    const loanClass =
      isLoan && LOAN_CLASS_ROLES.includes(staff.role)
        ? await admin.portfolio.loanClass(review.lead.id).catch((error: unknown) => {
            // A refusal leaves the section out; anything else is an error of the page.
            adminFailure(error);
            return null;
          })
        : null;
    return { review, payouts, loanClass, role: staff.role, staffId: staff.staffId, failure: null };
  } catch (error) {
    const failure = adminFailure(error);
    const status = failure.kind === "forbidden" ? 403 : failure.kind === "not-found" ? 404 : 400;
    return data({ review: null, payouts: [], loanClass: null, role: staff.role, staffId: staff.staffId, failure }, { status });
  }
}

const outcomeOf = (v: FormDataEntryValue | null): CreditOutcome => (v === "REJECT" ? "REJECT" : "SANCTION");

export async function action({ request, params, context }: Route.ActionArgs) {
  const { admin } = requireStaff(context);
  const form = await request.formData();
  const leadId = params.leadId;
  const text = (name: string) => String(form.get(name) ?? "");
  try {
    switch (text("intent")) {
      case "reveal": {
        const field = text("field") === "account_number" ? "account_number" : "pan";
        const revealed = await admin.credit.reveal({ leadId, field, reason: text("reason") });
        return { failure: null, message: null, revealed };
      }
      case "recommend": {
        const outcome = outcomeOf(form.get("outcome"));
        await admin.credit.recommend({ leadId, outcome, reasonCode: text("reasonCode"), note: text("note") || undefined });
        return { failure: null, message: `Recommended ${outcome === "SANCTION" ? "for sanction" : "for rejection"}.`, revealed: null };
      }
      case "decide": {
        const decided = await admin.credit.decide({
          leadId,
          outcome: outcomeOf(form.get("outcome")),
          reasonCode: text("reasonCode"),
          note: text("note") || undefined,
        });
        return {
          failure: null,
          message: decided.outcome === "SANCTIONED" ? "Sanctioned. The loan is now waiting for payout." : "Rejected. The customer has been told.",
          revealed: null,
        };
      }
      case "disburse": {
        const paid = await admin.disbursal.disburse({ leadId });
        return { failure: null, message: `Payout requested (attempt ${paid.attempt}): ${paid.status.toLowerCase()}.`, revealed: null };
      }
      default:
        return data({ failure: { kind: "invalid-input", message: "Unknown action.", errors: undefined }, message: null, revealed: null }, { status: 400 });
    }
  } catch (error) {
    return failed(error);
  }
}

export default function CreditReviewPage() {
  const { review, payouts, loanClass, role, staffId, failure } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  if (!review) {
    return (
      <>
        <h1>Application</h1>
        <p className="error" role="alert">
          {failure?.message}
        </p>
      </>
    );
  }
  const { lead } = review;
  const revealed = result?.revealed ?? null;
  const errors = result?.failure?.errors;
  const title = lead.loanNo ?? lead.proposalNumber ?? "Application";
  return (
    <>
      <h1>Application {title}</h1>
      <div role="status">{result?.message ? <p className="notice">{result.message}</p> : null}</div>
      <div role="alert">
        {result?.failure ? (
          <p className="error" id="action-error">
            {result.failure.message}
          </p>
        ) : null}
      </div>
      <StatusSection review={review} role={role} staffId={staffId} />
      <CustomerSection profile={review.profile} revealed={revealed} errors={errors} />
      <EligibilitySection eligibility={review.eligibility} />
      <BankSection bankAccount={review.bankAccount} revealed={revealed} />
      <EkycSection ekyc={review.ekyc} />
      <EmploymentSection employment={review.employment} />
      <QuoteSection quote={review.quote} />
      <DocumentsSection review={review} />
      <HistorySection history={review.history} staffId={staffId} />
      {loanClass ? <LoanClassSection view={loanClass} /> : null}
      {PAYOUT_READERS.has(role) ? <PayoutSection payouts={payouts} canDisburse={role === "disbursal" && lead.status === "SANCTIONED"} busy={busy} /> : null}
      <CreditForms lead={lead} role={role} errors={errors} />
    </>
  );
}

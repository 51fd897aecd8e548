// One application for review (decision 32): everything the credit review returns, personal data masked.
// A full PAN or account number is shown only after a reason is given (audited). The role decides which
// form is offered: recommend (credit manager), sanction or reject (credit head), pay out (disbursal).
import { Form, Link, data, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/credit-review.ts";
import type { CreditOutcome, PayoutAttempt } from "../../../core/admin/credit-desk.ts";
import { creditReasonLabel } from "../../../core/credit.ts";
import { STAFF_ROLE_LABELS } from "../../../core/staff.ts";
import { BOOKS_ROLES } from "../../../core/admin/books-desk.ts";
import { LOAN_CLASS_ROLES } from "../../../core/admin/portfolio-desk.ts";
import { PayoutState } from "../../components/payout-state.tsx";
import { ReasonForm, RevealForm, Row } from "../../components/credit-review-forms.tsx";
import { LoanClassSection } from "../../components/loan-class-section.tsx";
import { adminFailure, requireStaff } from "../../lib/admin.ts";
import { failed, rupees } from "../../lib/credit-admin.ts";
import creditCss from "../../styles/admin-credit.css?url";
import { formatDate, formatDateTime, formatPhone } from "../../../core/format.ts";
import { eligibilityRuleLabel, observedWords } from "../../../core/eligibility.ts";
import { WORK_MODES } from "../../../core/journey/masters.ts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: creditCss }];

export const meta = () => [{ title: "Application review | SalaryOnTime back office" }];

const dateTime = (iso: string | null | undefined) => formatDateTime(iso, "—");

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

const yesNo = (v: boolean | null | undefined) => (v ? "Yes" : "No");
const bureauAnswer = (status: string | null) => (status === "SCORE" ? "Score found" : status === "NO_HISTORY" ? "No credit history" : (status ?? "—"));

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
  const { lead, profile, eligibility, bankAccount, employment, quote, documents, history } = review;
  const ekyc = (review.ekyc ?? {}) as {
    aadhar_masked?: string;
    aadhar_no?: string;
    customer_digital_ekyc_flag?: number;
    customer_ekyc_request_initiated_on?: string | null;
  };
  const revealed = result?.revealed ?? null;
  const errors = result?.failure?.errors;
  const statement = documents.filter((d) => /statement/i.test(d.kind));
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

      <section className="admin-card" aria-labelledby="sec-lead">
        <h2 id="sec-lead">Status</h2>
        <dl className="credit-dl">
          <Row label="Status">
            <strong data-testid="lead-status">{lead.status}</strong>
          </Row>
          <Row label="Proposal number">{lead.proposalNumber}</Row>
          <Row label="Loan number">
            <span data-testid="loan-no">{lead.loanNo ?? "—"}</span>
          </Row>
          <Row label="Customer type">{lead.userType}</Row>
          <Row label="In this status since">{dateTime(lead.submittedAt)}</Row>
          <Row label="Recommendation">
            {lead.recommendation
              ? `${lead.recommendation === "SANCTION" ? "Sanction" : "Reject"}${lead.recommendedBy === staffId ? " (by you)" : ""}`
              : "None yet"}
          </Row>
          {lead.rejectionReason ? <Row label="Rejection reason">{lead.rejectionReason}</Row> : null}
          {lead.requotePending ? <Row label="Fresh quote">Waiting for the customer to accept a fresh quote</Row> : null}
        </dl>
        {lead.loanNo && BOOKS_ROLES.includes(role) ? (
          <p>
            <Link to={`/admin/loans/${lead.id}`}>Loan account: terms, dues by head, ledger entries and statement</Link>
          </p>
        ) : null}
        {lead.status === "SUBMITTED" || lead.status === "SANCTIONED" ? (
          review.missingForSanction.length ? (
            <div className="error" data-testid="sanction-missing">
              <p>Cannot be recommended, sanctioned or paid out until these are in place:</p>
              <ul>
                {review.missingForSanction.map((gap) => (
                  <li key={gap}>{gap}</li>
                ))}
              </ul>
            </div>
          ) : (
            <p data-testid="sanction-missing">KYC done, bank account verified, and every document the credit policy names is here.</p>
          )
        ) : null}
      </section>

      <section className="admin-card" aria-labelledby="sec-profile">
        <h2 id="sec-profile">Customer</h2>
        {profile ? (
          <dl className="credit-dl">
            <Row label="Name">{profile.name}</Row>
            <Row label="Mobile">{formatPhone(profile.mobile)}</Row>
            <Row label="PAN">
              <span data-testid="pan-value">{revealed?.field === "pan" ? revealed.value : (profile.pan ?? "—")}</span>
              {profile.pan && revealed?.field !== "pan" ? <RevealForm field="pan" label="PAN" errorId={errors?.reason ? "action-error" : undefined} /> : null}
            </Row>
            <Row label="PAN verified">{yesNo(profile.panVerified)}</Row>
            <Row label="Date of birth">{formatDate(profile.dob)}</Row>
            <Row label="Monthly income">{rupees(profile.monthlyIncome)}</Row>
          </dl>
        ) : (
          <p>No profile.</p>
        )}
      </section>

      <section className="admin-card" aria-labelledby="sec-eligibility">
        <h2 id="sec-eligibility">Eligibility and bureau</h2>
        {eligibility ? (
          <>
            <dl className="credit-dl">
              <Row label="Eligible">{yesNo(eligibility.eligible)}</Row>
              <Row label="Bureau answer">{bureauAnswer(eligibility.bureauStatus)}</Row>
              <Row label="Bureau score">{eligibility.bureauScore ?? "—"}</Row>
              <Row label="Checked">{dateTime(eligibility.checkedAt)}</Row>
            </dl>
            <div className="admin-table-wrap admin-cards" role="region" aria-label="Eligibility rules" tabIndex={0}>
              <table>
                <caption>Eligibility rules</caption>
                <thead>
                  <tr>
                    <th scope="col">Rule</th>
                    <th scope="col">Result</th>
                    <th scope="col">Observed</th>
                    <th scope="col">Reason</th>
                  </tr>
                </thead>
                <tbody>
                  {eligibility.rules.map((r) => (
                    <tr key={r.rule}>
                      <td data-label="Rule">{eligibilityRuleLabel(r.rule)}</td>
                      <td data-label="Result">{r.passed ? "Passed" : "Failed"}</td>
                      <td data-label="Observed">{observedWords(r.rule, r.observed)}</td>
                      <td data-label="Reason">{r.reason ?? "—"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : (
          <p>No eligibility check.</p>
        )}
      </section>

      <section className="admin-card" aria-labelledby="sec-bank">
        <h2 id="sec-bank">Bank account and penny drop</h2>
        {bankAccount ? (
          <dl className="credit-dl">
            <Row label="Account number">
              <span data-testid="account-value">{revealed?.field === "account_number" ? revealed.value : bankAccount.number}</span>
              {revealed?.field !== "account_number" ? <RevealForm field="account_number" label="account number" /> : null}
            </Row>
            <Row label="IFSC">{bankAccount.ifsc}</Row>
            <Row label="Bank">{bankAccount.bankName}</Row>
            <Row label="Penny drop">{bankAccount.verification}</Row>
            <Row label="Name at the bank">{bankAccount.nameAtBank}</Row>
            <Row label="Name match score">{bankAccount.nameMatchScore ?? "—"}</Row>
          </dl>
        ) : (
          <p>No bank account yet.</p>
        )}
      </section>

      <section className="admin-card" aria-labelledby="sec-ekyc">
        <h2 id="sec-ekyc">eKYC</h2>
        <dl className="credit-dl">
          <Row label="Aadhaar">{ekyc.aadhar_masked || (ekyc.aadhar_no ? `XXXX XXXX ${ekyc.aadhar_no}` : "—")}</Row>
          <Row label="Digital eKYC done">{yesNo(ekyc.customer_digital_ekyc_flag === 1)}</Row>
          <Row label="eKYC started">{dateTime(ekyc.customer_ekyc_request_initiated_on)}</Row>
        </dl>
      </section>

      <section className="admin-card" aria-labelledby="sec-employment">
        <h2 id="sec-employment">Employment</h2>
        {employment ? (
          <dl className="credit-dl">
            <Row label="Company">{employment.companyName}</Row>
            <Row label="Designation">{employment.designation}</Row>
            <Row label="Since">{formatDate(employment.since, { fallback: "—" })}</Row>
            <Row label="Work mode">{WORK_MODES.find((m) => m.id === employment.workMode)?.label ?? employment.workMode}</Row>
          </dl>
        ) : (
          <p>No employment details.</p>
        )}
      </section>

      <section className="admin-card" aria-labelledby="sec-quote">
        <h2 id="sec-quote">Quote and Key Fact Statement</h2>
        {quote ? (
          <dl className="credit-dl">
            <Row label="Principal">{rupees(quote.principal)}</Row>
            <Row label="Tenure">{quote.tenureDays} days</Row>
            <Row label="Repayment date">{formatDate(quote.repaymentDate)}</Row>
            <Row label="Net disbursal">{rupees(quote.netDisbursal)}</Row>
            <Row label="Total repayable">{rupees(quote.totalRepayable)}</Row>
            <Row label="APR">{quote.apr.toFixed(2)}%</Row>
            <Row label="KFS issued">{formatDate(quote.issuedOn)}</Row>
            <Row label="KFS valid until">
              {formatDate(quote.validUntil)}
              {quote.expired ? " (expired)" : ""}
            </Row>
            <Row label="KFS acknowledged">{dateTime(quote.kfsAcknowledgedAt)}</Row>
          </dl>
        ) : (
          <p>No quote.</p>
        )}
      </section>

      <section className="admin-card" aria-labelledby="sec-docs">
        <h2 id="sec-docs">Statement, documents and agreement</h2>
        <dl className="credit-dl">
          <Row label="Bank statement">
            {statement.length ? `${statement.length} file${statement.length > 1 ? "s" : ""}` : "None uploaded (account aggregator or skipped)"}
          </Row>
          <Row label="Signed loan agreement">{yesNo(review.signedAgreement)}</Row>
        </dl>
        {documents.length ? (
          <ul>
            {documents.map((d) => (
              <li key={d.id}>
                {d.kind.replace(/_/g, " ")}: {d.contentType}, {Math.ceil(d.size / 1024)} KB, {dateTime(d.createdAt)}
                <details className="credit-reveal">
                  <summary>Open {d.kind.replace(/_/g, " ")}</summary>
                  {/* A plain form post (not the router's): the answer is the file itself, as a download. */}
                  <form method="post" action={`/admin/credit/${encodeURIComponent(lead.id)}/documents/${encodeURIComponent(d.id)}`} className="admin-inline">
                    <div>
                      <label htmlFor={`doc-reason-${d.id}`}>Reason for opening this document</label>
                      <input id={`doc-reason-${d.id}`} name="reason" required minLength={5} maxLength={200} />
                    </div>
                    <div>
                      <button type="submit" className="secondary">
                        Download
                      </button>
                    </div>
                  </form>
                </details>
              </li>
            ))}
          </ul>
        ) : (
          <p>No documents.</p>
        )}
      </section>

      {history.length ? (
        <section className="admin-card" aria-labelledby="sec-history">
          <h2 id="sec-history">Decisions so far</h2>
          <ul>
            {history.map((h) => (
              <li key={`${h.at}-${h.stage}`}>
                {dateTime(h.at)}: {h.stage.toLowerCase()} {h.outcome.toLowerCase()} ({creditReasonLabel(h.reasonCode) ?? "no reason"})
                {h.staffId === staffId ? ", by you" : ""}
                {h.note ? `: ${h.note}` : ""}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {loanClass ? <LoanClassSection view={loanClass} /> : null}

      {PAYOUT_READERS.has(role) ? (
        <section className="admin-card" aria-labelledby="sec-payout">
          <h2 id="sec-payout">Payout</h2>
          <p data-testid="payout-state">
            <PayoutState attempts={payouts} />
          </p>
          {role === "disbursal" && lead.status === "SANCTIONED" && payouts.at(-1)?.status !== "PENDING" ? (
            <Form method="post">
              <input type="hidden" name="intent" value="disburse" />
              <button type="submit" disabled={busy}>
                {payouts.at(-1)?.status === "FAILED" ? "Retry" : "Disburse"}
              </button>
            </Form>
          ) : null}
        </section>
      ) : null}

      {role === "credit_manager" && lead.status === "SUBMITTED" ? (
        <section aria-labelledby="sec-recommend">
          <h2 id="sec-recommend">Your recommendation ({STAFF_ROLE_LABELS.credit_manager})</h2>
          <div className="credit-forms">
            <ReasonForm intent="recommend" outcome="SANCTION" title="Recommend sanction" button="Recommend sanction" errors={errors} />
            <ReasonForm intent="recommend" outcome="REJECT" title="Recommend rejection" button="Recommend rejection" errors={errors} />
          </div>
        </section>
      ) : null}

      {role === "credit_head" && lead.status === "SUBMITTED" && lead.recommendation ? (
        <section aria-labelledby="sec-decide">
          <h2 id="sec-decide">Decision ({STAFF_ROLE_LABELS.credit_head})</h2>
          <div className="credit-forms">
            <ReasonForm intent="decide" outcome="SANCTION" title="Sanction" button="Sanction" errors={errors} />
            <ReasonForm intent="decide" outcome="REJECT" title="Reject" button="Reject" errors={errors} />
          </div>
        </section>
      ) : null}
    </>
  );
}

// The application review's state and what staff do with it (back office, English only): its status and
// what sanction still needs, the decisions so far, the payout, and the form the role is offered.
import { Form, Link } from "react-router";
import type { CreditReview, PayoutAttempt } from "../../../core/admin/credit-desk.ts";
import { BOOKS_ROLES } from "../../../core/admin/books-desk.ts";
import { creditReasonLabel } from "../../../core/credit.ts";
import { STAFF_ROLE_LABELS, type StaffRole } from "../../../core/staff.ts";
import { dateTime, yesNo } from "./credit-review-applicant.tsx";
import { ReasonForm, Row } from "../credit-review-forms.tsx";
import { LeadDocuments } from "./lead-documents.tsx";
import { LeadSourceRow } from "./lead-source.tsx";
import { PayoutState } from "../payout-state.tsx";

export function StatusSection({ review, role, staffId }: { review: CreditReview; role: StaffRole; staffId: string }) {
  const { lead } = review;
  return (
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
        <LeadSourceRow source={lead.source} role={role} />
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
      {lead.status === "SUBMITTED" || lead.status === "SANCTIONED" ? <SanctionGaps missing={review.missingForSanction} /> : null}
    </section>
  );
}

function SanctionGaps({ missing }: { missing: string[] }) {
  if (!missing.length) return <p data-testid="sanction-missing">KYC done, bank account verified, and every document the credit policy names is here.</p>;
  return (
    <div className="error" data-testid="sanction-missing">
      <p>Cannot be recommended, sanctioned or paid out until these are in place:</p>
      <ul>
        {missing.map((gap) => (
          <li key={gap}>{gap}</li>
        ))}
      </ul>
    </div>
  );
}

export function DocumentsSection({ review }: { review: CreditReview }) {
  const statement = review.documents.filter((d) => /statement/i.test(d.kind));
  return (
    <section className="admin-card" aria-labelledby="sec-docs">
      <h2 id="sec-docs">Statement, documents and agreement</h2>
      <dl className="credit-dl">
        <Row label="Bank statement">
          {statement.length ? `${statement.length} file${statement.length > 1 ? "s" : ""}` : "None uploaded (account aggregator or skipped)"}
        </Row>
        <Row label="Signed loan agreement">{yesNo(review.signedAgreement)}</Row>
      </dl>
      <LeadDocuments leadId={review.lead.id} documents={review.documents} empty="No documents." />
    </section>
  );
}

export function HistorySection({ history, staffId }: { history: CreditReview["history"]; staffId: string }) {
  if (!history.length) return null;
  return (
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
  );
}

export function PayoutSection({ payouts, canDisburse, busy }: { payouts: PayoutAttempt[]; canDisburse: boolean; busy: boolean }) {
  return (
    <section className="admin-card" aria-labelledby="sec-payout">
      <h2 id="sec-payout">Payout</h2>
      <p data-testid="payout-state">
        <PayoutState attempts={payouts} />
      </p>
      {canDisburse && payouts.at(-1)?.status !== "PENDING" ? (
        <Form method="post">
          <input type="hidden" name="intent" value="disburse" />
          <button type="submit" disabled={busy}>
            {payouts.at(-1)?.status === "FAILED" ? "Retry" : "Disburse"}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

/** The credit manager recommends; once recommended, the credit head decides (four eyes). */
export function CreditForms({ lead, role, errors }: { lead: CreditReview["lead"]; role: StaffRole; errors?: Record<string, string> }) {
  if (lead.status !== "SUBMITTED") return null;
  if (role === "credit_manager") {
    return (
      <section aria-labelledby="sec-recommend">
        <h2 id="sec-recommend">Your recommendation ({STAFF_ROLE_LABELS.credit_manager})</h2>
        <div className="credit-forms">
          <ReasonForm intent="recommend" outcome="SANCTION" title="Recommend sanction" button="Recommend sanction" errors={errors} />
          <ReasonForm intent="recommend" outcome="REJECT" title="Recommend rejection" button="Recommend rejection" errors={errors} />
        </div>
      </section>
    );
  }
  if (role === "credit_head" && lead.recommendation) {
    return (
      <section aria-labelledby="sec-decide">
        <h2 id="sec-decide">Decision ({STAFF_ROLE_LABELS.credit_head})</h2>
        <div className="credit-forms">
          <ReasonForm intent="decide" outcome="SANCTION" title="Sanction" button="Sanction" errors={errors} />
          <ReasonForm intent="decide" outcome="REJECT" title="Reject" button="Reject" errors={errors} />
        </div>
      </section>
    );
  }
  return null;
}

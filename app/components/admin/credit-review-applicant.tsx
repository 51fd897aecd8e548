// The application review's account of the applicant (back office, English only): who they are, the
// eligibility and bureau check, the bank account, eKYC, employment and the quote. A full PAN or account
// number shows only once revealed with a reason.
import type { CreditReview } from "../../../core/admin/credit-desk.ts";
import { eligibilityRuleLabel, observedWords } from "../../../core/eligibility.ts";
import { formatDate, formatDateTime, formatPhone } from "../../../core/format.ts";
import { WORK_MODES } from "../../../core/journey/masters.ts";
import { rupees } from "../../lib/credit-admin.ts";
import { RevealForm, Row } from "../credit-review-forms.tsx";

export type Revealed = { field: string; value: string } | null;

export const dateTime = (iso: string | null | undefined) => formatDateTime(iso, "—");
export const yesNo = (v: boolean | null | undefined) => (v ? "Yes" : "No");
const bureauAnswer = (status: string | null) => (status === "SCORE" ? "Score found" : status === "NO_HISTORY" ? "No credit history" : (status ?? "—"));

export function CustomerSection({ profile, revealed, errors }: { profile: CreditReview["profile"]; revealed: Revealed; errors?: Record<string, string> }) {
  return (
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
  );
}

export function EligibilitySection({ eligibility }: { eligibility: CreditReview["eligibility"] }) {
  return (
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
  );
}

export function BankSection({ bankAccount, revealed }: { bankAccount: CreditReview["bankAccount"]; revealed: Revealed }) {
  return (
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
  );
}

type Ekyc = {
  aadhar_masked?: string;
  aadhar_no?: string;
  customer_digital_ekyc_flag?: number;
  customer_ekyc_request_initiated_on?: string | null;
  ekyc_source?: "digilocker" | "video_kyc" | null;
  ekyc_verified_on?: string | null;
  video_kyc_audit?: "pending" | "confirmed" | null;
};

/** Issue 33: how the Aadhaar was verified; a video KYC with its concurrent audit, which the payout waits for. */
function kycSource(ekyc: Ekyc): string {
  if (ekyc.ekyc_source === "digilocker") return "DigiLocker eKYC";
  if (ekyc.ekyc_source === "video_kyc")
    return ekyc.video_kyc_audit === "confirmed" ? "Video KYC (audit confirmed)" : "Video KYC (audit pending: no payout until it is confirmed)";
  return "—";
}

export function EkycSection({ ekyc: raw }: { ekyc: CreditReview["ekyc"] }) {
  const ekyc = (raw ?? {}) as Ekyc;
  return (
    <section className="admin-card" aria-labelledby="sec-ekyc">
      <h2 id="sec-ekyc">eKYC</h2>
      <dl className="credit-dl">
        <Row label="Aadhaar">{ekyc.aadhar_masked || (ekyc.aadhar_no ? `XXXX XXXX ${ekyc.aadhar_no}` : "—")}</Row>
        <Row label="Digital eKYC done">{yesNo(ekyc.customer_digital_ekyc_flag === 1)}</Row>
        <Row label="eKYC started">{dateTime(ekyc.customer_ekyc_request_initiated_on)}</Row>
        <Row label="KYC source">{kycSource(ekyc)}</Row>
        <Row label="Verified on">{dateTime(ekyc.ekyc_verified_on)}</Row>
      </dl>
    </section>
  );
}

export function EmploymentSection({ employment }: { employment: CreditReview["employment"] }) {
  return (
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
  );
}

export function QuoteSection({ quote }: { quote: CreditReview["quote"] }) {
  return (
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
  );
}

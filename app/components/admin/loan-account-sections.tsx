// The loan account's sections (back office, English only): its terms as the KFS fixed them, what it owes
// by head as posted, its ledger entries with their postings, and the customer's statement.
import type { LoanAccountView } from "../../../core/admin/books-desk.ts";
import type { StaffRole } from "../../../core/staff.ts";
import { formatDate } from "../../../core/format.ts";
import { amountOrBlank, paiseText } from "../admin-books.tsx";
import { AdminTable } from "../admin-table.tsx";
import { Row } from "../credit-review-forms.tsx";
import { LedgerEntriesTable } from "./ledger-entries.tsx";
import { LeadSourceRow } from "./lead-source.tsx";

const percent = (bps: number) => `${(bps / 100).toFixed(2)}%`;

export function TermsSection({ loan, role }: { loan: LoanAccountView; role: StaffRole }) {
  const t = loan.terms;
  return (
    <section className="admin-card" aria-labelledby="sec-terms">
      <h2 id="sec-terms">Terms</h2>
      <dl className="credit-dl">
        <Row label="Status">{loan.status}</Row>
        <LeadSourceRow source={loan.source} role={role} />
        <Row label="Paid out on">{formatDate(loan.disbursedOn, { fallback: "—" })}</Row>
        {t ? (
          <>
            <Row label="Principal" testId="term-principal">
              {paiseText(t.principalPaise)}
            </Row>
            <Row label="Tenure">{t.tenureDays} days</Row>
            <Row label="Repayment date">{formatDate(t.repaymentDate)}</Row>
            <Row label="Interest">{percent(t.interestBpsPerDay)} a day</Row>
            <Row label="Interest to the repayment date (KFS)">{paiseText(t.interestPaise)}</Row>
            <Row label="Penal charge">
              {percent(t.penalBpsPerDay)} a day of the overdue principal, at most {percent(t.penalCapBps)} of the principal
            </Row>
            <Row label="Processing fee" testId="term-fee">
              {paiseText(t.feePaise)}
            </Row>
            <Row label="GST on the fee" testId="term-gst">
              {paiseText(t.gstPaise)}
            </Row>
            <Row label="Net paid out" testId="term-net">
              {paiseText(t.netDisbursalPaise)}
            </Row>
            <Row label="APR">{percent(t.aprBps)}</Row>
            <Row label="KFS date">{formatDate(t.kfsIssuedOn)}</Row>
          </>
        ) : (
          <Row label="Terms">None fixed</Row>
        )}
      </dl>
    </section>
  );
}

export function DuesSection({ loan }: { loan: LoanAccountView }) {
  return (
    <section className="admin-card" aria-labelledby="sec-dues">
      <h2 id="sec-dues">What it owes, by head</h2>
      <p>As posted in the ledger{loan.chargedTo ? `, charges posted through ${formatDate(loan.chargedTo)}` : ""}.</p>
      <dl className="credit-dl">
        <Row label="Principal" testId="due-principal">
          {paiseText(loan.dues.principalPaise)}
        </Row>
        <Row label="Interest" testId="due-interest">
          {paiseText(loan.dues.interestPaise)}
        </Row>
        <Row label="Penal charges" testId="due-penal">
          {paiseText(loan.dues.penalPaise)}
        </Row>
        <Row label="Excess held for the customer" testId="due-excess">
          {paiseText(loan.dues.excessPaise)}
        </Row>
        <Row label="Total owed (less excess)" testId="due-total">
          <strong>{paiseText(loan.dues.totalPaise)}</strong>
        </Row>
      </dl>
      <AdminTable caption="Balances of the loan's accounts (on each account's normal side)">
        <thead>
          <tr>
            <th scope="col">Account</th>
            <th scope="col">Balance</th>
          </tr>
        </thead>
        <tbody>
          {loan.balances.map((b) => (
            <tr key={b.account} data-testid={`bal-${b.account}`}>
              <th scope="row" data-label="Account">
                {b.label}
              </th>
              <td data-label="Balance">
                {paiseText(b.balancePaise)} {b.normal === "debit" ? "Dr" : "Cr"}
              </td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
    </section>
  );
}

export function EntriesSection({ entries }: { entries: LoanAccountView["entries"] }) {
  return (
    <section className="admin-card" aria-labelledby="sec-entries">
      <h2 id="sec-entries">Ledger entries</h2>
      <LedgerEntriesTable caption={`${entries.length} ${entries.length === 1 ? "entry" : "entries"}, oldest first, each with its postings`} entries={entries} />
    </section>
  );
}

export function StatementSection({ statement }: { statement: LoanAccountView["statement"] }) {
  return (
    <section className="admin-card" aria-labelledby="sec-statement">
      <h2 id="sec-statement">Statement</h2>
      {statement.length ? (
        <AdminTable caption="The customer's statement (the lines of their PDF)">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Description</th>
              <th scope="col">Added</th>
              <th scope="col">Paid</th>
              <th scope="col">Balance</th>
            </tr>
          </thead>
          <tbody>
            {statement.map((l, i) => (
              <tr key={i}>
                <td data-label="Date">{formatDate(l.date)}</td>
                <td data-label="Description">{l.description}</td>
                <td data-label="Added">{l.note ? "" : amountOrBlank(l.addedPaise)}</td>
                <td data-label="Paid">{l.note ? "" : amountOrBlank(l.paidPaise)}</td>
                <td data-label="Balance">{l.note ? "" : paiseText(l.balancePaise)}</td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      ) : (
        <p>No statement: the loan has no payout on record.</p>
      )}
    </section>
  );
}

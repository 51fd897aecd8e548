// A loan's account (issue 29, finding 10) for accounts and the auditor: its terms as the KFS fixed them,
// what it owes by head as posted, every ledger entry with its postings, the customer's statement and its
// documents (opened with a reason, audited). Nothing here changes the loan.
import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/loan-account.ts";
import { entryKindLabel, type LoanAccountView } from "../../../core/admin/books-desk.ts";
import { formatDate, formatDateTime } from "../../../core/format.ts";
import { AdminTable } from "../../components/admin-table.tsx";
import { amountOrBlank, paiseText } from "../../components/admin-books.tsx";
import { adminFailure, requireStaff } from "../../lib/admin.ts";
import creditCss from "../../styles/admin-credit.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: creditCss }];
export const meta = () => [{ title: "Loan account | SalaryOnTime back office" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { admin } = requireStaff(context);
  try {
    return { loan: await admin.books.loanAccount(params.leadId), failure: null };
  } catch (error) {
    const failure = adminFailure(error);
    const status = failure.kind === "forbidden" ? 403 : failure.kind === "not-found" ? 404 : 400;
    return data({ loan: null as LoanAccountView | null, failure }, { status });
  }
}

const percent = (bps: number) => `${(bps / 100).toFixed(2)}%`;

function Row({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="credit-row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

export default function LoanAccountPage() {
  const { loan, failure } = useLoaderData<typeof loader>();
  if (!loan) {
    return (
      <>
        <h1>Loan account</h1>
        <p className="error" role="alert">
          {failure?.message}
        </p>
      </>
    );
  }
  const t = loan.terms;
  return (
    <>
      <h1>Loan account {loan.loanNo ?? ""}</h1>
      <section className="admin-card" aria-labelledby="sec-terms">
        <h2 id="sec-terms">Terms</h2>
        <dl className="credit-dl">
          <Row label="Status">{loan.status}</Row>
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

      <section className="admin-card" aria-labelledby="sec-entries">
        <h2 id="sec-entries">Ledger entries</h2>
        <AdminTable caption={`${loan.entries.length} ${loan.entries.length === 1 ? "entry" : "entries"}, oldest first, each with its postings`}>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Entry</th>
              <th scope="col">Kind</th>
              <th scope="col">Memo</th>
              <th scope="col">Account</th>
              <th scope="col">Debit</th>
              <th scope="col">Credit</th>
            </tr>
          </thead>
          <tbody>
            {loan.entries.flatMap((e) =>
              e.postings.map((p, i) => (
                <tr key={`${e.seq}-${i}`}>
                  <td data-label="Date">{i === 0 ? formatDate(e.date) : ""}</td>
                  <td data-label="Entry">{i === 0 ? e.seq : ""}</td>
                  <td data-label="Kind">{i === 0 ? entryKindLabel(e.kind) : ""}</td>
                  <td data-label="Memo">{i === 0 ? (e.memo ?? "") : ""}</td>
                  <td data-label="Account">{p.label}</td>
                  <td data-label="Debit">{amountOrBlank(p.debitPaise)}</td>
                  <td data-label="Credit">{amountOrBlank(p.creditPaise)}</td>
                </tr>
              )),
            )}
          </tbody>
        </AdminTable>
      </section>

      <section className="admin-card" aria-labelledby="sec-statement">
        <h2 id="sec-statement">Statement</h2>
        {loan.statement.length ? (
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
              {loan.statement.map((l, i) => (
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

      <section className="admin-card" aria-labelledby="sec-docs">
        <h2 id="sec-docs">Documents</h2>
        {loan.documents.length ? (
          <ul>
            {loan.documents.map((d) => (
              <li key={d.id}>
                {d.kind.replace(/_/g, " ")}: {d.contentType}, {Math.ceil(d.size / 1024)} KB, {formatDateTime(d.createdAt)}
                <details className="credit-reveal">
                  <summary>Open {d.kind.replace(/_/g, " ")}</summary>
                  {/* A plain form post: the answer is the file itself, as a download; the reason is audited. */}
                  <form
                    method="post"
                    action={`/admin/credit/${encodeURIComponent(loan.leadId)}/documents/${encodeURIComponent(d.id)}`}
                    className="admin-inline"
                  >
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
          <p>No documents on file for this loan.</p>
        )}
      </section>
    </>
  );
}

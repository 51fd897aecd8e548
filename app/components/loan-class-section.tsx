// The application review's loan-class section (issue 22, back office, English only).
import { ASSET_CLASS_LABELS, type LoanClassView } from "../../core/admin/portfolio-desk.ts";
import { formatDate, formatPaise } from "../../core/format.ts";
import { staffAutopayText } from "../../core/admin/collections-desk.ts";
import { AdminTable } from "./admin-table.tsx";
import { Row } from "./credit-review-forms.tsx";

/** Issue 22: the loan's class today (RBI IRACP) and its periods from the day-end job. */
export function LoanClassSection({ view }: { view: LoanClassView }) {
  return (
    <section className="admin-card" aria-labelledby="sec-class">
      <h2 id="sec-class">Asset classification</h2>
      <dl className="credit-dl">
        <Row label={`Class today (${formatDate(view.today.asOn)})`}>
          <strong data-testid="asset-class">{ASSET_CLASS_LABELS[view.today.assetClass]}</strong>
        </Row>
        <Row label="Days past due">{view.today.daysPastDue}</Row>
        <Row label="Amount overdue">{formatPaise(view.today.overduePaise)}</Row>
        <Row label="AutoPay">
          <span data-testid="autopay-state">{staffAutopayText(view.autopay)}</span>
        </Row>
      </dl>
      {view.history.length ? (
        <AdminTable caption="Class history (from the day-end job)">
          <thead>
            <tr>
              <th scope="col">Class</th>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col">Days past due (last day)</th>
              <th scope="col">Overdue (last day)</th>
            </tr>
          </thead>
          <tbody>
            {view.history.map((h) => (
              <tr key={h.fromDate}>
                <td data-label="Class">{ASSET_CLASS_LABELS[h.assetClass]}</td>
                <td data-label="From">{formatDate(h.fromDate)}</td>
                <td data-label="To">{h.toDate ? formatDate(h.toDate) : `current (classified to ${formatDate(h.asOf)})`}</td>
                <td data-label="Days past due (last day)">{h.daysPastDue}</td>
                <td data-label="Overdue (last day)">{formatPaise(h.overduePaise)}</td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      ) : (
        <p>The day-end job has not classified this loan yet.</p>
      )}
    </section>
  );
}

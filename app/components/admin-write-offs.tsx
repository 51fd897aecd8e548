// Write-off of an NPA on the portfolio page (decision 44): accounts enters one with its reason; the
// credit head approves or rejects it. The server checks the roles, the NPA and the four eyes.
import { Form } from "react-router";
import type { WriteOffView } from "../../core/admin/write-off-desk.ts";
import { paiseOrDash } from "./admin-books.tsx";
import { AdminTable } from "./admin-table.tsx";
import { AdminInput } from "./admin/admin-input.tsx";
import { FourEyesDecision } from "./admin-reject-form.tsx";

export function WriteOffPanel(props: {
  list: { pending: WriteOffView[]; approved: WriteOffView[] };
  canEnter: boolean;
  canDecide: boolean;
  busy: boolean;
  errors: Record<string, string>;
  values: { loanNo: string; reason: string } | null;
}) {
  const { list, canEnter, canDecide, busy, errors, values } = props;
  return (
    <section aria-labelledby="write-off-heading">
      <h2 id="write-off-heading">Write-offs</h2>
      <p>
        Only an NPA can be written off. The provision held is used first and the rest is an expense; the borrower still owes the money, and what they pay later
        is recovery after write-off.
      </p>
      {canEnter ? (
        <Form method="post" noValidate className="admin-card">
          <input type="hidden" name="intent" value="write-off-enter" />
          <AdminInput id="wo-loan" label="Loan number" name="loanNo" required defaultValue={values?.loanNo} error={errors.loanNo} />
          <label htmlFor="wo-reason">Reason</label>
          <textarea
            id="wo-reason"
            name="reason"
            required
            minLength={10}
            maxLength={500}
            defaultValue={values?.reason}
            aria-invalid={Boolean(errors.reason)}
            aria-describedby="wo-reason-error"
          />
          <p id="wo-reason-error" className="error">
            {errors.reason}
          </p>
          <button type="submit" disabled={busy}>
            Enter write-off for approval
          </button>
        </Form>
      ) : null}
      <AdminTable caption={`Waiting for the credit head (${list.pending.length})`}>
        <thead>
          <tr>
            <th scope="col">Loan</th>
            <th scope="col">Reason</th>
            <th scope="col">Entered by</th>
            <th scope="col">Decision</th>
          </tr>
        </thead>
        <tbody>
          {list.pending.map((w) => (
            <tr key={w.id}>
              <th scope="row" data-label="Loan">
                {w.loanNo}
              </th>
              <td data-label="Reason">{w.reason}</td>
              <td data-label="Entered by">{w.enteredByEmail ?? "—"}</td>
              <td data-label="Decision">
                {canDecide ? (
                  <FourEyesDecision
                    intents={["write-off-approve", "write-off-reject"]}
                    labels={[`Approve the write-off of ${w.loanNo}`, `Reject the write-off of ${w.loanNo}`]}
                    id={w.id}
                    inputId={`wo-reject-${w.id}`}
                    busy={busy}
                  />
                ) : (
                  "pending"
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
      <AdminTable caption={`Written off (${list.approved.length})`}>
        <thead>
          <tr>
            <th scope="col">Loan</th>
            <th scope="col">On</th>
            <th scope="col">Written off</th>
            <th scope="col">Provision used</th>
            <th scope="col">Approved by</th>
          </tr>
        </thead>
        <tbody>
          {list.approved.map((w) => (
            <tr key={w.id}>
              <th scope="row" data-label="Loan">
                {w.loanNo}
              </th>
              <td data-label="On">{w.writtenOffOn}</td>
              <td data-label="Written off">{paiseOrDash(w.amountPaise)}</td>
              <td data-label="Provision used">{paiseOrDash(w.provisionUsedPaise)}</td>
              <td data-label="Approved by">{w.decidedByEmail ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
    </section>
  );
}

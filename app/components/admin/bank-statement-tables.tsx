// The bank statement page's parts (back office, English only): the import form, the lines that match
// nothing yet (accounts picks the document, with a note), what waits for the bank past its window, and
// the statements imported.
import { Form } from "react-router";
import { MATCH_KIND_LABELS, type AwaitingBankRow, type BankImportRow, type BankLineRow } from "../../../core/admin/bank-statement-desk.ts";
import { formatDate, formatDateTime } from "../../../core/format.ts";
import { paiseOrDash } from "../admin-books.tsx";
import { AdminTable } from "../admin-table.tsx";

export function ImportStatementForm() {
  return (
    <Form method="post" encType="multipart/form-data" aria-label="Import a statement">
      <input type="hidden" name="intent" value="import" />
      <label>
        Format{" "}
        <select name="format" defaultValue="csv">
          <option value="csv">CSV</option>
          <option value="mt940">MT940</option>
        </select>
      </label>{" "}
      <label>
        Account number (needed for CSV) <input name="accountNo" inputMode="numeric" autoComplete="off" />
      </label>{" "}
      <label>
        File <input type="file" name="file" accept=".csv,.txt,.sta,.mt940" required />
      </label>{" "}
      <button type="submit">Import</button>
    </Form>
  );
}

function MatchCell({ line: l, canAct }: { line: BankLineRow; canAct: boolean }) {
  if (l.candidates.length === 0) return "No document of this amount (a bank charge or funding: a manual journal)";
  if (!canAct) return `${l.candidates.length} candidate(s)`;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="match" />
      <input type="hidden" name="lineId" value={l.id} />
      <select name="document" aria-label="Document" required>
        {l.candidates.map((c) => (
          <option key={`${c.kind}:${c.id}`} value={`${c.kind}:${c.id}`}>
            {MATCH_KIND_LABELS[c.kind]}: {c.label} ({formatDate(c.on)})
          </option>
        ))}
      </select>{" "}
      <input name="note" aria-label="Why" placeholder="Why (5 to 500 characters)" minLength={5} maxLength={500} required /> <button type="submit">Match</button>
    </Form>
  );
}

export function UnmatchedLines({ lines, canAct }: { lines: BankLineRow[]; canAct: boolean }) {
  return (
    <AdminTable caption={`Lines that match nothing yet (${lines.length})`}>
      <thead>
        <tr>
          <th scope="col">Value date</th>
          <th scope="col">Side</th>
          <th scope="col">Amount</th>
          <th scope="col">Reference</th>
          <th scope="col">Narration</th>
          <th scope="col">Match</th>
        </tr>
      </thead>
      <tbody>
        {lines.length === 0 ? (
          <tr>
            <td colSpan={6}>Every line is matched.</td>
          </tr>
        ) : (
          lines.map((l) => (
            <tr key={l.id}>
              <td data-label="Value date">{formatDate(l.valueOn)}</td>
              <td data-label="Side">{l.direction === "credit" ? "Money in" : "Money out"}</td>
              <td data-label="Amount">{paiseOrDash(l.amountPaise)}</td>
              <td data-label="Reference">{l.reference || "—"}</td>
              <td data-label="Narration">{l.narration}</td>
              <td data-label="Match">
                <MatchCell line={l} canAct={canAct} />
              </td>
            </tr>
          ))
        )}
      </tbody>
    </AdminTable>
  );
}

export function AwaitingBank({ rows }: { rows: AwaitingBankRow[] }) {
  return (
    <AdminTable caption={`Waiting for the bank past their window (${rows.length})`}>
      <thead>
        <tr>
          <th scope="col">What</th>
          <th scope="col">Document</th>
          <th scope="col">Amount</th>
          <th scope="col">Day</th>
          <th scope="col">Window ended</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={5}>Nothing is overdue.</td>
          </tr>
        ) : (
          rows.map((a) => (
            <tr key={`${a.kind}:${a.id}`}>
              <td data-label="What">{MATCH_KIND_LABELS[a.kind]}</td>
              <td data-label="Document">{a.label}</td>
              <td data-label="Amount">{paiseOrDash(a.amountPaise)}</td>
              <td data-label="Day">{formatDate(a.on)}</td>
              <td data-label="Window ended">{formatDate(a.windowEnded)}</td>
            </tr>
          ))
        )}
      </tbody>
    </AdminTable>
  );
}

export function ImportsTable({ imports }: { imports: BankImportRow[] }) {
  return (
    <AdminTable caption="Statements imported">
      <thead>
        <tr>
          <th scope="col">Imported</th>
          <th scope="col">Account</th>
          <th scope="col">File</th>
          <th scope="col">Days</th>
          <th scope="col">Lines (new)</th>
          <th scope="col">Closing balance</th>
          <th scope="col">By</th>
        </tr>
      </thead>
      <tbody>
        {imports.map((i) => (
          <tr key={i.id}>
            <td data-label="Imported">{formatDateTime(i.importedAt)}</td>
            <td data-label="Account">{i.accountNo}</td>
            <td data-label="File">
              {i.fileName} ({i.format.toUpperCase()})
            </td>
            <td data-label="Days">
              {formatDate(i.fromOn)} to {formatDate(i.toOn)}
            </td>
            <td data-label="Lines (new)">
              {i.lineCount} ({i.newLineCount})
            </td>
            <td data-label="Closing balance">{paiseOrDash(i.closingBalancePaise)}</td>
            <td data-label="By">{i.importedByEmail ?? "—"}</td>
          </tr>
        ))}
      </tbody>
    </AdminTable>
  );
}

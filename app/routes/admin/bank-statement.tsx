// Bank statement (issue 29): accounts imports the bank's statement of the lender's account (CSV or
// MT940); lines that name an approved transfer, a payout or a settlement are matched at import; the
// rest wait here until accounts says, with a note, which document each is. The auditor reads.
import { Form, data, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/bank-statement.ts";
import type { AdminFailure } from "../../../core/admin/admin-api.ts";
import { MATCH_KIND_LABELS } from "../../../core/admin/bank-statement-desk.ts";
import { formatDate, formatDateTime, formatPaise } from "../../../core/format.ts";
import { AdminTable } from "../../components/admin-table.tsx";
import { adminFailure, requireStaff } from "../../lib/admin.ts";

export const meta = () => [{ title: "Bank statement | SalaryOnTime back office" }];

const rupees = (paise: number | null) => (paise === null ? "—" : formatPaise(paise, { decimals: 2 }));
const MAX_FILE_BYTES = 5 * 1024 * 1024;

export async function loader({ context }: Route.LoaderArgs) {
  const { admin, staff } = requireStaff(context);
  try {
    return { overview: await admin.bankStatement.overview(), canAct: staff.role === "accounts", failure: null };
  } catch (error) {
    const failure = adminFailure(error);
    return data({ overview: null, canAct: false, failure }, { status: failure.kind === "forbidden" ? 403 : 400 });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = requireStaff(context);
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? "");
  const refuse = (message: string) => data({ failure: { kind: "invalid_input", message } satisfies AdminFailure, message: null }, { status: 400 });
  try {
    if (field("intent") === "import") {
      const file = form.get("file");
      if (!(file instanceof File) || file.size === 0) return refuse("Choose a statement file to import.");
      if (file.size > MAX_FILE_BYTES) return refuse("The file is larger than 5 MB: import it in parts.");
      const r = await admin.bankStatement.importStatement({
        format: field("format"),
        fileName: file.name,
        text: await file.text(),
        accountNo: field("accountNo") || undefined,
      });
      const matched = Object.values(r.matched).reduce((a, b) => a + b, 0);
      const message = `Imported ${r.lines} line(s) of account ${r.accountNo}: ${r.newLines} new, ${matched} matched, ${r.unmatched} waiting below. Closing balance ${rupees(r.closingBalancePaise)}.`;
      return { failure: null, message };
    }
    if (field("intent") === "match") {
      const [kind, documentId] = field("document").split(":");
      await admin.bankStatement.matchByHand({ lineId: field("lineId"), kind: kind ?? "", documentId: documentId ?? "", note: field("note") });
      return { failure: null, message: "Matched." };
    }
    return refuse("Unknown action.");
  } catch (error) {
    const failure = adminFailure(error);
    return data({ failure, message: null }, { status: failure.kind === "forbidden" ? 403 : 400 });
  }
}

export default function BankStatementPage() {
  const { overview, canAct, failure } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  return (
    <>
      <h1>Bank statement</h1>
      <p>
        The bank&apos;s statement of our account, as CSV (columns Date, Value Date, Narration, Chq/Ref No, Debit, Credit, Balance) or MT940. A credit naming an
        approved bank transfer&apos;s UTR moves it from the bank-transfer clearing account to the bank; payouts and gateway settlements are confirmed by their
        lines. Importing the same statement again changes nothing.
      </p>
      {failure ? (
        <p className="error" role="alert">
          {failure.message}
        </p>
      ) : null}
      {done?.failure ? (
        <p className="error" role="alert">
          {done.failure.message}
        </p>
      ) : null}
      {done?.message ? <p role="status">{done.message}</p> : null}
      {canAct ? (
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
      ) : null}
      {overview ? (
        <>
          <AdminTable caption={`Lines that match nothing yet (${overview.unmatched.length})`}>
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
              {overview.unmatched.length === 0 ? (
                <tr>
                  <td colSpan={6}>Every line is matched.</td>
                </tr>
              ) : (
                overview.unmatched.map((l) => (
                  <tr key={l.id}>
                    <td data-label="Value date">{formatDate(l.valueOn)}</td>
                    <td data-label="Side">{l.direction === "credit" ? "Money in" : "Money out"}</td>
                    <td data-label="Amount">{rupees(l.amountPaise)}</td>
                    <td data-label="Reference">{l.reference || "—"}</td>
                    <td data-label="Narration">{l.narration}</td>
                    <td data-label="Match">
                      {l.candidates.length === 0 ? (
                        "No document of this amount (a bank charge or funding: a manual journal)"
                      ) : canAct ? (
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
                          <input name="note" aria-label="Why" placeholder="Why (5 to 500 characters)" minLength={5} maxLength={500} required />{" "}
                          <button type="submit">Match</button>
                        </Form>
                      ) : (
                        `${l.candidates.length} candidate(s)`
                      )}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </AdminTable>
          <AdminTable caption={`Waiting for the bank past their window (${overview.awaiting.length})`}>
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
              {overview.awaiting.length === 0 ? (
                <tr>
                  <td colSpan={5}>Nothing is overdue.</td>
                </tr>
              ) : (
                overview.awaiting.map((a) => (
                  <tr key={`${a.kind}:${a.id}`}>
                    <td data-label="What">{MATCH_KIND_LABELS[a.kind]}</td>
                    <td data-label="Document">{a.label}</td>
                    <td data-label="Amount">{rupees(a.amountPaise)}</td>
                    <td data-label="Day">{formatDate(a.on)}</td>
                    <td data-label="Window ended">{formatDate(a.windowEnded)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </AdminTable>
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
              {overview.imports.map((i) => (
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
                  <td data-label="Closing balance">{rupees(i.closingBalancePaise)}</td>
                  <td data-label="By">{i.importedByEmail ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </AdminTable>
        </>
      ) : null}
    </>
  );
}

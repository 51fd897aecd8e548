// Credit-bureau reporting (issue 22): the fortnightly TUDF files as on the 15th and the month's last
// day, the records each left out (for accounts to put right: they go in the next file), each file's
// submissions with the bureau's per-record answer, and the download (a plain form post, audited).
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/bureau.ts";
import { SUBMISSION_STATUS_LABELS, bureauDownloadPath, type BureauFileRow } from "../../../core/admin/bureau-desk.ts";
import { formatDate, formatDateTime } from "../../../core/format.ts";
import { AdminTable } from "../../components/admin-table.tsx";
import { ActionNotices } from "../../components/admin/admin-notices.tsx";
import { actionInput, refusal, requireStaff, unknownIntent } from "../../lib/admin.ts";

export const meta = () => [{ title: "Credit bureau | SalaryOnTime back office" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { admin } = requireStaff(context);
  try {
    return { listing: await admin.bureau.list(), failure: null };
  } catch (error) {
    return refusal(error, { listing: null });
  }
}

// A refused build (another person built that period a moment ago) must still show the file now listed.
export const shouldRevalidate = () => true;

export async function action({ request, context }: Route.ActionArgs) {
  const { admin, field } = await actionInput(request, context);
  const intent = field("intent");
  try {
    if (intent === "build") {
      const r = await admin.bureau.build({ periodEnd: field("periodEnd") });
      return { failure: null, message: `Built the file: ${r.recordCount} record(s), ${r.rejectedCount} left out.` };
    }
    if (intent === "submit") {
      const s = await admin.bureau.submit({ fileId: field("fileId") });
      return {
        failure: null,
        message: `Sent to ${s.bureau}: ${SUBMISSION_STATUS_LABELS[s.status]}, ${s.acceptedCount} accepted, ${s.rejectedCount} rejected (reference ${s.reference ?? "none"}).`,
      };
    }
    return unknownIntent({ message: null });
  } catch (error) {
    return refusal(error, { message: null });
  }
}

const period = (f: BureauFileRow) => `${formatDate(f.periodStart)} to ${formatDate(f.periodEnd)}`;

function FileDetails({ file }: { file: BureauFileRow }) {
  return (
    <section aria-labelledby={`file-${file.id}`} className="bureau-file">
      <h2 id={`file-${file.id}`}>As on {formatDate(file.periodEnd)}</h2>
      {file.rejected.length ? (
        <AdminTable caption={`Records left out of ${file.fileName} (${file.rejected.length})`}>
          <thead>
            <tr>
              <th scope="col">Loan</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {file.rejected.map((r) => (
              <tr key={r.leadId}>
                <td data-label="Loan">{r.loanNo ?? "—"}</td>
                <td data-label="Why">
                  <ul>
                    {r.problems.map((p) => (
                      <li key={p}>{p}</li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      ) : (
        <p>Every record of this period is in the file.</p>
      )}
      {file.submissions.length ? (
        <AdminTable caption={`Submissions of ${file.fileName} (${file.submissions.length})`}>
          <thead>
            <tr>
              <th scope="col">Sent</th>
              <th scope="col">Bureau</th>
              <th scope="col">Result</th>
              <th scope="col">Reference</th>
              <th scope="col">Errors</th>
            </tr>
          </thead>
          <tbody>
            {file.submissions.map((s) => (
              <tr key={s.id}>
                <td data-label="Sent">
                  {formatDateTime(s.submittedAt)}
                  {s.submittedByEmail ? `, ${s.submittedByEmail}` : ""}
                </td>
                <td data-label="Bureau">{s.bureau}</td>
                <td data-label="Result">
                  {SUBMISSION_STATUS_LABELS[s.status]}: {s.acceptedCount} accepted, {s.rejectedCount} rejected
                </td>
                <td data-label="Reference">{s.reference ?? "—"}</td>
                <td data-label="Errors">
                  {s.fileError ? <p>{s.fileError}</p> : null}
                  {s.recordErrors.length ? (
                    <ul>
                      {s.recordErrors.map((e) => (
                        <li key={e.position}>
                          Record {e.position}
                          {e.loanNo ? ` (${e.loanNo})` : ""}: {e.errors.join(" ")}
                        </li>
                      ))}
                    </ul>
                  ) : s.fileError ? null : (
                    "None"
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      ) : (
        <p>Not sent to the bureau yet.</p>
      )}
    </section>
  );
}

export default function BureauPage() {
  const { listing, failure } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const files = listing?.files ?? [];
  return (
    <>
      <h1>Credit bureau</h1>
      <p>
        Every loan open at any time in a fortnight, and every loan closed in it, is reported to the credit bureaus as on the 15th and the last day of each
        month, in TransUnion CIBIL&apos;s consumer format (TUDF). The file is built on the next morning; a record that cannot be written whole is left out and
        listed here, and goes in the next file once it is put right. A borrower&apos;s dispute is a grievance; the corrected record goes in the next file.
      </p>
      <ActionNotices result={result} failure={failure} />
      {listing?.missingPeriodEnds.length ? (
        <div className="error" role="alert" data-testid="bureau-gap">
          <p>
            {listing.missingPeriodEnds.length === 1 ? "A period has ended with no file" : `${listing.missingPeriodEnds.length} periods have ended with no file`}
            : {listing.missingPeriodEnds.map((end) => formatDate(end)).join(", ")}. The scheduled job builds them oldest first on its next run; or build each
            below, oldest first.
          </p>
        </div>
      ) : null}
      {listing?.canAct ? (
        <Form method="post" className="admin-inline">
          <input type="hidden" name="intent" value="build" />
          <div>
            <label htmlFor="period-end">Build the file as on (a 15th or a month&apos;s last day)</label>
            <input id="period-end" name="periodEnd" type="date" required defaultValue={listing.missingPeriodEnds[0] ?? listing.latestEndedPeriodEnd} />
          </div>
          <div>
            <button type="submit" disabled={busy}>
              Build file
            </button>
          </div>
        </Form>
      ) : null}
      {listing ? (
        <AdminTable caption={`Files (${files.length})`}>
          <thead>
            <tr>
              <th scope="col">Period</th>
              <th scope="col">Records</th>
              <th scope="col">Left out</th>
              <th scope="col">Built</th>
              <th scope="col">Bureau</th>
              <th scope="col">File</th>
            </tr>
          </thead>
          <tbody>
            {files.length === 0 ? (
              <tr>
                <td colSpan={6}>No files yet.</td>
              </tr>
            ) : (
              files.map((f) => {
                const last = f.submissions[0];
                return (
                  <tr key={f.id}>
                    <td data-label="Period">{period(f)}</td>
                    <td data-label="Records">{f.recordCount}</td>
                    <td data-label="Left out">{f.rejected.length}</td>
                    <td data-label="Built">
                      {formatDateTime(f.builtAt)}
                      {f.builtByEmail ? `, ${f.builtByEmail}` : ", by the scheduled job"}
                    </td>
                    <td data-label="Bureau">
                      {last ? `${SUBMISSION_STATUS_LABELS[last.status]} (${last.acceptedCount} accepted, ${last.rejectedCount} rejected)` : "Not sent"}
                      {listing.canAct ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="submit" />
                          <input type="hidden" name="fileId" value={f.id} />
                          <button type="submit" className="secondary" disabled={busy} aria-label={`Send to bureau: the file as on ${formatDate(f.periodEnd)}`}>
                            Send to bureau
                          </button>
                        </Form>
                      ) : null}
                    </td>
                    <td data-label="File">
                      {listing.canAct ? (
                        // A plain form post (not the router's): the answer is the file itself, as a download.
                        <form method="post" action={bureauDownloadPath(f.id)}>
                          <button type="submit" className="secondary" aria-label={`Download ${f.fileName}`}>
                            Download
                          </button>
                        </form>
                      ) : (
                        f.fileName
                      )}
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </AdminTable>
      ) : null}
      {files.map((f) => (
        <FileDetails key={f.id} file={f} />
      ))}
    </>
  );
}

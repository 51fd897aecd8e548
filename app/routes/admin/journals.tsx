// Manual journals with four eyes (decision 44): accounts enters a journal on the lender's own accounts
// (funding, GST set-off, adjustments) and approves or rejects the ones others entered (never their own:
// the server refuses it). The auditor reads. Lists by status: pending, approved, rejected.
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/journals.ts";
import type { JournalRow, JournalStatus } from "../../../core/admin/journal-desk.ts";
import { formatPaise } from "../../../core/format.ts";
import { AdminTable } from "../../components/admin-table.tsx";
import { AdminInput } from "../../components/admin/admin-input.tsx";
import { FourEyesDecision } from "../../components/admin-reject-form.tsx";
import { ActionNotices } from "../../components/admin/admin-notices.tsx";
import { actionInput, pageParams, refusal, requireStaff, unknownIntent } from "../../lib/admin.ts";

export const meta = () => [{ title: "Manual journals | SalaryOnTime back office" }];

/** Lines on the entry form; blank ones are skipped. */
const FORM_LINES = 6;
const STATUSES: { value: JournalStatus; label: string }[] = [
  { value: "PENDING", label: "Waiting for approval" },
  { value: "APPROVED", label: "Approved (posted)" },
  { value: "REJECTED", label: "Rejected" },
];

const statusOf = (url: URL): JournalStatus => STATUSES.find((s) => s.value === url.searchParams.get("status"))?.value ?? "PENDING";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin, staff } = requireStaff(context);
  const { page, url } = pageParams(request);
  const status = statusOf(url);
  try {
    const [accounts, listing] = await Promise.all([admin.journals.accounts(), admin.journals.list({ status, page })]);
    return { accounts, listing, status, canEnter: staff.role === "accounts", staffEmail: staff.email, failure: null };
  } catch (error) {
    return refusal(error, { accounts: [], listing: null, status, canEnter: false, staffEmail: staff.email });
  }
}

type Values = { effectiveOn: string; reason: string; lines: { account: string; side: string; amountRupees: string }[] };

export async function action({ request, context }: Route.ActionArgs) {
  const { admin, field } = await actionInput(request, context);
  const intent = field("intent");
  const values: Values = {
    effectiveOn: field("effectiveOn"),
    reason: field("reason"),
    lines: Array.from({ length: FORM_LINES }, (_, i) => ({ account: field(`account${i}`), side: field(`side${i}`), amountRupees: field(`amount${i}`) })),
  };
  try {
    if (intent === "enter") {
      const row = await admin.journals.enter(values);
      return {
        failure: null,
        values: null,
        message: `Entered a journal of ${formatPaise(row.totalPaise)} dated ${row.effectiveOn}; another person in accounts must approve it.`,
      };
    }
    if (intent === "approve") {
      await admin.journals.approve({ id: field("id") });
      return { failure: null, values: null, message: "Approved and posted to the ledger." };
    }
    if (intent === "reject") {
      await admin.journals.reject({ id: field("id"), reason: field("reason") });
      return { failure: null, values: null, message: "Rejected." };
    }
    return unknownIntent({ values: null, message: null });
  } catch (error) {
    return refusal(error, { values: intent === "enter" ? values : null, message: null });
  }
}

const rupees = (paise: number) => formatPaise(paise);
const describeLines = (row: JournalRow) => row.lines.map((l) => `${l.side === "debit" ? "Dr" : "Cr"} ${l.account} ${rupees(l.amountPaise)}`).join("; ");

function EntryForm({ accounts, values, errors, busy }: { accounts: readonly string[]; values: Values | null; errors: Record<string, string>; busy: boolean }) {
  return (
    <section aria-labelledby="enter-heading">
      <h2 id="enter-heading">Enter a journal</h2>
      <p>
        The lender&apos;s own accounts only: a loan&apos;s figures move only by its own events. Funding is entered here, e.g. Dr bank, Cr capital. It is posted
        when another person in accounts approves it.
      </p>
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="enter" />
        <AdminInput
          id="j-date"
          label="Date it counts for"
          name="effectiveOn"
          type="date"
          required
          defaultValue={values?.effectiveOn}
          error={errors.effectiveOn}
        />
        <AdminInput id="j-reason" label="Reason" name="reason" required maxLength={500} defaultValue={values?.reason} error={errors.reason} />
        <fieldset>
          <legend>Lines (debits must equal credits)</legend>
          {Array.from({ length: FORM_LINES }, (_, i) => {
            const line = values?.lines[i];
            return (
              <div key={i} className="journal-line">
                <label htmlFor={`j-account${i}`}>Line {i + 1} account</label>
                <select id={`j-account${i}`} name={`account${i}`} defaultValue={line?.account ?? ""}>
                  <option value="">—</option>
                  {accounts.map((a) => (
                    <option key={a} value={a}>
                      {a}
                    </option>
                  ))}
                </select>
                <label htmlFor={`j-side${i}`}>Line {i + 1} debit or credit</label>
                <select id={`j-side${i}`} name={`side${i}`} defaultValue={line?.side ?? (i === 0 ? "debit" : "credit")}>
                  <option value="debit">Debit</option>
                  <option value="credit">Credit</option>
                </select>
                <label htmlFor={`j-amount${i}`}>Line {i + 1} amount (₹)</label>
                <input id={`j-amount${i}`} name={`amount${i}`} inputMode="decimal" defaultValue={line?.amountRupees} aria-describedby={`j-line${i}-error`} />
                <p id={`j-line${i}-error`} className="error">
                  {errors[`line${i + 1}`]}
                </p>
              </div>
            );
          })}
          <p className="error">{errors.lines}</p>
        </fieldset>
        <button type="submit" disabled={busy}>
          Enter journal
        </button>
      </Form>
    </section>
  );
}

export default function JournalsPage() {
  const { accounts, listing, status, canEnter, staffEmail, failure } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errors = result?.failure?.errors ?? {};
  return (
    <>
      <h1>Manual journals</h1>
      <p>
        <Link to="/admin/period-close">Period close</Link>
      </p>
      <ActionNotices result={result} failure={failure} />
      {canEnter ? <EntryForm accounts={accounts} values={result?.values ?? null} errors={errors} busy={busy} /> : null}
      <nav aria-label="Journals by status">
        {STATUSES.map((s) => (
          <Link key={s.value} to={`?status=${s.value}`} aria-current={s.value === status ? "page" : undefined}>
            {s.label}
          </Link>
        ))}
      </nav>
      {listing ? (
        <AdminTable caption={`${STATUSES.find((s) => s.value === status)!.label} (${listing.total})`}>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Reason</th>
              <th scope="col">Lines</th>
              <th scope="col">Amount</th>
              <th scope="col">Entered by</th>
              <th scope="col">{status === "PENDING" ? "Decision" : "Decided by"}</th>
            </tr>
          </thead>
          <tbody>
            {listing.rows.map((row) => (
              <tr key={row.id}>
                <td data-label="Date">{row.effectiveOn}</td>
                <td data-label="Reason">{row.reason}</td>
                <td data-label="Lines">{describeLines(row)}</td>
                <td data-label="Amount">{rupees(row.totalPaise)}</td>
                <td data-label="Entered by">{row.enteredByEmail ?? "—"}</td>
                <td data-label={status === "PENDING" ? "Decision" : "Decided by"}>
                  {status !== "PENDING" ? (
                    `${row.decidedByEmail ?? "—"}${row.rejectReason ? `: ${row.rejectReason}` : ""}`
                  ) : canEnter && row.enteredByEmail !== staffEmail ? (
                    <FourEyesDecision
                      intents={["approve", "reject"]}
                      labels={[
                        `Approve the journal of ${rupees(row.totalPaise)} dated ${row.effectiveOn}`,
                        `Reject the journal of ${rupees(row.totalPaise)} dated ${row.effectiveOn}`,
                      ]}
                      id={row.id}
                      inputId={`reason-${row.id}`}
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
      ) : null}
    </>
  );
}

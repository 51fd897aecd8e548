// Bank transfers received for a loan (decisions 29, 32): collections enters one and sees their entries;
// accounts approves or rejects the pending ones (never their own entry: the server refuses it).
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/bank-transfers.ts";
import type { BankTransferRow } from "../../../core/admin/bank-transfer-desk.ts";
import { formatPaise } from "../../../core/format.ts";
import { AdminTable } from "../../components/admin-table.tsx";
import { AdminInput } from "../../components/admin/admin-input.tsx";
import { FourEyesDecision } from "../../components/admin-reject-form.tsx";
import { ActionNotices } from "../../components/admin/admin-notices.tsx";
import { actionInput, pageParams, refusal, requireStaff, unknownIntent } from "../../lib/admin.ts";

export const meta = () => [{ title: "Bank transfers | SalaryOnTime back office" }];

type Listing = { rows: BankTransferRow[]; total: number; page: number; pageSize: number };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin, staff } = requireStaff(context);
  const { page } = pageParams(request);
  try {
    const mine: Listing | null = staff.role === "collections" ? await admin.bankTransfers.mine({ page }) : null;
    const pending: Listing | null = staff.role === "accounts" || staff.role === "auditor" ? await admin.bankTransfers.pending({ page }) : null;
    if (!mine && !pending) await admin.bankTransfers.pending({ page }); // the server refuses other roles
    return { mine, pending, canEnter: staff.role === "collections", canDecide: staff.role === "accounts", failure: null };
  } catch (error) {
    return refusal(error, { mine: null, pending: null, canEnter: false, canDecide: false });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin, field } = await actionInput(request, context);
  const intent = field("intent");
  const values = { loanNo: field("loanNo"), amountRupees: field("amountRupees"), bankReference: field("bankReference"), receivedOn: field("receivedOn") };
  try {
    if (intent === "enter") {
      const row = await admin.bankTransfers.enter(values);
      return {
        failure: null,
        values: null,
        message: `Entered ${formatPaise(row.amountPaise)} for ${row.loanNo} (${row.bankReference}); it waits for accounts.`,
      };
    }
    if (intent === "approve") {
      const r = await admin.bankTransfers.approve({ id: field("id") });
      const excess = r.excessPaise > 0 ? ` ${formatPaise(r.excessPaise)} is excess, held for refund.` : "";
      return { failure: null, values: null, message: `Approved and posted.${r.loanClosed ? " The loan is now closed." : ""}${excess}` };
    }
    if (intent === "reject") {
      await admin.bankTransfers.reject({ id: field("id"), reason: field("reason") });
      return { failure: null, values: null, message: "Rejected." };
    }
    return unknownIntent({ values: null, message: null });
  } catch (error) {
    return refusal(error, { values: intent === "enter" ? values : null, message: null });
  }
}

const rupees = (paise: number) => formatPaise(paise);

/** The columns both tables share: their headings, and each row's cells (labelled for the card layout). */
const TRANSFER_COLUMNS: [string, (row: BankTransferRow) => string][] = [
  ["Loan", (row) => row.loanNo],
  ["Amount", (row) => rupees(row.amountPaise)],
  ["Bank reference", (row) => row.bankReference],
  ["Received on", (row) => row.receivedOn],
];

function TransferHeadings() {
  return (
    <>
      {TRANSFER_COLUMNS.map(([label]) => (
        <th key={label} scope="col">
          {label}
        </th>
      ))}
    </>
  );
}

function TransferCells({ row }: { row: BankTransferRow }) {
  return (
    <>
      {TRANSFER_COLUMNS.map(([label, value]) => (
        <td key={label} data-label={label}>
          {value(row)}
        </td>
      ))}
    </>
  );
}

export default function BankTransfersPage() {
  const { mine, pending, canEnter, canDecide, failure } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errors = result?.failure?.errors ?? {};
  const v = result?.values ?? null;
  return (
    <>
      <h1>Bank transfers</h1>
      <ActionNotices result={result} failure={failure} />
      {canEnter ? (
        <section aria-labelledby="enter-heading">
          <h2 id="enter-heading">Enter a transfer received</h2>
          <p>Accounts approve each entry before it counts towards the loan; another person must approve it.</p>
          <Form method="post" noValidate>
            <input type="hidden" name="intent" value="enter" />
            <AdminInput id="bt-loan" label="Loan number" name="loanNo" required defaultValue={v?.loanNo} error={errors.loanNo} />
            <AdminInput
              id="bt-amount"
              label="Amount (₹)"
              name="amountRupees"
              inputMode="decimal"
              required
              defaultValue={v?.amountRupees}
              error={errors.amountRupees}
            />
            <AdminInput id="bt-ref" label="Bank reference (UTR)" name="bankReference" required defaultValue={v?.bankReference} error={errors.bankReference} />
            <AdminInput id="bt-date" label="Date received" name="receivedOn" type="date" required defaultValue={v?.receivedOn} error={errors.receivedOn} />
            <button type="submit" disabled={busy}>
              Enter transfer
            </button>
          </Form>
        </section>
      ) : null}
      {mine ? (
        <AdminTable caption={`My entries (${mine.total})`}>
          <thead>
            <tr>
              <TransferHeadings />
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {mine.rows.map((row) => (
              <tr key={row.id}>
                <TransferCells row={row} />
                <td data-label="Status">
                  {row.status.toLowerCase()}
                  {row.rejectReason ? `: ${row.rejectReason}` : ""}
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      ) : null}
      {pending ? (
        <AdminTable caption={`Waiting for approval (${pending.total})`}>
          <thead>
            <tr>
              <TransferHeadings />
              <th scope="col">Entered by</th>
              <th scope="col">Decision</th>
            </tr>
          </thead>
          <tbody>
            {pending.rows.map((row) => (
              <tr key={row.id}>
                <TransferCells row={row} />
                <td data-label="Entered by">{row.enteredByEmail ?? "—"}</td>
                <td data-label="Decision">
                  {canDecide ? (
                    <FourEyesDecision
                      intents={["approve", "reject"]}
                      labels={[`Approve ${rupees(row.amountPaise)} for ${row.loanNo} (${row.bankReference})`, `Reject ${row.bankReference}`]}
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

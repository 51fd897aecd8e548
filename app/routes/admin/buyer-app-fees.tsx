// Buyer app fees (issue 32, point 9): the finder fees we owe each ONDC buyer app, accrued when its loans were paid
// out, taken back when a payout was returned, and paid by bank against its invoices (docs/decisions/money.md, "The
// ONDC buyer app's finder fee in the books"). Accounts records a payment the bank made; the auditor reads.
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/buyer-app-fees.ts";
import type { BuyerAppFees } from "../../../core/admin/buyer-app-fee-desk.ts";
import { formatDate, formatPaise } from "../../../core/format.ts";
import { AdminTable } from "../../components/admin-table.tsx";
import { AdminInput } from "../../components/admin/admin-input.tsx";
import { ActionNotices, PageRefusal } from "../../components/admin/admin-notices.tsx";
import { actionInput, refusal, requireStaff, unknownIntent } from "../../lib/admin.ts";

export const meta = () => [{ title: "Buyer app fees | SalaryOnTime back office" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { admin, staff } = requireStaff(context);
  try {
    return { listing: await admin.buyerAppFees.list(), canSettle: staff.role === "accounts", failure: null };
  } catch (error) {
    return refusal(error, { listing: null, canSettle: false });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin, field } = await actionInput(request, context);
  const values = {
    bapId: field("bapId"),
    amountRupees: field("amountRupees"),
    bankReference: field("bankReference"),
    paidOn: field("paidOn"),
    invoiceNo: field("invoiceNo"),
  };
  try {
    if (field("intent") !== "settle") return unknownIntent({ values: null, message: null });
    const done = await admin.buyerAppFees.settle(values);
    const left = done.outstandingPaise > 0 ? `${formatPaise(done.outstandingPaise)} is still owed.` : "Nothing more is owed.";
    return { failure: null, values: null, message: `Recorded ${formatPaise(done.amountPaise)} paid to ${done.bapId}. ${left}` };
  } catch (error) {
    return refusal(error, { values, message: null });
  }
}

/** What is owed, in words: a negative figure is owed to us. */
const owedText = (paise: number) => (paise < 0 ? `${formatPaise(-paise)} owed to us` : formatPaise(paise));

function BuyerApp({ book, index, canSettle }: { book: BuyerAppFees; index: number; canSettle: boolean }) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const mine = result?.values?.bapId === book.bapId;
  const errors = mine ? (result?.failure?.errors ?? {}) : {};
  const v = mine ? result?.values : null;
  const id = (name: string) => `baf-${index}-${name}`;
  return (
    <section aria-labelledby={id("heading")}>
      <h2 id={id("heading")}>{book.bapId}</h2>
      <dl className="admin-card">
        <dt>Accrued at payout</dt>
        <dd>{formatPaise(book.accruedPaise)}</dd>
        <dt>Taken back (payouts returned)</dt>
        <dd>{formatPaise(book.reversedPaise)}</dd>
        <dt>Paid by bank</dt>
        <dd>{formatPaise(book.settledPaise)}</dd>
        <dt>Owed now</dt>
        <dd data-testid={`owed-${book.bapId}`}>
          <strong>{owedText(book.outstandingPaise)}</strong>
        </dd>
        <dt>Oldest payout not yet paid for</dt>
        <dd>{book.oldestUnpaidOn ? formatDate(book.oldestUnpaidOn) : "None"}</dd>
      </dl>
      <AdminTable caption={`Loans (${book.loanCount}${book.loanCount > book.loans.length ? `, newest ${book.loans.length} shown` : ""})`}>
        <thead>
          <tr>
            <th scope="col">Loan</th>
            <th scope="col">Customer</th>
            <th scope="col">Paid out</th>
            <th scope="col">Finder fee</th>
          </tr>
        </thead>
        <tbody>
          {book.loans.map((loan, i) => (
            <tr key={`${loan.loanNo}-${i}`}>
              <td data-label="Loan">{loan.loanNo ?? "—"}</td>
              <td data-label="Customer">{loan.customer}</td>
              <td data-label="Paid out">{formatDate(loan.paidOutOn)}</td>
              <td data-label="Finder fee">
                {formatPaise(loan.feePaise)}
                {loan.feeFrom === "search" ? " (worked out from the buyer app's search: no confirm on record)" : ""}
                {loan.reversedOn ? ` (taken back: the payout was returned)` : ""}
              </td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
      <AdminTable caption={`Payments to ${book.bapId} (${book.settlements.length})`}>
        <thead>
          <tr>
            <th scope="col">Paid on</th>
            <th scope="col">Amount</th>
            <th scope="col">Bank reference</th>
            <th scope="col">Invoice</th>
            <th scope="col">Recorded by</th>
          </tr>
        </thead>
        <tbody>
          {book.settlements.length === 0 ? (
            <tr>
              <td colSpan={5}>No payments recorded yet.</td>
            </tr>
          ) : (
            book.settlements.map((s) => (
              <tr key={s.bankReference}>
                <td data-label="Paid on">{formatDate(s.paidOn)}</td>
                <td data-label="Amount">{formatPaise(s.amountPaise)}</td>
                <td data-label="Bank reference">{s.bankReference}</td>
                <td data-label="Invoice">{s.invoiceNo}</td>
                <td data-label="Recorded by">{s.enteredByEmail ?? "—"}</td>
              </tr>
            ))
          )}
        </tbody>
      </AdminTable>
      {canSettle ? (
        // A fresh form after each recorded payment (its message), so a second click cannot send the same one again.
        <Form key={result?.message ?? "form"} method="post" noValidate aria-labelledby={id("settle")} className="admin-card">
          <h3 id={id("settle")}>Record a payment to {book.bapId}</h3>
          <p>After the bank has paid the buyer app&apos;s invoice (within 30 days of receiving it). It cannot be more than is owed.</p>
          <input type="hidden" name="intent" value="settle" />
          <input type="hidden" name="bapId" value={book.bapId} />
          <AdminInput
            id={id("amount")}
            label="Amount paid (₹)"
            name="amountRupees"
            inputMode="decimal"
            required
            defaultValue={v?.amountRupees}
            error={errors.amountRupees}
          />
          <AdminInput id={id("utr")} label="Bank reference (UTR)" name="bankReference" required defaultValue={v?.bankReference} error={errors.bankReference} />
          <AdminInput id={id("date")} label="Date paid" name="paidOn" type="date" required defaultValue={v?.paidOn} error={errors.paidOn} />
          <AdminInput id={id("invoice")} label="Buyer app's invoice number" name="invoiceNo" required defaultValue={v?.invoiceNo} error={errors.invoiceNo} />
          {errors.bapId ? <p className="error">{errors.bapId}</p> : null}
          <button type="submit" disabled={busy}>
            Record payment
          </button>
        </Form>
      ) : null}
    </section>
  );
}

export default function BuyerAppFeesPage() {
  const { listing, canSettle, failure } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (!listing) return <PageRefusal failure={failure} />;
  return (
    <>
      <h1>Buyer app fees</h1>
      <ActionNotices result={result} />
      <p>
        The finder fee we owe each ONDC buyer app for the loans its customers took: owed from the day the loan is paid out, taken back if the bank returns the
        payout, and paid by bank within 30 days of the buyer app&apos;s invoice. Owed to all buyer apps:{" "}
        <strong>{owedText(listing.totalOutstandingPaise)}</strong>.
      </p>
      {listing.buyerApps.length === 0 ? <p>No loan taken through an ONDC buyer app has been paid out yet.</p> : null}
      {listing.buyerApps.map((book, i) => (
        <BuyerApp key={book.bapId} book={book} index={i} canSettle={canSettle} />
      ))}
    </>
  );
}

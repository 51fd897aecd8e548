// Loan accounts (issue 29): find a loan by its number and open its account page.
import { Form, data, redirect, useLoaderData } from "react-router";
import type { Route } from "./+types/loans.ts";
import { adminFailure, requireStaff } from "../../lib/admin.ts";

export const meta = () => [{ title: "Loan accounts | SalaryOnTime back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin } = requireStaff(context);
  const loanNo = (new URL(request.url).searchParams.get("loan") ?? "").trim();
  if (!loanNo) return { loanNo, failure: null };
  try {
    const { leadId } = await admin.books.findLoan({ loanNo });
    return redirect(`/admin/loans/${leadId}`);
  } catch (error) {
    const failure = adminFailure(error);
    return data({ loanNo, failure }, { status: failure.kind === "forbidden" ? 403 : failure.kind === "not-found" ? 404 : 400 });
  }
}

export default function LoansPage() {
  const { loanNo, failure } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Loan accounts</h1>
      <p>A loan's terms, what it owes by head, its ledger entries, statement and documents. Loans are also linked from the general ledger and the day book.</p>
      <Form method="get" className="admin-card admin-inline">
        <div>
          <label htmlFor="loan-no">Loan number</label>
          <input id="loan-no" name="loan" defaultValue={loanNo} aria-invalid={failure ? true : undefined} aria-describedby="loan-no-error" />
          <p id="loan-no-error" className="error">
            {failure?.message}
          </p>
        </div>
        <button type="submit">Open</button>
      </Form>
    </>
  );
}

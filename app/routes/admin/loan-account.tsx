// A loan's account (issue 29, finding 10) for accounts and the auditor: its terms as the KFS fixed them,
// what it owes by head as posted, every ledger entry with its postings, the customer's statement and its
// documents (opened with a reason, audited), and (issue 34) the messages its customer was sent. Nothing here changes the loan.
import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/loan-account.ts";
import type { LoanAccountView } from "../../../core/admin/books-desk.ts";
import type { CustomerMessage } from "../../../core/admin/customer-messages.ts";
import { CustomerMessagesSection } from "../../components/admin/customer-messages.tsx";
import { LeadDocuments } from "../../components/admin/lead-documents.tsx";
import { DuesSection, EntriesSection, StatementSection, TermsSection } from "../../components/admin/loan-account-sections.tsx";
import { adminFailure, requireStaff } from "../../lib/admin.ts";
import creditCss from "../../styles/admin-credit.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: creditCss }];
export const meta = () => [{ title: "Loan account | SalaryOnTime back office" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { admin, staff } = requireStaff(context);
  try {
    const loan = await admin.books.loanAccount(params.leadId);
    // Issue 34: the customer's messages; a refusal here leaves the account readable.
    const messages = await admin.customerMessages.ofLoan(params.leadId).then(
      (rows) => ({ rows, failure: null }),
      (error: unknown) => ({ rows: [] as CustomerMessage[], failure: adminFailure(error).message }),
    );
    return { loan, messages, role: staff.role, failure: null };
  } catch (error) {
    const failure = adminFailure(error);
    const status = failure.kind === "forbidden" ? 403 : failure.kind === "not-found" ? 404 : 400;
    return data({ loan: null as LoanAccountView | null, messages: { rows: [] as CustomerMessage[], failure: null }, role: staff.role, failure }, { status });
  }
}

export default function LoanAccountPage() {
  const { loan, messages, role, failure } = useLoaderData<typeof loader>();
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
  return (
    <>
      <h1>Loan account {loan.loanNo ?? ""}</h1>
      <TermsSection loan={loan} role={role} />
      <DuesSection loan={loan} />
      <EntriesSection entries={loan.entries} />
      <StatementSection statement={loan.statement} />
      <section className="admin-card" aria-labelledby="sec-docs">
        <h2 id="sec-docs">Documents</h2>
        <LeadDocuments leadId={loan.leadId} documents={loan.documents} empty="No documents on file for this loan." />
      </section>
      <CustomerMessagesSection messages={messages.rows} failure={messages.failure} />
    </>
  );
}

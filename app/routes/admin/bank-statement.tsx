// Bank statement (issue 29): accounts imports the bank's statement of the lender's account (CSV or
// MT940); lines that name an approved transfer, a payout or a settlement are matched at import; the
// rest wait here until accounts says, with a note, which document each is. The auditor reads.
import { data, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/bank-statement.ts";
import type { AdminFailure } from "../../../core/admin/admin-api.ts";
import { DeskAlerts } from "../../components/admin/admin-notices.tsx";
import { AwaitingBank, ImportStatementForm, ImportsTable, UnmatchedLines } from "../../components/admin/bank-statement-tables.tsx";
import { paiseOrDash } from "../../components/admin-books.tsx";
import { actionInput, refusal, requireStaff } from "../../lib/admin.ts";

export const meta = () => [{ title: "Bank statement | SalaryOnTime back office" }];

const MAX_FILE_BYTES = 5 * 1024 * 1024;

export async function loader({ context }: Route.LoaderArgs) {
  const { admin, staff } = requireStaff(context);
  try {
    return { overview: await admin.bankStatement.overview(), canAct: staff.role === "accounts", failure: null };
  } catch (error) {
    return refusal(error, { overview: null, canAct: false });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin, form, field } = await actionInput(request, context);
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
      const message = `Imported ${r.lines} line(s) of account ${r.accountNo}: ${r.newLines} new, ${matched} matched, ${r.unmatched} waiting below. Closing balance ${paiseOrDash(r.closingBalancePaise)}.`;
      return { failure: null, message };
    }
    if (field("intent") === "match") {
      const [kind, documentId] = field("document").split(":");
      await admin.bankStatement.matchByHand({ lineId: field("lineId"), kind: kind ?? "", documentId: documentId ?? "", note: field("note") });
      return { failure: null, message: "Matched." };
    }
    return refuse("Unknown action.");
  } catch (error) {
    return refusal(error, { message: null });
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
      <DeskAlerts done={done} failure={failure} />
      {canAct ? <ImportStatementForm /> : null}
      {overview ? (
        <>
          <UnmatchedLines lines={overview.unmatched} canAct={canAct} />
          <AwaitingBank rows={overview.awaiting} />
          <ImportsTable imports={overview.imports} />
        </>
      ) : null}
    </>
  );
}

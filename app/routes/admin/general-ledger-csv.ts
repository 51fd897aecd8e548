// GET /admin/general-ledger.csv?account=…&from=…&to=…: one account's general ledger as a CSV download (issue 29).
import type { Route } from "./+types/general-ledger-csv.ts";
import { requireStaff } from "../../lib/admin.ts";
import { booksFileResponse, queryOf } from "../../lib/books-file.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin } = requireStaff(context);
  const { get } = queryOf(request);
  return booksFileResponse(() => admin.books.generalLedgerCsv({ account: get("account"), from: get("from"), to: get("to") }));
}

// GET /admin/tally.xml?from=…&to=…: the range's ledger entries as Tally's voucher import file (issue 29).
import type { Route } from "./+types/tally-xml.ts";
import { requireStaff } from "../../lib/admin.ts";
import { booksFileResponse, queryOf } from "../../lib/books-file.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin } = requireStaff(context);
  const { get } = queryOf(request);
  return booksFileResponse(() => admin.books.tallyXml({ from: get("from"), to: get("to") }));
}

// GET /admin/trial-balance.csv?date=YYYY-MM-DD: the trial balance as a CSV download (issue 29).
import type { Route } from "./+types/trial-balance-csv.ts";
import { requireStaff } from "../../lib/admin.ts";
import { booksFileResponse, queryOf } from "../../lib/books-file.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin } = requireStaff(context);
  const { get } = queryOf(request);
  return booksFileResponse(() => admin.books.trialBalanceCsv({ date: get("date") }));
}

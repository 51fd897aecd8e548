// GET /admin/day-book.csv?from=…&to=…: the day book as a CSV download, a line per posting (issue 29).
import type { Route } from "./+types/day-book-csv.ts";
import { requireStaff } from "../../lib/admin.ts";
import { booksFileResponse, queryOf } from "../../lib/books-file.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin } = requireStaff(context);
  const { get } = queryOf(request);
  return booksFileResponse(() => admin.books.dayBookCsv({ from: get("from"), to: get("to") }));
}

// GET /admin/portfolio.csv?date=YYYY-MM-DD: the portfolio's figures as a CSV download (issue 22). A bad
// date or a role that may not see the portfolio gets a plain-text message, never a server error.
import type { Route } from "./+types/portfolio-csv.ts";
import { adminFailure, requireStaff } from "../../lib/admin.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin } = requireStaff(context);
  const date = new URL(request.url).searchParams.get("date") ?? "";
  try {
    const file = await admin.portfolio.csv({ date });
    return new Response(file.text, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${file.filename}"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    const failure = adminFailure(error);
    return new Response(failure.message, {
      status: failure.kind === "forbidden" ? 403 : 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}

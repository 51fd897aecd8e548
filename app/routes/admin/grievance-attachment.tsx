// A complaint's attachment for the grievance desk: checked and audited by the desk, sent as a download.
import type { Route } from "./+types/grievance-attachment.ts";
import { adminFailure, requireStaff } from "../../lib/admin.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { admin } = requireStaff(context);
  try {
    const file = await admin.grievances.attachment(params.id);
    return new Response(new Uint8Array(file.bytes), {
      headers: {
        "Content-Type": file.contentType,
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    const failure = adminFailure(error);
    return new Response(failure.message, { status: failure.kind === "forbidden" ? 403 : 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}

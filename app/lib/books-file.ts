// The accountant's desk's downloads (issue 29): a file from the desk as an attachment, or its refusal
// (a bad date or range, a role that may not read the books) as a plain-text message, never a server error.
import type { BooksFile } from "../../core/admin/books-desk.ts";
import { adminFailure } from "./admin.ts";

export async function booksFileResponse(make: () => Promise<BooksFile>): Promise<Response> {
  try {
    const file = await make();
    return new Response(file.text, {
      headers: {
        "Content-Type": file.contentType,
        "Content-Disposition": `attachment; filename="${file.filename.replace(/[^A-Za-z0-9._-]/g, "")}"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    const failure = adminFailure(error);
    return new Response(failure.message, {
      status: failure.kind === "forbidden" ? 403 : failure.kind === "not-found" ? 404 : 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}

/** The query's text parameters (absent ones blank). */
export const queryOf = (request: Request) => {
  const url = new URL(request.url);
  const get = (name: string) => url.searchParams.get(name) ?? "";
  return { url, get };
};

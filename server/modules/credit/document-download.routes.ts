// A staff member opens one of a lead's documents from the review page (decision 32): a POST form with
// the reason (kept out of the address and the access log), checked and audited by the credit service's
// openDocument, then the file is streamed as an attachment (never inline, never cached, sandboxed).
import type { Context } from "hono";
import { apiPath } from "../../../core/contract/index.ts";
import { getCookie } from "hono/cookie";
import { readBodyText } from "../../http/body.ts";
import type { AppEnv } from "../../http/context.ts";
import { STAFF_COOKIE } from "../../http/admin-gateway.ts";
import { extensionFor, privateFile } from "../../http/private-file.ts";
import type { Services } from "../../services.ts";
import { NotFound } from "../domain-errors.ts";

/** Where the review page's "Open" forms post (under /admin, so the staff cookie reaches it). */
export const STAFF_DOCUMENT_PATH = apiPath("staffDocument");
export const staffDocumentPath = (leadId: string, documentId: string) =>
  `/admin/credit/${encodeURIComponent(leadId)}/documents/${encodeURIComponent(documentId)}`;

/** The handler, given the staff sign-in, the credit desk that checks and audits, and the storage (decision 65). */
export function createStaffDocumentDownload(services: Pick<Services, "staff" | "credit" | "storage">) {
  return (c: Context<AppEnv>) => staffDocumentDownload(c, services);
}

async function staffDocumentDownload(c: Context<AppEnv>, services: Pick<Services, "staff" | "credit" | "storage">) {
  const token = getCookie(c, STAFF_COOKIE);
  const staff = token ? await services.staff.authenticate(token).catch(() => null) : null;
  const { text } = await readBodyText(c.req.raw, 4096);
  const reason = new URLSearchParams(text).get("reason") ?? "";
  const file = await services.credit.desk.openDocument(staff, { leadId: c.req.param("leadId") ?? "", documentId: c.req.param("documentId") ?? "", reason });
  const bytes = await services.storage.get(file.storageKey);
  if (!bytes) throw new NotFound("No such document.");
  return privateFile(c, bytes, file.contentType, `${file.kind.replace(/[^a-z0-9_-]/gi, "")}.${extensionFor(file.contentType)}`);
}

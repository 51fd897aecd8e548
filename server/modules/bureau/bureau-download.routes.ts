// Accounts downloads a fortnightly bureau file from /admin/bureau: a form post (under /admin, so the
// staff cookie reaches it), checked and audited by the bureau desk, answered as an attachment.
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { apiPath } from "../../../core/contract/index.ts";
import { STAFF_COOKIE } from "../../http/admin-gateway.ts";
import type { AppEnv } from "../../http/context.ts";
import { privateFile } from "../../http/private-file.ts";

export const BUREAU_DOWNLOAD_PATH = apiPath("bureauFileDownload");

export async function bureauFileDownload(c: Context<AppEnv>) {
  const { services } = c.var;
  const token = getCookie(c, STAFF_COOKIE);
  const staff = token ? await services.staff.authenticate(token).catch(() => null) : null;
  const file = await services.bureau.desk.download(staff, { fileId: c.req.param("fileId") ?? "" });
  return privateFile(c, new TextEncoder().encode(file.content), "text/plain; charset=us-ascii", file.fileName);
}

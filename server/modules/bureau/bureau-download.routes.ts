// Accounts downloads a fortnightly bureau file from /admin/bureau: a form post (under /admin, so the
// staff cookie reaches it), checked and audited by the bureau desk, answered as an attachment.
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { apiPath } from "../../../core/contract/index.ts";
import { STAFF_COOKIE } from "../../http/admin-gateway.ts";
import type { AppEnv } from "../../http/context.ts";
import { privateFile } from "../../http/private-file.ts";
import type { Services } from "../../services.ts";

export const BUREAU_DOWNLOAD_PATH = apiPath("bureauFileDownload");

/** The handler, given the staff sign-in and the bureau desk that checks and audits (decision 65). */
export function createBureauFileDownload(services: Pick<Services, "staff" | "bureau">) {
  return (c: Context<AppEnv>) => bureauFileDownload(c, services);
}

async function bureauFileDownload(c: Context<AppEnv>, services: Pick<Services, "staff" | "bureau">) {
  const token = getCookie(c, STAFF_COOKIE);
  const staff = token ? await services.staff.authenticate(token).catch(() => null) : null;
  const file = await services.bureau.desk.download(staff, { fileId: c.req.param("fileId") ?? "" });
  return privateFile(c, new TextEncoder().encode(file.content), "text/plain; charset=us-ascii", file.fileName);
}

import { Hono } from "hono";
import { apiContract as api } from "../../../core/contract/index.ts";
import { queryInput } from "../../http/contract-input.ts";
import type { AppEnv } from "../../http/context.ts";
import { privateFile } from "../../http/private-file.ts";
import { requireSession } from "../../http/session.ts";

/** The loan statement and the sanction letter: the session's own loans only, always as no-store attachments. */
export function statementRoutes() {
  const routes = new Hono<AppEnv>();

  routes.get(api.getLoanStatement.path, async (c) => {
    const session = await requireSession(c);
    const { lead_id } = queryInput(c, api.getLoanStatement.input);
    const { bytes, filename } = await c.var.services.statements.loanStatement(session.profileId, lead_id);
    return privateFile(c, bytes, "application/pdf", filename);
  });

  routes.get(api.getSanctionLetter.path, async (c) => {
    const session = await requireSession(c);
    const { lead_id } = queryInput(c, api.getSanctionLetter.input);
    const { bytes, filename } = await c.var.services.statements.sanctionLetter(session.profileId, lead_id);
    return privateFile(c, bytes, "application/pdf", filename);
  });

  return routes;
}

import { Hono } from "hono";
import { apiContract as api } from "../../../core/contract/index.ts";
import { queryInput } from "../../http/contract-input.ts";
import type { AppEnv } from "../../http/context.ts";
import { privateFile } from "../../http/private-file.ts";
import { requireSession } from "../../http/session.ts";
import type { SessionAuth } from "../../http/session.ts";
import type { StatementsService } from "./statements.service.ts";

/** The loan statement and the sanction letter: the session's own loans only, always as no-store attachments. Takes only the module it uses (decision 65). */
export function createStatementRoutes(deps: { auth: SessionAuth; statements: Pick<StatementsService, "loanStatement" | "sanctionLetter"> }) {
  const { auth, statements } = deps;
  const routes = new Hono<AppEnv>();

  routes.get(api.getLoanStatement.path, async (c) => {
    const session = await requireSession(c, auth);
    const { lead_id } = queryInput(c, api.getLoanStatement.input);
    const { bytes, filename } = await statements.loanStatement(session.profileId, lead_id);
    return privateFile(c, bytes, "application/pdf", filename);
  });

  routes.get(api.getSanctionLetter.path, async (c) => {
    const session = await requireSession(c, auth);
    const { lead_id } = queryInput(c, api.getSanctionLetter.input);
    const { bytes, filename } = await statements.sanctionLetter(session.profileId, lead_id);
    return privateFile(c, bytes, "application/pdf", filename);
  });

  return routes;
}

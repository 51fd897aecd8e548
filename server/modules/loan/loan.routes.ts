import { Hono } from "hono";
import { QUOTE_MESSAGES as QM } from "../../../core/validation/index.ts";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/envelope.ts";
import { readOwnedBody } from "../../http/ownership.ts";
import { requireSession } from "../../http/session.ts";
import { kfsPdf } from "./loan-documents.ts";
import { privateFile } from "../../http/private-file.ts";
import { InvalidInput } from "../domain-errors.ts";

/** Loan History, Loan Details and the KFS download, under the journey controller path. */
export function loanRoutes() {
  const routes = new Hono<AppEnv>();

  // The body's pancard is ignored: the session decides whose leads these are (decision 20).
  routes.post("/getLeadList", async (c) => {
    const { session } = await readOwnedBody(c);
    return ok(c, QM.leadListLoaded, await c.var.services.loanHistory.leadList(session.profileId));
  });

  routes.post("/getLeadDetail", async (c) => {
    const { session, body } = await readOwnedBody(c);
    const leadId = typeof body.lead_id === "string" ? body.lead_id : "";
    if (!leadId) throw new InvalidInput("lead_id is required.", { lead_id: "lead_id is required." });
    return ok(c, QM.leadDetailLoaded, await c.var.services.loanHistory.leadDetail(session.profileId, leadId));
  });

  // Owner-checked KFS PDF of an accepted quote, always as an attachment.
  routes.get("/downloadKfs", async (c) => {
    const session = await requireSession(c);
    const leadId = c.req.query("lead_id") ?? "";
    if (!leadId) throw new InvalidInput("lead_id is required.", { lead_id: "lead_id is required." });
    const kfs = await c.var.services.quotes.acceptedKfs(session.profileId, leadId);
    const bytes = await kfsPdf(kfs);
    return privateFile(c, bytes, "application/pdf", `KFS-${kfs.proposalNumber}.pdf`);
  });

  return routes;
}

import { Hono } from "hono";
import type { Services } from "../../services.ts";
import { BANKING_CODES } from "../../../core/i18n/index.ts";
import { apiContract as api } from "../../../core/contract/index.ts";
import { queryInput, readOwnedInput } from "../../http/contract-input.ts";
import type { AppEnv } from "../../http/context.ts";
import { fail, invalidSession, ok } from "../../http/envelope.ts";
import { requireSession } from "../../http/session.ts";
import { lookupIfsc } from "./ifsc.ts";
import { privateFile } from "../../http/private-file.ts";

/** Under the journey controller: the Banking Details screen's data and the signed agreement download. */
/** The apps' notice for the bank details: English, no screen shows it (decision 60). */
const BANKING_LOADED = "Banking details loaded.";

export function createBankingRoutes({ auth, banking, esign, leads }: Pick<Services, "auth" | "banking" | "esign" | "leads">) {
  const routes = new Hono<AppEnv>();

  routes.post(api.getBankingDetails.path, async (c) => {
    const { session } = await readOwnedInput(c, auth, api.getBankingDetails.input);
    return ok(c, BANKING_LOADED, await banking.details(session.profileId));
  });

  // Owner-checked (decision 20): another customer's lead_id is Status 4 and nothing is read.
  routes.get(api.getSignedAgreement.path, async (c) => {
    const session = await requireSession(c, auth);
    const { profile_id: claimed, lead_id: leadId } = queryInput(c, api.getSignedAgreement.input);
    if (claimed && claimed.toLowerCase() !== session.profileId) throw invalidSession();
    const lead = leadId ? await leads.requireOwned(session.profileId, leadId) : await leads.latest(session.profileId);
    const pdf = lead ? await esign.signedAgreement(session.profileId, lead.id) : null;
    if (!pdf) return fail(c, 404, BANKING_CODES.agreementNotSigned);
    return privateFile(c, pdf, "application/pdf", "salaryontime-signed-loan-agreement.pdf");
  });

  return routes;
}

/** Under /Api/MasterController: the screen's IFSC lookup. Public: the dataset is public too. */
export function createIfscRoutes() {
  const routes = new Hono<AppEnv>();
  routes.get(api.ifsc.path, (c) => {
    const found = lookupIfsc(c.req.query("code") ?? "");
    if (!found) return fail(c, 404, BANKING_CODES.ifscNotFound, { errors: { account_ifsc: BANKING_CODES.ifscNotFound } });
    c.header("Cache-Control", "public, max-age=86400");
    return ok(c, BANKING_CODES.ifscFound, found);
  });
  return routes;
}

import { Hono } from "hono";
import type { Services } from "../../services.ts";
import { apiContract as api } from "../../../core/contract/index.ts";
import { parseInput, queryInput, readOwnedInput } from "../../http/contract-input.ts";
import type { AppEnv } from "../../http/context.ts";
import { parseJsonObject, readBodyText } from "../../http/body.ts";
import { fail, invalidSession, ok } from "../../http/envelope.ts";
import { documentReplies } from "../../http/journey-replies.ts";
import { UPLOAD_BODY_LIMIT } from "../../http/journey-route.ts";
import { requireSession } from "../../http/session.ts";
import { extensionFor, privateFile } from "../../http/private-file.ts";

/** The apps' notice for the mandatory list: English, no screen shows it (decision 60). */
const DOCUMENTS_LISTED = "Required documents fetched successfully.";

/** Document endpoints beside the journey one: the mandatory list, the legacy docs_id upload, owner-only read-back. */
export function createDocumentRoutes({ auth, documents, leads }: Pick<Services, "auth" | "documents" | "leads">) {
  const routes = new Hono<AppEnv>();

  routes.post(api.check_customer_mandatory_documents.path, async (c) => {
    const { session } = await readOwnedInput(c, auth, api.check_customer_mandatory_documents.input);
    return ok(c, DOCUMENTS_LISTED, await documents.mandatory(session.profileId));
  });

  // Legacy chain (spec 7): lead_id, token, file, ext, password ('N/A'), docs_id 4/6/16/8.
  routes.post(api.saveCustomerDocument.path, async (c) => {
    const session = await requireSession(c, auth);
    const { text } = await readBodyText(c.req.raw, UPLOAD_BODY_LIMIT);
    const body = parseJsonObject(text);
    if (body.profile_id !== undefined && body.profile_id !== "" && String(body.profile_id).toLowerCase() !== session.profileId) throw invalidSession();
    const v = parseInput(api.saveCustomerDocument.input, body);
    // Decision 20: a lead that is not this customer's is Status 4 before anything is read.
    const lead = await leads.requireOwned(session.profileId, v.lead_id);
    const result = await documents.upload(session.profileId, {
      event: v.event,
      docType: v.docType,
      file: v.file,
      ext: v.ext,
      password: v.password,
      leadId: lead.id,
    });
    const reply = documentReplies.saved(result);
    return ok(c, reply.message, reply.data);
  });

  routes.get(api.getCustomerDocument.path, async (c) => {
    const session = await requireSession(c, auth);
    const { id } = queryInput(c, api.getCustomerDocument.input);
    const file = await documents.read(session.profileId, id);
    if (!file) return fail(c, 404, "Document not found.");
    return privateFile(c, file.bytes, file.contentType, `${file.docType}.${extensionFor(file.contentType)}`);
  });

  return routes;
}

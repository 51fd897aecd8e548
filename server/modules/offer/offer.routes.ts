import { Hono } from "hono";
import type { Services } from "../../services.ts";
import { apiContract as api } from "../../../core/contract/index.ts";
import { queryInput, readOwnedInput } from "../../http/contract-input.ts";
import type { AppEnv } from "../../http/context.ts";
import { answerLanguage } from "../../http/api-language.ts";
import { ok } from "../../http/envelope.ts";
import { requireSession } from "../../http/session.ts";
import { kfsPdf } from "./loan-documents.ts";
import { leadDetailReply, leadListReply } from "./offer.replies.ts";
import { privateFile } from "../../http/private-file.ts";

/** Loan History, Loan Details and the KFS download, under the journey controller path. */
/** The apps' notices for the loan history: English, no screen shows them (decision 60). */
const LOAN_HISTORY_LOADED = { list: "Loan history fetched successfully.", detail: "Loan details fetched successfully." } as const;

export function createOfferRoutes({ auth, loanHistory, quotes }: Pick<Services, "auth" | "loanHistory" | "quotes">) {
  const routes = new Hono<AppEnv>();

  // The body's pancard is ignored: the session decides whose leads these are (decision 20).
  routes.post(api.getLeadList.path, async (c) => {
    const { session } = await readOwnedInput(c, auth, api.getLeadList.input);
    return ok(c, LOAN_HISTORY_LOADED.list, leadListReply(await loanHistory.leadList(session.profileId)));
  });

  routes.post(api.getLeadDetail.path, async (c) => {
    const { session, input } = await readOwnedInput(c, auth, api.getLeadDetail.input);
    return ok(c, LOAN_HISTORY_LOADED.detail, leadDetailReply(await loanHistory.leadDetail(session.profileId, input.lead_id), answerLanguage(c)));
  });

  // Owner-checked KFS PDF of an accepted quote in the borrower's preferred language, always as an attachment.
  routes.get(api.downloadKfs.path, async (c) => {
    const session = await requireSession(c, auth);
    const { lead_id } = queryInput(c, api.downloadKfs.input);
    const kfs = await quotes.acceptedKfs(session.profileId, lead_id, { inBorrowersLanguage: true });
    const bytes = await kfsPdf(kfs);
    return privateFile(c, bytes, "application/pdf", `KFS-${kfs.proposalNumber}.pdf`);
  });

  return routes;
}

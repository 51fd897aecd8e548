// My data (issue 23): the session's own data only. Thin: the service decides, this shapes the answer.
import { Hono } from "hono";
import type { Services } from "../../services.ts";
import { apiContract as api } from "../../../core/contract/index.ts";
import { DATA_RIGHTS_CODES } from "../../../core/i18n/index.ts";
import { answerLanguage } from "../../http/api-language.ts";
import { readOwnedInput } from "../../http/contract-input.ts";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/envelope.ts";
import { privateFile } from "../../http/private-file.ts";
import { requireSession } from "../../http/session.ts";
import type { RetentionView } from "./data-rights.service.ts";
import type { RightsRequestView } from "../../../core/admin/data-request-desk.ts";

const retention = (r: RetentionView) => ({ open_loan: r.openLoan, last_closed_on: r.lastClosedOn, kept_until: r.keptUntil });
const request = (r: RightsRequestView) => ({
  id: r.id,
  kind: r.kind,
  details: r.details,
  status: r.status,
  requested_on: r.requestedOn,
  due_on: r.dueOn,
  handled_on: r.handledOn,
  outcome: r.outcome,
  records_kept_until: r.recordsKeptUntil,
});

export function createDataRightsRoutes({ auth, dataRights }: Pick<Services, "auth" | "dataRights">) {
  const routes = new Hono<AppEnv>();

  routes.post(api.getMyData.path, async (c) => {
    const { session } = await readOwnedInput(c, auth, api.getMyData.input);
    const view = await dataRights.myData(session.profileId, answerLanguage(c));
    return ok(
      c,
      { key: "servicing.myData.msg.loaded" },
      {
        consents: view.consents.map((s) => ({
          purpose: s.purpose,
          granted: s.granted,
          at: s.at,
          notice_version: s.noticeVersion,
          language: s.language,
          notice: {
            version: s.notice.version,
            title: s.notice.title,
            data: s.notice.data,
            why: s.notice.why,
            kept: s.notice.kept,
            withdraw: s.notice.withdraw,
            needed_by_loan: s.notice.neededByLoan,
          },
        })),
        retention: retention(view.retention),
        requests: view.requests.map(request),
      },
    );
  });

  routes.post(api.saveConsent.path, async (c) => {
    const { session, input } = await readOwnedInput(c, auth, api.saveConsent.input);
    if (input.action === "grant") {
      await dataRights.grant(session.profileId, input.purpose, answerLanguage(c));
      return ok(c, DATA_RIGHTS_CODES.granted, {
        purpose: input.purpose,
        granted: true,
        still_needed_by_loan: false,
        retention: retention(await dataRights.retention(session.profileId)),
      });
    }
    const done = await dataRights.withdraw(session.profileId, input.purpose, answerLanguage(c));
    return ok(c, DATA_RIGHTS_CODES.withdrawn, {
      purpose: done.purpose,
      granted: false,
      still_needed_by_loan: done.stillNeededByLoan,
      retention: retention(done.retention),
    });
  });

  routes.post(api.requestDataRight.path, async (c) => {
    const { session, input } = await readOwnedInput(c, auth, api.requestDataRight.input);
    const made =
      input.kind === "correction"
        ? await dataRights.requestCorrection(session.profileId, input.details)
        : await dataRights.requestErasure(session.profileId, input.details);
    return ok(c, DATA_RIGHTS_CODES.requestReceived(made.dueOn), request(made));
  });

  routes.get(api.getMyDataJson.path, async (c) => {
    const session = await requireSession(c, auth);
    const data = await dataRights.exportData(session.profileId);
    return privateFile(c, new TextEncoder().encode(JSON.stringify(data, null, 2)), "application/json", "my-data.json");
  });

  routes.get(api.getMyDataPdf.path, async (c) => {
    const session = await requireSession(c, auth);
    return privateFile(c, await dataRights.exportPdf(session.profileId), "application/pdf", "my-data.pdf");
  });

  return routes;
}

// Issue 33: CKYC in the journey over HTTP, thin: each call reads the session's own profile and the
// contract's input, and the journey service checks the rest (the PAN verified, the consent, the code or
// date of birth); bad input is its coded refusal, never a 500.
import type { Context } from "hono";
import { Hono } from "hono";
import { apiContract as api } from "../../../core/contract/index.ts";
import { answerLanguage } from "../../http/api-language.ts";
import { readOwnedInput } from "../../http/contract-input.ts";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/envelope.ts";
import type { Services } from "../../services.ts";
import type { CkycJourneyView } from "./ckyc-journey.ts";

const noticeLanguage = (c: Context) => (answerLanguage(c) === "hi" ? ("hi" as const) : ("en" as const));

export function createCkycRoutes({ auth, ckycJourney: j }: Pick<Services, "auth" | "ckycJourney">) {
  const routes = new Hono<AppEnv>();
  const reply = async (profileId: string, v: CkycJourneyView) => ({
    searched: v.searched,
    found: v.found,
    masked_ckyc_number: v.maskedCkycNumber,
    to_confirm: v.toConfirm
      ? {
          name: v.toConfirm.name,
          relative_name: v.toConfirm.relativeName,
          gender: v.toConfirm.gender,
          dob: v.toConfirm.dob,
          email: v.toConfirm.email,
          address: {
            lines: v.toConfirm.address.lines,
            city: v.toConfirm.address.city,
            state_code: v.toConfirm.address.stateCode,
            pincode: v.toConfirm.address.pincode,
          },
        }
      : null,
    confirmed: v.confirmed,
    relative: v.relative,
    needs_relative: await j.needsRelative(profileId),
  });

  routes.post(api.getCkyc.path, async (c) => {
    const { session } = await readOwnedInput(c, auth, api.getCkyc.input);
    return ok(c, "OK", await reply(session.profileId, await j.view(session.profileId)));
  });
  routes.post(api.searchCkyc.path, async (c) => {
    const { session, input } = await readOwnedInput(c, auth, api.searchCkyc.input);
    const consent = input.consent === undefined ? undefined : input.consent === 1 || input.consent === "1" ? ("1" as const) : ("0" as const);
    const view = await j.search(session.profileId, { consent, language: noticeLanguage(c) });
    return ok(c, { key: "ckyc.searched" }, await reply(session.profileId, view));
  });
  routes.post(api.sendCkycCode.path, async (c) => {
    const { session } = await readOwnedInput(c, auth, api.sendCkycCode.input);
    const sent = await j.sendCode(session.profileId, noticeLanguage(c));
    return ok(c, { key: "ckyc.codeSent", values: { sent_to: sent.sentTo } }, { sent_to: sent.sentTo });
  });
  routes.post(api.downloadCkyc.path, async (c) => {
    const { session, input } = await readOwnedInput(c, auth, api.downloadCkyc.input);
    const view = await j.download(session.profileId, { dob: input.dob, code: input.code, language: noticeLanguage(c) });
    return ok(c, { key: "ckyc.downloaded" }, await reply(session.profileId, view));
  });
  routes.post(api.confirmCkyc.path, async (c) => {
    const { session, input } = await readOwnedInput(c, auth, api.confirmCkyc.input);
    const view = await j.confirm(session.profileId, { accept: input.accept === 1 || input.accept === "1", relativeKind: input.relative_kind });
    return ok(c, { key: "ckyc.saved" }, await reply(session.profileId, view));
  });
  routes.post(api.setCkycRelative.path, async (c) => {
    const { session, input } = await readOwnedInput(c, auth, api.setCkycRelative.input);
    const view = await j.setRelative(session.profileId, { kind: input.relative_kind, name: input.relative_name });
    return ok(c, { key: "ckyc.saved" }, await reply(session.profileId, view));
  });
  routes.post(api.getCkycPrefill.path, async (c) => {
    const { session } = await readOwnedInput(c, auth, api.getCkycPrefill.input);
    return ok(c, "OK", await j.prefill(session.profileId));
  });
  return routes;
}

// Issue 32: form F05 "E-mandate" (application/html), thin: the person's browser on our AutoPay page, then the
// mandate provider's page, which returns to F05_RETURN_PATH; an ACTIVE mandate is reported (form-f05.ts).
import type { Hono } from "hono";
import type { Language } from "../../../core/i18n/index.ts";
import type { AppEnv } from "../../http/context.ts";
import { messagePage } from "./form-f01-page.ts";
import { F05_RETURN_PATH, type OndcF05Forms } from "./form-f05.ts";
import { f05Page } from "./form-f05-page.ts";
import { langOf, readForm, withLang } from "./form-request.ts";
import type { OndcKfsPages } from "./kfs-page.ts";
import { orderParts } from "./order-terms.ts";
import type { Db } from "../../db/client.ts";

export function mountF05(routes: Hono<AppEnv>, deps: { f05: OndcF05Forms; db: Db; kfsPages: OndcKfsPages; publicOrigin: string }) {
  const { f05, db, kfsPages, publicOrigin } = deps;
  const query = (transactionId: string, ref: string) => `transaction_id=${encodeURIComponent(transactionId)}&ref=${encodeURIComponent(ref)}`;
  const f05Action = (transactionId: string, ref: string, lang: Language) => withLang(`/ondc/forms/F05?${query(transactionId, ref)}`, lang);

  async function view(c: { req: { query(name: string): string | undefined } }) {
    const [transactionId, ref] = [c.req.query("transaction_id") ?? "", c.req.query("ref") ?? ""];
    const found = await f05.f04Of(transactionId, ref);
    if (!found) return null;
    const parts = await orderParts(db, kfsPages, found.f04);
    return { transactionId, ref, ...found, repaymentDate: parts?.kfs.repaymentDate ?? "", limit: await f05.limitOf(found.f04) };
  }

  routes.get("/forms/F05", async (c) => {
    c.header("Cache-Control", "no-store");
    const lang = langOf(c);
    const found = await view(c);
    if (!found) return c.html(messagePage(lang, "autopay.title", "ondc.form.noOffer"), 404);
    const screen = await f05.screenOf(found.f04, found.nextStep);
    const failure = screen === "choose" ? await f05.lastFailure(found.f04) : null;
    return c.html(f05Page(lang, f05Action(found.transactionId, found.ref, lang), screen, { repaymentDate: found.repaymentDate, limit: found.limit, failure }));
  });

  routes.post("/forms/F05", async (c) => {
    c.header("Cache-Control", "no-store");
    const lang = langOf(c);
    const found = await view(c);
    if (!found) return c.html(messagePage(lang, "autopay.title", "ondc.form.noOffer"), 404);
    const action = f05Action(found.transactionId, found.ref, lang);
    const form = await readForm(c.req.raw);
    if (!form) return c.html(messagePage(lang, "autopay.title", "ondc.f03.notOpen"), 413);
    // A post for a screen the journey has left (a second tab, the back button) shows where it stands now.
    if (form.fields.screen !== "choose" || (await f05.screenOf(found.f04, found.nextStep)) !== "choose") return c.redirect(action, 303);
    const returnUrl = `${publicOrigin}${withLang(`${F05_RETURN_PATH}?${query(found.transactionId, found.ref)}`, lang)}`;
    const started = await f05.start(found.f04.profileId, form.fields.mandate_method ?? "", returnUrl);
    if (started.ok) return c.redirect(started.url, 303);
    const page = f05Page(lang, action, "choose", {
      repaymentDate: found.repaymentDate,
      limit: found.limit,
      failure: null,
      values: form.fields,
      errors: started.errors,
      notice: started.notice,
    });
    return c.html(page, 400);
  });

  // Back from the provider's page: the provider is asked, then F05's page shows where it stands.
  routes.get(F05_RETURN_PATH.replace("/ondc", ""), async (c) => {
    c.header("Cache-Control", "no-store");
    const lang = langOf(c);
    const found = await view(c);
    if (!found) return c.html(messagePage(lang, "autopay.title", "ondc.form.noOffer"), 404);
    await f05.returned(found.f04, { registrationId: c.req.query("registration_id"), outcome: c.req.query("outcome") });
    return c.redirect(f05Action(found.transactionId, found.ref, lang), 303);
  });
}

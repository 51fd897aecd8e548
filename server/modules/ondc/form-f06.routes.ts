// Issue 32: form F06 "Loan Agreement" (application/html), thin: the person's browser on our eSign page, then the
// eSign provider's page, which returns to F06_RETURN_PATH; a signed agreement is reported (form-f06.ts), and its
// signed copy is LOAN_AGREEMENT's link.
import type { Hono } from "hono";
import type { Language } from "../../../core/i18n/index.ts";
import type { AppEnv } from "../../http/context.ts";
import { messagePage } from "./form-f01-page.ts";
import { F06_AGREEMENT_PATH, F06_CANCELLATION_PATH, F06_RETURN_PATH, type OndcF06Forms } from "./form-f06.ts";
import { f06Page } from "./form-f06-page.ts";
import { langOf, readForm, withLang } from "./form-request.ts";
import { offerOfChain } from "./order-terms.ts";
import type { Db } from "../../db/client.ts";

export function mountF06(routes: Hono<AppEnv>, deps: { f06: OndcF06Forms; db: Db; publicOrigin: string }) {
  const { f06, db, publicOrigin } = deps;
  const query = (transactionId: string, ref: string) => `transaction_id=${encodeURIComponent(transactionId)}&ref=${encodeURIComponent(ref)}`;
  const f06Action = (transactionId: string, ref: string, lang: Language) => withLang(`/ondc/forms/F06?${query(transactionId, ref)}`, lang);

  async function view(c: { req: { query(name: string): string | undefined } }) {
    const [transactionId, ref] = [c.req.query("transaction_id") ?? "", c.req.query("ref") ?? ""];
    const found = await f06.f05Of(transactionId, ref);
    if (!found) return null;
    const f02Id = await offerOfChain(db, found.f05);
    const links = { kfs: `/ondc/kfs/${f02Id ?? ""}`, agreement: `${F06_AGREEMENT_PATH}?${query(transactionId, ref)}` };
    return { transactionId, ref, ...found, links };
  }

  routes.get("/forms/F06", async (c) => {
    c.header("Cache-Control", "no-store");
    const lang = langOf(c);
    const found = await view(c);
    if (!found) return c.html(messagePage(lang, "ondc.f06.title", "ondc.form.noOffer"), 404);
    const screen = await f06.screenOf(found.f05, found.nextStep);
    const notice = screen === "sign" && c.req.query("esign") === "pending" ? { key: "ondc.f06.pending" as const } : undefined;
    const failed = screen === "sign" && c.req.query("esign") === "failed" ? { key: "ondc.f06.failed" as const } : undefined;
    return c.html(f06Page(lang, f06Action(found.transactionId, found.ref, lang), screen, found.links, notice ?? failed));
  });

  routes.post("/forms/F06", async (c) => {
    c.header("Cache-Control", "no-store");
    const lang = langOf(c);
    const found = await view(c);
    if (!found) return c.html(messagePage(lang, "ondc.f06.title", "ondc.form.noOffer"), 404);
    const action = f06Action(found.transactionId, found.ref, lang);
    const form = await readForm(c.req.raw);
    if (!form) return c.html(messagePage(lang, "ondc.f06.title", "ondc.f03.notOpen"), 413);
    // A post for a screen the journey has left (a second tab, the back button) shows where it stands now.
    if (form.fields.screen !== "sign" || (await f06.screenOf(found.f05, found.nextStep)) !== "sign") return c.redirect(action, 303);
    const returnUrl = `${publicOrigin}${withLang(`${F06_RETURN_PATH}?${query(found.transactionId, found.ref)}`, lang)}`;
    const started = await f06.start(found.f05, returnUrl);
    if (started.ok) return c.redirect(started.url, 303);
    return c.html(f06Page(lang, action, "sign", found.links, started.notice), 503);
  });

  // Back from the eSign provider: the provider is asked, then F06's page shows where it stands.
  routes.get(F06_RETURN_PATH.replace("/ondc", ""), async (c) => {
    c.header("Cache-Control", "no-store");
    const lang = langOf(c);
    const found = await view(c);
    if (!found) return c.html(messagePage(lang, "ondc.f06.title", "ondc.form.noOffer"), 404);
    const status = await f06.returned(found.f05);
    const action = f06Action(found.transactionId, found.ref, lang);
    return c.redirect(status === "SIGNED" ? action : `${action}&esign=${status === "PENDING" ? "pending" : "failed"}`, 303);
  });

  // The signed agreement: to whoever holds the transaction and F05's ref (the buyer app and the customer).
  routes.get(F06_AGREEMENT_PATH.replace("/ondc", ""), async (c) => {
    c.header("Cache-Control", "no-store");
    const found = await view(c);
    const pdf = found ? await f06.agreement(found.f05) : null;
    if (!pdf) return c.text("No signed agreement for this application.", 404);
    return c.body(new Uint8Array(pdf), 200, { "content-type": "application/pdf", "content-disposition": 'inline; filename="loan-agreement.pdf"' });
  });

  // How the loan may be cancelled (LOAN_CANCELLATION), once paid out: to the same holders as the agreement.
  routes.get(F06_CANCELLATION_PATH.replace("/ondc", ""), async (c) => {
    c.header("Cache-Control", "no-store");
    const found = await view(c);
    const pdf = found ? await f06.cancellation(found.f05) : null;
    if (!pdf) return c.text("No paid-out loan for this application.", 404);
    return c.body(new Uint8Array(pdf), 200, { "content-type": "application/pdf", "content-disposition": 'inline; filename="loan-cancellation.pdf"' });
  });
}

// Issue 32: form F03 "Know your Customer" (application/html), thin: the person's browser on our page, the
// journey's steps before eKYC, then our DigiLocker step; DigiLocker returns to F03_RETURN_PATH, which reports the
// outcome to the buyer app (the unsolicited on_status, form-f03.ts).
import type { Hono } from "hono";
import type { Language } from "../../../core/i18n/index.ts";
import type { AppEnv } from "../../http/context.ts";
import { messagePage, type PageMessage } from "./form-f01-page.ts";
import { F03_RETURN_PATH, type OndcF03Forms } from "./form-f03.ts";
import { langOf, readForm, withLang } from "./form-request.ts";
import { LIMITS } from "../../../core/validation/limits.ts";
import type { OndcKfsPages } from "./kfs-page.ts";

export function mountF03(routes: Hono<AppEnv>, deps: { f03: OndcF03Forms; kfsPages: OndcKfsPages; publicOrigin: string }) {
  const { f03, kfsPages, publicOrigin } = deps;
  // F03 "Know your Customer" (application/html): the person's browser on our page, the journey's steps before
  // eKYC, then our DigiLocker step; DigiLocker returns to F03_RETURN_PATH, which reports the outcome (on_status).
  const f03Action = (transactionId: string, ref: string, lang: Language) =>
    withLang(`/ondc/forms/F03?transaction_id=${encodeURIComponent(transactionId)}&ref=${encodeURIComponent(ref)}`, lang);
  // Where the account aggregator sends the person back: F03's own statement address, in the page's language.
  const statementReturn = (transactionId: string, ref: string, lang: Language) =>
    `${publicOrigin}${withLang(`/ondc/forms/F03/statement?transaction_id=${encodeURIComponent(transactionId)}&ref=${encodeURIComponent(ref)}`, lang)}`;
  async function f03View(transactionId: string, ref: string) {
    const offer = await f03.offerOf(transactionId, ref);
    const kfs = offer ? await kfsPages.kfsOf(offer.f02.submissionId) : null;
    if (!offer || !kfs) return null;
    const ended = await f03.f03Of(offer.f02);
    const view = {
      f02: offer.f02,
      kfsLink: `/ondc/kfs/${offer.f02.submissionId}`,
      netPaise: kfs.quote.netDisbursalPaise,
      totalPaise: kfs.quote.totalRepayablePaise,
      // After eKYC: the documents stage, its document asked for now.
      kycDone: ended?.outcome === "eligible",
      document: await f03.documentAsked(offer.profile.id, offer.profile.nextStep),
    };
    return { offer, view, ended, screen: f03.screenOf(offer.profile) };
  }
  routes.get(F03_RETURN_PATH.replace("/ondc", ""), async (c) => {
    c.header("Cache-Control", "no-store");
    const lang = langOf(c);
    const outcome = await f03.kycReturn({ state: c.req.query("state"), code: c.req.query("code"), error: c.req.query("error") });
    if (!outcome) return c.html(messagePage(lang, "ondc.f03.title", "ondc.f03.notOpen"), 404);
    // Verified: on to the documents stage on F03's page (its status line says KYC is done).
    if (outcome.verified) return c.redirect(f03Action(outcome.transactionId, outcome.ref, lang), 303);
    return c.html(f03.declinedPage(lang, outcome.reason));
  });
  // Back from the account aggregator: its consent's status, then the statement fetched, then F03's page again.
  routes.get("/forms/F03/statement", async (c) => {
    c.header("Cache-Control", "no-store");
    const lang = langOf(c);
    const [transactionId, ref] = [c.req.query("transaction_id") ?? "", c.req.query("ref") ?? ""];
    const found = await f03View(transactionId, ref);
    if (!found) return c.html(messagePage(lang, "ondc.f03.title", "ondc.form.noOffer"), 404);
    const action = f03Action(transactionId, ref, lang);
    if (found.screen !== "statement") return c.redirect(action, 303);
    const back = await f03.statementReturn(found.offer.profile.id, c.req.query("consent_handle") ?? null);
    if (back.ok) return c.redirect(action, 303);
    return c.html(f03.render(lang, action, "statement", found.view, {}, {}, back.notice));
  });
  routes.get("/forms/F03", async (c) => {
    c.header("Cache-Control", "no-store");
    const lang = langOf(c);
    const [transactionId, ref] = [c.req.query("transaction_id") ?? "", c.req.query("ref") ?? ""];
    const found = await f03View(transactionId, ref);
    if (!found) return c.html(messagePage(lang, "ondc.f03.title", "ondc.form.noOffer"), 404);
    // Opened again after eKYC was declined: its outcome, as the return page said it.
    if (found.ended && found.ended.outcome !== "eligible") return c.html(f03.declinedPage(lang));
    // The flow with account aggregator: the consent approved in the buyer app's flow fetches the statement
    // (as the website's return from the aggregator does); a fetch that fails shows the statement screen's choice.
    const consent = found.screen === "statement" ? await f03.ondcConsentOf(found.offer.f02) : null;
    if (consent) {
      const back = await f03.statementReturn(found.offer.profile.id, consent);
      const action = f03Action(transactionId, ref, lang);
      if (back.ok) return c.redirect(action, 303);
      return c.html(f03.render(lang, action, "statement", found.view, {}, {}, back.notice));
    }
    return c.html(f03.render(lang, f03Action(transactionId, ref, lang), found.screen, found.view));
  });
  routes.post("/forms/F03", async (c) => {
    c.header("Cache-Control", "no-store");
    const lang = langOf(c);
    const [transactionId, ref] = [c.req.query("transaction_id") ?? "", c.req.query("ref") ?? ""];
    const found = await f03View(transactionId, ref);
    if (!found) return c.html(messagePage(lang, "ondc.f03.title", "ondc.form.noOffer"), 404);
    const form = await readForm(c.req.raw, found.screen === "document" ? LIMITS.maxPdfBytes : undefined);
    if (!form) return c.html(messagePage(lang, "ondc.f03.title", "ondc.f03.notOpen"), 413);
    const { fields } = form;
    const action = f03Action(transactionId, ref, lang);
    const { offer, view, screen } = found;
    // A post for a screen the journey has left (a second tab, the back button) shows where it stands now.
    if (fields.screen !== screen) return c.redirect(action, 303);
    const profileId = offer.profile.id;
    const result: { ok: true; url?: string } | { ok: false; errors: Record<string, PageMessage>; notice?: PageMessage } | null =
      screen === "accept"
        ? await f03.accept(offer.f02, fields)
        : screen === "employment"
          ? await f03.saveEmployment(profileId, fields)
          : screen === "aadhaar"
            ? await f03.startKyc(profileId, fields.aadhaar_no ?? "")
            : screen === "statement"
              ? await f03.statement(profileId, fields.choice ?? "", statementReturn(transactionId, ref, lang))
              : screen === "document" && view.document
                ? await f03.uploadDocument(profileId, view.document, offer.profile.nextStep ?? "", fields, form.files.file)
                : null;
    if (!result) return c.redirect(action, 303);
    if (!result.ok) return c.html(f03.render(lang, action, screen, view, fields, result.errors, result.notice), 400);
    return c.redirect(result.url ?? action, 303);
  });
}

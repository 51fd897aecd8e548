// Issue 32: our form pages for buyer apps, thin. GET /ondc/forms/F01?transaction_id=… is the page; its POST is
// step "send" (the code to the mobile) or step "submit" (the fields, multipart or urlencoded). A program that
// asks for JSON (Accept: application/json) gets ONDC's answer, `{"submission_id": …}` or a NACK with 80216 /
// 80217 and the fields in `paths`; a person gets the page again with each message beside its field, or the
// done page carrying the submission id.
import { Hono } from "hono";
import { messageText, type Language } from "../../../core/i18n/index.ts";
import { clientIp, type AppEnv } from "../../http/context.ts";
import { ondcNack } from "./answers.ts";
import { f01DonePage, f01Page, messagePage, type F01PageState } from "./form-f01-page.ts";
import { F01_CONSENT_PATH, saysMissing } from "./form-f01.service.ts";
import type { OndcF01Forms } from "./form-f01.service.ts";
import type { OndcF02Forms } from "./form-f02.ts";
import type { OndcF03Forms } from "./form-f03.ts";
import { mountF03 } from "./form-f03.routes.ts";
import { mountF05 } from "./form-f05.routes.ts";
import { mountF06 } from "./form-f06.routes.ts";
import type { OndcF06Forms } from "./form-f06.ts";
import type { OndcF05Forms } from "./form-f05.ts";
import type { Db } from "../../db/client.ts";
import type { OndcF04Forms } from "./form-f04.ts";
import { mountF04 } from "./form-f04.routes.ts";
import { langOf, nackText, readForm, wantsJson, withLang } from "./form-request.ts";
import { kfsHtml, type OndcKfsPages } from "./kfs-page.ts";

export function createOndcFormRoutes(deps: {
  forms: OndcF01Forms;
  f02: OndcF02Forms;
  f03: OndcF03Forms;
  f04: OndcF04Forms;
  f05: OndcF05Forms;
  f06: OndcF06Forms;
  db: Db;
  kfsPages: OndcKfsPages;
  publicOrigin: string;
  trustProxy: number;
}) {
  const { forms, f02, f03, f04, f05, f06, db, kfsPages, publicOrigin, trustProxy } = deps;
  const routes = new Hono<AppEnv>();

  // F02 "Set Loan Amount": the address names the transaction and the F01 submission (ref) it continues.
  const f02Action = (transactionId: string, ref: string, lang: Language) =>
    withLang(`/ondc/forms/F02?transaction_id=${encodeURIComponent(transactionId)}&ref=${encodeURIComponent(ref)}`, lang);
  const noOffer = "There is no offer for this application: please start again from your app.";
  routes.get("/forms/F02", async (c) => {
    c.header("Cache-Control", "no-store");
    const lang = langOf(c);
    const [transactionId, ref] = [c.req.query("transaction_id") ?? "", c.req.query("ref") ?? ""];
    const offer = await f02.offerOf(transactionId, ref);
    if (!offer) return c.html(messagePage(lang, "ondc.f02.title", "ondc.form.noOffer"), 404);
    return c.html(f02.render(lang, f02Action(transactionId, ref, lang), offer.terms));
  });
  routes.post("/forms/F02", async (c) => {
    c.header("Cache-Control", "no-store");
    const [transactionId, ref] = [c.req.query("transaction_id") ?? "", c.req.query("ref") ?? ""];
    const json = wantsJson(c.req.header("accept"));
    const lang = langOf(c);
    const offer = await f02.offerOf(transactionId, ref);
    if (!offer)
      return json
        ? c.json(ondcNack({ code: "80216", message: noOffer, paths: "ref" }), 404)
        : c.html(messagePage(lang, "ondc.f02.title", "ondc.form.noOffer"), 404);
    const form = await readForm(c.req.raw);
    if (!form) return c.json(ondcNack({ code: "80222", message: "The form is too large." }), 413);
    const { fields } = form;
    const checked = f02.checkRequest(offer.terms, fields);
    if ("errors" in checked) {
      if (json) {
        const missing = Object.values(checked.errors).some(saysMissing);
        return c.json(ondcNack({ code: missing ? "80217" : "80216", message: nackText(checked.errors), paths: Object.keys(checked.errors).join(", ") }), 400);
      }
      return c.html(f02.render(lang, f02Action(transactionId, ref, lang), offer.terms, fields, checked.errors), 400);
    }
    const submissionId = await f02.record(offer.f01, checked);
    return json ? c.json({ submission_id: submissionId }) : c.html(f01DonePage(lang, submissionId));
  });

  mountF03(routes, { f03, kfsPages, publicOrigin });
  mountF04(routes, { f04 });
  mountF05(routes, { f05, db, kfsPages, publicOrigin });
  mountF06(routes, { f06, db, publicOrigin });

  // KFS_LINK: the offer's Key Fact Statement as an HTML table.
  routes.get("/kfs/:submissionId", async (c) => {
    c.header("Cache-Control", "no-store");
    const kfs = await kfsPages.kfsOf(c.req.param("submissionId"));
    return kfs ? c.html(kfsHtml(kfs)) : c.text("No offer has been made for this submission.", 404);
  });
  const actionOf = (transactionId: string, lang: Language) => withLang(`/ondc/forms/F01?transaction_id=${encodeURIComponent(transactionId)}`, lang);

  // Back from our account aggregator's consent page (F01 named the person's aa_id): the buyer app goes on.
  routes.get(F01_CONSENT_PATH.replace("/ondc", ""), (c) => {
    c.header("Cache-Control", "no-store");
    return c.html(messagePage(langOf(c), "ondc.f01.title", "ondc.f01.aaConsentBack"));
  });
  routes.get("/forms/F01", (c) => {
    c.header("Cache-Control", "no-store");
    const lang = langOf(c);
    const transactionId = c.req.query("transaction_id");
    if (!transactionId) return c.html(f01Page({ lang, action: "", step: "mobile", values: {}, errors: {}, notice: { key: "ondc.form.fromApp" } }), 400);
    return c.html(f01Page({ lang, action: actionOf(transactionId, lang), step: "mobile", values: {}, errors: {} }));
  });

  routes.post("/forms/F01", async (c) => {
    c.header("Cache-Control", "no-store");
    const transactionId = c.req.query("transaction_id") ?? "";
    const json = wantsJson(c.req.header("accept"));
    const lang = langOf(c);
    if (!transactionId) return c.json(ondcNack({ code: "80217", message: "transaction_id is required.", paths: "transaction_id" }), 400);
    const form = await readForm(c.req.raw);
    if (!form) return c.json(ondcNack({ code: "80222", message: "The form is too large: the photo may be at most 5 MB." }), 413);
    const { fields, files } = form;
    const action = actionOf(transactionId, lang);
    const state = (over: Partial<F01PageState>): F01PageState => ({ lang, action, step: "details", values: fields, errors: {}, ...over });

    if (fields.step === "send") {
      const sent = await forms.sendCode({
        contactNumber: fields.contactNumber ?? "",
        ip: clientIp(c, trustProxy),
        captcha: { captcha_id: fields.captcha_id, captcha: fields.captcha },
        lang,
      });
      if (!sent.ok) {
        const said = Object.values(sent.errors)[0] ?? sent.notice;
        if (json) return c.json(ondcNack({ code: "80216", message: said ? messageText("en", said) : "", paths: "contactNumber" }), 400);
        return c.html(f01Page(state({ step: "mobile", errors: sent.errors, notice: sent.notice, captcha: sent.captcha })), 400);
      }
      if (json) return c.json({ otp_ref: sent.otpRef });
      return c.html(f01Page(state({ otpRef: sent.otpRef, values: { contactNumber: fields.contactNumber ?? "" } })));
    }

    const selfie = files.selfie ? new Uint8Array(await files.selfie.arrayBuffer()) : null;
    const result = await forms.submit({ transactionId, otpRef: fields.otpRef ?? "", otp: fields.otp ?? "", fields, selfie });
    if (result.ok) {
      if (json) return c.json({ submission_id: result.submissionId });
      return c.html(f01DonePage(lang, result.submissionId));
    }
    if (json) {
      const paths = Object.keys(result.errors).join(", ");
      const message = result.notice ? messageText("en", result.notice) : nackText(result.errors);
      return c.json(ondcNack({ code: result.code, message, ...(paths ? { paths } : {}) }), result.code === "80219" ? 503 : 400);
    }
    return c.html(f01Page(state({ otpRef: fields.otpRef, errors: result.errors, notice: result.notice })), 400);
  });

  return routes;
}

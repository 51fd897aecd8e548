// Issue 32: form F04's page, "Account Information", as the buyer app shows it (text/html): the spec's four fields
// by their exact names, in English or Hindi, one column, each input labelled with its hint and message tied by
// aria-describedby; or, before the journey's banking step, the word that the bank statement comes first, with
// F03's page linked. Pure: values and messages in, the page out.
import { escapeHtml } from "../../../core/escape-html.ts";
import { messageText, translate, type Language, type MessageKey } from "../../../core/i18n/index.ts";
import { fieldHtml, page, type Field, type PageMessage } from "./form-f01-page.ts";
import { F04_ACCOUNT_TYPES, type F04AccountType } from "./form-f04.ts";

const ACCOUNT_TYPE_LABELS: Record<F04AccountType, MessageKey> = { saving: "ondc.f04.saving", current: "ondc.f04.current" };

/** The spec's four fields (their names exactly), in the order its form has them. */
export const F04_PAGE_FIELDS: readonly Field[] = [
  { name: "accHolderName", label: "ondc.f04.accHolderName", required: true, autocomplete: "name", hint: "ondc.f04.accHolderNameHint" },
  { name: "acctype", label: "ondc.f04.acctype", type: "select", required: true, options: F04_ACCOUNT_TYPES.map((v) => [v, ACCOUNT_TYPE_LABELS[v]] as const) },
  { name: "accNo", label: "ondc.f04.accNo", required: true, inputmode: "numeric", autocomplete: "off" },
  { name: "ifscCode", label: "ondc.f04.ifscCode", required: true, autocomplete: "off", hint: "ondc.f04.ifscCodeHint" },
];

const title = (lang: Language) => translate(lang, "ondc.f04.title");

/** The form, with each message beside its field and the values kept. */
export function f04Page(
  lang: Language,
  action: string,
  values: Record<string, string> = {},
  errors: Record<string, PageMessage> = {},
  notice?: PageMessage,
): string {
  const t = (key: MessageKey) => escapeHtml(translate(lang, key));
  const state = { lang, values, errors };
  const count = Object.keys(errors).length;
  const alert =
    count || notice
      ? `<div class="alert" role="alert" tabindex="-1">${notice ? `<p>${escapeHtml(messageText(lang, notice))}</p>` : ""}${count ? `<p>${escapeHtml(translate(lang, "ondc.form.summary", { count }))}</p>` : ""}</div>`
      : "";
  return page(
    lang,
    title(lang),
    `${alert}<p>${t("ondc.f04.intro")}</p><form method="post" action="${escapeHtml(action)}" novalidate><input type="hidden" name="formId" value="F04">${F04_PAGE_FIELDS.map((f) => fieldHtml(f, state)).join("")}<button type="submit">${t("ondc.form.submit")}</button></form>`,
  );
}

/** Before the banking step: the bank statement comes first, on F03's page. */
export function f04StatementFirstPage(lang: Language, f03Link: string): string {
  return page(
    lang,
    title(lang),
    `<p role="alert">${escapeHtml(translate(lang, "ondc.f04.statementFirst"))}</p><p><a href="${escapeHtml(f03Link)}">${escapeHtml(translate(lang, "ondc.f04.toStatement"))}</a></p>`,
  );
}

/** After a good submission: the id the buyer app quotes in its init, readable by people and programs (as F01's). */
export function f04DonePage(lang: Language, submissionId: string): string {
  return page(
    lang,
    title(lang),
    `<p role="status">${escapeHtml(translate(lang, "ondc.f04.done"))}</p><p>${escapeHtml(translate(lang, "ondc.form.reference"))} <output id="submission_id" name="submission_id">${escapeHtml(submissionId)}</output></p>`,
    `<meta name="ondc-submission-id" content="${escapeHtml(submissionId)}">`,
  );
}

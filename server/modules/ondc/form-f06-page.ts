// Issue 32: form F06's page (the loan agreement's eSign for a buyer app's customer), server-rendered in English
// or Hindi: what is signed and how, then the eSign provider's page; done with the signed copy, or not yet. Pure.
import { escapeHtml } from "../../../core/escape-html.ts";
import { messageText, translate, type Language, type MessageKey } from "../../../core/i18n/index.ts";
import { page, type PageMessage } from "./form-f01-page.ts";
import type { F06Screen } from "./form-f06.ts";

export function f06Page(lang: Language, action: string, screen: F06Screen, links: { kfs: string; agreement: string }, notice?: PageMessage): string {
  const t = (key: MessageKey) => escapeHtml(translate(lang, key));
  let body: string;
  if (screen === "sign") {
    const alert = notice ? `<div class="alert" role="alert"><p>${escapeHtml(messageText(lang, notice))}</p></div>` : "";
    body = `${alert}<p>${t("ondc.f06.intro")}</p><p><a href="${escapeHtml(links.kfs)}">${t("ondc.f03.readKfs")}</a></p><form method="post" action="${escapeHtml(action)}" novalidate><input type="hidden" name="screen" value="sign"><button type="submit">${t("ondc.f06.toEsign")}</button></form>`;
  } else if (screen === "done") {
    body = `<p role="status">${t("ondc.f06.done")}</p><p><a href="${escapeHtml(links.agreement)}">${t("ondc.f06.download")}</a></p>`;
  } else if (screen === "notYet") {
    body = `<p role="status">${t("ondc.f06.notYet")}</p>`;
  } else {
    body = `<p role="status">${t("ondc.f03.notOpen")}</p>`;
  }
  return page(lang, translate(lang, "ondc.f06.title"), body);
}

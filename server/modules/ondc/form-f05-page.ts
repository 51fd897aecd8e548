// Issue 32: form F05's page (AutoPay for a buyer app's customer), server-rendered in English or Hindi: what the
// mandate allows, the method, then the provider's page; done, or not yet. Pure.
import type { MandateFailure } from "../../../core/mandates.ts";
import { escapeHtml } from "../../../core/escape-html.ts";
import { formatPaise } from "../../../core/money.ts";
import { messageText, translate, type Language, type MessageKey } from "../../../core/i18n/index.ts";
import { fieldHtml, page, type PageMessage } from "./form-f01-page.ts";
import type { F05Screen } from "./form-f05.ts";

export function f05Page(
  lang: Language,
  action: string,
  screen: F05Screen,
  state: {
    repaymentDate: string;
    /** The most one debit may take, its parts, paise (core/mandates.ts mandateMaxAmountPaise). */
    limit: { maxPaise: number; totalPaise: number; penalPaise: number };
    failure: MandateFailure | null;
    values?: Record<string, string>;
    errors?: Record<string, PageMessage>;
    notice?: PageMessage;
  },
): string {
  const t = (key: MessageKey, values?: Parameters<typeof translate>[2]) => escapeHtml(translate(lang, key, values));
  const errors = state.errors ?? {};
  let body: string;
  if (screen === "choose") {
    const alert =
      Object.keys(errors).length || state.notice || state.failure
        ? `<div class="alert" role="alert">${state.failure ? `<p><strong>${t("autopay.failedTitle")}</strong> ${t("autopay.reason.notSetUp", { reason: state.failure })}</p>` : ""}${state.notice ? `<p>${escapeHtml(messageText(lang, state.notice))}</p>` : ""}${Object.keys(errors).length ? `<p>${t("ondc.form.checkFields")}</p>` : ""}</div>`
        : "";
    const { limit } = state;
    const facts = [
      translate(lang, "autopay.factMax", { max: formatPaise(limit.maxPaise), total: formatPaise(limit.totalPaise), penal: formatPaise(limit.penalPaise) }),
      messageText(lang, { key: "autopay.factDate", values: { date: { date: state.repaymentDate } } }),
      translate(lang, "autopay.factNotice"),
      translate(lang, "autopay.factEarlier"),
      translate(lang, "autopay.factEnds"),
      translate(lang, "autopay.factNoBounce"),
    ];
    const method = fieldHtml(
      {
        name: "mandate_method",
        label: "autopay.methodsHeading",
        type: "select",
        required: true,
        options: [
          ["upi", "autopay.upi"],
          ["enach", "autopay.enach"],
        ],
      },
      { lang, values: state.values ?? {}, errors },
    );
    body = `${alert}<p>${t("autopay.intro")}</p><h2>${t("autopay.factsHeading")}</h2><ul>${facts.map((f) => `<li>${escapeHtml(f)}</li>`).join("")}</ul><form method="post" action="${escapeHtml(action)}" novalidate><input type="hidden" name="screen" value="choose">${method}<button type="submit">${t("ondc.f05.toApprove")}</button></form>`;
  } else if (screen === "done") {
    body = `<p role="status"><strong>${t("autopay.activeTitle")}</strong></p><p>${t("ondc.f05.done")}</p>`;
  } else if (screen === "notYet") {
    body = `<p role="status">${t("ondc.f05.notYet")}</p>`;
  } else {
    body = `<p role="status">${t("ondc.f03.notOpen")}</p>`;
  }
  return page(lang, translate(lang, "autopay.title"), body);
}

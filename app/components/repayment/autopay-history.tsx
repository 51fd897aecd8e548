// Issue 30: the AutoPay screen after the journey's step: the mandate's state and why (on, ended when the
// loan closed, cancelled by the customer or the bank, not set up), and its history: the registration,
// each pre-debit notice, each debit with its amount and date. In the reader's language.
import { formatDateInWords, formatPaise } from "../../../core/format.ts";
import { shownMandateState, type MandateHistoryEntry } from "../../../core/mandates.ts";
import type { MessageKey, Translate } from "../../../core/i18n/index.ts";
import { useLanguage, useT } from "../../lib/i18n.tsx";

export type MandateOnScreen = {
  method: "upi" | "enach";
  status: "PENDING" | "ACTIVE" | "FAILED" | "CANCELLED";
  max_amount_paise: number;
  failure_reason: string | null;
  cancel_reason: string | null;
};

const rupees = (paise: number) => formatPaise(paise, { decimals: 2 });

function entryText(t: Translate, e: MandateHistoryEntry, day: (iso: string) => string): string {
  switch (e.kind) {
    case "registered":
      return t("autopay.history.registered", {
        method: t(`autopay.method.${e.method}`),
        max: rupees(e.max_amount_paise),
        last4: e.account_last4 ?? "none",
      });
    case "activated":
      return t("autopay.history.activated");
    case "not_set_up":
      return t("autopay.history.notSetUp", { reason: t("autopay.reason.notSetUp", { reason: e.reason }) });
    case "cancelled":
      return t("autopay.history.cancelled", { reason: e.reason });
    case "notice":
      return t("autopay.history.notice", { amount: rupees(e.amount_paise), date: day(e.debit_on) });
    case "debited":
      return t("autopay.history.debited", { amount: rupees(e.amount_paise) });
    case "debit_failed":
      return t("autopay.history.failed", { amount: rupees(e.amount_paise ?? 0), reason: t(`messages.autopayFailure.${e.reason}` as MessageKey) });
    case "debit_skipped":
      return t("autopay.history.skipped", { date: day(e.debit_on) });
  }
}

/** The mandate's state and its reason, once the AutoPay step is behind (the step shows its own). */
export function AutopayStateNow({ mandate, history, dueDate }: { mandate: MandateOnScreen; history: readonly MandateHistoryEntry[]; dueDate: string }) {
  const t = useT();
  const lang = useLanguage();
  const shown = shownMandateState(mandate.status, false);
  if (shown === "ACTIVE")
    return (
      <div className="alert alert-success" role="status">
        <p>
          <strong>{t("autopay.activeTitle")}</strong>
        </p>
        <p>{t("autopay.activeBody", { method: t(`autopay.method.${mandate.method}`), max: formatPaise(mandate.max_amount_paise), date: dueDate })}</p>
      </div>
    );
  const ended = [...history].reverse().find((e) => e.kind === "cancelled" || e.kind === "not_set_up");
  const reason =
    shown === "CANCELLED"
      ? t("autopay.reason.cancelled", {
          reason: mandate.cancel_reason ?? "provider",
          date: ended ? formatDateInWords(ended.at, lang) : "",
        })
      : t("autopay.reason.notSetUp", { reason: ended?.kind === "not_set_up" ? ended.reason : "abandoned" });
  return (
    <div className="alert alert-info" role="status">
      <p>
        <strong>{shown === "CANCELLED" ? t("autopay.offTitle") : t("autopay.failedTitle")}</strong>
      </p>
      <p>{reason}</p>
    </div>
  );
}

/** Everything that has happened with the loan's AutoPay, oldest first, each with its day. */
export function AutopayHistory({ history }: { history: readonly MandateHistoryEntry[] }) {
  const t = useT();
  const lang = useLanguage();
  if (!history.length) return null;
  const day = (iso: string) => formatDateInWords(iso, lang);
  return (
    <section className="autopay-history" aria-labelledby="autopay-history-heading">
      <h2 id="autopay-history-heading">{t("autopay.historyHeading")}</h2>
      <ol>
        {history.map((e, i) => (
          <li key={`${e.kind}-${i}`}>
            <time dateTime={e.at}>{day(e.at)}</time> <span>{entryText(t, e, day)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

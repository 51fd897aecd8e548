// Issue 24: the AutoPay mandate's state and next debit on Repayment and Loan Details, with the way to manage it.
// Only an active mandate has anything to manage: with none (or one failed, cancelled or never approved)
// the card says so and offers no link.
import { Link } from "react-router";
import { formatDateInWords } from "../../../core/format.ts";
import type { MessageKey } from "../../../core/i18n/index.ts";
import { useLanguage, useT } from "../../lib/i18n.tsx";

export interface AutopayState {
  status: "PENDING" | "ACTIVE" | "FAILED" | "CANCELLED" | null;
  nextDebitOn: string | null;
}

export function AutopayStateCard({ state }: { state: AutopayState }) {
  const t = useT();
  const lang = useLanguage();
  // Issue 30: the card is on paid-out loans only, past the AutoPay step; a registration still PENDING there
  // was never approved (skipped, or its page closed): no mandate, nothing to manage.
  const status = state.status === "PENDING" ? null : state.status;
  return (
    <section className="card autopay-state" aria-labelledby="autopay-state-heading">
      <h2 id="autopay-state-heading">{t("autopay.cardHeading")}</h2>
      {status ? (
        <>
          <p>{t("autopay.cardState", { state: t(`autopay.status.${status}` as MessageKey) })}</p>
          <p>{state.nextDebitOn ? t("autopay.cardNext", { date: formatDateInWords(state.nextDebitOn, lang) }) : t("autopay.cardNoNext")}</p>
        </>
      ) : (
        <p>{t("autopay.cardOff")}</p>
      )}
      {status === "ACTIVE" ? (
        <p>
          <Link to="/my-dashboard/autopay">{t("autopay.cardManage")}</Link>
        </p>
      ) : null}
    </section>
  );
}

import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { ApiReply } from "../../../core/contract/index.ts";
import { apiPath } from "../../../core/contract/paths.ts";
import { formatINR } from "../../../core/format.ts";
import { combineOutcomes, paymentOutcome, type PaymentOutcome } from "../../../core/payment-outcome.ts";
import type { MessageKey } from "../../../core/i18n/index.ts";
import { useLocalizedPath, useRichT, useT } from "../../lib/i18n.tsx";
import { useDates } from "../../lib/i18n-screen.ts";
import { noDuesCertificateUrl } from "../../lib/loan-history.ts";
import { dataOf, repayApi } from "../../lib/repayment.ts";

type Facts = ApiReply<"paymentResult">;

const inr = (rupees: number) => formatINR(rupees, { decimals: 2 });
export const receiptUrl = (orderId: string) => `${apiPath("getPaymentReceipt")}?order_id=${encodeURIComponent(orderId)}`;

/** The outcome in words (core/payment-outcome's four), for the Status row and the sentence. */
const OUTCOME_WORD: Record<PaymentOutcome, MessageKey> = {
  success: "servicing.result.word.success",
  failed: "servicing.result.word.failed",
  cancelled: "servicing.result.word.cancelled",
  pending: "servicing.result.word.pending",
};
const NOT_COMPLETED: Record<Exclude<PaymentOutcome, "success">, MessageKey> = {
  failed: "servicing.result.failed",
  cancelled: "servicing.result.cancelled",
  pending: "servicing.result.pending",
};

/**
 * The payment result (spec: /thanku, /thank-you/…, /fail): green check and 'Thank You!' on success,
 * red 'Oops!' otherwise, the transaction id (or N/A) and status, and the way back. Under the spec's
 * texts (issue 20): the amount, the loan number, what is still due or that the loan is closed, what
 * happens next and the receipt, read from the server for the payer (the signed-in owner or the Pay
 * Now session); anyone else sees the spec's view alone. One outcome word for every gateway.
 */
export function PaymentResult({ status, txnId, signedIn, orderId = "" }: { status: string; txnId: string; signedIn: boolean; orderId?: string }) {
  const t = useT();
  const { day } = useDates();
  const to = useLocalizedPath();
  const [facts, setFacts] = useState<Facts | null>(null);
  useEffect(() => {
    if (!orderId) return;
    let live = true;
    void repayApi
      .result(orderId)
      .then((reply) => {
        if (live) setFacts(dataOf(reply));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [orderId]);

  const outcome = combineOutcomes(paymentOutcome(status), facts?.outcome ?? null);
  const ok = outcome === "success";

  const shownTxn = facts?.txn_id || txnId;
  return (
    <section className={`card pay-result ${ok ? "pay-result-ok" : "pay-result-failed"}`} aria-labelledby="pay-result-title">
      <div className="pay-result-icon" aria-hidden="true">
        {ok ? (
          <svg viewBox="0 0 48 48" width="64" height="64" focusable="false">
            <circle cx="24" cy="24" r="22" fill="currentColor" />
            <path d="M14 25l7 7 13-15" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        ) : (
          <svg viewBox="0 0 48 48" width="64" height="64" focusable="false">
            <circle cx="24" cy="24" r="22" fill="currentColor" />
            <path d="M16 16l16 16M32 16L16 32" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
          </svg>
        )}
      </div>
      <div className="pay-result-text">
        <h1 id="pay-result-title">{ok ? t("servicing.result.thanks") : t("servicing.result.oops")}</h1>
        <p role="status">{ok ? t("servicing.result.success") : t(NOT_COMPLETED[outcome])}</p>
        <dl className="pay-result-facts">
          {facts ? (
            <>
              <div>
                <dt>{ok ? t("servicing.result.amountPaid") : t("servicing.result.amount")}</dt>
                <dd>{inr(facts.amount)}</dd>
              </div>
              <div>
                <dt>{t("servicing.loanNumber")}</dt>
                <dd>{facts.loan_no || "—"}</dd>
              </div>
              {ok && facts.paid_on ? (
                <div>
                  <dt>{t("servicing.result.paidOn")}</dt>
                  <dd>{day(facts.paid_on)}</dd>
                </div>
              ) : null}
            </>
          ) : null}
          <div>
            <dt>{t("servicing.result.txnId")}</dt>
            <dd>{shownTxn || t("servicing.result.noTxnId")}</dd>
          </div>
          <div>
            <dt>{t("servicing.status")}</dt>
            <dd>{t(OUTCOME_WORD[outcome])}</dd>
          </div>
          {facts && !facts.loan_closed ? (
            <div className="pay-result-due">
              <dt>{t("servicing.result.stillDue")}</dt>
              <dd>{inr(facts.still_due)}</dd>
            </div>
          ) : null}
        </dl>
        {facts ? <NextSteps facts={facts} ok={ok} signedIn={signedIn} /> : null}
        <p className="pay-result-actions">
          {signedIn ? (
            <Link className="btn btn-primary" to="/my-dashboard">
              {t("servicing.goToDashboard")}
            </Link>
          ) : (
            <>
              <Link className="btn btn-primary" to={to("/repayloan")}>
                {ok ? t("servicing.result.backToPayNow") : t("servicing.result.tryAgain")}
              </Link>
              <Link className="btn btn-secondary" to={to("/apply-now")}>
                {t("servicing.result.signIn")}
              </Link>
              <Link className="btn btn-link" to={to("/")}>
                {t("error.home")}
              </Link>
            </>
          )}
          {signedIn && !ok ? (
            <Link className="btn btn-secondary" to="/my-dashboard/repayment">
              {t("servicing.result.tryAgain")}
            </Link>
          ) : null}
        </p>
      </div>
    </section>
  );
}

/** What happens next: the rest and its date, or the closed loan's certificate and Re-Loan; the receipt. */
function NextSteps({ facts, ok, signedIn }: { facts: Facts; ok: boolean; signedIn: boolean }) {
  const t = useT();
  const rich = useRichT();
  const { day } = useDates();
  return (
    <div className="pay-result-next">
      <h2>{t("servicing.result.next")}</h2>
      {facts.loan_closed ? (
        <>
          <p>{t("servicing.result.closed")}</p>
          {signedIn ? (
            <p>{rich("servicing.result.closedSignedIn", { certificate: (chunks) => <a href={noDuesCertificateUrl(facts.lead_id)}>{chunks}</a> })}</p>
          ) : (
            <p>{t("servicing.result.closedSignIn")}</p>
          )}
        </>
      ) : facts.overdue_days > 0 ? (
        <p>{t("servicing.result.overdue", { date: day(facts.repayment_date), amount: inr(facts.still_due) })}</p>
      ) : (
        <p>{t(ok ? "servicing.result.restDue" : "servicing.result.loanDue", { date: day(facts.repayment_date), amount: inr(facts.still_due) })}</p>
      )}
      {facts.held_for_refund > 0 ? <p>{t("servicing.result.heldForRefund", { amount: inr(facts.held_for_refund) })}</p> : null}
      {ok && facts.receipt_available ? (
        <p>
          <a className="btn btn-secondary" href={receiptUrl(facts.order_id)} download>
            {t("servicing.result.receipt")}
          </a>
        </p>
      ) : null}
    </div>
  );
}

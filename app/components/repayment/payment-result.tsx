import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { ApiReply } from "../../../core/contract/index.ts";
import { apiPath } from "../../../core/contract/paths.ts";
import { formatINR } from "../../../core/format.ts";
import { PAYMENT_OUTCOME_WORDS, combineOutcomes, paymentOutcome, type PaymentOutcome } from "../../../core/payment-outcome.ts";
import { noDuesCertificateUrl } from "../../lib/loan-history.ts";
import { dataOf, formatDate, repayApi } from "../../lib/repayment.ts";

type Facts = ApiReply<"paymentResult">;

const inr = (rupees: number) => formatINR(rupees, { decimals: 2 });
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
export const receiptUrl = (orderId: string) => `${apiPath("getPaymentReceipt")}?order_id=${encodeURIComponent(orderId)}`;

const NOT_COMPLETED: Record<Exclude<PaymentOutcome, "success">, string> = {
  failed:
    "Your payment was not completed (failed). Nothing has changed on your loan. If your account was debited, the payment is applied once the gateway confirms it, or your bank returns it.",
  cancelled: "Your payment was cancelled. Nothing has changed on your loan.",
  pending:
    "Your payment is pending: the gateway has not confirmed it yet. It is applied to your loan once confirmed; if your bank returns it, nothing changes.",
};

/**
 * The payment result (spec: /thanku, /thank-you/…, /fail): green check and 'Thank You!' on success,
 * red 'Oops!' otherwise, the transaction id (or N/A) and status, and the way back. Under the spec's
 * texts (issue 20): the amount, the loan number, what is still due or that the loan is closed, what
 * happens next and the receipt, read from the server for the payer (the signed-in owner or the Pay
 * Now session); anyone else sees the spec's view alone. One outcome word for every gateway.
 */
export function PaymentResult({ status, txnId, signedIn, orderId = "" }: { status: string; txnId: string; signedIn: boolean; orderId?: string }) {
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
  const word = PAYMENT_OUTCOME_WORDS[outcome];
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
        <h1 id="pay-result-title">{ok ? "Thank You!" : "Oops!"}</h1>
        <p role="status">{ok ? `Your payment was ${word}.` : NOT_COMPLETED[outcome]}</p>
        <dl className="pay-result-facts">
          {facts ? (
            <>
              <div>
                <dt>{ok ? "Amount paid" : "Amount"}</dt>
                <dd>{inr(facts.amount)}</dd>
              </div>
              <div>
                <dt>Loan number</dt>
                <dd>{facts.loan_no || "—"}</dd>
              </div>
              {ok && facts.paid_on ? (
                <div>
                  <dt>Paid on</dt>
                  <dd>{formatDate(facts.paid_on)}</dd>
                </div>
              ) : null}
            </>
          ) : null}
          <div>
            <dt>Transaction ID</dt>
            <dd>{shownTxn || "N/A"}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>{capital(word)}</dd>
          </div>
          {facts && !facts.loan_closed ? (
            <div className="pay-result-due">
              <dt>Still due today</dt>
              <dd>{inr(facts.still_due)}</dd>
            </div>
          ) : null}
        </dl>
        {facts ? <NextSteps facts={facts} ok={ok} signedIn={signedIn} /> : null}
        <p className="pay-result-actions">
          {signedIn ? (
            <Link className="btn btn-primary" to="/my-dashboard">
              Go to Dashboard
            </Link>
          ) : (
            <>
              <Link className="btn btn-primary" to="/repayloan">
                {ok ? "Back to Pay Now" : "Try again"}
              </Link>
              <Link className="btn btn-secondary" to="/apply-now">
                Sign in to your dashboard
              </Link>
              <Link className="btn btn-link" to="/">
                Go to Home
              </Link>
            </>
          )}
          {signedIn && !ok ? (
            <Link className="btn btn-secondary" to="/my-dashboard/repayment">
              Try again
            </Link>
          ) : null}
        </p>
      </div>
    </section>
  );
}

/** What happens next: the rest and its date, or the closed loan's certificate and Re-Loan; the receipt. */
function NextSteps({ facts, ok, signedIn }: { facts: Facts; ok: boolean; signedIn: boolean }) {
  return (
    <div className="pay-result-next">
      <h2>What happens next</h2>
      {facts.loan_closed ? (
        <>
          <p>Your loan is closed: nothing is due on it.</p>
          {signedIn ? (
            <p>
              Download your <a href={noDuesCertificateUrl(facts.lead_id)}>No Dues Certificate</a>. You can apply for a new loan with Re-Loan on your dashboard.
            </p>
          ) : (
            <p>Sign in to your dashboard to download your No Dues Certificate and to apply for a new loan with Re-Loan.</p>
          )}
        </>
      ) : facts.overdue_days > 0 ? (
        <p>
          Your loan is overdue since {formatDate(facts.repayment_date)}: please pay {inr(facts.still_due)} today to stop interest and penal charges.
        </p>
      ) : (
        <p>
          {ok ? "The rest is due" : "Your loan is due"} by your repayment date, {formatDate(facts.repayment_date)}. Today it is {inr(facts.still_due)}; interest
          is charged for each day until it is paid, so paying earlier costs less.
        </p>
      )}
      {facts.held_for_refund > 0 ? <p>{inr(facts.held_for_refund)} of this payment was more than was due: it is held for refund to you.</p> : null}
      {ok && facts.receipt_available ? (
        <p>
          <a className="btn btn-secondary" href={receiptUrl(facts.order_id)} download>
            Download receipt (PDF)
          </a>
        </p>
      ) : null}
    </div>
  );
}

import { Link } from "react-router";
import { isSuccessStatus } from "../../lib/repayment.ts";

/**
 * The payment result (spec: /thanku, /thank-you/…, /fail): green check and 'Thank You!' on success,
 * red 'Oops!' otherwise, the transaction id (or N/A) and status, and the way back.
 * Wide and narrow layouts switch at 768 px in CSS.
 */
export function PaymentResult({ status, txnId, signedIn }: { status: string; txnId: string; signedIn: boolean }) {
  const ok = isSuccessStatus(status);
  const shown = status || "FAILED";
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
        <p role="status">
          {ok
            ? `Your payment was ${shown}.`
            : `Your payment was not completed (${shown}). Nothing has changed on your loan. If your account was debited, the payment is applied once the gateway confirms it, or your bank returns it.`}
        </p>
        <dl className="pay-result-facts">
          <div>
            <dt>Transaction ID</dt>
            <dd>{txnId || "N/A"}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>{shown}</dd>
          </div>
        </dl>
        <p className="pay-result-actions">
          {signedIn ? (
            <Link className="btn btn-primary" to="/my-dashboard">
              Go to Dashboard
            </Link>
          ) : (
            <Link className="btn btn-primary" to="/">
              Go to Home
            </Link>
          )}
          {!ok ? (
            <Link className="btn btn-secondary" to={signedIn ? "/my-dashboard/repayment" : "/repayloan"}>
              Try again
            </Link>
          ) : null}
        </p>
      </div>
    </section>
  );
}

import type { PayoutAttempt } from "../../core/admin/credit-desk.ts";
import { payoutStateText } from "../../core/admin/payout-desk.ts";

/** The latest payout attempt of a loan in words: paid with its UTR, failed or returned with the reason, pending or unknown. */
export function PayoutState({ attempts }: { attempts: PayoutAttempt[] }) {
  const last = attempts.at(-1);
  if (!last) return <>Not paid out yet</>;
  const reason = last.status === "REVERSED" ? last.reversalReason : last.failureReason;
  return (
    <>
      {payoutStateText(last.status)} (attempt {last.attempt})
      {last.utr ? (
        <>
          <br />
          UTR {last.utr}
        </>
      ) : null}
      {reason ? (
        <>
          <br />
          Reason: {reason}
        </>
      ) : null}
      {last.status === "REVERSED" ? (
        <>
          <br />
          The loan is not active. The account must pass a fresh penny drop before it is paid again.
        </>
      ) : null}
    </>
  );
}

import type { PayoutAttempt } from "../../core/admin/credit-desk.ts";

/** The latest payout attempt of a loan in words: paid with its UTR, failed with the reason, or pending. */
export function PayoutState({ attempts }: { attempts: PayoutAttempt[] }) {
  const last = attempts.at(-1);
  if (!last) return <>Not paid out yet</>;
  return (
    <>
      Payout {last.status === "SUCCESS" ? "paid" : last.status === "FAILED" ? "failed" : "pending"} (attempt {last.attempt})
      {last.utr ? (
        <>
          <br />
          UTR {last.utr}
        </>
      ) : null}
      {last.failureReason ? (
        <>
          <br />
          Reason: {last.failureReason}
        </>
      ) : null}
    </>
  );
}

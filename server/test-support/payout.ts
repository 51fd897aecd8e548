// A payout the provider reported paid, then returned by the bank (decision 36), for tests of what a
// reversal does to the loan and the books.
import { payouts } from "../db/schema/index.ts";
import { createPayoutSettlement } from "../modules/loans/payout-settlement.ts";
import type { Services } from "../services.ts";

/** Records a successful ₹18,000 payout of `loanId` under `providerReference`, then settles it as REVERSED. */
export async function returnPaidPayout(s: Services, loanId: string, ref: { providerReference: string; utr: string }) {
  await s.db.insert(payouts).values({
    loanId,
    attempt: 1,
    idempotencyKey: loanId,
    provider: "sandbox",
    providerReference: ref.providerReference,
    amountPaise: 1_800_000,
    status: "SUCCESS",
    utr: ref.utr,
    requestedBy: "pay-1",
  });
  return bankReturns(s, loanId, ref);
}

/** The bank returns a payout the provider reported paid (`providerReference`): settled as REVERSED, as its webhook does. */
export function bankReturns(s: Services, loanId: string, ref: { providerReference: string; utr: string }) {
  const settlement = createPayoutSettlement({
    db: s.db,
    ledger: s.ledger,
    sms: s.outbox!,
    email: s.email,
    publicOrigin: s.env.PUBLIC_ORIGIN,
    audit: { record: async () => undefined },
    now: s.now,
    logger: s.logger,
  });
  return settlement.settle({
    providerReference: ref.providerReference,
    reference: loanId,
    loanId,
    status: "REVERSED",
    utr: ref.utr,
    failureReason: "Beneficiary account closed",
  });
}

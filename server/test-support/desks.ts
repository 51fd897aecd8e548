// The credit desk and the disbursal service built on a test app's services, for the payout tests: each
// test file passes its own audit sink (and, for payouts, the provider it controls).
import { createCreditService } from "../modules/credit/credit.service.ts";
import { createDisbursalService } from "../modules/loans/disbursal.service.ts";
import { createLeadSources } from "../modules/ondc/lead-sources.service.ts";
import type { PayoutPort } from "../providers/payout/port.ts";
import type { createSandboxPayout } from "../providers/payout/sandbox.ts";
import type { Services } from "../services.ts";

type Audit = Parameters<typeof createCreditService>[0]["audit"];

export function creditDeskOf(s: Services, audit: Audit) {
  return createCreditService({
    db: s.db,
    hashKey: s.env.HASH_KEY,
    encryptionKey: s.env.ENCRYPTION_KEY,
    sms: s.outbox!,
    audit,
    ekycSummary: s.kyc.summary,
    leadSources: createLeadSources({ db: s.db }),
    now: s.now,
  }).desk;
}

type Notices = Parameters<typeof createDisbursalService>[0]["sms"];

/** `sms`: the SMS outbox by default; the notice dispatcher to see the payout notice choose its channel (issue 34). */
export function disbursalOf(s: Services, payout: PayoutPort, audit: Audit, sms: Notices = s.outbox!) {
  return createDisbursalService({
    db: s.db,
    payout,
    ledger: s.ledger,
    sms,
    email: s.email,
    publicOrigin: s.env.PUBLIC_ORIGIN,
    audit,
    encryptionKey: s.env.ENCRYPTION_KEY,
    verifyAccount: s.banking.verifyBeforePayout,
    now: s.now,
    logger: s.logger,
  });
}

/** The credit desk and a disbursal service paying through the payout sandbox, whose webhooks reach that service. */
export function sandboxPayoutDesks(s: Services, sandbox: ReturnType<typeof createSandboxPayout>, audit: Audit, sms?: Notices) {
  const credit = creditDeskOf(s, audit);
  const disbursal = disbursalOf(s, sandbox.port, audit, sms);
  sandbox.setWebhookReceiver(async (delivery) => void (await disbursal.handleWebhook(delivery)));
  return { credit, disbursal };
}

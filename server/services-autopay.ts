// AutoPay's wiring (issue 24): the mandate port, the mandates and their debits, and the one webhook entry.
import type { Db } from "./db/client.ts";
import type { Env } from "./env.ts";
import type { Logger } from "./logger.ts";
import type { BankingService } from "./modules/banking/banking.service.ts";
import type { LeadsService } from "./modules/leads/leads.service.ts";
import type { LoansService } from "./modules/loans/loans.service.ts";
import { createMandateDebits } from "./modules/mandates/mandate-debits.service.ts";
import { createMandatesService } from "./modules/mandates/mandates.service.ts";
import type { PaymentsService } from "./modules/payments/payments.service.ts";
import type { ProfileService } from "./modules/profile/profile.service.ts";
import type { EmailPort } from "./providers/email/port.ts";
import type { MandatePort } from "./providers/mandates/port.ts";
import { createRazorpayMandates } from "./providers/mandates/razorpay.ts";
import { createSandboxMandates } from "./providers/mandates/sandbox.ts";
import type { SmsNoticePort } from "./providers/sms/port.ts";

export function createAutopayWiring(deps: {
  env: Env;
  db: Db;
  banking: BankingService;
  profiles: ProfileService;
  leads: LeadsService;
  loans: LoansService;
  payments: PaymentsService;
  sms: SmsNoticePort;
  email: EmailPort;
  /** Tests may swap the mandate port; the default follows APP_MODE. */
  port?: MandatePort;
  now: () => Date;
  logger: Logger;
}) {
  const { env, db, now, logger } = deps;
  // Razorpay recurring payments in production, else the sandbox provider.
  const sandboxMandates = env.isProduction ? null : createSandboxMandates({ db, now, origin: env.PUBLIC_ORIGIN });
  const mandatePort: MandatePort =
    deps.port ??
    sandboxMandates?.port ??
    createRazorpayMandates({
      baseUrl: env.RAZORPAY_API_URL,
      keyId: env.RAZORPAY_KEY_ID!,
      keySecret: env.RAZORPAY_KEY_SECRET!,
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET!,
    });
  const mandates = createMandatesService({
    db,
    port: mandatePort,
    banking: deps.banking,
    profiles: deps.profiles,
    leads: deps.leads,
    loans: deps.loans,
    publicOrigin: env.PUBLIC_ORIGIN,
    now,
    logger,
  });
  const mandateDebits = createMandateDebits({
    db,
    port: mandatePort,
    mandates,
    payments: deps.payments,
    loans: deps.loans,
    profiles: deps.profiles,
    sms: deps.sms,
    email: deps.email,
    publicOrigin: env.PUBLIC_ORIGIN,
    now,
    logger,
  });
  /** One signed mandate webhook: token states here; debit outcomes go to the debits (once per event id). */
  const mandateWebhook = async (delivery: { rawBody: string; headers: Record<string, string> }): Promise<boolean> => {
    const event = await mandates.readWebhook(delivery);
    if (!event) return false;
    if (event.kind === "mandate") return mandates.applyMandateEvent(event);
    return mandateDebits.applyPaymentEvent(event);
  };
  sandboxMandates?.setWebhookReceiver((delivery) => mandateWebhook(delivery).then(() => undefined));
  return { mandatePort, sandboxMandates, mandates, mandateDebits, mandateWebhook };
}

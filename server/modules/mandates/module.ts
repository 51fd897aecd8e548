// The AutoPay module (issue 24): the mandates, their debits, and the one webhook entry for both.
// Its factory takes the chosen mandate port and the modules it reads (docs/decisions/platform.md, decision 65).
import type { Db } from "../../db/client.ts";
import type { Env } from "../../env.ts";
import type { Logger } from "../../logger.ts";
import type { BankingService } from "../banking/banking.service.ts";
import type { LeadsService } from "../leads/leads.service.ts";
import type { LoansService } from "../loans/loans.service.ts";
import { createMandateDebits } from "./mandate-debits.service.ts";
import { createMandatesService } from "./mandates.service.ts";
import type { PaymentsService } from "../payments/payments.service.ts";
import type { ProfileService } from "../profile/profile.service.ts";
import type { EmailPort } from "../../providers/email/port.ts";
import type { MandatePort } from "../../providers/mandates/port.ts";
import type { SandboxMandates } from "../../providers/mandates/sandbox.ts";
import type { SmsNoticePort } from "../../providers/sms/port.ts";

export function createMandatesModule(deps: {
  env: Env;
  db: Db;
  banking: BankingService;
  profiles: ProfileService;
  leads: LeadsService;
  loans: LoansService;
  payments: PaymentsService;
  sms: SmsNoticePort;
  email: EmailPort;
  port: MandatePort;
  /** The sandbox provider (null in production): its webhooks come to this module's one entry. */
  sandbox: SandboxMandates | null;
  now: () => Date;
  logger: Logger;
}) {
  const { env, db, now, logger, port } = deps;
  const mandates = createMandatesService({
    db,
    port,
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
    port,
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
  deps.sandbox?.setWebhookReceiver((delivery) => mandateWebhook(delivery).then(() => undefined));
  return { mandates, mandateDebits, mandateWebhook };
}

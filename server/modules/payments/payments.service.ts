// Repayments (decision 29, issue 20) in three parts: Pay Now access (pay-now.service.ts), checkout at
// the gateways (checkout.service.ts) and payment posting, which hands received money to the loans module
// and posts each payment exactly once (payment-posting.service.ts). This joins them as one service, so
// routes and other modules keep one door (services.payments).
import type { Db } from "../../db/client.ts";
import type { Logger } from "../../logger.ts";
import type { PaymentGateways } from "../../providers/payments/index.ts";
import type { SmsPort } from "../../providers/sms/port.ts";
import type { AuthService } from "../auth/auth.service.ts";
import type { LedgerService } from "../ledger/ledger.service.ts";
import type { LeadsService } from "../leads/leads.service.ts";
import type { LoanReceipts } from "../loans/loan-receipts.service.ts";
import type { LoansService } from "../loans/loans.service.ts";
import { createCheckoutService } from "./checkout.service.ts";
import { payerProfile } from "./payer-profile.ts";
import { createPayNowService } from "./pay-now.service.ts";
import { createPaymentResults } from "./payment-result.ts";
import type { AmountMismatch } from "./payments-common.ts";
import { createPaymentPostingService } from "./payment-posting.service.ts";
import { documentLanguage } from "../../../core/i18n/index.ts";
import { createMandateOrders } from "./mandate-orders.ts";

export {
  PAYMENT_CALLBACKS,
  PAYU_RETURN_PATH,
  PG_DATA,
  PHONEPE_RETURN_PATH,
  REPAY_SESSION_COOKIE,
  REPAY_SESSION_SECONDS,
  thankYouPath,
} from "./payments-common.ts";
export type { AmountMismatch, GatewayName, PaymentSource, RepayCaller } from "./payments-common.ts";

export function createPaymentsService(deps: {
  db: Db;
  hashKey: string;
  publicOrigin: string;
  gateways: PaymentGateways;
  ledger: LedgerService;
  loans: LoansService;
  receipts: LoanReceipts;
  leads: LeadsService;
  auth: AuthService;
  sms: SmsPort;
  now: () => Date;
  logger: Logger;
  /** A gateway payment was posted (once per payment): the tracker's payment_success (decision 22). */
  onPaid?: (payment: { leadId: string; amountPaise: number }) => Promise<void>;
  /** The gateway confirmed a different amount than the order: listed for accounts (reconciliation), never posted. */
  onAmountMismatch?: (mismatch: AmountMismatch) => Promise<void>;
}) {
  const { db, gateways, ledger, now, logger } = deps;
  const posting = createPaymentPostingService(deps);
  const payNow = createPayNowService({ ...deps, posting });
  const checkout = createCheckoutService({ db, publicOrigin: deps.publicOrigin, gateways, posting, authorizeLead: payNow.authorizeLead, now, logger });
  const results = createPaymentResults({
    db,
    now,
    gateways,
    ledger,
    authorizeLead: payNow.authorizeLead,
    duesToday: (lead) => posting.duesToday(lead),
    payer: async (profileId) => {
      const p = await payerProfile(db, profileId);
      return { name: p.fullName ?? "", language: documentLanguage(p) };
    },
  });

  return {
    ...posting,
    ...payNow,
    ...checkout,
    ...createMandateOrders({ db, now }),
    /** The result page's facts of one order, for its payer (issue 20). */
    paymentResult: results.result,
    /** The receipt PDF of a confirmed payment, for its payer. */
    paymentReceipt: results.receipt,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

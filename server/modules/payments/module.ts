// The payments module (decisions 27-30): Pay Now, gateway orders and confirmation, PayU's notification, bank
// transfers. Its factory takes the gateways and the modules it posts through (docs/decisions/platform.md, decision 65).
import type { AuditRecorder } from "../credit/credit.service.ts";
import { lateCallback } from "../late-callback.ts";
import { createBankTransfersService } from "./bank-transfers.service.ts";
import { createPaymentsService, type AmountMismatch } from "./payments.service.ts";
import { createPayuNotify } from "./payu-notify.ts";
import { PAYMENT_GATEWAY_NAMES } from "../../../core/payment-gateways.ts";

export function createPaymentsModule(deps: Omit<Parameters<typeof createPaymentsService>[0], "onAmountMismatch"> & { audit: AuditRecorder }) {
  const { audit, ...paymentDeps } = deps;
  // Reconciliation lists a confirmed amount that differs from the order; it reads payments, so it is attached once built.
  const amountMismatch = lateCallback<[AmountMismatch], void>("payments' amount mismatch");
  const payments = createPaymentsService({ ...paymentDeps, onAmountMismatch: amountMismatch.call });
  const payuNotify = createPayuNotify({ payments });
  // The sandboxes hand their webhooks to the handler the generic webhook route uses, for every gateway of the
  // list (the refunds module puts its own in front, which hands payment events back here).
  for (const name of PAYMENT_GATEWAY_NAMES) deps.gateways.sandbox?.setWebhookReceiver(name, (delivery) => payments.notification(name, delivery));
  /** Bank transfers: entered by collections, approved by accounts (four-eyes), posted like a gateway payment. */
  const bankTransfers = createBankTransfersService({ db: deps.db, payments, audit, now: deps.now });
  return { payments, payuNotify, bankTransfers, onAmountMismatch: amountMismatch.attach };
}

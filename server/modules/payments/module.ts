// The payments module (decisions 27-30): Pay Now, gateway orders and confirmation, PayU's notification, bank
// transfers. Its factory takes the gateways and the modules it posts through (docs/decisions/platform.md, decision 65).
import type { AuditRecorder } from "../credit/credit.service.ts";
import { lateCallback } from "../late-callback.ts";
import { createBankTransfersService } from "./bank-transfers.service.ts";
import { createPaymentsService, type AmountMismatch } from "./payments.service.ts";
import { createPayuNotify } from "./payu-notify.ts";

export function createPaymentsModule(deps: Omit<Parameters<typeof createPaymentsService>[0], "onAmountMismatch"> & { audit: AuditRecorder }) {
  const { audit, ...paymentDeps } = deps;
  // Reconciliation lists a confirmed amount that differs from the order; it reads payments, so it is attached once built.
  const amountMismatch = lateCallback<[AmountMismatch], void>("payments' amount mismatch");
  const payments = createPaymentsService({ ...paymentDeps, onAmountMismatch: amountMismatch.call });
  const payuNotify = createPayuNotify({ payments });
  // The sandboxes hand their webhooks to the same handlers the HTTP webhook routes use.
  deps.gateways.sandbox?.setWebhookReceiver("payu", (delivery) => payuNotify(delivery));
  deps.gateways.sandbox?.setWebhookReceiver("razorpay", (delivery) => payments.razorpayWebhook(delivery));
  /** Bank transfers: entered by collections, approved by accounts (four-eyes), posted like a gateway payment. */
  const bankTransfers = createBankTransfersService({ db: deps.db, payments, audit, now: deps.now });
  return { payments, payuNotify, bankTransfers, onAmountMismatch: amountMismatch.attach };
}

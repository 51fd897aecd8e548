// The refunds module (decision 37, issue 30): refunds of customer excess by the original gateway or by payout to
// the verified account, and the gateways' refund notifications (docs/decisions/platform.md, decision 65).
import type { PayoutPort } from "../../providers/payout/port.ts";
import type { SandboxPayout } from "../../providers/payout/sandbox.ts";
import type { DisbursalService } from "../loans/disbursal.service.ts";
import { createRefundProviders } from "./refund-providers.ts";
import { createRefundWebhooks } from "./refund-webhooks.ts";
import { createRefundsService } from "./refunds.service.ts";
import { PAYMENT_GATEWAY_NAMES } from "../../../core/payment-gateways.ts";

export function createRefundsModule(
  deps: Omit<Parameters<typeof createRefundsService>[0], "providers"> & {
    payout: PayoutPort;
    gateways: Parameters<typeof createRefundWebhooks>[0]["gateways"];
    /** The sandbox payout provider (null in production) and the disbursal that shares its webhook. */
    sandboxPayout: SandboxPayout | null;
    disbursal: Pick<DisbursalService, "handleWebhook">;
  },
) {
  const { payout, gateways, sandboxPayout, disbursal, ...refundDeps } = deps;
  const { db, payments, now, logger } = deps;
  const refunds = createRefundsService({ ...refundDeps, providers: createRefundProviders({ payout, gateways, logger }) });
  // PayU's and PhonePe's refund notifications (issue 30); PhonePe's one webhook URL carries order events too.
  const refundWebhooks = createRefundWebhooks({ db, refunds, payments, gateways, now, logger });
  // Every sandbox gateway's deliveries, as the generic webhook route takes them: a refund's here, the rest to payments.
  for (const name of PAYMENT_GATEWAY_NAMES)
    gateways.sandbox?.setWebhookReceiver(name, async (delivery) => void (await refundWebhooks.notification(name, delivery)));
  // A payout event is a refund's when its reference is a refund id; otherwise it is a disbursal's.
  sandboxPayout?.setWebhookReceiver(async (delivery) => void ((await refunds.handlePayoutWebhook(delivery)) || (await disbursal.handleWebhook(delivery))));
  return { refunds, refundWebhooks };
}

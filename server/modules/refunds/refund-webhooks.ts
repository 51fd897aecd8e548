// PayU's and PhonePe's refund notifications (issue 30): each names our refund by the id we sent (PayU's
// token var2, PhonePe's merchantRefundId), checked against the refund's current attempt and amount,
// then applied once through the refunds service (success posts the refund entry; failure leaves the
// money as customer excess and the refund back to REQUESTED). A delivery is recorded after acting, so
// a repeated one is skipped and a failed one is handled on the gateway's retry.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { paymentWebhookEvents, refunds } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { WebhookDelivery } from "../../providers/payments/index.ts";
import { parsePayuRefundCallback } from "../../providers/payments/payu/port.ts";
import { isPhonepeRefundEvent, parsePhonepeRefundWebhook, type PhonepeGateway } from "../../providers/payments/phonepe/port.ts";
import type { PayuGateway } from "../../providers/payments/payu/port.ts";
import { Malformed, NotAuthenticated } from "../domain-errors.ts";
import type { PaymentsService } from "../payments/payments.service.ts";
import { payuRefundToken, phonepeMerchantRefundId, type ProviderAnswer } from "./refund-providers.ts";
import type { RefundsService } from "./refunds.service.ts";

/** What a refund notification said, in our words, before it is matched to a refund. */
export type GatewayRefundEvent = {
  gateway: "payu" | "phonepe";
  /** Our id of the attempt as the gateway has it (rf<refund id without dashes>[-n]). */
  ourRefundId: string;
  amountPaise: number | null;
  state: ProviderAnswer["state"];
  reference: string | null;
  reason: string | null;
  deliveryId: string;
  name: string;
};

export type RefundWebhookOutcome = "applied" | "duplicate" | "ignored";

/** rf + the refund's uuid without dashes, and -n after the first attempt (refund-providers.ts). */
const OUR_ID = /^rf([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})(?:-\d{1,4})?$/;
const refundIdOf = (ourId: string) => {
  const m = OUR_ID.exec(ourId);
  return m ? m.slice(1, 6).join("-") : null;
};

/** PayU: success and failure are final; anything else (queued, pending, in progress) is still pending. */
export function payuCallbackAnswer(status: string): ProviderAnswer["state"] {
  return status === "success" ? "processed" : status === "failure" || status === "failed" ? "failed" : "pending";
}

export function createRefundWebhooks(deps: {
  db: Db;
  refunds: RefundsService;
  payments: PaymentsService;
  payu: PayuGateway;
  phonepe: PhonepeGateway;
  now: () => Date;
  logger: Logger;
}) {
  const { db, refunds: refundsService, payments, payu, phonepe, now, logger } = deps;

  async function seen(gateway: string, deliveryId: string) {
    const [row] = await db
      .select({ id: paymentWebhookEvents.eventId })
      .from(paymentWebhookEvents)
      .where(and(eq(paymentWebhookEvents.gateway, gateway), eq(paymentWebhookEvents.eventId, deliveryId.slice(0, 200))));
    return Boolean(row);
  }

  async function record(gateway: string, deliveryId: string, name: string) {
    await db
      .insert(paymentWebhookEvents)
      .values({ gateway, eventId: deliveryId.slice(0, 200), event: name.slice(0, 100), receivedAt: now() })
      .onConflictDoNothing();
  }

  /** Matches the event to the refund's current attempt; anything else (unknown, stale, other amount) is ignored. */
  async function handle(event: GatewayRefundEvent): Promise<RefundWebhookOutcome> {
    if (await seen(event.gateway, event.deliveryId)) return "duplicate";
    const refundId = refundIdOf(event.ourRefundId);
    const [row] = refundId ? await db.select().from(refunds).where(eq(refunds.id, refundId)) : [];
    const ourIdOf = event.gateway === "payu" ? payuRefundToken : phonepeMerchantRefundId;
    const current = row && row.route === "gateway" && row.gateway === event.gateway && row.idempotencyKey && ourIdOf(row.idempotencyKey) === event.ourRefundId;
    if (!row || !current) {
      logger.warn("refund webhook for no open refund attempt", { gateway: event.gateway, event: event.name });
      await record(event.gateway, event.deliveryId, event.name);
      return "ignored";
    }
    if (event.amountPaise !== null && event.amountPaise !== Number(row.amountPaise)) {
      logger.warn("refund webhook amount differs from the refund", { gateway: event.gateway, refundId: row.id });
      return "ignored";
    }
    await refundsService.applyProviderAnswer(row.id, row.idempotencyKey!, { state: event.state, reference: event.reference, reason: event.reason });
    await record(event.gateway, event.deliveryId, event.name);
    return "applied";
  }

  return {
    /** PhonePe's one webhook URL: refund events here (Authorization checked first), order events to the payments service. */
    async phonepeWebhook(delivery: WebhookDelivery): Promise<RefundWebhookOutcome | "order"> {
      if (!isPhonepeRefundEvent(delivery.rawBody)) {
        await payments.phonepeWebhook(delivery);
        return "order";
      }
      if (!phonepe.verifyWebhook(delivery.headers["authorization"])) throw new NotAuthenticated("Authorization mismatch.");
      const hook = parsePhonepeRefundWebhook(delivery.rawBody);
      if (!hook) throw new Malformed("The body is not a PhonePe refund event.");
      const state = hook.state === "COMPLETED" ? "processed" : hook.state === "FAILED" ? "failed" : "pending";
      return handle({
        gateway: "phonepe",
        ourRefundId: hook.merchantRefundId,
        amountPaise: hook.amountPaise >= 0 ? hook.amountPaise : null,
        state,
        reference: hook.refundId || null,
        reason: state === "failed" ? `PhonePe could not process the refund${hook.errorCode ? ` (${hook.errorCode})` : ""}.` : null,
        deliveryId: `refund:${hook.merchantRefundId}:${hook.state}`,
        name: hook.event,
      });
    },

    /** PayU's refund status callback to /payments/payu/refund-notify?token=…: the URL's secret first. */
    async payuRefundNotify(delivery: { rawBody: string; urlToken: string | null }): Promise<RefundWebhookOutcome> {
      if (!payu.verifyRefundNotification(delivery.urlToken)) throw new NotAuthenticated("The notification URL's token does not match.");
      const callback = parsePayuRefundCallback(delivery.rawBody);
      if (!callback) throw new Malformed("The body is not a PayU refund callback.");
      const state = payuCallbackAnswer(callback.status);
      return handle({
        gateway: "payu",
        ourRefundId: callback.token,
        amountPaise: callback.amountPaise,
        state,
        reference: callback.requestId || null,
        reason: state === "failed" ? "PayU could not process the refund." : null,
        deliveryId: `refund:${callback.token}:${callback.status}`,
        name: `refund.${callback.status}`,
      });
    },
  };
}

export type RefundWebhooks = ReturnType<typeof createRefundWebhooks>;

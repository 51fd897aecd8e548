// PayU's and PhonePe's refund notifications (issue 30): each names our refund by the id we sent (PayU's
// token var2, PhonePe's merchantRefundId), checked against the refund's current attempt and amount,
// then applied once through the refunds service (success posts the refund entry; failure leaves the
// money as customer excess and the refund back to REQUESTED). A delivery is recorded after acting, so
// a repeated one is skipped and a failed one is handled on the gateway's retry.
import { and, eq } from "drizzle-orm";
import type { PaymentGatewayName } from "../../../core/payment-gateways.ts";
import type { Db } from "../../db/client.ts";
import { paymentWebhookEvents, refunds } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import { refundIdAtGateway, type PaymentGateways, type RefundEvent, type WebhookDelivery } from "../../providers/payments/index.ts";
import { Malformed, NotAuthenticated } from "../domain-errors.ts";
import type { PaymentsService } from "../payments/payments.service.ts";
import type { RefundsService } from "./refunds.service.ts";

/** What a refund notification said, in our words, before it is matched to a refund. */
export type GatewayRefundEvent = RefundEvent & { gateway: PaymentGatewayName };

export type RefundWebhookOutcome = "applied" | "duplicate" | "ignored";

/** rf + the refund's uuid without dashes, and -n after the first attempt (refundIdAtGateway). */
const OUR_ID = /^rf([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})(?:-\d{1,4})?$/;
const refundIdOf = (ourId: string) => {
  const m = OUR_ID.exec(ourId);
  return m ? m.slice(1, 6).join("-") : null;
};

export function createRefundWebhooks(deps: {
  db: Db;
  refunds: RefundsService;
  payments: PaymentsService;
  gateways: PaymentGateways;
  now: () => Date;
  logger: Logger;
}) {
  const { db, refunds: refundsService, payments, gateways, now, logger } = deps;

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
    const current =
      row && row.route === "gateway" && row.gateway === event.gateway && row.idempotencyKey && refundIdAtGateway(row.idempotencyKey) === event.ourRefundId;
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

  /**
   * A gateway's refund notification, its signature (or URL secret) first. Where the gateway sends
   * payment events to the same URL (PhonePe), those go on to the payments service.
   */
  async function notification(gateway: PaymentGatewayName, delivery: WebhookDelivery): Promise<RefundWebhookOutcome | "order"> {
    const reading = gateways.of(gateway).parseRefundNotification(delivery);
    if (reading.kind === "not_refund") {
      await payments.notification(gateway, delivery);
      return "order";
    }
    if (reading.kind === "unverified") throw new NotAuthenticated(reading.message);
    if (reading.kind === "malformed") throw new Malformed(reading.message);
    return handle({ gateway, ...reading.event });
  }

  return {
    notification,
    /** PhonePe's one webhook URL: refund events here (Authorization checked first), order events to the payments service. */
    phonepeWebhook: (delivery: WebhookDelivery) => notification("phonepe", delivery),
    /** PayU's refund status callback to /payments/payu/refund-notify?token=…: the URL's secret first. */
    payuRefundNotify: (delivery: { rawBody: string; urlToken: string | null }) =>
      notification("payu", { rawBody: delivery.rawBody, headers: {}, urlToken: delivery.urlToken }),
  };
}

export type RefundWebhooks = ReturnType<typeof createRefundWebhooks>;

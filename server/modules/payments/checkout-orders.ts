// Our orders at the gateways (decision 29): finding one by our id or the gateway's, where it stands
// in our books, and the gateways' deliveries we recorded. No gateway is called here; checkout.service.ts
// asks the gateway and uses these to read and write the rows.
import { and, desc, eq, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { paymentOrders, payments, paymentWebhookEvents } from "../../db/schema/index.ts";
import type { GatewayEvent } from "../../providers/payments/index.ts";
import type { GatewayName } from "./payments-common.ts";

export type Order = typeof paymentOrders.$inferSelect;
export type Refreshed = { status: "Completed" | "Pending" | "Failed"; transactionId: string | null };

/** An order or transaction reference as we and the gateways write them; anything else is unknown. */
export const GATEWAY_REF = /^[A-Za-z0-9_-]{1,63}$/;

export function createCheckoutOrders(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;

  async function orderBy(where: ReturnType<typeof eq>) {
    const [order] = await db.select().from(paymentOrders).where(where);
    return order ?? null;
  }

  async function paidTxnId(order: Order): Promise<string | null> {
    const [row] = await db
      .select({ id: payments.gatewayPaymentId })
      .from(payments)
      .where(eq(payments.paymentOrderId, order.id))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return row?.id ?? null;
  }

  return {
    orderBy,
    paidTxnId,

    /** An order by our id or the gateway's, whatever the gateway. */
    findOrder: (id: string) => orderBy(or(eq(paymentOrders.orderId, id), eq(paymentOrders.gatewayOrderId, id))!),

    /** Our order at `gateway` by our id; anything that is not one of our ids is simply unknown. */
    orderOf: (gateway: GatewayName, orderId: string) =>
      GATEWAY_REF.test(orderId) ? orderBy(and(eq(paymentOrders.gateway, gateway), eq(paymentOrders.orderId, orderId))!) : Promise.resolve(null),

    /** The order a gateway's event or return names, by our id or the gateway's. */
    async orderOfEvent(gateway: GatewayName, ref: GatewayEvent["order"]) {
      if (!ref || !GATEWAY_REF.test(ref.id)) return null;
      const column = ref.by === "orderId" ? paymentOrders.orderId : paymentOrders.gatewayOrderId;
      return orderBy(and(eq(paymentOrders.gateway, gateway), eq(column, ref.id))!);
    },

    /** An attempt that did not pay: only an order not yet paid becomes failed (paid is final). */
    async markFailed(order: Order) {
      await db
        .update(paymentOrders)
        .set({ status: "failed", updatedAt: now() })
        .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, "created")));
    },

    /** Where the order stands in our books now. */
    async current(order: Order): Promise<Refreshed> {
      const fresh = (await orderBy(eq(paymentOrders.id, order.id)))!;
      if (fresh.status === "paid") return { status: "Completed", transactionId: await paidTxnId(fresh) };
      return { status: fresh.status === "failed" ? "Failed" : "Pending", transactionId: null };
    },

    /** Records a webhook event id; false when it was seen before (a retry). */
    async firstDelivery(gateway: GatewayName, eventId: string, event: string): Promise<boolean> {
      const inserted = await db
        .insert(paymentWebhookEvents)
        .values({ gateway, eventId: eventId.slice(0, 200), event: event.slice(0, 100), receivedAt: now() })
        .onConflictDoNothing()
        .returning({ id: paymentWebhookEvents.eventId });
      return inserted.length > 0;
    },

    /** Webhook event ids seen (tests and reconciliation). */
    async webhookEventsSeen(gateway: GatewayName) {
      return db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.gateway, gateway));
    },
  };
}

export type CheckoutOrders = ReturnType<typeof createCheckoutOrders>;

// Issue 24: a mandate debit is a Razorpay payment like any other, so it has its order row here (our
// order id = the debit's id, gateway razorpay) and posts through settle(): exactly once by gateway +
// payment id, from its capture day (decision 36).
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { paymentOrders } from "../../db/schema/index.ts";

export function createMandateOrders(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  return {
    /** The order of one debit, before it is presented (idempotent by our order id). */
    async openMandateOrder(input: { debitId: string; leadId: string; amountPaise: number }) {
      const at = now();
      await db
        .insert(paymentOrders)
        .values({ orderId: input.debitId, gateway: "razorpay", leadId: input.leadId, amountPaise: input.amountPaise, createdAt: at, updatedAt: at })
        .onConflictDoNothing();
      const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.orderId, input.debitId));
      return order!;
    },
    async mandateOrder(debitId: string) {
      const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.orderId, debitId));
      return order ?? null;
    },
    async setGatewayOrder(debitId: string, gatewayOrderId: string) {
      await db.update(paymentOrders).set({ gatewayOrderId, updatedAt: now() }).where(eq(paymentOrders.orderId, debitId));
    },
    /** The bank refused the debit: the order is failed (never moved back from paid). */
    async failMandateOrder(debitId: string) {
      await db
        .update(paymentOrders)
        .set({ status: "failed", updatedAt: now() })
        .where(and(eq(paymentOrders.orderId, debitId), eq(paymentOrders.status, "created")));
    },
  };
}

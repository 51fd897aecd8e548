// Reconciliation with every gateway (issue 20). A job asks each gateway about every order still
// `created` 15 minutes after it was made, through the payments service's own confirmation path
// (refresh: Razorpay's order payments, PayU's verify_payment, PhonePe's order status), which posts
// what was paid exactly once. Orders unanswered for 3 days are no longer asked: they are listed for
// accounts (after one last ask). A gateway amount different from the order is listed too, never posted. One order's
// failure is logged (gateway, our order id, error class: no personal data) and the others go on.
import { and, asc, eq, gt, isNull, lte, notExists } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { leads, loanAccounts, paymentOrders, reconciliationExceptions } from "../../db/schema/index.ts";
import type { ReconciliationExceptionKind } from "../../db/schema/reconciliation.ts";
import type { Logger } from "../../logger.ts";
import type { AmountMismatch, GatewayName, PaymentsService } from "../payments/payments.service.ts";

/** An order is chased from 15 minutes after it was made (the customer may still be paying before that)… */
export const CHASE_AFTER_MS = 15 * 60 * 1000;
/** …until 3 days after; then it is asked once more and, still unanswered, listed for accounts (no gateway keeps an unpaid order open that long). */
export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
/** Orders asked per run: a backlog drains over a few runs rather than one long job. */
const BATCH = 200;

export type ExceptionInput = {
  kind: ReconciliationExceptionKind;
  gateway: GatewayName;
  reference: string;
  orderId?: string | null;
  gatewayPaymentId?: string | null;
  settlementId?: string | null;
  orderedPaise?: number | null;
  paidPaise?: number | null;
};

type Executor = Pick<Db, "insert">;

/** Lists one exception for accounts, once per kind, gateway and reference (a job running again adds nothing). */
export async function recordException(executor: Executor, input: ExceptionInput, at: Date): Promise<boolean> {
  const inserted = await executor
    .insert(reconciliationExceptions)
    .values({
      kind: input.kind,
      gateway: input.gateway,
      reference: input.reference.slice(0, 200),
      orderId: input.orderId ?? null,
      gatewayPaymentId: input.gatewayPaymentId ?? null,
      settlementId: input.settlementId ?? null,
      orderedPaise: input.orderedPaise ?? null,
      paidPaise: input.paidPaise ?? null,
      detectedAt: at,
    })
    .onConflictDoNothing()
    .returning({ id: reconciliationExceptions.id });
  return inserted.length > 0;
}

export function createReconciliationService(deps: { db: Db; payments: PaymentsService; now: () => Date; logger: Logger }) {
  const { db, payments, now, logger } = deps;

  return {
    /** The payments service's hook: a confirmed amount that differs from the order. */
    async recordAmountMismatch(m: AmountMismatch) {
      await recordException(
        db,
        {
          kind: "amount_mismatch",
          gateway: m.gateway,
          reference: m.gatewayPaymentId,
          orderId: m.orderId,
          gatewayPaymentId: m.gatewayPaymentId,
          orderedPaise: m.orderedPaise,
          paidPaise: m.paidPaise,
        },
        now(),
      );
    },

    /**
     * The job: ask about every open order in the window, list the ones past it. The options are the
     * sandbox's /dev/reconcile (a demo need not wait 15 minutes; a browser test asks about its own
     * order only, so parallel tests do not answer each other's); the job always uses the defaults.
     */
    async runReconciliation(options: { chaseAfterMs?: number; orderId?: string } = {}) {
      const at = now();
      const chaseBefore = new Date(at.getTime() - Math.max(0, options.chaseAfterMs ?? CHASE_AFTER_MS));
      const giveUpBefore = new Date(at.getTime() - GIVE_UP_AFTER_MS);
      const due = await db
        .select()
        .from(paymentOrders)
        .where(
          and(
            eq(paymentOrders.status, "created"),
            lte(paymentOrders.createdAt, chaseBefore),
            gt(paymentOrders.createdAt, giveUpBefore),
            options.orderId === undefined ? undefined : eq(paymentOrders.orderId, options.orderId),
          ),
        )
        .orderBy(asc(paymentOrders.createdAt))
        .limit(BATCH);
      const result = { asked: due.length, paid: 0, failed: 0, pending: 0, errors: 0, listed: 0 };
      for (const order of due) {
        try {
          const state = await payments.refresh(order);
          if (state.status === "Completed") result.paid++;
          else if (state.status === "Failed") result.failed++;
          else result.pending++;
        } catch (error) {
          result.errors++;
          logger.warn("reconciliation could not confirm an order; asked again next run", {
            gateway: order.gateway,
            orderId: order.orderId,
            error: error instanceof Error ? error.name : typeof error,
          });
        }
      }
      // Past the window: asked one last time (the job may not have run for a while), then listed once
      // for accounts if the gateway still has no answer; a listed order is not asked again.
      const listed = db
        .select({ id: reconciliationExceptions.id })
        .from(reconciliationExceptions)
        .where(
          and(
            eq(reconciliationExceptions.kind, "unanswered_order"),
            eq(reconciliationExceptions.gateway, paymentOrders.gateway),
            eq(reconciliationExceptions.reference, paymentOrders.orderId),
          ),
        );
      const stale = await db
        .select()
        .from(paymentOrders)
        .where(
          and(
            eq(paymentOrders.status, "created"),
            lte(paymentOrders.createdAt, giveUpBefore),
            notExists(listed),
            options.orderId === undefined ? undefined : eq(paymentOrders.orderId, options.orderId),
          ),
        )
        .orderBy(asc(paymentOrders.createdAt))
        .limit(BATCH);
      for (const order of stale) {
        const state = await payments.refresh(order).catch((error: unknown) => {
          logger.warn("reconciliation could not confirm an order past its window; listed for accounts", {
            gateway: order.gateway,
            orderId: order.orderId,
            error: error instanceof Error ? error.name : typeof error,
          });
          return null;
        });
        if (state?.status === "Completed") result.paid++;
        else if (state?.status === "Failed") result.failed++;
        else if (
          await recordException(
            db,
            { kind: "unanswered_order", gateway: order.gateway, reference: order.orderId, orderId: order.orderId, orderedPaise: Number(order.amountPaise) },
            at,
          )
        )
          result.listed++;
      }
      return result;
    },

    /** Orders being chased now (the screen), oldest first. */
    async chasing() {
      const at = now();
      const rows = await db
        .select({
          orderId: paymentOrders.orderId,
          gateway: paymentOrders.gateway,
          loanNo: loanAccounts.loanNo,
          amountPaise: paymentOrders.amountPaise,
          createdAt: paymentOrders.createdAt,
        })
        .from(paymentOrders)
        .leftJoin(leads, eq(leads.id, paymentOrders.leadId))
        .leftJoin(loanAccounts, eq(loanAccounts.leadId, leads.id))
        .where(
          and(
            eq(paymentOrders.status, "created"),
            lte(paymentOrders.createdAt, new Date(at.getTime() - CHASE_AFTER_MS)),
            gt(paymentOrders.createdAt, new Date(at.getTime() - GIVE_UP_AFTER_MS)),
          ),
        )
        .orderBy(asc(paymentOrders.createdAt))
        .limit(100);
      return rows.map((r) => ({ ...r, amountPaise: Number(r.amountPaise), createdAt: r.createdAt.toISOString() }));
    },

    /** Open exceptions (tests and the screen). */
    async openExceptions() {
      return db.select().from(reconciliationExceptions).where(isNull(reconciliationExceptions.resolvedAt)).orderBy(asc(reconciliationExceptions.detectedAt));
    },
  };
}

export type ReconciliationService = ReturnType<typeof createReconciliationService>;

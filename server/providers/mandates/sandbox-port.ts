// The sandbox mandate provider's port (issue 24): registrations, debits (account 333333333333's fail) and
// cancellations, in the database; each outcome is sent as a webhook by the sandbox's `deliver`.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sandboxMandateDebits, sandboxMandateTokens } from "../../db/schema/index.ts";
import { randomId } from "../payments/shared.ts";
import { parseRazorpayMandateWebhook, MandateProviderError, type MandatePort } from "./port.ts";
import {
  debitResult,
  paymentEntity,
  SANDBOX_MANDATE_BASE,
  SANDBOX_MANDATE_NO_FUNDS_ACCOUNT,
  SANDBOX_MANDATE_SECRET,
  SANDBOX_NO_FUNDS_REASON,
  SANDBOX_REVOKED_REASON,
  tokenEntity,
  type TokenRow,
} from "./sandbox-shared.ts";

export function createSandboxMandatePort(deps: {
  db: Db;
  now: () => Date;
  origin?: string;
  tokenOf: (registrationId: string) => Promise<TokenRow | null>;
  deliver: (event: string, payload: Record<string, unknown>, key?: string) => Promise<void>;
}): MandatePort {
  const { db, now, tokenOf, deliver } = deps;
  const options = { origin: deps.origin };

  return {
    provider: "sandbox",
    async register(request) {
      if (!request.account) throw new MandateProviderError("invalid_request", "The sandbox needs the mandate's bank account.");
      const at = now();
      const registrationId = randomId("inv_sbx");
      const customerId = `cust_sbx${request.customer.mobile.slice(-10)}`;
      await db.insert(sandboxMandateTokens).values({
        registrationId,
        customerId,
        reference: request.reference,
        method: request.method,
        maxAmountPaise: request.maxAmountPaise,
        accountLast4: request.account.number.slice(-4),
        status: "created",
        failDebits: request.account.number === SANDBOX_MANDATE_NO_FUNDS_ACCOUNT,
        returnUrl: request.returnUrl,
        createdAt: at,
        updatedAt: at,
      });
      return { providerCustomerId: customerId, registrationId, url: `${options.origin ?? ""}${SANDBOX_MANDATE_BASE}/${registrationId}` };
    },
    async status({ registrationId }) {
      const t = await tokenOf(registrationId);
      if (!t) throw new MandateProviderError("not_found", "No such registration.");
      const state = t.status === "confirmed" ? "ACTIVE" : t.status === "rejected" ? "REJECTED" : t.status === "cancelled" ? "CANCELLED" : "PENDING";
      return { registrationId, tokenId: t.tokenId, state, failureReason: t.failureReason };
    },
    async presentDebit(request) {
      const [t] = await db.select().from(sandboxMandateTokens).where(eq(sandboxMandateTokens.tokenId, request.tokenId));
      if (!t) throw new MandateProviderError("not_found", "No such token.");
      // The same receipt twice answers the first debit (no second charge).
      const [seen] = await db.select().from(sandboxMandateDebits).where(eq(sandboxMandateDebits.receipt, request.reference));
      if (seen) return debitResult(seen);
      if (request.amountPaise > Number(t.maxAmountPaise)) throw new MandateProviderError("invalid_request", "The amount is above the mandate's maximum.");
      const failure = t.status !== "confirmed" ? SANDBOX_REVOKED_REASON : t.failDebits ? SANDBOX_NO_FUNDS_REASON : null;
      const [row] = await db
        .insert(sandboxMandateDebits)
        .values({
          paymentId: randomId("pay_sbx"),
          orderId: randomId("order_sbx"),
          receipt: request.reference,
          tokenId: request.tokenId,
          customerId: t.customerId,
          amountPaise: request.amountPaise,
          status: failure ? "failed" : "captured",
          failureReason: failure,
          createdAt: now(),
        })
        .returning();
      await deliver(failure ? "payment.failed" : "payment.captured", { payment: { entity: paymentEntity(row) } }, row.paymentId);
      return { ...debitResult(row), state: "PENDING", failureReason: null, capturedAt: null };
    },
    async debitStatus({ orderId }) {
      const [d] = await db.select().from(sandboxMandateDebits).where(eq(sandboxMandateDebits.orderId, orderId));
      if (!d) return { orderId, paymentId: null, state: "PENDING", amountPaise: 0, failureReason: null, capturedAt: null };
      return debitResult(d);
    },
    async cancel({ tokenId }) {
      const [row] = await db
        .update(sandboxMandateTokens)
        .set({ status: "cancelled", updatedAt: now() })
        .where(and(eq(sandboxMandateTokens.tokenId, tokenId), eq(sandboxMandateTokens.status, "confirmed")))
        .returning();
      if (row) await deliver("token.cancelled", { token: { entity: tokenEntity(row, "cancelled") } });
    },
    parseWebhook: (delivery) => parseRazorpayMandateWebhook(SANDBOX_MANDATE_SECRET, delivery),
  };
}

// Loan Details' refunds (decision 37): the session's own loan only; amounts in rupees, dates in India time.
import { Hono } from "hono";
import type { Services } from "../../services.ts";
import { apiContract as api } from "../../../core/contract/index.ts";
import { paiseToRupees } from "../../../core/loan-math/index.ts";
import { readOwnedInput } from "../../http/contract-input.ts";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/envelope.ts";

export function createRefundRoutes({ auth, refunds }: Pick<Services, "auth" | "refunds">) {
  const routes = new Hono<AppEnv>();
  routes.post(api.getLeadRefunds.path, async (c) => {
    const { session, input } = await readOwnedInput(c, auth, api.getLeadRefunds.input);
    const view = await refunds.customerView(session.profileId, input.lead_id);
    return ok(c, "Refunds loaded.", {
      excess_held: paiseToRupees(view.excessHeldPaise),
      refunds: view.refunds.map((r) => ({
        amount: paiseToRupees(r.amountPaise),
        to: r.to,
        status: r.status,
        requested_on: r.requestedOn,
        refunded_on: r.refundedOn,
      })),
    });
  });
  return routes;
}

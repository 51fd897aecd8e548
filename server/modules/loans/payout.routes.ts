// The payout provider's webhook in production (RazorpayX; the sandbox calls the service in-process).
// Mounted ahead of the /Api guard: the provider sends no Origin of ours and may not label its body as
// our JSON. The body is read raw, because the signature is over its exact bytes; the adapter verifies it.
import { Hono } from "hono";
import type { Services } from "../../services.ts";
import { apiContract as api } from "../../../core/contract/index.ts";
import { DEFAULT_BODY_LIMIT, readBodyText } from "../../http/body.ts";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/envelope.ts";

export function createPayoutWebhookRoutes({ disbursal, refunds }: Pick<Services, "disbursal" | "refunds">) {
  const routes = new Hono<AppEnv>();
  routes.post(api.payoutWebhook.path, async (c) => {
    c.header("Cache-Control", "no-store");
    const { text } = await readBodyText(c.req.raw, DEFAULT_BODY_LIMIT);
    const headers: Record<string, string> = {};
    c.req.raw.headers.forEach((value, name) => void (headers[name.toLowerCase()] = value));
    // A bad signature is Malformed (400): the provider retries, and nothing is settled.
    // A refund's payout (reference_id = the refund id) goes to refunds; any other to disbursal.
    const refund = await refunds.handlePayoutWebhook({ rawBody: text, headers });
    const { applied } = refund ? { applied: true } : await disbursal.handleWebhook({ rawBody: text, headers });
    return ok(c, "Webhook received.", { received: true as const, applied });
  });
  return routes;
}

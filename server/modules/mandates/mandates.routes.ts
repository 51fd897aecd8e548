// AutoPay's HTTP edge (issue 24): the screen's data and the customer's revoke under the journey
// controller; the provider's browser return and its signed webhook outside /Api (no Origin of ours).
import { Hono } from "hono";
import type { Services } from "../../services.ts";
import { apiContract as api } from "../../../core/contract/index.ts";
import { MANDATE_CODES } from "../../../core/i18n/index.ts";
import { DEFAULT_BODY_LIMIT, readBodyText } from "../../http/body.ts";
import { queryInput, readOwnedInput } from "../../http/contract-input.ts";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/envelope.ts";

export function createAutopayRoutes({ auth, mandates }: Pick<Services, "auth" | "mandates">) {
  const routes = new Hono<AppEnv>();
  routes.post(api.getAutopayDetails.path, async (c) => {
    const { session, input } = await readOwnedInput(c, auth, api.getAutopayDetails.input);
    return ok(c, MANDATE_CODES.loaded, await mandates.details(session.profileId, input.lead_id));
  });
  // Owner-checked in the service: another customer's lead answers "no mandate" and nothing changes.
  routes.post(api.revokeAutopay.path, async (c) => {
    const { session, input } = await readOwnedInput(c, auth, api.revokeAutopay.input);
    return ok(c, MANDATE_CODES.revoked, await mandates.revoke(session.profileId, input.lead_id));
  });
  return routes;
}

export function createAutopayReturnRoutes({ mandates }: Pick<Services, "mandates">) {
  const routes = new Hono<AppEnv>();
  routes.get(api.autopayReturn.path, async (c) => {
    const q = queryInput(c, api.autopayReturn.input);
    const { location } = await mandates.returned({ registrationId: q.registration_id, outcome: q.outcome });
    c.header("Cache-Control", "no-store");
    return c.redirect(location, 303);
  });
  return routes;
}

export function createMandateWebhookRoutes({ mandateWebhook }: Pick<Services, "mandateWebhook">) {
  const routes = new Hono<AppEnv>();
  routes.post(api.mandateWebhook.path, async (c) => {
    c.header("Cache-Control", "no-store");
    const { text } = await readBodyText(c.req.raw, DEFAULT_BODY_LIMIT);
    const headers: Record<string, string> = {};
    c.req.raw.headers.forEach((value, name) => void (headers[name.toLowerCase()] = value));
    // A bad signature is Malformed (400): the provider retries, and nothing changes.
    const applied = await mandateWebhook({ rawBody: text, headers });
    return ok(c, "Webhook received.", { received: true as const, applied });
  });
  return routes;
}

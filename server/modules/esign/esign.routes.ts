import { Hono } from "hono";
import type { Services } from "../../services.ts";
import { apiContract as api } from "../../../core/contract/index.ts";
import { DEFAULT_BODY_LIMIT, readBodyText } from "../../http/body.ts";
import { queryInput } from "../../http/contract-input.ts";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/envelope.ts";

/** The provider's webhook, at ESIGN_WEBHOOK_PATH. The signature is checked over the raw bytes. */
export function createEsignWebhookRoutes({ esign }: Pick<Services, "esign">) {
  const routes = new Hono<AppEnv>();
  routes.post(api.esignWebhook.path, async (c) => {
    const { text } = await readBodyText(c.req.raw, DEFAULT_BODY_LIMIT);
    const result = await esign.handleWebhook({
      rawBody: text,
      headers: { "x-webhook-signature": c.req.header("x-webhook-signature"), "x-webhook-timestamp": c.req.header("x-webhook-timestamp") },
    });
    return ok(c, "Webhook received.", result);
  });
  return routes;
}

/** Where the provider sends the browser back (ESIGN_RETURN_PATH): on to the congratulations screen once signed. */
export function createEsignReturnRoutes({ esign }: Pick<Services, "esign">) {
  const routes = new Hono<AppEnv>();
  routes.get(api.esignReturn.path, async (c) => {
    c.header("Cache-Control", "no-store");
    const { verification_id } = queryInput(c, api.esignReturn.input);
    const status = await esign.afterReturn(verification_id ?? "");
    if (status === "SIGNED") return c.redirect("/my-dashboard/congratulations", 303);
    return c.redirect(`/my-dashboard/bank-detail?esign=${status === "PENDING" ? "pending" : "failed"}`, 303);
  });
  return routes;
}

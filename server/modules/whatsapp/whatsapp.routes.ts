// Issue 34: the WhatsApp Cloud API's webhook, outside /Api (Meta sends no Origin of ours). GET is Meta's
// verification handshake; POST is read raw, because X-Hub-Signature-256 is over its exact bytes. A forged
// signature is 401 and a body that is not JSON 400 (the service's domain errors), and neither changes anything.
import { Hono } from "hono";
import { apiContract as api } from "../../../core/contract/index.ts";
import { DEFAULT_BODY_LIMIT, readBodyText } from "../../http/body.ts";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/envelope.ts";
import type { WhatsAppService } from "./whatsapp.service.ts";

export function createWhatsAppWebhookRoutes({ whatsapp }: { whatsapp: WhatsAppService }) {
  const routes = new Hono<AppEnv>();
  routes.get(api.whatsappWebhookVerify.path, (c) => {
    c.header("Cache-Control", "no-store");
    const challenge = whatsapp.verifySubscription({
      mode: c.req.query("hub.mode"),
      token: c.req.query("hub.verify_token"),
      challenge: c.req.query("hub.challenge"),
    });
    return challenge === null ? c.text("Forbidden", 403) : c.text(challenge, 200);
  });
  routes.post(api.whatsappWebhook.path, async (c) => {
    c.header("Cache-Control", "no-store");
    const { text } = await readBodyText(c.req.raw, DEFAULT_BODY_LIMIT);
    const { applied } = await whatsapp.receiveWebhook({ rawBody: text, signature: c.req.header("x-hub-signature-256") });
    return ok(c, "Webhook received.", { received: true as const, applied });
  });
  return routes;
}

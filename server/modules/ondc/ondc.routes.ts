// Issue 32: POST /ondc/<action>, thin: the exact bytes to the service, its verdict to ONDC's answer. A bad
// signature is 401 (with WWW-Authenticate, as Beckn's signing spec asks), a bad body 400, an unreachable
// registry 503 (the buyer app retries); anything accepted is 200 ACK, a repeat included. Mounted outside the
// /Api guard: buyer apps send no Origin of ours.
import { Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { DEFAULT_BODY_LIMIT, readBodyBytes, readBodyText } from "../../http/body.ts";
import type { AppEnv } from "../../http/context.ts";
import { AppError } from "../../http/envelope.ts";
import { ONDC_ACK, ondcNack, type OndcRefusal } from "./answers.ts";
import { ONDC_REQUEST_ACTIONS } from "./envelope.ts";
import type { OndcOnboarding } from "./module.ts";
import type { OndcService } from "./ondc.service.ts";
import { SIGNED_HEADERS } from "./signing.ts";

const STATUS: Record<OndcRefusal["kind"], ContentfulStatusCode> = { signature: 401, body: 400, registry: 503 };

export function createOndcRoutes({ ondc }: { ondc: OndcService }) {
  const routes = new Hono<AppEnv>();
  for (const action of ONDC_REQUEST_ACTIONS) {
    routes.post(`/${action}`, async (c) => {
      c.header("Cache-Control", "no-store");
      let body: Buffer;
      try {
        ({ body } = await readBodyBytes(c.req.raw, DEFAULT_BODY_LIMIT));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return c.json(ondcNack({ code: "80218", message: error.message }), 413);
      }
      const result = await ondc.receive({
        action,
        body,
        authorization: c.req.header("authorization"),
        gatewayAuthorization: c.req.header("x-gateway-authorization"),
      });
      if (result.accepted) return c.json(ONDC_ACK, 200);
      const { refusal } = result;
      if (refusal.kind === "signature") c.header("WWW-Authenticate", `Signature realm="${ondc.subscriberId}",headers="${SIGNED_HEADERS}"`);
      if (refusal.kind === "registry") c.header("Retry-After", "5");
      return c.json(ondcNack(refusal.error), STATUS[refusal.kind]);
    });
  }
  return routes;
}

/**
 * Onboarding: GET /ondc-site-verification.html (the signed request_id) and POST /ondc/on_subscribe (the
 * registry's challenge decrypted). The registry does not sign on_subscribe; only the right key decrypts.
 */
export function createOndcOnboardingRoutes({ onboarding }: { onboarding: OndcOnboarding }) {
  const routes = new Hono<AppEnv>();
  const page = onboarding.siteVerificationPage;
  if (page) routes.get("/ondc-site-verification.html", (c) => c.html(page));
  const answer = onboarding.answer;
  if (answer) {
    routes.post("/ondc/on_subscribe", async (c) => {
      c.header("Cache-Control", "no-store");
      const { text } = await readBodyText(c.req.raw, DEFAULT_BODY_LIMIT);
      let request: { subscriber_id?: unknown; challenge?: unknown } | null = null;
      try {
        request = JSON.parse(text);
      } catch {
        request = null;
      }
      if (!request || typeof request.challenge !== "string") return c.json({ error: "challenge is required" }, 400);
      if (request.subscriber_id !== undefined && request.subscriber_id !== onboarding.subscriberId) return c.json({ error: "subscriber_id is not ours" }, 400);
      const decrypted = answer(request.challenge);
      return decrypted === null ? c.json({ error: "the challenge does not decrypt with our key" }, 400) : c.json({ answer: decrypted });
    });
  }
  return routes;
}

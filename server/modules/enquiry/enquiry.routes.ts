import { Hono } from "hono";
import { apiContract as api } from "../../../core/contract/index.ts";
import { ENQUIRY_MESSAGES as EM } from "../../../core/validation/index.ts";
import { DEFAULT_BODY_LIMIT, parseJsonObject, readBodyText } from "../../http/body.ts";
import { clientIp, type AppEnv } from "../../http/context.ts";
import { ok } from "../../http/envelope.ts";

/** Contact-page enquiry and its captcha (decision 14). */
export function enquiryRoutes() {
  const routes = new Hono<AppEnv>();
  routes.post(api.generate_captcha.path, async (c) => {
    // The call takes no payload; a body, if any, is read (bounded) and ignored.
    await readBodyText(c.req.raw, DEFAULT_BODY_LIMIT);
    return ok(c, EM.captchaIssued, await c.var.services.enquiries.newCaptcha(clientIp(c)));
  });
  routes.post(api.enquire.path, async (c) => {
    const { text } = await readBodyText(c.req.raw, DEFAULT_BODY_LIMIT);
    const data = await c.var.services.enquiries.enquire(parseJsonObject(text), clientIp(c));
    return ok(c, EM.sent, data);
  });
  return routes;
}

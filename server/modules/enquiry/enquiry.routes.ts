import { Hono } from "hono";
import type { Services } from "../../services.ts";
import { apiContract as api } from "../../../core/contract/index.ts";
import { ENQUIRY_CODES } from "../../../core/i18n/index.ts";
import { DEFAULT_BODY_LIMIT, parseJsonObject, readBodyText } from "../../http/body.ts";
import { clientIp, type AppEnv } from "../../http/context.ts";
import { ok } from "../../http/envelope.ts";

/** Contact-page enquiry and its captcha (decision 14). */
export function createEnquiryRoutes({ enquiries, trustProxy }: Pick<Services, "enquiries"> & { trustProxy: number }) {
  const routes = new Hono<AppEnv>();
  routes.post(api.generate_captcha.path, async (c) => {
    // The call takes no payload; a body, if any, is read (bounded) and ignored.
    await readBodyText(c.req.raw, DEFAULT_BODY_LIMIT);
    const captcha = await enquiries.newCaptcha(clientIp(c, trustProxy));
    return ok(c, ENQUIRY_CODES.captchaIssued, {
      captcha_id: captcha.captchaId,
      captcha_image: captcha.imageDataUri,
      width: captcha.width,
      height: captcha.height,
      expires_in: captcha.expiresInSeconds,
    });
  });
  routes.post(api.enquire.path, async (c) => {
    const { text } = await readBodyText(c.req.raw, DEFAULT_BODY_LIMIT);
    const { enquiryId } = await enquiries.enquire(parseJsonObject(text), clientIp(c, trustProxy));
    return ok(c, ENQUIRY_CODES.sent, { enquiry_id: enquiryId });
  });
  return routes;
}

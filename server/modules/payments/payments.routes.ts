// Repayment routes (REPAY-API.md): thin; payments.service.ts decides.
import { Hono, type Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { apiContract as api } from "../../../core/contract/index.ts";
import { DEFAULT_BODY_LIMIT, parseJsonObject, readBodyText } from "../../http/body.ts";
import { parseInput, queryInput, readOwnedInput } from "../../http/contract-input.ts";
import { clientIp, type AppEnv } from "../../http/context.ts";
import type { Services } from "../../services.ts";
import { answerLanguage } from "../../http/api-language.ts";
import { fail, ok } from "../../http/envelope.ts";
import { requestedLanguage } from "../../http/language-cookie.ts";
import { privateFile } from "../../http/private-file.ts";
import { optionalSession, requireSession, type SessionAuth } from "../../http/session.ts";
import { paymentReplies } from "./payments.replies.ts";
import { messageText, REPAY_CODES } from "../../../core/i18n/index.ts";
import { REPAY_SESSION_COOKIE, REPAY_SESSION_SECONDS, type RepayCaller } from "./payments.service.ts";
import { isPaymentGatewayName } from "../../../core/payment-gateways.ts";

const FORM_LIMIT = 64 * 1024;

async function jsonBody(c: Context<AppEnv>) {
  const { text } = await readBodyText(c.req.raw, DEFAULT_BODY_LIMIT);
  return parseJsonObject(text);
}

/** A signed-in customer and/or the Pay Now cookie; the service checks either against the lead. */
async function caller(c: Context<AppEnv>, auth: SessionAuth): Promise<RepayCaller> {
  const session = await optionalSession(c, auth);
  return { profileId: session?.profileId ?? null, repayToken: getCookie(c, REPAY_SESSION_COOKIE) ?? null };
}

/** The gateway a generic route names in its path (decision 55), or null: an unknown name is not a route. */
const gatewayOf = (c: Context<AppEnv>) => {
  const name = c.req.param("gateway");
  return isPaymentGatewayName(name) ? name : null;
};

const headersOf = (c: Context<AppEnv>) => {
  const out: Record<string, string> = {};
  c.req.raw.headers.forEach((value, key) => (out[key.toLowerCase()] = value));
  return out;
};

/** Pay Now and the gateway calls under /Api/RepayLoanApi. */
export function createRepayRoutes({
  auth,
  payments,
  secureCookies,
  trustProxy,
}: Pick<Services, "auth" | "payments"> & { secureCookies: boolean; trustProxy: number }) {
  const routes = new Hono<AppEnv>();

  routes.post(api.repaySendOtp.path, async (c) => {
    const body = await jsonBody(c);
    const input = parseInput(api.repaySendOtp.input, body);
    const reply = paymentReplies.otpSent(
      await payments.sendOtp({ pancard: input.pancard, ip: clientIp(c, trustProxy), captcha: input, lang: requestedLanguage(c, body) }),
    );
    return ok(c, reply.message, reply.data);
  });

  routes.post(api.repayVerifyOtp.path, async (c) => {
    const input = parseInput(api.repayVerifyOtp.input, await jsonBody(c));
    const result = await payments.verifyOtp({ pancard: input.panNumber, otp: input.otp, otpRef: input.otp_ref });
    setCookie(c, REPAY_SESSION_COOKIE, result.token, {
      httpOnly: true,
      sameSite: "Lax",
      secure: secureCookies,
      path: "/",
      maxAge: REPAY_SESSION_SECONDS,
    });
    const reply = paymentReplies.verified(result);
    return ok(c, reply.message, reply.data);
  });

  routes.post(api.razorpayVerify.path, async (c) => {
    const input = parseInput(api.razorpayVerify.input, await jsonBody(c));
    const result = await payments.razorpayVerify(input);
    if (!result.ok) return c.json({ Status: 2, Message: messageText(answerLanguage(c), REPAY_CODES.verificationFailed), Data: result.data }, 200);
    return ok(c, REPAY_CODES.paymentSuccessful, result.data);
  });

  routes.post(api.payuOrder.path, async (c) => {
    const input = parseInput(api.payuOrder.input, await jsonBody(c));
    const reply = paymentReplies.payuOrder(await payments.payuOrder(await caller(c, auth), input));
    return ok(c, reply.message, reply.data);
  });

  routes.post(api.phonepeOrder.path, async (c) => {
    const input = parseInput(api.phonepeOrder.input, await jsonBody(c));
    const reply = paymentReplies.phonepeOrder(await payments.phonepeOrder(await caller(c, auth), { amount: input.amount, leadId: input.leadId }));
    return ok(c, reply.message, reply.data);
  });

  // Decision 55: the generic checkout, any gateway of the list; the calls above bind a gateway's name to it.
  routes.post(api.gatewayCheckout.path, async (c) => {
    const gateway = gatewayOf(c);
    if (!gateway) return fail(c, 404, "Not found.");
    const input = parseInput(api.gatewayCheckout.input, await jsonBody(c));
    const reply = paymentReplies.checkout(await payments.checkout(gateway, await caller(c, auth), { leadId: input.lead_id, rupees: input.amount }));
    return ok(c, reply.message, reply.data);
  });

  routes.post(api.gatewayCheckoutVerify.path, async (c) => {
    const gateway = gatewayOf(c);
    if (!gateway) return fail(c, 404, "Not found.");
    const input = parseInput(api.gatewayCheckoutVerify.input, await jsonBody(c));
    const result = await payments.verifyCheckout(gateway, input);
    if (!result.ok) return c.json({ Status: 2, Message: messageText(answerLanguage(c), REPAY_CODES.verificationFailed), Data: result.data }, 200);
    return ok(c, REPAY_CODES.paymentSuccessful, result.data);
  });

  routes.post(api.instifiGetSataus.path, async (c) => {
    const input = parseInput(api.instifiGetSataus.input, await jsonBody(c));
    const reply = paymentReplies.status(await payments.status(input));
    return ok(c, reply.message, reply.data);
  });

  // The result page's facts and the receipt: the payer only (session or Pay Now cookie, checked in the service).
  routes.post(api.paymentResult.path, async (c) => {
    const input = parseInput(api.paymentResult.input, await jsonBody(c));
    return ok(c, REPAY_CODES.statusLoaded, await payments.paymentResult(await caller(c, auth), input.order_id));
  });

  routes.get(api.getPaymentReceipt.path, async (c) => {
    const { order_id } = queryInput(c, api.getPaymentReceipt.input);
    const { bytes, filename } = await payments.paymentReceipt(await caller(c, auth), order_id);
    return privateFile(c, bytes, "application/pdf", filename);
  });

  return routes;
}

/** The dashboard's repayment calls under the journey controller. */
export function createRepaymentJourneyRoutes({ auth, payments }: Pick<Services, "auth" | "payments">) {
  const routes = new Hono<AppEnv>();

  routes.post(api.generateRazorpayorderId.path, async (c) => {
    const input = parseInput(api.generateRazorpayorderId.input, await jsonBody(c));
    const reply = paymentReplies.razorpayOrder(await payments.razorpayOrder(await caller(c, auth), input));
    return ok(c, reply.message, reply.data);
  });

  routes.post(api.getRepaymentDetails.path, async (c) => {
    const { session, input } = await readOwnedInput(c, auth, api.getRepaymentDetails.input);
    const reply = paymentReplies.details(await payments.repaymentDetails(session.profileId, input.lead_id || undefined));
    return ok(c, reply.message, reply.data);
  });

  routes.get(api.getNoDuesCertificate.path, async (c) => {
    const session = await requireSession(c, auth);
    const { lead_id } = queryInput(c, api.getNoDuesCertificate.input);
    const { bytes, filename } = await payments.noDuesCertificate(session.profileId, lead_id);
    return privateFile(c, bytes, "application/pdf", filename);
  });

  return routes;
}

/** Gateways' own calls (PayU's form post, PhonePe's redirect, webhooks): no /Api guard, raw bodies. */
export function createPaymentCallbackRoutes({ payments, payuNotify, refundWebhooks }: Pick<Services, "payments" | "payuNotify" | "refundWebhooks">) {
  const routes = new Hono<AppEnv>();
  routes.use("*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });

  routes.post(api.payuReturn.path, async (c) => {
    const { text } = await readBodyText(c.req.raw, FORM_LIMIT);
    const fields = Object.fromEntries(new URLSearchParams(text));
    return c.redirect(await payments.payuReturn(fields), 303);
  });

  routes.get(api.phonepeReturn.path, async (c) => {
    return c.redirect(await payments.phonepeReturn(c.req.query("order_id") ?? ""), 303);
  });

  routes.post(api.razorpayWebhook.path, async (c) => {
    const { text } = await readBodyText(c.req.raw, DEFAULT_BODY_LIMIT);
    await payments.razorpayWebhook({ rawBody: text, headers: headersOf(c) });
    return ok(c, "Webhook received.", { received: true as const });
  });

  routes.post(api.phonepeWebhook.path, async (c) => {
    const { text } = await readBodyText(c.req.raw, DEFAULT_BODY_LIMIT);
    // One URL for PhonePe's order and refund events: the refund webhooks hand order events on to payments.
    await refundWebhooks.phonepeWebhook({ rawBody: text, headers: headersOf(c) });
    return ok(c, "Webhook received.", { received: true as const });
  });

  routes.post(api.payuNotify.path, async (c) => {
    const { text } = await readBodyText(c.req.raw, FORM_LIMIT);
    await payuNotify({ rawBody: text });
    return ok(c, "Webhook received.", { received: true as const });
  });

  routes.post(api.payuRefundNotify.path, async (c) => {
    const { text } = await readBodyText(c.req.raw, DEFAULT_BODY_LIMIT);
    await refundWebhooks.payuRefundNotify({ rawBody: text, urlToken: c.req.query("token") ?? null });
    return ok(c, "Webhook received.", { received: true as const });
  });

  // Decision 55: the generic return and notifications of any gateway of the list, after the spec's own paths.
  routes.get(api.gatewayReturn.path, async (c) => {
    const gateway = gatewayOf(c);
    if (!gateway) return fail(c, 404, "Not found.");
    return c.redirect(await payments.returnFrom(gateway, c.req.query()), 303);
  });

  routes.post(api.gatewayReturnPost.path, async (c) => {
    const gateway = gatewayOf(c);
    if (!gateway) return fail(c, 404, "Not found.");
    const { text } = await readBodyText(c.req.raw, FORM_LIMIT);
    const fields = { ...c.req.query(), ...Object.fromEntries(new URLSearchParams(text)) };
    return c.redirect(await payments.returnFrom(gateway, fields), 303);
  });

  routes.post(api.gatewayWebhook.path, async (c) => {
    const gateway = gatewayOf(c);
    if (!gateway) return fail(c, 404, "Not found.");
    const { text } = await readBodyText(c.req.raw, DEFAULT_BODY_LIMIT);
    // A refund's notification first (a ?token= names the refund URL where the gateway signs nothing), else a payment's.
    await refundWebhooks.notification(gateway, { rawBody: text, headers: headersOf(c), urlToken: c.req.query("token") });
    return ok(c, "Webhook received.", { received: true as const });
  });

  routes.all("*", (c) => fail(c, 404, "Not found."));
  return routes;
}

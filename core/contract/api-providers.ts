// Calls that outside services make: eSign and DigiLocker returns, gateway and payout webhooks (each signed).
import * as P from "./paths.ts";
import * as z from "zod";
import * as R from "./replies.ts";
import { type ApiRoute, redirect } from "./api-route.ts";

export const providerRoutes = {
  esignWebhook: {
    ...P.API_ROUTES.esignWebhook,
    access: "provider",
    answer: "envelope",
    summary: "The eSign provider's webhook, signed with x-webhook-signature over the raw body.",
    input: z.object({ data: z.object({ verification_id: z.string(), reference_id: z.string(), status: z.string() }) }),
    reply: R.esignWebhookReply,
  },
  esignReturn: {
    ...P.API_ROUTES.esignReturn,
    access: "public",
    ...redirect,
    summary: "Where the eSign provider sends the browser back: on to congratulations once signed.",
    // Absent or unknown: the browser goes on to the "failed" screen, never an error page.
    input: z.object({ verification_id: z.string().optional() }),
  },
  digilockerCallback: {
    ...P.API_ROUTES.digilockerCallback,
    access: "session",
    ...redirect,
    summary: "DigiLocker's redirect back after eKYC (OAuth code and state).",
    input: z.object({ state: z.string().optional(), code: z.string().optional(), error: z.string().optional() }),
  },
  razorpayWebhook: {
    ...P.API_ROUTES.razorpayWebhook,
    access: "provider",
    answer: "envelope",
    summary: "Razorpay webhook (payment.captured, order.paid, payment.failed), X-Razorpay-Signature over the raw body; de-duplicated.",
    input: z.record(z.string(), z.unknown()),
    reply: R.webhookReply,
  },
  phonepeWebhook: {
    ...P.API_ROUTES.phonepeWebhook,
    access: "provider",
    answer: "envelope",
    summary:
      "PhonePe webhook, Authorization = SHA256(username:password); order events: the status API is asked before crediting; refund events (pg.refund.*) settle the refund attempt once.",
    input: z.record(z.string(), z.unknown()),
    reply: R.webhookReply,
  },
  payuNotify: {
    ...P.API_ROUTES.payuNotify,
    access: "provider",
    answer: "envelope",
    summary: "PayU server-to-server notification (form POST, the surl fields and reverse hash); verify_payment decides; de-duplicated.",
    input: z.record(z.string(), z.unknown()),
    reply: R.webhookReply,
  },
  payuRefundNotify: {
    ...P.API_ROUTES.payuRefundNotify,
    access: "provider",
    answer: "envelope",
    summary:
      "PayU refund status callback (JSON, action refund) to the URL with ?token=hex(HMAC-SHA256(salt, payu-refund-notify)); settles the refund attempt once.",
    input: z.record(z.string(), z.unknown()),
    reply: R.webhookReply,
  },
  gatewayWebhook: {
    ...P.API_ROUTES.gatewayWebhook,
    access: "provider",
    answer: "envelope",
    summary:
      "Decision 55: the notifications of the gateway named in the path, checked by its signature: a refund's (a ?token= in the URL where the gateway signs nothing) settles the refund attempt once, a payment's is confirmed by asking the gateway.",
    input: z.record(z.string(), z.unknown()),
    reply: R.webhookReply,
  },
  payoutWebhook: {
    ...P.API_ROUTES.payoutWebhook,
    access: "provider",
    answer: "envelope",
    summary: "RazorpayX payout webhook (payout.processed, payout.failed, payout.reversed), X-Razorpay-Signature over the raw body; settles the payout once.",
    input: z.record(z.string(), z.unknown()),
    reply: R.payoutWebhookReply,
  },
  whatsappWebhookVerify: {
    ...P.API_ROUTES.whatsappWebhookVerify,
    access: "provider",
    answer: "document",
    reply: R.noData,
    contentType: "text/plain",
    summary: "Issue 34: Meta's webhook verification: with hub.mode=subscribe and our WHATSAPP_VERIFY_TOKEN, answers hub.challenge as text; otherwise 403.",
    input: z.object({ "hub.mode": z.string().optional(), "hub.verify_token": z.string().optional(), "hub.challenge": z.string().optional() }),
  },
  whatsappWebhook: {
    ...P.API_ROUTES.whatsappWebhook,
    access: "provider",
    answer: "envelope",
    summary:
      "Issue 34: the WhatsApp Cloud API's webhook (statuses sent/delivered/read/failed and customers' messages), X-Hub-Signature-256 = sha256=HMAC-SHA256(app secret, raw body), else 401; each status and message applied once, a status never moves back.",
    input: z.record(z.string(), z.unknown()),
    reply: R.whatsappWebhookReply,
  },
} as const satisfies Record<string, ApiRoute>;

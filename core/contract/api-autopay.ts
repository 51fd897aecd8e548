// AutoPay (issue 24): the screen's figures and the mandate's state, the customer's cancel, the
// browser's return from the mandate provider and its signed webhook.
import * as z from "zod";
import * as P from "./paths.ts";
import * as R from "./replies.ts";
import { type ApiRoute, ownedBody, redirect } from "./api-route.ts";

export const autopayRoutes = {
  getAutopayDetails: {
    ...P.API_ROUTES.getAutopayDetails,
    access: "session",
    answer: "envelope",
    summary: "The AutoPay screen: the loan's figures (maximum, debit date) and the mandate's state and last failure.",
    input: ownedBody.extend({ lead_id: z.string().max(64).optional() }),
    reply: R.autopayDetailsReply,
  },
  revokeAutopay: {
    ...P.API_ROUTES.revokeAutopay,
    access: "session",
    answer: "envelope",
    summary: "The customer cancels the AutoPay mandate of their own loan.",
    input: ownedBody.extend({ lead_id: z.string().max(64) }),
    reply: R.autopayRevokeReply,
  },
  autopayReturn: {
    ...P.API_ROUTES.autopayReturn,
    access: "public",
    ...redirect,
    summary: "Where the mandate provider sends the browser back: the provider is asked; on to the eSign, or back to the AutoPay step.",
    input: z.object({ registration_id: z.string().optional(), outcome: z.string().optional() }),
  },
  mandateWebhook: {
    ...P.API_ROUTES.mandateWebhook,
    access: "provider",
    answer: "envelope",
    summary: "Razorpay recurring payments webhook (token.*, payment.captured, payment.failed), X-Razorpay-Signature over the raw body; de-duplicated.",
    input: z.record(z.string(), z.unknown()),
    reply: R.mandateWebhookReply,
  },
} as const satisfies Record<string, ApiRoute>;

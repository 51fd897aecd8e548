// Repayment: Pay Now's one-time code, gateway orders and browser returns, the result page and receipt,
// the repayment details, statement, No Dues Certificate and refunds.
import * as P from "./paths.ts";
import * as z from "zod";
import { payNowSendOtpSchema, payNowVerifyOtpSchema } from "../validation/index.ts";
import * as R from "./replies.ts";
import { type ApiRoute, LEAD_ID_INVALID, ownedBody, leadId, otpRef, gatewayId, shortText, amountInput, redirect, file } from "./api-route.ts";

export const repaymentRoutes = {
  repaySendOtp: {
    ...P.API_ROUTES.repaySendOtp,
    access: "public",
    answer: "envelope",
    summary: "Pay Now: a code to the mobile registered with this PAN; the same answer whether or not the PAN has a loan.",
    input: payNowSendOtpSchema,
    reply: R.repaySendOtpReply,
  },
  repayVerifyOtp: {
    ...P.API_ROUTES.repayVerifyOtp,
    access: "public",
    answer: "envelope",
    summary: "Pay Now: checks the code, sets the sot_repay cookie (15 min, one loan) and answers the loan due.",
    input: payNowVerifyOtpSchema.extend({ otp_ref: otpRef }),
    reply: R.repayVerifyOtpReply,
  },
  generateRazorpayorderId: {
    ...P.API_ROUTES.generateRazorpayorderId,
    access: "session",
    answer: "envelope",
    summary: "A Razorpay order for the lead (its owner, or the sot_repay cookie of it): blank or at least the total due charges the total due.",
    input: z.object({ lead_id: leadId, rzp_amount: amountInput }),
    reply: R.razorpayOrderReply,
  },
  razorpayVerify: {
    ...P.API_ROUTES.razorpayVerify,
    access: "public",
    answer: "envelope",
    summary: "Razorpay checkout result: signature over our stored order id, then the payment fetched from Razorpay; posted once.",
    input: z.object({ razorpay_payment_id: gatewayId, razorpay_order_id: gatewayId, razorpay_signature: gatewayId }),
    reply: R.razorpayVerifyReply,
  },
  payuOrder: {
    ...P.API_ROUTES.payuOrder,
    access: "session",
    answer: "envelope",
    summary: "The PayU hosted-checkout form (udf5 = lead id) with its request hash; surl/furl are our return route.",
    input: z.object({
      // Name, e-mail and mobile are taken from the loan's customer on the server: the Pay Now page only has the masked mobile.
      amount: amountInput,
      productinfo: shortText(100),
      firstname: z.string().max(60).optional(),
      email: z.string().max(200).optional(),
      mobile: z.string().max(20).optional(),
      udf5: leadId,
    }),
    reply: R.payuOrderReply,
  },
  phonepeOrder: {
    ...P.API_ROUTES.phonepeOrder,
    access: "session",
    answer: "envelope",
    summary: "A PhonePe Standard Checkout order; the browser goes to data.url and comes back through our return route.",
    input: z.object({
      amount: amountInput,
      leadId,
      customerName: z.string().max(100).optional(),
      customerEmail: z.string().max(200).optional(),
      customerMobile: z.string().max(20).optional(),
    }),
    reply: R.phonepeOrderReply,
  },
  gatewayCheckout: {
    ...P.API_ROUTES.gatewayCheckout,
    access: "session",
    answer: "envelope",
    summary:
      "Decision 55: an order at the gateway named in the path (any of pg_data), for the lead (its owner, or the sot_repay cookie of it); blank or at least the total due charges the total due. The page takes the browser step by browser.kind.",
    input: z.object({ lead_id: leadId, amount: amountInput }),
    reply: R.gatewayCheckoutReply,
  },
  gatewayCheckoutVerify: {
    ...P.API_ROUTES.gatewayCheckoutVerify,
    access: "public",
    answer: "envelope",
    summary:
      "Decision 55: a script checkout's result (the fields its handler gives), checked by the gateway's signature, then the payment asked about and posted once; answers as razorpayVerify.",
    input: z.record(z.string().max(64), z.string().max(200)),
    reply: R.razorpayVerifyReply,
  },
  instifiGetSataus: {
    ...P.API_ROUTES.instifiGetSataus,
    access: "public",
    answer: "envelope",
    summary: "Payment status of an order: asks the gateway when not final, posts once; PhonePe COMPLETED → Completed.",
    input: z.object({ order_id: gatewayId, txn_id: z.string().max(100).optional() }),
    reply: R.paymentStatusReply,
  },
  paymentResult: {
    ...P.API_ROUTES.paymentResult,
    access: "session",
    answer: "envelope",
    summary:
      "The payment result page's facts of one order (amount, loan number, what is still due, what next), for its payer: the signed-in owner or the sot_repay cookie of the loan.",
    input: z.object({ order_id: gatewayId }),
    reply: R.paymentResultReply,
  },
  getPaymentReceipt: {
    ...P.API_ROUTES.getPaymentReceipt,
    access: "session",
    ...file("application/pdf"),
    summary: "The receipt (PDF) of a confirmed payment, for its payer: the signed-in owner or the sot_repay cookie of the loan.",
    input: z.object({ order_id: gatewayId }),
  },
  getRepaymentDetails: {
    ...P.API_ROUTES.getRepaymentDetails,
    access: "session",
    answer: "envelope",
    summary: "The Repayment screen: repayment_data of the customer's loan due (or null) and the gateways.",
    input: ownedBody.extend({ lead_id: z.string({ error: LEAD_ID_INVALID }).max(64, LEAD_ID_INVALID).optional() }),
    reply: R.repaymentDetailsReply,
  },
  getNoDuesCertificate: {
    ...P.API_ROUTES.getNoDuesCertificate,
    access: "session",
    ...file("application/pdf"),
    summary: "The No Dues Certificate of the customer's closed loan.",
    input: z.object({ lead_id: leadId }),
  },
  getLoanStatement: {
    ...P.API_ROUTES.getLoanStatement,
    access: "session",
    ...file("application/pdf"),
    summary: "The loan statement (every ledger entry, running balance, totals) of the customer's disbursed or closed loan.",
    input: z.object({ lead_id: leadId }),
  },
  getLeadRefunds: {
    ...P.API_ROUTES.getLeadRefunds,
    access: "session",
    answer: "envelope",
    summary: "Loan Details: the excess we hold for one of the customer's loans and its refunds (decision 37), amounts in rupees.",
    input: ownedBody.extend({ lead_id: leadId }),
    reply: R.leadRefundsReply,
  },
  payuReturn: {
    ...P.API_ROUTES.payuReturn,
    access: "provider",
    ...redirect,
    summary: "PayU surl/furl (form POST): reverse hash and verify_payment, then 303 to /thank-you/<order>/<txn>.",
    input: z.record(z.string(), z.unknown()),
  },
  gatewayReturn: {
    ...P.API_ROUTES.gatewayReturn,
    access: "provider",
    ...redirect,
    summary:
      "Decision 55: the browser back from the gateway named in the path (a redirect): the gateway reads the fields and is asked, then 303 to /thank-you/<order>/<txn>.",
    input: z.record(z.string(), z.string()),
  },
  gatewayReturnPost: {
    ...P.API_ROUTES.gatewayReturnPost,
    access: "provider",
    ...redirect,
    summary: "Decision 55: the browser back from the gateway named in the path (a form post), as gatewayReturn.",
    input: z.record(z.string(), z.unknown()),
  },
  phonepeReturn: {
    ...P.API_ROUTES.phonepeReturn,
    access: "provider",
    ...redirect,
    summary: "PhonePe redirect back: the status API decides, then 303 to /thank-you/<order>/<txn>.",
    input: z.object({ order_id: z.string().optional() }),
  },
} as const satisfies Record<string, ApiRoute>;

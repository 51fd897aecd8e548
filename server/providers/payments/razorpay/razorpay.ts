// Production Razorpay adapter: the Orders and Payments REST API with Basic auth (key_id:key_secret).
// The sandbox runs this same adapter against its own routes (see sandbox.ts), so this code runs in both modes.
import { PaymentGatewayError, readJson } from "../shared.ts";
import { razorpaySettlementsFromRecon } from "./settlement-recon.ts";
import {
  razorpayOrderProblems,
  verifyRazorpayPaymentSignature,
  verifyRazorpayWebhookSignature,
  type RazorpayGateway,
  type RazorpayOrder,
  type RazorpayPayment,
  type RazorpayRefund,
} from "./port.ts";

export const RAZORPAY_API_URL = "https://api.razorpay.com";
export const RAZORPAY_CHECKOUT_SCRIPT = "https://checkout.razorpay.com/v1/checkout.js";

export interface RazorpayConfig {
  /** https://api.razorpay.com (no /v1). */
  apiUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  checkoutScriptUrl?: string;
  provider?: "razorpay" | "sandbox";
  fetch?: typeof fetch;
}

const ID = /^[A-Za-z0-9_]{1,64}$/;

export function createRazorpayGateway(config: RazorpayConfig): RazorpayGateway {
  const doFetch = config.fetch ?? fetch;
  const base = config.apiUrl.replace(/\/$/, "");
  const authorization = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString("base64")}`;

  async function call<T>(method: "GET" | "POST", path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<T> {
    const response = await doFetch(`${base}${path}`, {
      method,
      headers: { Authorization: authorization, Accept: "application/json", ...(body ? { "Content-Type": "application/json" } : {}), ...extraHeaders },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    const json = await readJson(response);
    if (!response.ok) {
      const error = (json as { error?: { code?: unknown; description?: unknown } } | null)?.error;
      const code = error?.code;
      const where = path.replace(/\/(order|pay|rfnd)_[A-Za-z0-9]+/g, "/:id");
      // Razorpay answers an unknown id with HTTP 400 "The id provided does not exist".
      const missing = response.status === 404 || (typeof error?.description === "string" && /does not exist/i.test(error.description));
      const kind = response.status === 401 ? "unauthorized" : missing ? "not_found" : response.status < 500 ? "invalid_request" : "provider_error";
      throw new PaymentGatewayError(
        "razorpay",
        kind,
        `Razorpay answered HTTP ${response.status}${typeof code === "string" ? ` (${code})` : ""} for ${method} ${where}`,
      );
    }
    if (!json || typeof json !== "object")
      throw new PaymentGatewayError("razorpay", "provider_error", `Razorpay answered without JSON for ${method} ${path.split("/").slice(0, 3).join("/")}`);
    return json as T;
  }

  const checkId = (id: string, prefix: string) => {
    if (typeof id !== "string" || !ID.test(id) || !id.startsWith(prefix))
      throw new PaymentGatewayError("razorpay", "invalid_request", `Not a Razorpay ${prefix.slice(0, -1)} id`);
  };

  return {
    provider: config.provider ?? "razorpay",
    checkout: { keyId: config.keyId, scriptUrl: config.checkoutScriptUrl ?? RAZORPAY_CHECKOUT_SCRIPT },

    async createOrder({ amountPaise, receipt, notes }) {
      const problems = razorpayOrderProblems({ amountPaise, receipt, notes });
      if (problems.length) throw new PaymentGatewayError("razorpay", "invalid_request", `Razorpay order refused before sending: ${problems.join("; ")}`);
      return call<RazorpayOrder>("POST", "/v1/orders", { amount: amountPaise, currency: "INR", receipt, notes: notes ?? {} });
    },
    async fetchOrder(orderId) {
      checkId(orderId, "order_");
      return call<RazorpayOrder>("GET", `/v1/orders/${orderId}`);
    },
    async fetchPayment(paymentId) {
      checkId(paymentId, "pay_");
      return call<RazorpayPayment>("GET", `/v1/payments/${paymentId}`);
    },
    async fetchOrderPayments(orderId) {
      checkId(orderId, "order_");
      const list = await call<{ items?: RazorpayPayment[] }>("GET", `/v1/orders/${orderId}/payments`);
      return Array.isArray(list.items) ? list.items : [];
    },
    async refund({ paymentId, amountPaise, receipt, idempotencyKey, notes }) {
      checkId(paymentId, "pay_");
      if (!Number.isSafeInteger(amountPaise) || amountPaise < 100)
        throw new PaymentGatewayError("razorpay", "invalid_request", "Razorpay refund refused before sending: amount must be at least 100 paise");
      // Razorpay: a receipt of at most 40 characters; an idempotency key of 10+ letters, digits, - and _.
      if (!receipt || receipt.length > 40 || !/^[A-Za-z0-9_-]{10,}$/.test(idempotencyKey))
        throw new PaymentGatewayError("razorpay", "invalid_request", "Razorpay refund refused before sending: receipt or idempotency key not valid");
      return call<RazorpayRefund>(
        "POST",
        `/v1/payments/${paymentId}/refund`,
        { amount: amountPaise, speed: "normal", receipt, notes: notes ?? {} },
        { "X-Refund-Idempotency": idempotencyKey },
      );
    },
    async refundStatus({ paymentId, receipt }) {
      checkId(paymentId, "pay_");
      const list = await call<{ items?: RazorpayRefund[] }>("GET", `/v1/payments/${paymentId}/refunds?count=100`);
      return (Array.isArray(list.items) ? list.items : []).find((r) => r.receipt === receipt) ?? null;
    },
    verifyPaymentSignature({ orderId, paymentId, signature }) {
      return verifyRazorpayPaymentSignature(config.keySecret, orderId, paymentId, signature);
    },
    verifyWebhookSignature(rawBody, signature) {
      return verifyRazorpayWebhookSignature(config.webhookSecret, rawBody, signature);
    },
    async settlementReport(on) {
      const [year, month, day] = on.split("-");
      const items: unknown[] = [];
      // Pages of up to 1000 items (count, skip) until a short page.
      for (let skip = 0; ; skip += 1000) {
        const page = await call<{ items?: unknown[] }>("GET", `/v1/settlements/recon/combined?year=${year}&month=${month}&day=${day}&count=1000&skip=${skip}`);
        const got = Array.isArray(page.items) ? page.items : [];
        items.push(...got);
        if (got.length < 1000) break;
      }
      return razorpaySettlementsFromRecon(items);
    },
  };
}

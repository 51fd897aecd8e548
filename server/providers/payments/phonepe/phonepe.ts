// Production PhonePe Standard Checkout v2 adapter. The token is cached until shortly before expires_at and
// fetched again once when an API call answers 401. The sandbox runs this same adapter against its own routes.
import { PaymentGatewayError, readJson } from "../shared.ts";
import { phonepeSettlement, type PhonepeSettlementSummary } from "./settlement-report.ts";
import {
  isPhonepeRefundState,
  isPhonepeState,
  PHONEPE_MERCHANT_ORDER_ID,
  verifyPhonepeWebhookAuthorization,
  type PhonepeGateway,
  type PhonepeOrderStatus,
  type PhonepePaymentDetail,
  type PhonepeRefund,
} from "./port.ts";

export const PHONEPE_AUTH_URL = "https://api.phonepe.com/apis/identity-manager";
export const PHONEPE_BASE_URL = "https://api.phonepe.com/apis/pg";
/** UAT: both the token and the API live here. */
export const PHONEPE_SANDBOX_URL = "https://api-preprod.phonepe.com/apis/pg-sandbox";

export interface PhonepeConfig {
  /** Host of /v1/oauth/token. */
  authUrl: string;
  /** Host of /checkout/v2/…. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  clientVersion: string;
  webhookUsername: string;
  webhookPassword: string;
  provider?: "phonepe" | "sandbox";
  fetch?: typeof fetch;
  /** Epoch milliseconds; tests move it. */
  now?: () => number;
}

const EARLY_REFRESH_S = 60;

function readRefund(reply: Record<string, unknown>): PhonepeRefund {
  if (typeof reply.refundId !== "string" || !isPhonepeRefundState(reply.state))
    throw new PaymentGatewayError("phonepe", "provider_error", "PhonePe refund answer lacks refundId or a known state");
  return {
    refundId: reply.refundId,
    amountPaise: typeof reply.amount === "number" ? reply.amount : 0,
    state: reply.state,
    ...(typeof reply.errorCode === "string" && reply.errorCode ? { errorCode: reply.errorCode } : {}),
  };
}

/** The order status API's answer, read into our shape (its state checked by the caller). */
function readOrderStatus(reply: Record<string, unknown>): PhonepeOrderStatus {
  const details = Array.isArray(reply.paymentDetails) ? (reply.paymentDetails as PhonepePaymentDetail[]) : [];
  const status: PhonepeOrderStatus = {
    orderId: typeof reply.orderId === "string" ? reply.orderId : "",
    state: reply.state as PhonepeOrderStatus["state"],
    amountPaise: typeof reply.amount === "number" ? reply.amount : 0,
    expireAt: typeof reply.expireAt === "number" ? reply.expireAt : 0,
    metaInfo: reply.metaInfo && typeof reply.metaInfo === "object" ? (reply.metaInfo as PhonepeOrderStatus["metaInfo"]) : {},
    paymentDetails: details.map((d) => ({
      transactionId: d.transactionId,
      paymentMode: d.paymentMode,
      state: d.state,
      amount: d.amount,
      timestamp: d.timestamp,
      ...(d.errorCode ? { errorCode: d.errorCode } : {}),
    })),
    ...(typeof reply.errorCode === "string" ? { errorCode: reply.errorCode } : {}),
  };
  return status;
}

/** What PhonePe would refuse in an order, found before sending it. */
function orderProblems({
  merchantOrderId,
  amountPaise,
  redirectUrl,
  expireAfterSeconds,
}: {
  merchantOrderId: string;
  amountPaise: number;
  redirectUrl: string;
  expireAfterSeconds?: number;
}) {
  return [
    !PHONEPE_MERCHANT_ORDER_ID.test(merchantOrderId ?? "") && "merchantOrderId must be 1 to 63 of A-Z a-z 0-9 _ -",
    !(Number.isSafeInteger(amountPaise) && amountPaise >= 100) && "amount must be an integer of at least 100 paise",
    !/^https?:\/\/\S+$/.test(redirectUrl ?? "") && "redirectUrl must be an absolute http(s) URL",
    expireAfterSeconds !== undefined &&
      !(Number.isSafeInteger(expireAfterSeconds) && expireAfterSeconds >= 300 && expireAfterSeconds <= 3600) &&
      "expireAfter must be 300 to 3600 seconds",
  ].filter(Boolean);
}

export function createPhonepeGateway(config: PhonepeConfig): PhonepeGateway {
  const doFetch = config.fetch ?? fetch;
  const now = config.now ?? Date.now;
  const authUrl = config.authUrl.replace(/\/$/, "");
  const baseUrl = config.baseUrl.replace(/\/$/, "");
  let cached: { token: string; expiresAt: number } | null = null;
  let inFlight: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const response = await doFetch(`${authUrl}/v1/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams({
        client_id: config.clientId,
        client_version: config.clientVersion,
        client_secret: config.clientSecret,
        grant_type: "client_credentials",
      }).toString(),
      signal: AbortSignal.timeout(30_000),
    });
    const json = (await readJson(response)) as { access_token?: unknown; expires_at?: unknown } | null;
    if (!response.ok || typeof json?.access_token !== "string") {
      throw new PaymentGatewayError(
        "phonepe",
        response.status === 401 || response.status === 400 ? "unauthorized" : "provider_error",
        `PhonePe token request answered HTTP ${response.status}`,
      );
    }
    // expires_at is epoch seconds; without it, keep the token for 10 minutes.
    const expiresAt = typeof json.expires_at === "number" ? json.expires_at : Math.floor(now() / 1000) + 600;
    cached = { token: json.access_token, expiresAt };
    return json.access_token;
  }

  function token(): Promise<string> {
    if (cached && Math.floor(now() / 1000) < cached.expiresAt - EARLY_REFRESH_S) return Promise.resolve(cached.token);
    inFlight ??= fetchToken().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  async function call<T>(method: "GET" | "POST", path: string, body?: unknown, retried = false): Promise<T> {
    const response = await doFetch(`${baseUrl}${path}`, {
      method,
      headers: { Authorization: `O-Bearer ${await token()}`, Accept: "application/json", ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    if (response.status === 401 && !retried) {
      cached = null;
      return call<T>(method, path, body, true);
    }
    const json = await readJson(response);
    const where = path.startsWith("/checkout/v2/order/")
      ? "/checkout/v2/order/:id/status"
      : path.startsWith("/payments/v2/refund/")
        ? "/payments/v2/refund/:id/status"
        : path.startsWith("/settlements/v1/")
          ? "/settlements/v1/…"
          : path;
    if (!response.ok) {
      const code = (json as { code?: unknown } | null)?.code;
      const missing = response.status === 404 || (typeof code === "string" && /NOT_FOUND/i.test(code));
      const kind = response.status === 401 ? "unauthorized" : missing ? "not_found" : response.status < 500 ? "invalid_request" : "provider_error";
      throw new PaymentGatewayError(
        "phonepe",
        kind,
        `PhonePe answered HTTP ${response.status}${typeof code === "string" ? ` (${code})` : ""} for ${method} ${where}`,
      );
    }
    if (!json || typeof json !== "object") throw new PaymentGatewayError("phonepe", "provider_error", `PhonePe answered without JSON for ${method} ${where}`);
    return json as T;
  }

  return {
    provider: config.provider ?? "phonepe",

    async createOrder({ merchantOrderId, amountPaise, redirectUrl, expireAfterSeconds, metaInfo }) {
      const problems = orderProblems({ merchantOrderId, amountPaise, redirectUrl, expireAfterSeconds });
      if (problems.length) throw new PaymentGatewayError("phonepe", "invalid_request", `PhonePe order refused before sending: ${problems.join("; ")}`);
      const reply = await call<{ orderId?: unknown; state?: unknown; redirectUrl?: unknown; expireAt?: unknown }>("POST", "/checkout/v2/pay", {
        merchantOrderId,
        amount: amountPaise,
        ...(expireAfterSeconds ? { expireAfter: expireAfterSeconds } : {}),
        metaInfo: metaInfo ?? {},
        paymentFlow: { type: "PG_CHECKOUT", merchantUrls: { redirectUrl } },
      });
      if (typeof reply.orderId !== "string" || typeof reply.redirectUrl !== "string" || !isPhonepeState(reply.state)) {
        throw new PaymentGatewayError("phonepe", "provider_error", "PhonePe create-order answer lacks orderId, state or redirectUrl");
      }
      return { orderId: reply.orderId, state: reply.state, redirectUrl: reply.redirectUrl, expireAt: typeof reply.expireAt === "number" ? reply.expireAt : 0 };
    },

    async orderStatus(merchantOrderId) {
      if (!PHONEPE_MERCHANT_ORDER_ID.test(merchantOrderId ?? "")) throw new PaymentGatewayError("phonepe", "invalid_request", "Not a merchantOrderId");
      const reply = await call<Record<string, unknown>>("GET", `/checkout/v2/order/${merchantOrderId}/status`);
      if (!isPhonepeState(reply.state)) throw new PaymentGatewayError("phonepe", "provider_error", "PhonePe status answer has no known state");
      return readOrderStatus(reply);
    },

    async refund({ merchantRefundId, originalMerchantOrderId, amountPaise }) {
      if (!PHONEPE_MERCHANT_ORDER_ID.test(merchantRefundId ?? "") || !PHONEPE_MERCHANT_ORDER_ID.test(originalMerchantOrderId ?? ""))
        throw new PaymentGatewayError("phonepe", "invalid_request", "PhonePe refund refused before sending: refund or order id not valid");
      if (!Number.isSafeInteger(amountPaise) || amountPaise < 100)
        throw new PaymentGatewayError("phonepe", "invalid_request", "PhonePe refund refused before sending: amount must be at least 100 paise");
      const reply = await call<Record<string, unknown>>("POST", "/payments/v2/refund", { merchantRefundId, originalMerchantOrderId, amount: amountPaise });
      return readRefund(reply);
    },

    async refundStatus(merchantRefundId) {
      if (!PHONEPE_MERCHANT_ORDER_ID.test(merchantRefundId ?? "")) throw new PaymentGatewayError("phonepe", "invalid_request", "Not a merchantRefundId");
      try {
        return readRefund(await call<Record<string, unknown>>("GET", `/payments/v2/refund/${merchantRefundId}/status`));
      } catch (error) {
        if (error instanceof PaymentGatewayError && error.code === "not_found") return null;
        throw error;
      }
    },

    verifyWebhook(authorization) {
      return verifyPhonepeWebhookAuthorization(config.webhookUsername, config.webhookPassword, authorization);
    },

    async settlementReport(on) {
      const list = await call<{ settlements?: PhonepeSettlementSummary[] }>("GET", `/settlements/v1/list?fromDate=${on}&toDate=${on}&limit=50&offset=0`);
      const out = [];
      for (const summary of Array.isArray(list.settlements) ? list.settlements : []) {
        if (summary?.state !== "PROCESSED" || typeof summary.settlementId !== "string" || !/^[A-Za-z0-9_-]{1,80}$/.test(summary.settlementId)) continue;
        const transactions: unknown[] = [];
        // Offsets strictly in steps of the limit, as PhonePe requires.
        for (let offset = 0; offset < 10_000; offset += 50) {
          const page = await call<{ transactions?: unknown[] }>("GET", `/settlements/v1/${summary.settlementId}/transactions?limit=50&offset=${offset}`);
          const got = Array.isArray(page.transactions) ? page.transactions : [];
          transactions.push(...got);
          if (got.length < 50) break;
        }
        out.push(phonepeSettlement(summary, transactions));
      }
      return out;
    },
  };
}

// A local PhonePe Standard Checkout v2 (off in production mode), mounted under /sandbox/phonepe:
// - POST /v1/oauth/token (client credentials), POST /checkout/v2/pay, GET /checkout/v2/order/{id}/status,
//   as the production adapter calls them;
// - GET /pay/{orderId}: the hosted page where the customer picks the result; the answer sends the webhook
//   (Authorization = hex(SHA256(username:password))) and redirects the browser to redirectUrl.
import { formatPaise } from "../../../../core/money.ts";
import { Hono, type Context } from "hono";
import { createMemorySandboxStore, type SandboxStore } from "../../sandbox-store.ts";
import { escapeHtml, inProcessFetch, randomId, sandboxPage, sandboxPageCsp, storeMap, type WebhookReceiver } from "../shared.ts";
import { isIsoDate } from "../../../../core/calendar.ts";
import { sandboxCaptureIndex, sandboxSettlementFigures, sandboxSettlementRef } from "../settlement.ts";
import { createPhonepeGateway } from "./phonepe.ts";
import type { PhonepeSettlementSummary, PhonepeSettlementTransaction } from "./settlement-report.ts";
import { PHONEPE_MERCHANT_ORDER_ID, phonepeWebhookAuthorization, type PhonepeMetaInfo, type PhonepeOrderState, type PhonepePaymentDetail } from "./port.ts";
import { phonepeSandboxRefundRoutes } from "./sandbox-refunds.ts";

export const SANDBOX_PHONEPE_BASE = "/sandbox/phonepe";
export const SANDBOX_PHONEPE_CLIENT_ID = "SOTSANDBOXUAT_2611";
export const SANDBOX_PHONEPE_CLIENT_SECRET = "sandbox-phonepe-client-secret";
export const SANDBOX_PHONEPE_CLIENT_VERSION = "1";
export const SANDBOX_PHONEPE_WEBHOOK_USERNAME = "salaryontime-sandbox";
export const SANDBOX_PHONEPE_WEBHOOK_PASSWORD = "sandbox-phonepe-webhook-password";
const MERCHANT_ID = "SOTSANDBOXUAT";
const TOKEN_LIFETIME_S = 3600;
const DEFAULT_EXPIRE_S = 1200;

type Choice = "COMPLETED" | "FAILED" | "PENDING";
const MODES: Record<string, string> = { UPI_INTENT: "UPI", CARD: "Card", NET_BANKING: "Net banking" };

interface SandboxOrder {
  orderId: string;
  merchantOrderId: string;
  amount: number;
  expireAt: number;
  metaInfo: PhonepeMetaInfo;
  redirectUrl: string;
  state: PhonepeOrderState;
  paymentDetails: PhonepePaymentDetail[];
}

const error = (code: string, message: string) => ({ success: false, code, message });

/** What the sandbox's routes share: its tokens and orders, the captures, and the hosted page's answer. */
interface PhonepeSandboxState {
  now: () => number;
  origin: string;
  tokens: ReturnType<typeof storeMap<number>>;
  orders: ReturnType<typeof storeMap<SandboxOrder>>;
  byOrderId: ReturnType<typeof storeMap<string>>;
  captures: ReturnType<typeof sandboxCaptureIndex>;
  current: (order: SandboxOrder | undefined) => SandboxOrder | undefined;
  complete: (orderId: string, choice: Choice, paymentMode?: string) => Promise<SandboxOrder | null>;
  authorized: (c: Context) => Promise<boolean>;
}

/** The client-credentials token the production adapter asks for first. */
function oauthRoute(routes: Hono, s: PhonepeSandboxState) {
  const { now, tokens } = s;
  routes.post("/v1/oauth/token", async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    if (form.grant_type !== "client_credentials") return c.json(error("BAD_REQUEST", "grant_type must be client_credentials"), 400);
    if (
      form.client_id !== SANDBOX_PHONEPE_CLIENT_ID ||
      form.client_secret !== SANDBOX_PHONEPE_CLIENT_SECRET ||
      form.client_version !== SANDBOX_PHONEPE_CLIENT_VERSION
    ) {
      return c.json(error("AUTHORIZATION_FAILED", "Client authentication failed"), 401);
    }
    const token = randomId("", 40);
    const issuedAt = Math.floor(now() / 1000);
    await tokens.set(token, issuedAt + TOKEN_LIFETIME_S);
    return c.json({
      access_token: token,
      encrypted_access_token: token,
      expires_in: null,
      issued_at: issuedAt,
      expires_at: issuedAt + TOKEN_LIFETIME_S,
      session_expires_at: issuedAt + TOKEN_LIFETIME_S,
      token_type: "O-Bearer",
    });
  });
}

/** Standard Checkout v2: create an order, ask its status (a token required). */
function checkoutApi(s: PhonepeSandboxState) {
  const { now, origin, orders, byOrderId, current, authorized } = s;
  const api = new Hono();
  api.use("*", async (c, next) => {
    if (!(await authorized(c))) return c.json(error("AUTHORIZATION_FAILED", "Invalid or expired token"), 401);
    await next();
  });
  api.post("/pay", async (c) => {
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    const flow = body?.paymentFlow as { type?: unknown; merchantUrls?: { redirectUrl?: unknown } } | undefined;
    const merchantOrderId = body?.merchantOrderId;
    const amount = body?.amount;
    const redirectUrl = flow?.merchantUrls?.redirectUrl;
    if (typeof merchantOrderId !== "string" || !PHONEPE_MERCHANT_ORDER_ID.test(merchantOrderId))
      return c.json(error("BAD_REQUEST", "merchantOrderId is invalid"), 400);
    if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount < 100)
      return c.json(error("BAD_REQUEST", "amount must be at least 100 paise"), 400);
    if (flow?.type !== "PG_CHECKOUT" || typeof redirectUrl !== "string" || !/^https?:\/\/\S+$/.test(redirectUrl))
      return c.json(error("BAD_REQUEST", "paymentFlow must be PG_CHECKOUT with a redirectUrl"), 400);
    const expireAfter = typeof body?.expireAfter === "number" ? body.expireAfter : DEFAULT_EXPIRE_S;
    const meta = body?.metaInfo && typeof body.metaInfo === "object" ? (body.metaInfo as PhonepeMetaInfo) : {};
    const order: SandboxOrder = {
      orderId: randomId("OMO", 22),
      merchantOrderId,
      amount,
      expireAt: now() + expireAfter * 1000,
      metaInfo: meta,
      redirectUrl,
      state: "PENDING",
      paymentDetails: [],
    };
    // Inserted only if new: the same merchantOrderId sent to two instances at once makes one order.
    if (!(await orders.add(merchantOrderId, order))) return c.json(error("BAD_REQUEST", "Duplicate merchantOrderId"), 400);
    await byOrderId.set(order.orderId, merchantOrderId);
    return c.json({
      orderId: order.orderId,
      state: order.state,
      expireAt: order.expireAt,
      redirectUrl: `${origin}${SANDBOX_PHONEPE_BASE}/pay/${order.orderId}`,
    });
  });
  api.get("/order/:merchantOrderId/status", async (c) => {
    const order = current(await orders.get(c.req.param("merchantOrderId")));
    if (!order) return c.json(error("ORDER_NOT_FOUND", "No order with this merchantOrderId"), 404);
    return c.json({
      orderId: order.orderId,
      state: order.state,
      amount: order.amount,
      expireAt: order.expireAt,
      metaInfo: order.metaInfo,
      ...(order.state === "FAILED" ? { errorCode: order.paymentDetails.at(-1)?.errorCode ?? "TXN_AUTO_FAILED" } : {}),
      paymentDetails: order.paymentDetails,
    });
  });
  return api;
}

/** Settlements: one a day (T+1, 11:00 India time) of the day before's completed payments and refunds. */
function settlementApi(s: PhonepeSandboxState, sandboxRefunds: ReturnType<typeof phonepeSandboxRefundRoutes>) {
  const { now, tokens, orders, captures } = s;
  const settlementOf = async (on: string) => {
    const ids = (await captures.settledOn(on)) ?? [];
    const paid = (await Promise.all(ids.map((id) => orders.get(id)))).filter((o) => o !== undefined);
    const payments: PhonepeSettlementTransaction[] = paid.map((o) => {
      const f = sandboxSettlementFigures(o.amount);
      const detail = o.paymentDetails.find((d) => d.state === "COMPLETED");
      return {
        transactionId: detail?.transactionId ?? "",
        merchantOrderId: o.merchantOrderId,
        orderId: o.orderId,
        transactionType: "PAYMENT",
        amount: f.grossPaise,
        fee: f.feePaise,
        tax: f.taxPaise,
        settlementAmount: f.netPaise,
        transactionTimestamp: detail?.timestamp ?? 0,
      };
    });
    const transactions = [...payments, ...(await sandboxRefunds.settlementTransactions(on))];
    const summary: PhonepeSettlementSummary = {
      settlementId: `STL${sandboxSettlementRef("phonepe", on, 20)}`,
      state: "PROCESSED",
      utr: sandboxSettlementRef("phonepe-utr", on, 12),
      amount: transactions.reduce((sum, t) => sum + t.settlementAmount, 0),
      settlementDate: captures.settledAt(on).getTime(),
    };
    return { summary, transactions };
  };
  const settlements = new Hono();
  settlements.use("*", async (c, next) => {
    const token = /^O-Bearer (\S+)$/.exec(c.req.header("authorization") ?? "")?.[1];
    const expiresAt = token ? await tokens.get(token) : undefined;
    if (!expiresAt || expiresAt <= Math.floor(now() / 1000)) return c.json(error("AUTHORIZATION_FAILED", "Invalid or expired token"), 401);
    await next();
  });
  settlements.get("/list", async (c) => {
    const from = c.req.query("fromDate") ?? "";
    if (!isIsoDate(from) || c.req.query("toDate") !== from) return c.json(error("BAD_REQUEST", "The sandbox lists one day at a time (fromDate = toDate)"), 400);
    const { summary, transactions } = await settlementOf(from);
    return c.json({ settlements: transactions.length ? [summary] : [] });
  });
  settlements.get("/:settlementId/transactions", async (c) => {
    const id = c.req.param("settlementId");
    const offset = Math.max(0, Number(c.req.query("offset")) || 0);
    const limit = Math.min(50, Math.max(1, Number(c.req.query("limit")) || 10));
    // The sandbox's ids are per day: find the day among the last 40.
    for (let back = 0; back < 40; back++) {
      const day = new Date(now() - back * 86_400_000 + 5.5 * 3600_000).toISOString().slice(0, 10);
      if (`STL${sandboxSettlementRef("phonepe", day, 20)}` !== id) continue;
      const { transactions } = await settlementOf(day);
      return c.json({ settlementId: id, total: transactions.length, transactions: transactions.slice(offset, offset + limit) });
    }
    return c.json(error("NOT_FOUND", "No settlement with this id"), 404);
  });
  return settlements;
}

/** The hosted page where the customer picks the result, and its answer. */
function hostedPages(routes: Hono, s: PhonepeSandboxState) {
  const { orders, byOrderId, current, complete } = s;
  const notOpen = (c: Context) =>
    c.html(
      sandboxPage({
        gateway: "PhonePe",
        title: "This payment is closed",
        body: `<div class="card"><p role="alert" class="error">This payment link is unknown, expired or already used.</p></div>`,
      }),
      400,
      {
        "Content-Security-Policy": sandboxPageCsp(),
      },
    );

  routes.get("/pay/:orderId", async (c) => {
    const merchantOrderId = await byOrderId.get(c.req.param("orderId"));
    const order = current(merchantOrderId ? await orders.get(merchantOrderId) : undefined);
    if (!order || order.state !== "PENDING") return notOpen(c);
    const modes = Object.entries(MODES)
      .map(([value, label], i) => `<label><input type="radio" name="mode" value="${value}"${i === 0 ? " checked" : ""}> ${escapeHtml(label)}</label>`)
      .join("");
    const body = `<div class="card"><h2>Order</h2><dl><dt>Amount</dt><dd>${escapeHtml(formatPaise(order.amount, { decimals: 2 }))}</dd><dt>Order</dt><dd>${escapeHtml(order.merchantOrderId)}</dd></dl></div>
<form class="card" method="post" action="${SANDBOX_PHONEPE_BASE}/pay/${escapeHtml(order.orderId)}">
<fieldset><legend>Payment method</legend>${modes}</fieldset>
<fieldset><legend>Result to simulate</legend>
<label><input type="radio" name="result" value="COMPLETED" checked> Payment succeeds</label>
<label><input type="radio" name="result" value="FAILED"> Payment fails</label>
<label><input type="radio" name="result" value="PENDING"> Go back without paying (stays pending)</label></fieldset>
<button type="submit">Continue</button></form>`;
    return c.html(sandboxPage({ gateway: "PhonePe", title: "Pay with PhonePe", body }), 200, {
      "Content-Security-Policy": sandboxPageCsp([new URL(order.redirectUrl).origin]),
    });
  });

  routes.post("/pay/:orderId", async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const choice: Choice = form.result === "FAILED" || form.result === "PENDING" ? form.result : "COMPLETED";
    const mode = typeof form.mode === "string" && form.mode in MODES ? form.mode : "UPI_INTENT";
    const order = await complete(c.req.param("orderId"), choice, mode);
    if (!order) return notOpen(c);
    // PhonePe adds nothing to redirectUrl: the merchant named the order in it and asks the status API.
    return c.redirect(order.redirectUrl, 303);
  });
}

export function createSandboxPhonepe(options: { origin: string; now?: () => Date; store?: SandboxStore }) {
  const now = () => (options.now ?? (() => new Date()))().getTime();
  const origin = options.origin.replace(/\/$/, "");
  const store = options.store ?? createMemorySandboxStore();
  const tokens = storeMap<number>(store, "phonepe-token");
  const orders = storeMap<SandboxOrder>(store, "phonepe-order");
  const byOrderId = storeMap<string>(store, "phonepe-order-id");
  let receiver: WebhookReceiver | null = null;
  const captures = sandboxCaptureIndex(store, "phonepe", () => new Date(now()));

  /** An order past its expiry without a payment has failed, as PhonePe reports it. */
  const current = (order: SandboxOrder | undefined) => {
    if (order && order.state === "PENDING" && now() > order.expireAt) order.state = "FAILED";
    return order;
  };

  /** PhonePe's webhook: the JSON body with Authorization = SHA256(username:password). */
  async function deliver(event: object) {
    try {
      await receiver?.({
        rawBody: JSON.stringify(event),
        headers: {
          "content-type": "application/json",
          authorization: phonepeWebhookAuthorization(SANDBOX_PHONEPE_WEBHOOK_USERNAME, SANDBOX_PHONEPE_WEBHOOK_PASSWORD),
        },
      });
    } catch {
      /* PhonePe retries; the receiver logs its own errors */
    }
  }

  async function sendWebhook(order: SandboxOrder) {
    await deliver({
      event: order.state === "COMPLETED" ? "checkout.order.completed" : "checkout.order.failed",
      payload: {
        orderId: order.orderId,
        merchantId: MERCHANT_ID,
        merchantOrderId: order.merchantOrderId,
        state: order.state,
        amount: order.amount,
        expireAt: order.expireAt,
        metaInfo: order.metaInfo,
        paymentDetails: order.paymentDetails,
      },
    });
  }

  /** The customer's choice on the hosted page; PENDING leaves without paying. */
  async function complete(orderId: string, choice: Choice, paymentMode = "UPI_INTENT"): Promise<SandboxOrder | null> {
    const merchantOrderId = await byOrderId.get(orderId);
    const order = current(merchantOrderId ? await orders.get(merchantOrderId) : undefined);
    if (!order || order.state !== "PENDING") return null;
    if (choice === "PENDING") return order;
    order.state = choice;
    order.paymentDetails.push({
      transactionId: randomId("OM", 22),
      paymentMode,
      state: choice,
      amount: order.amount,
      timestamp: now(),
      ...(choice === "FAILED" ? { errorCode: "PAYMENT_ERROR" } : {}),
    });
    await orders.set(order.merchantOrderId, order);
    if (choice === "COMPLETED") await captures.captured(order.merchantOrderId);
    await sendWebhook(order);
    return order;
  }

  const routes = new Hono();
  routes.use("*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex");
  });
  const authorized = async (c: Context) => {
    const token = /^O-Bearer (\S+)$/.exec(c.req.header("authorization") ?? "")?.[1];
    const expiresAt = token ? await tokens.get(token) : undefined;
    return Boolean(expiresAt && expiresAt > Math.floor(now() / 1000));
  };
  const state = { now, origin, tokens, orders, byOrderId, captures, current, complete, authorized };
  oauthRoute(routes, state);
  routes.route("/checkout/v2", checkoutApi(state));
  const sandboxRefunds = phonepeSandboxRefundRoutes({
    store,
    now,
    authorized,
    completedOrder: async (merchantOrderId) => {
      const order = await orders.get(merchantOrderId);
      return order?.state === "COMPLETED" ? { amount: order.amount, orderId: order.orderId } : null;
    },
    sendWebhook: deliver,
  });
  routes.route("/payments/v2", sandboxRefunds.api);
  routes.route("/settlements/v1", settlementApi(state, sandboxRefunds));
  hostedPages(routes, state);

  const apiUrl = `${origin}${SANDBOX_PHONEPE_BASE}`;
  const gateway = createPhonepeGateway({
    authUrl: apiUrl,
    baseUrl: apiUrl,
    clientId: SANDBOX_PHONEPE_CLIENT_ID,
    clientSecret: SANDBOX_PHONEPE_CLIENT_SECRET,
    clientVersion: SANDBOX_PHONEPE_CLIENT_VERSION,
    webhookUsername: SANDBOX_PHONEPE_WEBHOOK_USERNAME,
    webhookPassword: SANDBOX_PHONEPE_WEBHOOK_PASSWORD,
    provider: "sandbox",
    fetch: inProcessFetch(routes, apiUrl),
    now,
  });

  return {
    gateway,
    /** Mounted under /sandbox/phonepe outside production mode. */
    routes,
    setWebhookReceiver(fn: WebhookReceiver | null) {
      receiver = fn;
    },
    /** The hosted page's answer without a browser, for tests. */
    complete,
    /** A pending refund completes or fails, and its signed webhook is sent. */
    settleRefund: sandboxRefunds.settle,
  };
}

export type SandboxPhonepe = ReturnType<typeof createSandboxPhonepe>;

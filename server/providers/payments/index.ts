// The three repayment gateways (decisions 21 and 29): sandbox adapters outside production mode, the real
// ones with APP_MODE=production. In both modes the same production adapter code runs: the sandboxes are
// local copies of each gateway's API that the production adapters call in process.
import { createMemorySandboxStore, type SandboxStore } from "../sandbox-store.ts";
import type { Hono } from "hono";
import type { Env } from "../../env.ts";
import { createPayuGateway } from "./payu/payu.ts";
import type { PayuGateway } from "./payu/port.ts";
import { createSandboxPayu, SANDBOX_PAYU_BASE, type SandboxPayu } from "./payu/sandbox.ts";
import { createPhonepeGateway } from "./phonepe/phonepe.ts";
import type { PhonepeGateway } from "./phonepe/port.ts";
import { createSandboxPhonepe, SANDBOX_PHONEPE_BASE, type SandboxPhonepe } from "./phonepe/sandbox.ts";
import type { RazorpayGateway } from "./razorpay/port.ts";
import { createRazorpayGateway } from "./razorpay/razorpay.ts";
import { createSandboxRazorpay, SANDBOX_RAZORPAY_BASE, type SandboxRazorpay } from "./razorpay/sandbox.ts";
import type { PaymentGatewayName } from "../../../core/payment-gateways.ts";
import type { PaymentGateway } from "./gateway-port.ts";
import { payuPaymentGateway } from "./payu/payu-gateway.ts";
import { phonepePaymentGateway } from "./phonepe/phonepe-gateway.ts";
import { razorpayPaymentGateway } from "./razorpay/razorpay-gateway.ts";
import type { WebhookReceiver } from "./shared.ts";

export type { PaymentGatewayName, WebhookDelivery, WebhookReceiver } from "./shared.ts";
export type { BrowserCheckout, CheckoutOrder, Confirmation, GatewayEvent, PaymentGateway, RefundAnswer, RefundEvent, RefundRequest } from "./gateway-port.ts";
export type { GatewaySettlement, SettlementLine } from "./settlement.ts";
export { CheckoutRefused, refundIdAtGateway } from "./gateway-port.ts";
export { PaymentGatewayError } from "./shared.ts";

type GatewayEnv = Pick<
  Env,
  | "isProduction"
  | "PUBLIC_ORIGIN"
  | "RAZORPAY_API_URL"
  | "RAZORPAY_KEY_ID"
  | "RAZORPAY_KEY_SECRET"
  | "RAZORPAY_WEBHOOK_SECRET"
  | "PAYU_PAYMENT_URL"
  | "PAYU_VERIFY_URL"
  | "PAYU_KEY"
  | "PAYU_SALT"
  | "PHONEPE_AUTH_URL"
  | "PHONEPE_BASE_URL"
  | "PHONEPE_CLIENT_ID"
  | "PHONEPE_CLIENT_SECRET"
  | "PHONEPE_CLIENT_VERSION"
  | "PHONEPE_WEBHOOK_USERNAME"
  | "PHONEPE_WEBHOOK_PASSWORD"
>;

export interface SandboxPaymentGateways {
  razorpay: SandboxRazorpay;
  payu: SandboxPayu;
  phonepe: SandboxPhonepe;
  /** Hono routes to mount, each under its path (/sandbox/razorpay, /sandbox/payu, /sandbox/phonepe). */
  mounts: { path: string; routes: Hono }[];
  /** Where the sandboxes deliver their signed webhooks (PayU: its server-to-server notification): the handler the HTTP route uses. */
  setWebhookReceiver(gateway: PaymentGatewayName, fn: WebhookReceiver | null): void;
}

/** The gateways, each only behind the one PaymentGateway port (checkout, returns, confirmation, notifications, refunds, settlement reports). */
export interface PaymentGateways {
  of(name: PaymentGatewayName): PaymentGateway;
  /** Present only outside production mode. */
  sandbox: SandboxPaymentGateways | null;
}

/** Each vendor's adapter behind the common port, built once. */
function portsOf(adapters: { razorpay: RazorpayGateway; payu: PayuGateway; phonepe: PhonepeGateway }): (name: PaymentGatewayName) => PaymentGateway {
  const ports: Record<PaymentGatewayName, PaymentGateway> = {
    razorpay: razorpayPaymentGateway(adapters.razorpay),
    payu: payuPaymentGateway(adapters.payu),
    phonepe: phonepePaymentGateway(adapters.phonepe),
  };
  return (name) => ports[name];
}

export function createPaymentGateways(options: { env: GatewayEnv; now?: () => Date; fetch?: typeof fetch; store?: SandboxStore }): PaymentGateways {
  const { env } = options;
  if (env.isProduction) {
    // env.ts requires every credential below when APP_MODE=production.
    const adapters = {
      razorpay: createRazorpayGateway({
        apiUrl: env.RAZORPAY_API_URL,
        keyId: env.RAZORPAY_KEY_ID!,
        keySecret: env.RAZORPAY_KEY_SECRET!,
        webhookSecret: env.RAZORPAY_WEBHOOK_SECRET!,
        fetch: options.fetch,
      }),
      payu: createPayuGateway({
        key: env.PAYU_KEY!,
        salt: env.PAYU_SALT!,
        paymentUrl: env.PAYU_PAYMENT_URL,
        verifyUrl: env.PAYU_VERIFY_URL,
        fetch: options.fetch,
      }),
      phonepe: createPhonepeGateway({
        authUrl: env.PHONEPE_AUTH_URL,
        baseUrl: env.PHONEPE_BASE_URL,
        clientId: env.PHONEPE_CLIENT_ID!,
        clientSecret: env.PHONEPE_CLIENT_SECRET!,
        clientVersion: env.PHONEPE_CLIENT_VERSION!,
        webhookUsername: env.PHONEPE_WEBHOOK_USERNAME!,
        webhookPassword: env.PHONEPE_WEBHOOK_PASSWORD!,
        fetch: options.fetch,
      }),
    };
    return { of: portsOf(adapters), sandbox: null };
  }
  const origin = env.PUBLIC_ORIGIN;
  // One store for the three sandboxes: the database when the server runs, so any instance finishes a checkout.
  const store = options.store ?? createMemorySandboxStore();
  const razorpay = createSandboxRazorpay({ origin, now: options.now, store });
  const payu = createSandboxPayu({ origin, now: options.now, store });
  const phonepe = createSandboxPhonepe({ origin, now: options.now, store });
  return {
    of: portsOf({ razorpay: razorpay.gateway, payu: payu.gateway, phonepe: phonepe.gateway }),
    sandbox: {
      razorpay,
      payu,
      phonepe,
      mounts: [
        { path: SANDBOX_RAZORPAY_BASE, routes: razorpay.routes },
        { path: SANDBOX_PAYU_BASE, routes: payu.routes },
        { path: SANDBOX_PHONEPE_BASE, routes: phonepe.routes },
      ],
      setWebhookReceiver(gateway, fn) {
        ({ razorpay, payu, phonepe })[gateway].setWebhookReceiver(fn);
      },
    },
  };
}

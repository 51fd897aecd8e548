// Razorpay recurring payments (production): UPI Autopay and emandate (e-NACH) behind the mandate port.
// Registration: a customer (POST /v1/customers, fail_existing 0), then a registration link
// (POST /v1/subscription_registration/auth_links): Razorpay's hosted page makes the order with the token
// details and takes the authorisation payment (UPI intent or QR; net banking or debit card for emandate),
// which gives the token. A debit: a new order (POST /v1/orders), then POST /v1/payments/create/recurring
// with the token. Webhooks: token.confirmed/rejected/cancelled/paused, payment.captured/failed.
import {
  MandateProviderError,
  mapTokenStatus,
  parseRazorpayMandateWebhook,
  readMandatePayment,
  type DebitRequest,
  type MandatePort,
  type MandateRegistrationRequest,
  type RazorpayMandatePayment,
  type RazorpayToken,
} from "./port.ts";

export interface RazorpayMandatesConfig {
  baseUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

type Invoice = { id: string; status: string; customer_id?: string | null; payment_id?: string | null; order_id?: string | null; short_url?: string };

/** What the registration link is created with (Razorpay's documented fields); exported for the recorded-payload test. */
export function registrationLinkBody(request: MandateRegistrationRequest, customerId: string) {
  const expireAt = Math.floor(request.expiresAt.getTime() / 1000);
  const registration =
    request.method === "upi"
      ? { method: "upi", max_amount: request.maxAmountPaise, expire_at: expireAt, frequency: "as_presented" }
      : {
          method: "emandate",
          auth_type: "netbanking",
          max_amount: request.maxAmountPaise,
          expire_at: expireAt,
          bank_account: {
            beneficiary_name: request.account!.holderName,
            account_number: request.account!.number,
            account_type: "savings",
            ifsc_code: request.account!.ifsc,
          },
        };
  return {
    customer: { name: request.customer.name, contact: request.customer.mobile, ...(request.customer.email ? { email: request.customer.email } : {}) },
    type: "link",
    // UPI's authorisation payment is ₹1 (refunded by Razorpay); emandate's is ₹0.
    amount: request.method === "upi" ? 100 : 0,
    currency: "INR",
    description: request.description.slice(0, 255),
    subscription_registration: registration,
    receipt: request.reference,
    sms_notify: false,
    email_notify: false,
    callback_url: request.returnUrl,
    callback_method: "get",
    notes: { mandate_id: request.reference, customer_id: customerId },
  };
}

export function createRazorpayMandates(config: RazorpayMandatesConfig): MandatePort {
  const doFetch = config.fetch ?? fetch;
  const auth = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString("base64")}`;
  const base = config.baseUrl.replace(/\/$/, "");

  async function call<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${base}${path}`, {
        method: init.method ?? "GET",
        headers: { authorization: auth, "content-type": "application/json" },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(config.timeoutMs ?? 20_000),
      });
      text = await response.text();
    } catch (error) {
      throw new MandateProviderError("timeout", `Razorpay did not answer (${error instanceof Error ? error.name : "error"}).`);
    }
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // The messages below name the HTTP status only: a body may quote account details.
    }
    if (response.status === 401) throw new MandateProviderError("unauthorized", "Razorpay answered HTTP 401.");
    if (response.status === 404) throw new MandateProviderError("not_found", "Razorpay answered HTTP 404.");
    if (response.status >= 400 && response.status < 500)
      throw new MandateProviderError("invalid_request", `Razorpay refused the call (HTTP ${response.status}).`);
    if (!response.ok || !json || typeof json !== "object") throw new MandateProviderError("provider_error", `Razorpay answered HTTP ${response.status}.`);
    return json as T;
  }

  const token = (customerId: string, tokenId: string) =>
    call<RazorpayToken>(`/v1/customers/${encodeURIComponent(customerId)}/tokens/${encodeURIComponent(tokenId)}`);

  return {
    provider: "razorpay",
    async register(request) {
      if (request.method === "enach" && !request.account) throw new MandateProviderError("invalid_request", "An e-NACH mandate needs the bank account.");
      const customer = await call<{ id: string }>("/v1/customers", {
        method: "POST",
        body: {
          name: request.customer.name,
          contact: request.customer.mobile,
          ...(request.customer.email ? { email: request.customer.email } : {}),
          fail_existing: "0",
        },
      });
      const link = await call<Invoice>("/v1/subscription_registration/auth_links", { method: "POST", body: registrationLinkBody(request, customer.id) });
      if (!link.short_url) throw new MandateProviderError("provider_error", "Razorpay gave no registration link.");
      return { providerCustomerId: customer.id, registrationId: link.id, url: link.short_url };
    },
    async status({ providerCustomerId, registrationId, tokenId }) {
      let id = tokenId;
      if (!id) {
        const invoice = await call<Invoice>(`/v1/invoices/${encodeURIComponent(registrationId)}`);
        if (invoice.status === "expired" || invoice.status === "cancelled")
          return { registrationId, tokenId: null, state: "REJECTED", failureReason: "The registration was not completed in time." };
        if (invoice.status !== "paid" || !invoice.payment_id) return { registrationId, tokenId: null, state: "PENDING", failureReason: null };
        const payment = await call<RazorpayMandatePayment>(`/v1/payments/${encodeURIComponent(invoice.payment_id)}`);
        id = payment.token_id ?? null;
        if (!id) return { registrationId, tokenId: null, state: "PENDING", failureReason: null };
      }
      const t = await token(providerCustomerId, id);
      return { registrationId, tokenId: t.id, state: mapTokenStatus(t.recurring_details?.status), failureReason: t.recurring_details?.failure_reason ?? null };
    },
    async presentDebit(request: DebitRequest) {
      const order = await call<{ id: string }>("/v1/orders", {
        method: "POST",
        body: {
          amount: request.amountPaise,
          currency: "INR",
          receipt: request.reference.slice(0, 40),
          payment_capture: true,
          notes: { debit_id: request.reference },
        },
      });
      try {
        const created = await call<{ razorpay_payment_id?: string }>("/v1/payments/create/recurring", {
          method: "POST",
          body: {
            email: request.customer.email ?? undefined,
            contact: request.customer.mobile,
            amount: request.amountPaise,
            currency: "INR",
            order_id: order.id,
            customer_id: request.providerCustomerId,
            token: request.tokenId,
            recurring: "1",
            description: request.description.slice(0, 255),
            notes: { debit_id: request.reference },
          },
        });
        // The outcome comes by webhook (or debitStatus); a bank may take hours.
        return {
          orderId: order.id,
          paymentId: created.razorpay_payment_id ?? null,
          state: "PENDING",
          amountPaise: request.amountPaise,
          failureReason: null,
          capturedAt: null,
        };
      } catch (error) {
        // No answer: the debit may have been made. The order is known, so it is asked about later.
        if (error instanceof MandateProviderError && error.code === "timeout")
          return { orderId: order.id, paymentId: null, state: "PENDING", amountPaise: request.amountPaise, failureReason: null, capturedAt: null };
        throw error;
      }
    },
    async debitStatus({ orderId }) {
      const list = await call<{ items?: RazorpayMandatePayment[] }>(`/v1/orders/${encodeURIComponent(orderId)}/payments`);
      const items = list.items ?? [];
      const chosen = items.find((p) => p.status === "captured") ?? items.at(-1);
      if (!chosen) return { orderId, paymentId: null, state: "PENDING", amountPaise: 0, failureReason: null, capturedAt: null };
      return { ...readMandatePayment(chosen), orderId };
    },
    async cancel({ providerCustomerId, tokenId }) {
      await call(`/v1/customers/${encodeURIComponent(providerCustomerId)}/tokens/${encodeURIComponent(tokenId)}`, { method: "DELETE" });
    },
    parseWebhook: (delivery) => parseRazorpayMandateWebhook(config.webhookSecret, delivery),
  };
}

// The mandate port: Razorpay recurring payments' requests and replies (fixtures modelled on Razorpay's
// public recurring-payments documentation, not captured from a live account), the signed webhook reading
// shared with the sandbox, and the sandbox provider itself on a real database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../db/client.ts";
import { migrate } from "../../db/migrate.ts";
import { fakeFetch, fixture } from "../../test-support/fake-fetch.ts";
import { mandateWebhookSignature, parseRazorpayMandateWebhook, MandateProviderError, type MandateEvent, type MandateRegistrationRequest } from "./port.ts";
import { createRazorpayMandates } from "./razorpay.ts";
import { createSandboxMandates, SANDBOX_MANDATE_NO_FUNDS_ACCOUNT, SANDBOX_MANDATE_SECRET, SANDBOX_NO_FUNDS_REASON } from "./sandbox.ts";

const config = { baseUrl: "https://api.razorpay.com", keyId: "rzp_live_k", keySecret: "s3cret", webhookSecret: "whsec" };
const request: MandateRegistrationRequest = {
  reference: "0b9c3c1e-0000-4000-8000-000000000001",
  method: "upi",
  customer: { name: "Asha Verma", mobile: "9876543210", email: "asha@example.com" },
  maxAmountPaise: 2_575_000,
  expiresAt: new Date("2026-12-31T18:30:00Z"),
  account: { number: "123456789012", ifsc: "HDFC0000001", holderName: "ASHA VERMA" },
  returnUrl: "https://salaryontime.example/autopay/return",
  description: "SalaryOnTime loan repayment",
};
const signed = (body: unknown, secret = "whsec", eventId = "evt_1") => {
  const rawBody = JSON.stringify(body);
  return { rawBody, headers: { "x-razorpay-signature": mandateWebhookSignature(secret, rawBody), "x-razorpay-event-id": eventId } };
};

describe("Razorpay recurring payments adapter", () => {
  it("registers: a customer, then a registration link with the token's limits; answers the hosted url", async () => {
    const fake = fakeFetch({ json: fixture(import.meta.url, "razorpay-customer.json") }, { json: fixture(import.meta.url, "razorpay-auth-link.json") });
    const port = createRazorpayMandates({ ...config, fetch: fake.fetch });
    const reg = await port.register(request);
    expect(reg).toEqual({ providerCustomerId: "cust_1Aa00000000001", registrationId: "inv_FHrXGIpd3N17DX", url: "https://rzp.io/i/VSriCfn" });
    expect(fake.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "POST https://api.razorpay.com/v1/customers",
      "POST https://api.razorpay.com/v1/subscription_registration/auth_links",
    ]);
    expect(fake.calls[0].headers.authorization).toBe(`Basic ${Buffer.from("rzp_live_k:s3cret").toString("base64")}`);
    expect(JSON.parse(String(fake.calls[0].body))).toEqual({ name: "Asha Verma", contact: "9876543210", email: "asha@example.com", fail_existing: "0" });
    const link = JSON.parse(String(fake.calls[1].body));
    expect(link.subscription_registration).toEqual({ method: "upi", max_amount: 2_575_000, expire_at: 1798741800, frequency: "as_presented" });
    expect(link).toMatchObject({ type: "link", amount: 100, currency: "INR", receipt: request.reference, callback_method: "get" });
  });

  it("registers e-NACH on the given account only, and refuses e-NACH without one", async () => {
    const fake = fakeFetch({ json: fixture(import.meta.url, "razorpay-customer.json") }, { json: fixture(import.meta.url, "razorpay-auth-link.json") });
    const port = createRazorpayMandates({ ...config, fetch: fake.fetch });
    await port.register({ ...request, method: "enach" });
    const link = JSON.parse(String(fake.calls[1].body));
    expect(link.amount).toBe(0);
    expect(link.subscription_registration).toEqual({
      method: "emandate",
      auth_type: "netbanking",
      max_amount: 2_575_000,
      expire_at: 1798741800,
      bank_account: { beneficiary_name: "ASHA VERMA", account_number: "123456789012", account_type: "savings", ifsc_code: "HDFC0000001" },
    });
    await expect(createRazorpayMandates({ ...config, fetch: fakeFetch().fetch }).register({ ...request, method: "enach", account: null })).rejects.toThrow(
      MandateProviderError,
    );
  });

  it("reads the mandate's state from the paid registration, its authorisation payment and the token", async () => {
    const fake = fakeFetch(
      { json: fixture(import.meta.url, "razorpay-invoice-paid.json") },
      { json: fixture(import.meta.url, "razorpay-auth-payment.json") },
      { json: fixture(import.meta.url, "razorpay-token-confirmed.json") },
    );
    const port = createRazorpayMandates({ ...config, fetch: fake.fetch });
    const status = await port.status({ providerCustomerId: "cust_1Aa00000000001", registrationId: "inv_FHrXGIpd3N17DX", tokenId: null });
    expect(status).toEqual({ registrationId: "inv_FHrXGIpd3N17DX", tokenId: "token_FHrXOTvHzNLNJb", state: "ACTIVE", failureReason: null });
    expect(fake.calls.map((c) => c.url)).toEqual([
      "https://api.razorpay.com/v1/invoices/inv_FHrXGIpd3N17DX",
      "https://api.razorpay.com/v1/payments/pay_FHrXNyPGo2jZtv",
      "https://api.razorpay.com/v1/customers/cust_1Aa00000000001/tokens/token_FHrXOTvHzNLNJb",
    ]);
  });

  it("presents a debit as an order plus a recurring payment on the token; the outcome is unknown until told", async () => {
    const fake = fakeFetch({ json: fixture(import.meta.url, "razorpay-order.json") }, { json: fixture(import.meta.url, "razorpay-recurring-created.json") });
    const port = createRazorpayMandates({ ...config, fetch: fake.fetch });
    const result = await port.presentDebit({
      reference: "5f1a2b3c-0000-4000-8000-000000000009",
      providerCustomerId: "cust_1Aa00000000001",
      tokenId: "token_FHrXOTvHzNLNJb",
      amountPaise: 2_420_000,
      customer: { mobile: "9876543210", email: null },
      description: "Loan SOT2611000001 repayment",
    });
    expect(result).toEqual({
      orderId: "order_FHs1oYbWpKqSQm",
      paymentId: "pay_FHs1pYbWpKqSQn",
      state: "PENDING",
      amountPaise: 2_420_000,
      failureReason: null,
      capturedAt: null,
    });
    expect(JSON.parse(String(fake.calls[0].body))).toEqual({
      amount: 2_420_000,
      currency: "INR",
      receipt: "5f1a2b3c-0000-4000-8000-000000000009",
      payment_capture: true,
      notes: { debit_id: "5f1a2b3c-0000-4000-8000-000000000009" },
    });
    expect(fake.calls[1].url).toBe("https://api.razorpay.com/v1/payments/create/recurring");
    expect(JSON.parse(String(fake.calls[1].body))).toMatchObject({
      order_id: "order_FHs1oYbWpKqSQm",
      customer_id: "cust_1Aa00000000001",
      token: "token_FHrXOTvHzNLNJb",
      recurring: "1",
      amount: 2_420_000,
      contact: "9876543210",
    });
  });

  it("reads a debit's outcome from the order's payments, with the capture time", async () => {
    const port = createRazorpayMandates({ ...config, fetch: fakeFetch({ json: fixture(import.meta.url, "razorpay-order-payments.json") }).fetch });
    expect(await port.debitStatus({ orderId: "order_FHs1oYbWpKqSQm" })).toEqual({
      orderId: "order_FHs1oYbWpKqSQm",
      paymentId: "pay_FHs1pYbWpKqSQn",
      state: "SUCCESS",
      amountPaise: 2_420_000,
      failureReason: null,
      capturedAt: new Date(1764401000 * 1000),
    });
  });

  it("cancels by deleting the customer's token", async () => {
    const fake = fakeFetch({ json: { deleted: true } });
    await createRazorpayMandates({ ...config, fetch: fake.fetch }).cancel({ providerCustomerId: "cust_1", tokenId: "token_2" });
    expect(`${fake.calls[0].method} ${fake.calls[0].url}`).toBe("DELETE https://api.razorpay.com/v1/customers/cust_1/tokens/token_2");
  });
});

describe("mandate webhooks", () => {
  it("reads token.confirmed and payment.failed from signed bodies", () => {
    const confirmed = parseRazorpayMandateWebhook("whsec", signed(fixture(import.meta.url, "razorpay-webhook-token-confirmed.json"), "whsec", "evt_a"));
    expect(confirmed).toEqual({
      kind: "mandate",
      eventId: "evt_a",
      registrationId: null,
      customerId: "cust_1Aa00000000001",
      tokenId: "token_FHrXOTvHzNLNJb",
      state: "ACTIVE",
      failureReason: null,
    } satisfies MandateEvent);
    const failed = parseRazorpayMandateWebhook("whsec", signed(fixture(import.meta.url, "razorpay-webhook-payment-failed.json")));
    expect(failed).toMatchObject({
      kind: "payment",
      orderId: "order_FHs1oYbWpKqSQm",
      paymentId: "pay_FHs1pYbWpKqSQn",
      state: "FAILED",
      amountPaise: 2_420_000,
      failureReason: "Payment failed due to insufficient balance in the account.",
      capturedAt: null,
    });
  });

  it("refuses a tampered body or a wrong secret, and ignores other events", () => {
    const good = signed(fixture(import.meta.url, "razorpay-webhook-payment-failed.json"));
    expect(() => parseRazorpayMandateWebhook("whsec", { ...good, rawBody: good.rawBody.replace("2420000", "1") })).toThrow(/signature/);
    expect(() => parseRazorpayMandateWebhook("other", good)).toThrow(/signature/);
    expect(parseRazorpayMandateWebhook("whsec", signed({ event: "order.paid", payload: {} }))).toBeNull();
  });
});

describe("sandbox mandate provider", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: "pglite" });
    await migrate(database);
  });
  afterAll(() => database.close());

  function sandbox() {
    const s = createSandboxMandates({ db: database.db });
    const events: MandateEvent[] = [];
    s.setWebhookReceiver(async (d) => void events.push(s.port.parseWebhook(d)!));
    return { s, events };
  }

  it("approve on the hosted page confirms the token by a signed webhook; a debit is captured and listed", async () => {
    const { s, events } = sandbox();
    const reg = await s.port.register(request);
    const page = await s.routes().request(`/${reg.registrationId}`);
    expect(await page.text()).toContain("Approve mandate");
    const answer = await s.routes().request(`/${reg.registrationId}/answer`, { method: "POST", body: new URLSearchParams({ choice: "approve" }) });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`${request.returnUrl}?registration_id=${reg.registrationId}&outcome=approved`);
    await s.settled();
    const status = await s.port.status({ providerCustomerId: reg.providerCustomerId, registrationId: reg.registrationId, tokenId: null });
    expect(status.state).toBe("ACTIVE");
    expect(events).toEqual([expect.objectContaining({ kind: "mandate", state: "ACTIVE", tokenId: status.tokenId })]);
    const debit = {
      reference: "debit-1",
      providerCustomerId: reg.providerCustomerId,
      tokenId: status.tokenId!,
      amountPaise: 2_420_000,
      customer: request.customer,
      description: "x",
    };
    const first = await s.port.presentDebit(debit);
    expect(first.state).toBe("PENDING");
    // Presented again with the same receipt: the same debit, no second charge.
    expect((await s.port.presentDebit(debit)).orderId).toBe(first.orderId);
    await s.settled();
    expect(events.at(-1)).toMatchObject({ kind: "payment", state: "SUCCESS", orderId: first.orderId, amountPaise: 2_420_000 });
    expect((await s.port.debitStatus({ orderId: first.orderId })).state).toBe("SUCCESS");
    const listed = await s.list();
    expect(listed.debits.filter((d) => d.receipt === "debit-1")).toHaveLength(1);
    expect(listed.mandates.find((m) => m.registration_id === reg.registrationId)).toMatchObject({ status: "confirmed", account_last4: "9012" });
  });

  it("account 333333333333: approved, but every debit fails for insufficient funds; decline and close answer as such", async () => {
    const { s, events } = sandbox();
    const reg = await s.port.register({ ...request, reference: "r2", account: { ...request.account!, number: SANDBOX_MANDATE_NO_FUNDS_ACCOUNT } });
    await s.answer(reg.registrationId, "approve");
    const { tokenId } = await s.port.status({ providerCustomerId: reg.providerCustomerId, registrationId: reg.registrationId, tokenId: null });
    const d = await s.port.presentDebit({
      reference: "debit-2",
      providerCustomerId: reg.providerCustomerId,
      tokenId: tokenId!,
      amountPaise: 10_000,
      customer: request.customer,
      description: "x",
    });
    await s.settled();
    expect(events.at(-1)).toMatchObject({ kind: "payment", state: "FAILED", failureReason: SANDBOX_NO_FUNDS_REASON });
    expect((await s.port.debitStatus({ orderId: d.orderId })).state).toBe("FAILED");

    const declined = await s.port.register({ ...request, reference: "r3" });
    await s.answer(declined.registrationId, "decline");
    await s.settled();
    expect((await s.port.status({ providerCustomerId: "", registrationId: declined.registrationId, tokenId: null })).state).toBe("REJECTED");
    // A second answer changes nothing.
    expect(await s.answer(declined.registrationId, "approve")).toBeNull();
    const closed = await s.port.register({ ...request, reference: "r4" });
    await s.answer(closed.registrationId, "close");
    expect((await s.port.status({ providerCustomerId: "", registrationId: closed.registrationId, tokenId: null })).state).toBe("PENDING");
    expect(SANDBOX_MANDATE_SECRET).toBeTruthy();
  });
});

// RazorpayX payout request building and reply parsing (fixtures modelled on RazorpayX's public
// Payouts API documentation, not captured from a live account), and the asynchronous sandbox.
import { describe, expect, it } from "vitest";
import { fakeFetch } from "../../test-support/fake-fetch.ts";
import { mapRazorpayxStatus, parseRazorpayxWebhook, payoutReferenceOf, payoutSignature, PayoutError, type PayoutRequest } from "./port.ts";
import { createRazorpayxPayout } from "./razorpayx.ts";
import { createSandboxPayout, SANDBOX_PAYOUT_SECRET, SANDBOX_REVERSAL_REASON } from "./sandbox.ts";

const request: PayoutRequest = {
  idempotencyKey: "0b9c3c1e-0000-4000-8000-000000000001",
  loanId: "0b9c3c1e-0000-4000-8000-000000000001",
  amountPaise: 882_000,
  account: { number: "123456789012", ifsc: "HDFC0000001", holderName: "ASHA VERMA" },
  narration: "SalaryOnTime loan disbursal",
};
const config = { baseUrl: "https://api.razorpay.com", keyId: "rzp_live_k", keySecret: "s3cret", sourceAccount: "7878780080316316", webhookSecret: "whsec" };

describe("RazorpayX payouts: the requests, and finding a payout again", () => {
  it("builds the composite payout request with Basic auth and the idempotency header", async () => {
    const fake = fakeFetch({
      json: { id: "pout_00000000000001", entity: "payout", status: "processing", utr: null, reference_id: request.loanId, notes: { loan_id: request.loanId } },
    });
    const port = createRazorpayxPayout({ ...config, fetch: fake.fetch });
    const result = await port.create(request);
    expect(result).toEqual({
      providerReference: "pout_00000000000001",
      loanId: request.loanId,
      reference: request.loanId,
      status: "PENDING",
      utr: null,
      failureReason: null,
    });
    const call = fake.calls[0];
    expect(call.url).toBe("https://api.razorpay.com/v1/payouts");
    expect(call.method).toBe("POST");
    expect(call.headers.authorization).toBe(`Basic ${Buffer.from("rzp_live_k:s3cret").toString("base64")}`);
    expect(call.headers["x-payout-idempotency"]).toBe(request.idempotencyKey);
    expect(JSON.parse(String(call.body))).toEqual({
      account_number: "7878780080316316",
      amount: 882_000,
      currency: "INR",
      mode: "IMPS",
      purpose: "payout",
      queue_if_low_balance: true,
      // Our idempotency key, so a payout whose call timed out is found again by reference_id.
      reference_id: request.idempotencyKey,
      narration: "SalaryOnTime loan disbursal",
      notes: { loan_id: request.loanId },
      fund_account: {
        account_type: "bank_account",
        bank_account: { name: "ASHA VERMA", ifsc: "HDFC0000001", account_number: "123456789012" },
        contact: { name: "ASHA VERMA", type: "customer", reference_id: request.loanId },
      },
    });
  });

  it("reads a processed payout's UTR and a failed payout's reason from the status call", async () => {
    const fake = fakeFetch(
      { json: { id: "pout_1", status: "processed", utr: "HDFCN52026112201", notes: { loan_id: "L1" } } },
      { json: { id: "pout_2", status: "reversed", utr: null, reference_id: "L2", status_details: { description: "Beneficiary bank is offline." } } },
    );
    const port = createRazorpayxPayout({ ...config, fetch: fake.fetch });
    expect(await port.status("pout_1")).toMatchObject({ status: "SUCCESS", utr: "HDFCN52026112201", loanId: "L1" });
    expect(await port.status("pout_2")).toMatchObject({ status: "REVERSED", loanId: "L2", failureReason: "Beneficiary bank is offline." });
    expect(fake.calls[0].url).toBe("https://api.razorpay.com/v1/payouts/pout_1");
    await expect(port.status("../x")).rejects.toBeInstanceOf(PayoutError);
  });

  it("finds a payout by our idempotency key (reference_id) in the Fetch All Payouts collection", async () => {
    // The documented collection shape of GET /v1/payouts, with a second payout of another reference.
    const collection = {
      entity: "collection",
      count: 2,
      items: [
        {
          id: "pout_00000000000002",
          entity: "payout",
          fund_account_id: "fa_00000000000001",
          amount: 882000,
          currency: "INR",
          notes: { loan_id: request.loanId },
          fees: 590,
          tax: 90,
          status: "processed",
          purpose: "payout",
          utr: "HDFCN52026112602",
          mode: "IMPS",
          reference_id: request.idempotencyKey,
          narration: "SalaryOnTime loan disbursal",
          batch_id: null,
          status_details: {
            description: "Payout is processed and the money has been credited into the beneficiaries account",
            source: "beneficiary_bank",
            reason: "payout_processed",
          },
          created_at: 1764140400,
          fee_type: "",
        },
        { id: "pout_00000000000009", entity: "payout", amount: 100, status: "failed", reference_id: "someone-else", notes: {}, created_at: 1764140500 },
      ],
    };
    const fake = fakeFetch({ json: collection }, { json: { entity: "collection", count: 0, items: [] } }, { status: 504, text: "gateway timeout" });
    const port = createRazorpayxPayout({ ...config, fetch: fake.fetch });
    expect(await port.statusByKey(request.idempotencyKey)).toEqual({
      providerReference: "pout_00000000000002",
      loanId: request.loanId,
      reference: request.idempotencyKey,
      status: "SUCCESS",
      utr: "HDFCN52026112602",
      failureReason: null,
    });
    const url = new URL(fake.calls[0].url);
    expect(url.pathname).toBe("/v1/payouts");
    expect(url.searchParams.get("account_number")).toBe("7878780080316316");
    expect(url.searchParams.get("reference_id")).toBe(request.idempotencyKey);
    expect(fake.calls[0].method).toBe("GET");
    // None under that key: the provider never took it.
    expect(await port.statusByKey(`${request.idempotencyKey}:2`)).toBeNull();
    await expect(port.statusByKey(request.idempotencyKey)).rejects.toMatchObject({ code: "provider_error" });
  });

  it("keeps reference_id within RazorpayX's 40 characters: a longer key (a refund's) is sent and asked for as its digest", async () => {
    const longKey = "refund:0b9c3c1e-0000-4000-8000-000000000001";
    expect(payoutReferenceOf(request.idempotencyKey)).toBe(request.idempotencyKey);
    expect(payoutReferenceOf(`${request.idempotencyKey}:2`)).toBe(`${request.idempotencyKey}:2`);
    const digest = payoutReferenceOf(longKey);
    expect(digest).toMatch(/^[0-9a-f]{40}$/);
    const fake = fakeFetch(
      { json: { id: "pout_3", status: "processing", reference_id: digest, notes: { loan_id: "r1" } } },
      { json: { entity: "collection", count: 0, items: [] } },
    );
    const port = createRazorpayxPayout({ ...config, fetch: fake.fetch });
    await port.create({ ...request, idempotencyKey: longKey });
    expect(JSON.parse(String(fake.calls[0].body)).reference_id).toBe(digest);
    expect(fake.calls[0].headers["x-payout-idempotency"]).toBe(longKey);
    expect(await port.statusByKey(longKey)).toBeNull();
    expect(new URL(fake.calls[1].url).searchParams.get("reference_id")).toBe(digest);
  });

  it("gives up a call that does not answer as a timeout, not a refusal", async () => {
    const hang: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(new DOMException("timed out", "TimeoutError"))));
    const port = createRazorpayxPayout({ ...config, fetch: hang, timeoutMs: 20 });
    await expect(port.create(request)).rejects.toMatchObject({ code: "timeout" });
  });
});

describe("RazorpayX payouts: webhooks, errors and states", () => {
  it("reads a signed payout.reversed after payout.processed as REVERSED with the bank's reason", () => {
    const rawBody = JSON.stringify({
      entity: "event",
      account_id: "acc_00000000000001",
      event: "payout.reversed",
      contains: ["payout"],
      payload: {
        payout: {
          entity: {
            id: "pout_00000000000002",
            entity: "payout",
            amount: 882000,
            currency: "INR",
            status: "reversed",
            utr: "HDFCN52026112602",
            reference_id: request.idempotencyKey,
            notes: { loan_id: request.loanId },
            status_details: {
              description: "Beneficiary bank returned the payout: account frozen.",
              source: "beneficiary_bank",
              reason: "beneficiary_bank_failure",
            },
          },
        },
      },
      created_at: 1764140700,
    });
    const event = parseRazorpayxWebhook("whsec", { rawBody, headers: { "x-razorpay-signature": payoutSignature("whsec", rawBody) } });
    expect(event).toEqual({
      providerReference: "pout_00000000000002",
      loanId: request.loanId,
      reference: request.idempotencyKey,
      status: "REVERSED",
      utr: "HDFCN52026112602",
      failureReason: "Beneficiary bank returned the payout: account frozen.",
    });
  });

  it("fails with the HTTP status only, never the body", async () => {
    const fake = fakeFetch(
      { status: 400, json: { error: { description: "account 123456789012 invalid" } } },
      { status: 502, text: "<html>bad gateway</html>" },
    );
    const port = createRazorpayxPayout({ ...config, fetch: fake.fetch });
    const refused = (await port.create(request).catch((e: unknown) => e)) as Error;
    expect(refused).toBeInstanceOf(PayoutError);
    expect(refused.message).not.toContain("123456789012");
    await expect(port.create(request)).rejects.toMatchObject({ code: "provider_error" });
  });

  it("maps every RazorpayX state", () => {
    expect(["queued", "pending", "processing", "scheduled"].map(mapRazorpayxStatus)).toEqual(["PENDING", "PENDING", "PENDING", "PENDING"]);
    expect(["processed", "reversed", "rejected", "cancelled", "failed"].map(mapRazorpayxStatus)).toEqual(["SUCCESS", "REVERSED", "FAILED", "FAILED", "FAILED"]);
  });

  it("verifies the webhook signature over the raw body", () => {
    const rawBody = JSON.stringify({
      event: "payout.processed",
      payload: { payout: { entity: { id: "pout_9", status: "processed", utr: "UTR9", notes: { loan_id: "L9" } } } },
    });
    const good = { rawBody, headers: { "x-razorpay-signature": payoutSignature("whsec", rawBody) } };
    expect(parseRazorpayxWebhook("whsec", good)).toMatchObject({ providerReference: "pout_9", status: "SUCCESS", utr: "UTR9", loanId: "L9" });
    expect(() => parseRazorpayxWebhook("other", good)).toThrow(PayoutError);
    expect(() => parseRazorpayxWebhook("whsec", { rawBody: rawBody + " ", headers: good.headers })).toThrow(/signature/);
    expect(() => parseRazorpayxWebhook("whsec", { rawBody, headers: { "x-razorpay-signature": `${good.headers["x-razorpay-signature"]}zz` } })).toThrow(
      PayoutError,
    );
    const other = JSON.stringify({ event: "fund_account.validation.completed", payload: {} });
    expect(parseRazorpayxWebhook("whsec", { rawBody: other, headers: { "x-razorpay-signature": payoutSignature("whsec", other) } })).toBeNull();
  });
});

describe("sandbox payouts", () => {
  it("accepts, then delivers a signed success webhook with a UTR", async () => {
    const sandbox = createSandboxPayout({ failAccount: "666666666666" });
    const events: unknown[] = [];
    sandbox.setWebhookReceiver(async (delivery) => void events.push(sandbox.port.parseWebhook(delivery)));
    const accepted = await sandbox.port.create(request);
    expect(accepted.status).toBe("PENDING");
    expect(events).toEqual([]);
    await sandbox.settled(accepted.providerReference);
    expect(events).toEqual([
      {
        providerReference: accepted.providerReference,
        loanId: request.loanId,
        reference: request.idempotencyKey,
        status: "SUCCESS",
        utr: expect.stringMatching(/^SBXN/),
        failureReason: null,
      },
    ]);
    // The same key is one payout.
    expect((await sandbox.port.create(request)).providerReference).toBe(accepted.providerReference);
    expect(SANDBOX_PAYOUT_SECRET).toBeTruthy();
  });

  it("fails a payout to the configured account", async () => {
    const sandbox = createSandboxPayout({ failAccount: "666666666666" });
    let event: unknown = null;
    sandbox.setWebhookReceiver(async (delivery) => void (event = sandbox.port.parseWebhook(delivery)));
    const accepted = await sandbox.port.create({ ...request, account: { ...request.account, number: "666666666666" } });
    await sandbox.settled(accepted.providerReference);
    expect(event).toMatchObject({ status: "FAILED", utr: null, failureReason: "Beneficiary account is closed or invalid." });
    expect(await sandbox.port.status(accepted.providerReference)).toMatchObject({ status: "FAILED" });
  });

  it("555555555555: accepts the payout, but the call times out; it is paid anyway and found by its key", async () => {
    const timers: { run: () => void; ms: number }[] = [];
    const sandbox = createSandboxPayout({ failAccount: "666666666666", schedule: (run, ms) => void timers.push({ run, ms }) });
    const events: unknown[] = [];
    sandbox.setWebhookReceiver(async (delivery) => void events.push(sandbox.port.parseWebhook(delivery)));
    const timeout = { ...request, idempotencyKey: "key-555", account: { ...request.account, number: "555555555555" } };
    await expect(sandbox.port.create(timeout)).rejects.toMatchObject({ code: "timeout" });
    const found = await sandbox.port.statusByKey("key-555");
    expect(found).toMatchObject({ status: "SUCCESS", reference: "key-555", utr: expect.stringMatching(/^SBXN/) });
    // Its webhook comes 30 seconds later (on the injected timer).
    expect(timers.map((t) => t.ms)).toEqual([120_000]);
    expect(events).toEqual([]);
    timers[0].run();
    await sandbox.settled(found!.providerReference);
    expect(events).toEqual([expect.objectContaining({ status: "SUCCESS", providerReference: found!.providerReference })]);
    // The same key again is the same payout: one payout at the provider.
    await expect(sandbox.port.create(timeout)).resolves.toMatchObject({ providerReference: found!.providerReference });
    expect(await sandbox.payouts()).toEqual([{ accountLast4: "5555", amountPaise: 882_000, idempotencyKey: "key-555", status: "SUCCESS", utr: found!.utr }]);
    expect(await sandbox.port.statusByKey("never-sent")).toBeNull();
  });

  it("444444444444: processed, then reversed later by a second signed webhook (on the injected timer)", async () => {
    const timers: { run: () => void; ms: number }[] = [];
    const sandbox = createSandboxPayout({ failAccount: "666666666666", schedule: (run, ms) => void timers.push({ run, ms }) });
    const events: { status: string }[] = [];
    sandbox.setWebhookReceiver(async (delivery) => void events.push(sandbox.port.parseWebhook(delivery)!));
    const accepted = await sandbox.port.create({ ...request, idempotencyKey: "key-444", account: { ...request.account, number: "444444444444" } });
    await sandbox.settled(accepted.providerReference);
    expect(events.map((e) => e.status)).toEqual(["SUCCESS"]);
    expect(timers.map((t) => t.ms)).toEqual([3000]);
    timers[0].run();
    await sandbox.reversed(accepted.providerReference);
    expect(events.at(-1)).toMatchObject({ status: "REVERSED", failureReason: SANDBOX_REVERSAL_REASON, providerReference: accepted.providerReference });
    expect(await sandbox.port.status(accepted.providerReference)).toMatchObject({ status: "REVERSED" });
    expect((await sandbox.payouts()).map((p) => [p.accountLast4, p.status])).toEqual([["4444", "REVERSED"]]);
  });
});

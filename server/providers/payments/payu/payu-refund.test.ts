// PayU refunds on the postservice API: cancel_refund_transaction (var1 mihpayid, var2 our token,
// var3 rupees, hash sha512(key|command|var1|salt)) and check_action_status, with answers in PayU's
// documented shapes and codes (102 queued, 105 invalid amount, 106 token already exists); the sandbox alike.
import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createPayuGateway } from "./payu.ts";
import { parsePayuRefundCallback, verifyPayuRefundNotifyToken } from "./port.ts";
import { createSandboxPayu } from "./sandbox.ts";

const KEY = "bjg$121";
const SALT = "vhgvs75";
// cancel_refund_transaction answers (PayU's documented fields; codes from its refund error table).
const QUEUED = { status: 1, msg: "Refund Request Queued", request_id: "131278422", bank_ref_num: null, mihpayid: 403993715521937565, error_code: 102 };
const TOKEN_EXISTS = { status: 0, msg: "Token already exists", error_code: 106, mihpayid: 403993715521937565 };
const BAD_AMOUNT = { status: 0, msg: "Invalid amount", error_code: 105, mihpayid: 403993715521937565 };
// check_action_status by PayU id: each action of the payment under its request id.
const ACTIONS = {
  status: 1,
  msg: "1 out of 1 Transactions Fetched Successfully",
  transaction_details: {
    "403993715521937565": {
      "131278422": {
        mihpayid: "403993715521937565",
        request_id: "131278422",
        bank_ref_num: "527013524405",
        amt: "980.00",
        mode: "CC",
        action: "refund",
        token: "20201105secrettokenatur",
        status: "success",
      },
    },
  },
};

function recording(body: unknown, status = 200) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return Response.json(body, { status });
  }) as unknown as typeof globalThis.fetch;
  return {
    calls,
    gateway: createPayuGateway({
      key: KEY,
      salt: SALT,
      paymentUrl: "https://secure.payu.in/_payment",
      verifyUrl: "https://info.payu.in/merchant/postservice.php?form=2",
      fetch,
    }),
  };
}

describe("production PayU refunds", () => {
  it("posts cancel_refund_transaction with the hash over key|command|mihpayid|salt and reads a queued refund", async () => {
    const r = recording(QUEUED);
    const answer = await r.gateway.refund({ mihpayid: "403993715521937565", token: "20201105secrettokenatur", amountPaise: 98_000 });
    expect(answer).toEqual({ queued: true, requestId: "131278422", errorCode: 102, message: "Refund Request Queued" });
    expect(r.calls[0].url).toBe("https://info.payu.in/merchant/postservice.php?form=2");
    const sent = Object.fromEntries(new URLSearchParams(String(r.calls[0].init.body)));
    const hash = createHash("sha512").update(`${KEY}|cancel_refund_transaction|403993715521937565|${SALT}`).digest("hex");
    expect(sent).toEqual({ key: KEY, command: "cancel_refund_transaction", var1: "403993715521937565", var2: "20201105secrettokenatur", var3: "980.00", hash });
  });

  it("reads a repeated token and a bad amount as refusals with PayU's codes", async () => {
    expect(await recording(TOKEN_EXISTS).gateway.refund({ mihpayid: "403993715521937565", token: "tok1", amountPaise: 100 })).toMatchObject({
      queued: false,
      errorCode: 106,
    });
    expect(await recording(BAD_AMOUNT).gateway.refund({ mihpayid: "403993715521937565", token: "tok1", amountPaise: 100 })).toMatchObject({
      queued: false,
      errorCode: 105,
      message: "Invalid amount",
    });
    await expect(recording(QUEUED).gateway.refund({ mihpayid: "not-a-payu-id", token: "tok1", amountPaise: 100 })).rejects.toMatchObject({
      code: "invalid_request",
    });
    await expect(recording({ status: 0, msg: "Invalid Hash." }).gateway.refund({ mihpayid: "1", token: "tok1", amountPaise: 100 })).rejects.toMatchObject({
      code: "unauthorized",
    });
  });

  it("finds our refund among the payment's actions by its token", async () => {
    const r = recording(ACTIONS);
    expect(await r.gateway.refundStatus({ mihpayid: "403993715521937565", token: "20201105secrettokenatur" })).toEqual({
      requestId: "131278422",
      token: "20201105secrettokenatur",
      amountPaise: 98_000,
      status: "success",
      bankRefNum: "527013524405",
    });
    expect(await r.gateway.refundStatus({ mihpayid: "403993715521937565", token: "another" })).toBeNull();
    expect(Object.fromEntries(new URLSearchParams(String(r.calls[0].init.body)))).toMatchObject({ command: "check_action_status", var1: "403993715521937565" });
  });
});

describe("sandbox PayU refunds", () => {
  async function paid() {
    const sb = createSandboxPayu({ origin: "http://localhost:3302" });
    const form = sb.gateway.paymentForm({
      txnid: "SOTR1",
      amountPaise: 2_320_000,
      productinfo: "Loan repayment",
      firstname: "Meera",
      email: "m@example.com",
      phone: "9876543210",
      surl: "https://www.salaryontime.in/payments/payu/return",
      furl: "https://www.salaryontime.in/payments/payu/return",
    });
    const post = (path: string, fields: Record<string, string>) =>
      sb.routes.request(path, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      });
    const accepted = await post("/_payment", form.fields);
    await post(accepted.headers.get("location")!.replace("/sandbox/payu", ""), { outcome: "success", mode: "UPI" });
    const txn = (await sb.gateway.verifyPayment("SOTR1"))!;
    return { gateway: sb.gateway, mihpayid: txn.mihpayid };
  }

  it("queues a refund, pays it by the next look, refuses the same token again and more than was paid", async () => {
    const { gateway, mihpayid } = await paid();
    expect(await gateway.refundStatus({ mihpayid, token: "rfabc" })).toBeNull();
    const first = await gateway.refund({ mihpayid, token: "rfabc", amountPaise: 98_000 });
    expect(first).toMatchObject({ queued: true, errorCode: 102 });
    expect(await gateway.refund({ mihpayid, token: "rfabc", amountPaise: 98_000 })).toMatchObject({ queued: false, errorCode: 106 });
    expect(await gateway.refundStatus({ mihpayid, token: "rfabc" })).toMatchObject({ requestId: first.requestId, status: "success", amountPaise: 98_000 });
    expect(await gateway.refund({ mihpayid, token: "rfdef", amountPaise: 2_222_001 })).toMatchObject({ queued: false, errorCode: 105 });
    expect(await gateway.refund({ mihpayid: "403993715500000001", token: "rfghi", amountPaise: 100 })).toMatchObject({ queued: false, errorCode: 116 });
  });
});

describe("PayU's refund status callback (issue 30)", () => {
  it("reads our token, the amount in paise, PayU's request id and status; mihpayid's stray spaces are trimmed", () => {
    const body = JSON.stringify({
      action: "refund",
      key: "SOTsbx",
      mihpayid: " 40399371 ",
      token: "rf0123456789abcdef0123456789abcdef-2",
      request_id: 13007,
      amt: "980.50",
      status: "Failure",
      bank_arn: null,
    });
    expect(parsePayuRefundCallback(body)).toEqual({
      token: "rf0123456789abcdef0123456789abcdef-2",
      mihpayid: "40399371",
      requestId: "13007",
      amountPaise: 98_050,
      status: "failure",
      bankArn: "",
    });
  });

  it("is null for another action, a missing token or status, or a body that is not JSON", () => {
    expect(parsePayuRefundCallback(JSON.stringify({ action: "capture", token: "rfa", status: "success" }))).toBeNull();
    expect(parsePayuRefundCallback(JSON.stringify({ action: "refund", status: "success" }))).toBeNull();
    expect(parsePayuRefundCallback(JSON.stringify({ action: "refund", token: "rfa" }))).toBeNull();
    expect(parsePayuRefundCallback("token=rfa&status=success")).toBeNull();
  });

  it("the URL token is hex(HMAC-SHA256(salt, 'payu-refund-notify')); another salt's, or none, does not verify", () => {
    const token = createHmac("sha256", "test-salt").update("payu-refund-notify").digest("hex");
    expect(verifyPayuRefundNotifyToken("test-salt", token)).toBe(true);
    expect(verifyPayuRefundNotifyToken("other-salt", token)).toBe(false);
    expect(verifyPayuRefundNotifyToken("test-salt", null)).toBe(false);
    expect(verifyPayuRefundNotifyToken("test-salt", `${token}zz`)).toBe(false);
  });
});

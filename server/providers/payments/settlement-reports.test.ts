// The three gateways' settlement reports: each adapter reads its vendor's layout (recorded example
// payloads of the documented shapes below), calls the vendor's endpoint as documented, and the
// sandboxes serve the same layout for what they captured the day before (T+1 at 11:00 India time).
import { describe, expect, it } from "vitest";
import { createPayuGateway } from "./payu/payu.ts";
import { createSandboxPayu } from "./payu/sandbox.ts";
import { createSandboxPayuRefunds } from "./payu/sandbox-refunds.ts";
import { createMemorySandboxStore } from "../sandbox-store.ts";
import { payuSettlementsFromRange, payuSettlementSignature, verifyPayuSettlementAuthorization } from "./payu/settlement-range.ts";
import { createPhonepeGateway } from "./phonepe/phonepe.ts";
import { createSandboxPhonepe } from "./phonepe/sandbox.ts";
import { phonepeSettlement } from "./phonepe/settlement-report.ts";
import { createRazorpayGateway } from "./razorpay/razorpay.ts";
import { createSandboxRazorpay, SANDBOX_RAZORPAY_KEY_ID } from "./razorpay/sandbox.ts";
import { razorpaySettlementsFromRecon } from "./razorpay/settlement-recon.ts";

// GET /v1/settlements/recon/combined?year=2026&month=11&day=23: a settled payment, a refund and an unsettled payment.
const RAZORPAY_RECON = {
  entity: "collection",
  count: 3,
  items: [
    {
      entity_id: "pay_DEXrnipqTmWVGE",
      type: "payment",
      debit: 0,
      credit: 97640,
      amount: 100000,
      currency: "INR",
      fee: 2360,
      tax: 360,
      on_hold: false,
      settled: true,
      created_at: 1795336391,
      settled_at: 1795411800,
      settlement_id: "setl_DGlQ1Rj8os78Ec",
      posted_at: 1795411800,
      credit_type: "default",
      description: null,
      notes: "{}",
      payment_id: null,
      settlement_utr: "1568176960vxp0rj",
      order_id: "order_DEXrnRiR3SNDHA",
      order_receipt: "SOTR0011223344556677",
      method: "upi",
      card_network: null,
      card_issuer: null,
      card_type: null,
      dispute_id: null,
    },
    {
      entity_id: "rfnd_FP8DDKxqJif6ca",
      type: "refund",
      debit: 50000,
      credit: 0,
      amount: 50000,
      fee: 0,
      tax: 0,
      settled: true,
      settlement_id: "setl_DGlQ1Rj8os78Ec",
      settled_at: 1795411800,
    },
    {
      entity_id: "pay_NotSettledYet01",
      type: "payment",
      debit: 0,
      credit: 48820,
      amount: 50000,
      fee: 1180,
      tax: 180,
      settled: false,
      settlement_id: null,
      settled_at: null,
    },
  ],
};

// PayU Settlement Details Range API, one settlement of one captured transaction and one refund.
const PAYU_RANGE = {
  status: 0,
  result: {
    page: 1,
    size: 1,
    totalCount: 1,
    data: [
      {
        settlementId: "20261123PAYUSETL0001",
        settlementCompletedDate: "2026-11-23 11:00:00",
        settlementAmount: "976.40",
        merchantId: 8739528,
        utrNumber: "CMS1234567890",
        transaction: [
          {
            action: "capture",
            payuId: "403993715521899234",
            parentPayuId: "",
            requestId: "",
            transactionAmount: "1000.00",
            merchantTransactionId: "SOTR0011223344556677",
            mdr: "20.00",
            serviceTax: "3.60",
            merchantServiceFee: "0.00",
            merchantServiceTax: "0.00",
            settlementAmount: "976.40",
            transactionDate: "2026-11-22 14:03:11",
            paymentMode: "UPI",
          },
          { action: "refund", payuId: "403993715521899300", transactionAmount: "100.00", mdr: "0.00", serviceTax: "0.00", settlementAmount: "-100.00" },
        ],
      },
    ],
  },
};

// PhonePe: a processed settlement and its transactions.
const PHONEPE_SUMMARY = {
  settlementId: "STL2611231100ABCDEF",
  state: "PROCESSED",
  utr: "UTR100291",
  amount: 97640,
  settlementDate: Date.parse("2026-11-23T11:00:00+05:30"),
};
const PHONEPE_TRANSACTIONS = {
  settlementId: "STL2611231100ABCDEF",
  total: 1,
  transactions: [
    {
      transactionId: "OM2511221403117788990011",
      merchantOrderId: "SOTR0011223344556677",
      orderId: "OMO2511221403110011223344",
      transactionType: "PAYMENT",
      amount: 100000,
      fee: 2000,
      tax: 360,
      settlementAmount: 97640,
      transactionTimestamp: Date.parse("2026-11-22T14:03:11+05:30"),
    },
  ],
};

const ONE_THOUSAND = { grossPaise: 1_00_000, feePaise: 2_000, taxPaise: 360, netPaise: 97_640 };

describe("settlement reports, read from each vendor's layout", () => {
  it("Razorpay recon: settled payments and the refund kept back (issue 29); fee includes the GST (₹23.60 = ₹20.00 + ₹3.60)", () => {
    expect(razorpaySettlementsFromRecon(RAZORPAY_RECON.items)).toEqual([
      {
        settlementId: "setl_DGlQ1Rj8os78Ec",
        utr: "1568176960vxp0rj",
        settledOn: "2026-11-23",
        lines: [
          { paymentId: "pay_DEXrnipqTmWVGE", ...ONE_THOUSAND },
          // ₹500.00 refunded: the settlement is that much smaller.
          { type: "refund", paymentId: "rfnd_FP8DDKxqJif6ca", grossPaise: -50_000, feePaise: 0, taxPaise: 0, netPaise: -50_000 },
        ],
      },
    ]);
  });

  it("Razorpay recon: a dispute taken back and an adjustment given, each by its debit and credit", () => {
    const base = { settled: true, settlement_id: "setl_X", settlement_utr: "UTRX", settled_at: 1795411800, fee: 0, tax: 0 };
    const items = [
      { ...base, entity_id: "disp_A", type: "dispute", payment_id: "pay_A", debit: 1_00_000, credit: 0, amount: 1_00_000 },
      { ...base, entity_id: "adj_B", type: "adjustment", debit: 0, credit: 2_500, amount: 2_500 },
    ];
    expect(razorpaySettlementsFromRecon(items)[0]!.lines).toEqual([
      { type: "chargeback", paymentId: "disp_A", parentPaymentId: "pay_A", grossPaise: -1_00_000, feePaise: 0, taxPaise: 0, netPaise: -1_00_000 },
      { type: "adjustment", paymentId: "adj_B", grossPaise: 2_500, feePaise: 0, taxPaise: 0, netPaise: 2_500 },
    ]);
  });

  it("PayU range: captures and refunds (issue 29), rupees text to paise, the settlement's UTR and date", () => {
    expect(payuSettlementsFromRange(PAYU_RANGE.result.data)).toEqual([
      {
        settlementId: "20261123PAYUSETL0001",
        utr: "CMS1234567890",
        settledOn: "2026-11-23",
        lines: [
          { paymentId: "403993715521899234", ...ONE_THOUSAND },
          { type: "refund", paymentId: "403993715521899300", grossPaise: -10_000, feePaise: 0, taxPaise: 0, netPaise: -10_000 },
        ],
      },
    ]);
  });

  it("PhonePe: payments of a processed settlement, by PhonePe's transaction id", () => {
    expect(phonepeSettlement(PHONEPE_SUMMARY, PHONEPE_TRANSACTIONS.transactions)).toEqual({
      settlementId: "STL2611231100ABCDEF",
      utr: "UTR100291",
      settledOn: "2026-11-23",
      lines: [{ paymentId: "OM2511221403117788990011", ...ONE_THOUSAND }],
    });
  });
});

describe("production adapters call the documented endpoints", () => {
  it("Razorpay: GET /v1/settlements/recon/combined with year, month, day, Basic auth", async () => {
    const calls: { url: string; auth: string | null }[] = [];
    const gateway = createRazorpayGateway({
      apiUrl: "https://api.razorpay.com",
      keyId: "rzp_live_x",
      keySecret: "s",
      webhookSecret: "w",
      fetch: (async (url: string, init: RequestInit) => {
        calls.push({ url, auth: new Headers(init.headers).get("authorization") });
        return new Response(JSON.stringify(RAZORPAY_RECON), { status: 200 });
      }) as typeof fetch,
    });
    const report = await gateway.settlementReport("2026-11-23");
    expect(calls).toEqual([
      {
        url: "https://api.razorpay.com/v1/settlements/recon/combined?year=2026&month=11&day=23&count=1000&skip=0",
        auth: `Basic ${Buffer.from("rzp_live_x:s").toString("base64")}`,
      },
    ]);
    expect(report[0]!.lines).toHaveLength(2);
  });

  it("PayU: POST /settlement/range with the HMAC authorization over body|date|salt", async () => {
    let seen: { url: string; headers: Headers; body: string } | null = null;
    const now = new Date("2026-11-24T07:00:00Z");
    const gateway = createPayuGateway({
      key: "JPM7Fg",
      salt: "salt-1",
      paymentUrl: "https://secure.payu.in/_payment",
      verifyUrl: "https://info.payu.in/merchant/postservice.php?form=2",
      now: () => now,
      fetch: (async (url: string, init: RequestInit) => {
        seen = { url, headers: new Headers(init.headers), body: String(init.body) };
        return new Response(JSON.stringify(PAYU_RANGE), { status: 200 });
      }) as typeof fetch,
    });
    const report = await gateway.settlementReport("2026-11-23");
    expect(seen!.url).toBe("https://info.payu.in/settlement/range");
    expect(JSON.parse(seen!.body)).toEqual({ dateFrom: "2026-11-23", dateTo: "2026-11-23", page: 1, pageSize: 100 });
    expect(seen!.headers.get("date")).toBe("Tue, 24 Nov 2026 07:00:00 GMT");
    const signature = payuSettlementSignature(seen!.body, "Tue, 24 Nov 2026 07:00:00 GMT", "salt-1");
    expect(seen!.headers.get("authorization")).toBe(`hmac username="JPM7Fg", algorithm="sha512", headers="date", signature="${signature}"`);
    expect(verifyPayuSettlementAuthorization("JPM7Fg", "salt-1", seen!.body, "Tue, 24 Nov 2026 07:00:00 GMT", seen!.headers.get("authorization")!)).toBe(true);
    expect(report[0]!.lines[0]).toEqual({ paymentId: "403993715521899234", ...ONE_THOUSAND });
  });

  it("PhonePe: the day's settlements, then each processed one's transactions, O-Bearer token", async () => {
    const urls: string[] = [];
    const gateway = createPhonepeGateway({
      authUrl: "https://api.phonepe.com/apis/identity-manager",
      baseUrl: "https://api.phonepe.com/apis/pg",
      clientId: "c",
      clientSecret: "s",
      clientVersion: "1",
      webhookUsername: "u",
      webhookPassword: "p",
      fetch: (async (url: string, init: RequestInit) => {
        urls.push(url);
        if (url.endsWith("/v1/oauth/token")) return new Response(JSON.stringify({ access_token: "tok", expires_at: 4_000_000_000 }), { status: 200 });
        expect(new Headers(init.headers).get("authorization")).toBe("O-Bearer tok");
        if (url.includes("/settlements/v1/list"))
          return new Response(JSON.stringify({ settlements: [PHONEPE_SUMMARY, { ...PHONEPE_SUMMARY, settlementId: "STLFAILED", state: "ATTEMPT_FAILED" }] }));
        return new Response(JSON.stringify(PHONEPE_TRANSACTIONS));
      }) as typeof fetch,
    });
    const report = await gateway.settlementReport("2026-11-23");
    expect(urls.slice(1)).toEqual([
      "https://api.phonepe.com/apis/pg/settlements/v1/list?fromDate=2026-11-23&toDate=2026-11-23&limit=50&offset=0",
      "https://api.phonepe.com/apis/pg/settlements/v1/STL2611231100ABCDEF/transactions?limit=50&offset=0",
    ]);
    expect(report).toHaveLength(1);
  });
});

describe("the sandboxes settle the day before's captures at 11:00 India time the next day", () => {
  it("Razorpay and PhonePe: nothing before 11:00, the payment with 2% fee and 18% GST after; PayU refuses a bad HMAC", async () => {
    let at = new Date("2026-11-22T08:30:00Z"); // 14:00 India time
    const now = () => at;
    const razorpay = createSandboxRazorpay({ origin: "http://localhost:3000", now });
    const order = await razorpay.gateway.createOrder({ amountPaise: 1_00_000, receipt: "r1" });
    const paid = await razorpay.pay({ keyId: SANDBOX_RAZORPAY_KEY_ID, orderId: order.id, method: "upi", succeed: true, webhooks: "none" });
    expect(paid.ok).toBe(true);
    const phonepe = createSandboxPhonepe({ origin: "http://localhost:3000", now });
    const created = await phonepe.gateway.createOrder({ merchantOrderId: "SOTRTEST0001", amountPaise: 1_00_000, redirectUrl: "http://localhost:3000/back" });
    await phonepe.complete(created.orderId, "COMPLETED");

    at = new Date("2026-11-23T05:00:00Z"); // 10:30 India time: not settled yet
    expect(await razorpay.gateway.settlementReport("2026-11-23")).toEqual([]);
    expect(await phonepe.gateway.settlementReport("2026-11-23")).toEqual([]);
    at = new Date("2026-11-23T06:00:00Z"); // 11:30
    const [r] = await razorpay.gateway.settlementReport("2026-11-23");
    expect(r!.lines).toEqual([{ paymentId: paid.ok ? paid.result.razorpay_payment_id : "", ...ONE_THOUSAND }]);
    expect(r!.settledOn).toBe("2026-11-23");
    const [p] = await phonepe.gateway.settlementReport("2026-11-23");
    expect(p!.lines).toHaveLength(1);
    expect(p!.lines[0]).toMatchObject(ONE_THOUSAND);
    expect(p!.lines[0]!.paymentId).toMatch(/^OM/);

    const payu = createSandboxPayu({ origin: "http://localhost:3000", now });
    const refused = await payu.routes.request("/settlement/range", {
      method: "POST",
      headers: { date: at.toUTCString(), authorization: 'hmac username="SOTsbx", algorithm="sha512", headers="date", signature="00"' },
      body: JSON.stringify({ dateFrom: "2026-11-23", dateTo: "2026-11-23", page: 1, pageSize: 100 }),
    });
    expect(refused.status).toBe(401);
    expect(await payu.gateway.settlementReport("2026-11-23")).toEqual([]);
  });
});

describe("the sandboxes keep a paid refund back from the next day's settlement (issue 29)", () => {
  it("PayU: a refund paid on the 22nd is an action refund line of the 23rd's settlement; a failed one is not", async () => {
    let at = new Date("2026-11-22T08:30:00Z"); // 14:00 India time
    const refunds = createSandboxPayuRefunds({
      store: createMemorySandboxStore(() => at.getTime()),
      now: () => at,
      paymentOf: async () => ({ amountPaise: 1_00_000, status: "success", txnid: "SOTR0011" }),
      sendCallback: async () => {},
    });
    const field = (values: Record<string, string>) => (name: string) => values[name] ?? "";
    const paid = (await refunds.answer("cancel_refund_transaction", "403993715521899234", field({ var2: "rfA", var3: "150.00" }))) as {
      request_id: string;
    };
    await refunds.answer("cancel_refund_transaction", "403993715521899234", field({ var2: "rfB", var3: "200.00" }));
    expect(await refunds.settle("rfA", "success")).toBe(true);
    expect(await refunds.settle("rfB", "failure")).toBe(true);
    expect(await refunds.settlementLines("2026-11-23")).toEqual([]); // 14:00 on the 22nd: not settled yet
    at = new Date("2026-11-23T06:00:00Z"); // 11:30 on the 23rd
    const lines = await refunds.settlementLines("2026-11-23");
    expect(lines).toEqual([
      {
        action: "refund",
        payuId: "403993715521899234",
        parentPayuId: "403993715521899234",
        requestId: paid.request_id,
        transactionAmount: "150.00",
        merchantTransactionId: "SOTR0011",
        mdr: "0.00",
        serviceTax: "0.00",
        merchantServiceFee: "0.00",
        merchantServiceTax: "0.00",
        settlementAmount: "-150.00",
        transactionDate: "2026-11-22 14:00:00",
        paymentMode: "UPI",
      },
    ]);
    // The reader makes it a refund line by the request id, as our refund records it.
    const [read] = payuSettlementsFromRange([{ settlementId: "S1", settlementCompletedDate: "2026-11-23 11:00:00", utrNumber: "U1", transaction: lines }]);
    expect(read!.lines).toEqual([
      { type: "refund", paymentId: paid.request_id, parentPaymentId: "403993715521899234", grossPaise: -15_000, feePaise: 0, taxPaise: 0, netPaise: -15_000 },
    ]);
    expect(await refunds.settlementLines("2026-11-24")).toEqual([]);
  });

  it("PhonePe: a completed refund is a REFUND transaction of the next day's settlement, by its refund id; a failed one is not", async () => {
    let at = new Date("2026-11-22T08:30:00Z");
    const phonepe = createSandboxPhonepe({ origin: "http://localhost:3000", now: () => at });
    const created = await phonepe.gateway.createOrder({ merchantOrderId: "SOTRTEST0002", amountPaise: 1_00_000, redirectUrl: "http://localhost:3000/back" });
    await phonepe.complete(created.orderId, "COMPLETED");
    const kept = await phonepe.gateway.refund({ merchantRefundId: "rfKEPT", originalMerchantOrderId: "SOTRTEST0002", amountPaise: 30_000 });
    await phonepe.gateway.refund({ merchantRefundId: "rfFAILS", originalMerchantOrderId: "SOTRTEST0002", amountPaise: 20_000 });
    expect((await phonepe.gateway.refundStatus("rfKEPT"))!.state).toBe("COMPLETED");
    expect(await phonepe.settleRefund("rfFAILS", "FAILED")).toBe(true);
    at = new Date("2026-11-23T06:00:00Z");
    const [p] = await phonepe.gateway.settlementReport("2026-11-23");
    expect(p!.lines.map((l) => [l.type ?? "payment", l.grossPaise, l.feePaise, l.taxPaise, l.netPaise])).toEqual([
      ["payment", 1_00_000, 2_000, 360, 97_640],
      ["refund", -30_000, 0, 0, -30_000],
    ]);
    expect(p!.lines[1]!.paymentId).toBe(kept.refundId);
  });
});

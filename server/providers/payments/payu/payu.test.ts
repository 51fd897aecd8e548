import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PaymentGatewayError } from "../shared.ts";
import { payuCommandHash, payuRequestHash, payuResponseHash, verifyPayuResponseHash } from "./port.ts";
import { createPayuGateway } from "./payu.ts";
import { createSandboxPayu, SANDBOX_PAYU_KEY, SANDBOX_PAYU_SALT } from "./sandbox.ts";

const sha512 = (s: string) => createHash("sha512").update(s).digest("hex");

// Vectors exactly as integrations.md gives them.
const REQUEST_VECTOR = {
  text: "bjg$121|3123|1000|mobile|Jacob|test@payu.in|||||||||||vhgvs75",
  hash: "19d0822939b32b371847521c89aba3521de3a9bfeabeee5dab2d6f41962ff9fcdcee87067bb3a3de870acce488f9ff88a3511bb78c6143344a277b1b91ad38b8",
};
const RESPONSE_VECTOR = {
  text: "vhgvs75|success|||||||||||test@payu.in|Jacob|mobile|1000|3123|bjg$121",
  hash: "687c82156a84271a7a6c63d0e8774d5ac567d9b894a334a47d72e47b72392a5167a1b2add5b253490b70731d9eb3e3a3b7225e0c5f26829befafbbee71977c4c",
};
const KEY = "bjg$121";
const SALT = "vhgvs75";
const POSTED = {
  key: KEY,
  txnid: "3123",
  amount: "1000",
  productinfo: "mobile",
  firstname: "Jacob",
  email: "test@payu.in",
  status: "success",
  udf1: "",
  udf2: "",
  udf3: "",
  udf4: "",
  udf5: "",
};

describe("PayU hashes (integrations.md vectors)", () => {
  it("the request hash is sha512(key|txnid|amount|productinfo|firstname|email|udf1..udf5||||||SALT)", () => {
    expect(sha512(REQUEST_VECTOR.text)).toBe(REQUEST_VECTOR.hash);
    expect(payuRequestHash(KEY, SALT, { txnid: "3123", amount: "1000", productinfo: "mobile", firstname: "Jacob", email: "test@payu.in" })).toBe(
      REQUEST_VECTOR.hash,
    );
    expect(
      payuRequestHash(KEY, SALT, { txnid: "3123", amount: "1000", productinfo: "mobile", firstname: "Jacob", email: "test@payu.in", udf5: "42" }),
    ).not.toBe(REQUEST_VECTOR.hash);
  });

  it("the reverse hash is sha512(SALT|status||||||udf5..udf1|email|firstname|productinfo|amount|txnid|key)", () => {
    expect(sha512(RESPONSE_VECTOR.text)).toBe(RESPONSE_VECTOR.hash);
    expect(payuResponseHash(KEY, SALT, POSTED)).toBe(RESPONSE_VECTOR.hash);
    expect(verifyPayuResponseHash(KEY, SALT, { ...POSTED, hash: RESPONSE_VECTOR.hash })).toBe(true);
  });

  it("udfs go into the reverse hash in reverse order", () => {
    const withUdfs = { ...POSTED, udf1: "a", udf5: "e" };
    expect(payuResponseHash(KEY, SALT, withUdfs)).toBe(sha512("vhgvs75|success||||||e||||a|test@payu.in|Jacob|mobile|1000|3123|bjg$121"));
  });

  it("puts additionalCharges| in front when PayU sends it", () => {
    const hash = sha512(`50.00|${RESPONSE_VECTOR.text}`);
    expect(payuResponseHash(KEY, SALT, { ...POSTED, additionalCharges: "50.00" })).toBe(hash);
    expect(verifyPayuResponseHash(KEY, SALT, { ...POSTED, additionalCharges: "50.00", hash })).toBe(true);
    expect(verifyPayuResponseHash(KEY, SALT, { ...POSTED, additionalCharges: "50.00", hash: RESPONSE_VECTOR.hash })).toBe(false);
  });

  it("refuses a tampered answer: status, amount, hash, key or a missing hash", () => {
    const hash = RESPONSE_VECTOR.hash;
    expect(verifyPayuResponseHash(KEY, SALT, { ...POSTED, status: "failure", hash })).toBe(false);
    expect(verifyPayuResponseHash(KEY, SALT, { ...POSTED, amount: "1.00", hash })).toBe(false);
    expect(verifyPayuResponseHash(KEY, SALT, { ...POSTED, hash: `${hash.slice(0, -1)}0` })).toBe(false);
    expect(verifyPayuResponseHash(KEY, SALT, { ...POSTED, hash: `${hash}zz` })).toBe(false);
    expect(verifyPayuResponseHash(KEY, SALT, { ...POSTED, key: "other", hash })).toBe(false);
    expect(verifyPayuResponseHash(KEY, SALT, { ...POSTED })).toBe(false);
  });

  it("the command hash is sha512(key|command|var1|SALT)", () => {
    expect(payuCommandHash(KEY, "verify_payment", "3123", SALT)).toBe(sha512("bjg$121|verify_payment|3123|vhgvs75"));
  });
});

const REQUEST = {
  txnid: "SOT42a1",
  amountPaise: 150050,
  productinfo: "Loan repayment SOT2611000123",
  firstname: "Meera",
  email: "meera@example.com",
  phone: "9123456780",
  surl: "https://www.salaryontime.in/payu/success",
  furl: "https://www.salaryontime.in/payu/failure",
  udf5: "42",
};

describe("production PayU adapter", () => {
  const payu = (fetch?: typeof globalThis.fetch) =>
    createPayuGateway({
      key: KEY,
      salt: SALT,
      paymentUrl: "https://secure.payu.in/_payment",
      verifyUrl: "https://info.payu.in/merchant/postservice.php?form=2",
      fetch,
    });

  it("builds the form: rupees with two decimals, udf5 the lead id, and the request hash", () => {
    const form = payu().paymentForm(REQUEST);
    expect(form.action).toBe("https://secure.payu.in/_payment");
    expect(form.fields).toMatchObject({
      key: KEY,
      txnid: "SOT42a1",
      amount: "1500.50",
      phone: "9123456780",
      udf1: "",
      udf5: "42",
      surl: REQUEST.surl,
      furl: REQUEST.furl,
    });
    expect(form.fields.hash).toBe(sha512(`bjg$121|SOT42a1|1500.50|${REQUEST.productinfo}|Meera|meera@example.com|||||42||||||vhgvs75`));
    expect(form.fields.curl).toBeUndefined();
  });

  it("refuses what PayU would refuse, before the browser is sent there", () => {
    const refused = (change: Partial<typeof REQUEST>) => () => payu().paymentForm({ ...REQUEST, ...change });
    expect(refused({ txnid: "x".repeat(26) })).toThrow(PaymentGatewayError);
    expect(refused({ amountPaise: 99 })).toThrow(/amount/);
    expect(refused({ productinfo: "a|b" })).toThrow(/\|/);
    expect(refused({ phone: "12345" })).toThrow(/phone/);
    expect(refused({ surl: "/payu/success" })).toThrow(/surl/);
    expect(refused({ email: "not-an-email" })).toThrow(/email/);
  });

  it("reads a posted answer only when its reverse hash matches", () => {
    const gateway = payu();
    const fields = {
      ...POSTED,
      mihpayid: "403993715521889530",
      mode: "UPI",
      unmappedstatus: "captured",
      amount: "1000.00",
      hash: payuResponseHash(KEY, SALT, { ...POSTED, amount: "1000.00" }),
    };
    expect(gateway.verifyResponse(fields)).toMatchObject({
      status: "success",
      txnid: "3123",
      amountPaise: 100000,
      mihpayid: "403993715521889530",
      mode: "UPI",
    });
    expect(gateway.verifyResponse({ ...fields, amount: "1.00" })).toBeNull();
  });

  it("calls verify_payment with the command hash and reads PayU's answer", async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const gateway = payu((async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return Response.json({
        status: 1,
        msg: "1 out of 1 Transactions Fetched Successfully",
        transaction_details: {
          SOT42a1: {
            mihpayid: "403993715521889530",
            txnid: "SOT42a1",
            amt: "1500.50",
            transaction_amount: "1500.50",
            additional_charges: "0.00",
            status: "success",
            unmappedstatus: "captured",
            mode: "UPI",
            udf5: "42",
            error_Message: "NO ERROR",
            addedon: "2026-12-07 23:50:12",
          },
        },
      });
    }) as unknown as typeof fetch);
    const txn = await gateway.verifyPayment("SOT42a1");
    expect(calls[0]!.url).toBe("https://info.payu.in/merchant/postservice.php?form=2");
    expect(calls[0]!.init.method).toBe("POST");
    expect((calls[0]!.init.headers as Record<string, string>)["Content-Type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(String(calls[0]!.init.body)))).toEqual({
      key: KEY,
      command: "verify_payment",
      var1: "SOT42a1",
      hash: sha512("bjg$121|verify_payment|SOT42a1|vhgvs75"),
    });
    expect(txn).toEqual({
      txnid: "SOT42a1",
      mihpayid: "403993715521889530",
      status: "success",
      unmappedstatus: "captured",
      amountPaise: 150050,
      additionalChargesPaise: 0,
      mode: "UPI",
      udf5: "42",
      errorMessage: "NO ERROR",
      // India time, as PayU writes it: the payment's value date (decision 36).
      addedOn: "2026-12-07 23:50:12",
    });
  });

  it("answers null for an unknown txnid, and errors for a refused hash or a server failure", async () => {
    const reply = (body: unknown, status = 200) => payu((async () => Response.json(body, { status })) as unknown as typeof fetch);
    expect(
      await reply({
        status: 0,
        msg: "0 out of 1 Transactions Fetched Successfully",
        transaction_details: { T1: { mihpayid: "Not Found", status: "Not Found" } },
      }).verifyPayment("T1"),
    ).toBeNull();
    await expect(reply({ status: 0, msg: "Invalid Hash." }).verifyPayment("T1")).rejects.toMatchObject({ code: "unauthorized" });
    await expect(reply({}, 503).verifyPayment("T1")).rejects.toMatchObject({ code: "provider_error" });
    await expect(reply({}).verifyPayment("bad id!")).rejects.toMatchObject({ code: "invalid_request" });
  });
});

/** Posts a form to the sandbox's routes as a browser would. */
async function post(routes: { request: (path: string, init?: RequestInit) => Response | Promise<Response> }, path: string, fields: Record<string, string>) {
  return routes.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}
const hiddenFields = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      m[1]!,
      m[2]!.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n))),
    ]),
  );

describe("sandbox PayU", () => {
  async function checkout(outcome: "success" | "failure" | "cancel", change: Partial<typeof REQUEST> & { curl?: string } = {}) {
    const sb = createSandboxPayu({ origin: "http://localhost:3302" });
    const form = sb.gateway.paymentForm({ ...REQUEST, ...change });
    expect(form.action).toBe("http://localhost:3302/sandbox/payu/_payment");
    const accepted = await post(sb.routes, "/_payment", form.fields);
    expect(accepted.status).toBe(303);
    const pagePath = accepted.headers.get("location")!.replace("/sandbox/payu", "");
    const page = await sb.routes.request(pagePath);
    const html = await page.text();
    const done = await post(sb.routes, pagePath, { outcome, mode: "CC" });
    return { sb, html, page, done, doneHtml: await done.text() };
  }

  it("shows an accessible hosted page, posts a success back to surl with a valid reverse hash, and verify_payment agrees", async () => {
    const { sb, html, page, done, doneHtml } = await checkout("success");
    expect(page.status).toBe(200);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('name="viewport"');
    expect(html).toMatch(/<h1>Complete your payment<\/h1>/);
    expect(html).toContain("<legend>Result to simulate</legend>");
    expect(html).toContain("₹1,500.50");
    expect(done.headers.get("content-security-policy")).toContain("form-action 'self' https://www.salaryontime.in");
    expect(doneHtml).toContain(`action="${REQUEST.surl}"`);
    expect(doneHtml).toContain('<script src="/sandbox/payu/return.js" defer></script>');
    expect(doneHtml).not.toMatch(/<script>|onload=/);
    const fields = hiddenFields(doneHtml);
    expect(fields).toMatchObject({
      status: "success",
      txnid: REQUEST.txnid,
      amount: "1500.50",
      udf5: "42",
      key: SANDBOX_PAYU_KEY,
      mode: "CC",
      unmappedstatus: "captured",
    });
    const answer = sb.gateway.verifyResponse(fields);
    expect(answer).toMatchObject({ status: "success", amountPaise: 150050, udf5: "42" });
    expect(sb.gateway.verifyResponse({ ...fields, status: "success", amount: "1.00" })).toBeNull();
    expect(await sb.gateway.verifyPayment(REQUEST.txnid)).toMatchObject({ status: "success", amountPaise: 150050, mihpayid: fields.mihpayid, udf5: "42" });
    // The same txnid cannot be paid twice.
    const again = await post(sb.routes, "/_payment", sb.gateway.paymentForm(REQUEST).fields);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("Duplicate transaction ID");
  });

  it("posts a failure to furl, and a cancel to curl when given (else furl)", async () => {
    const failed = await checkout("failure");
    expect(failed.doneHtml).toContain(`action="${REQUEST.furl}"`);
    const failedFields = hiddenFields(failed.doneHtml);
    expect(failed.sb.gateway.verifyResponse(failedFields)).toMatchObject({ status: "failure" });
    expect(await failed.sb.gateway.verifyPayment(REQUEST.txnid)).toMatchObject({ status: "failure", unmappedstatus: "failed" });

    const cancelled = await checkout("cancel", { curl: "https://www.salaryontime.in/payu/cancel" });
    expect(cancelled.doneHtml).toContain('action="https://www.salaryontime.in/payu/cancel"');
    expect(hiddenFields(cancelled.doneHtml)).toMatchObject({ status: "failure", unmappedstatus: "userCancelled" });
    const cancelledNoCurl = await checkout("cancel");
    expect(cancelledNoCurl.doneHtml).toContain(`action="${REQUEST.furl}"`);
  });

  it("refuses a form with a wrong hash, a wrong key or a missing field, like PayU", async () => {
    const sb = createSandboxPayu({ origin: "http://localhost:3302" });
    const form = sb.gateway.paymentForm(REQUEST);
    const tampered = await post(sb.routes, "/_payment", { ...form.fields, amount: "1.00" });
    expect(tampered.status).toBe(400);
    const text = await tampered.text();
    expect(text).toContain("incorrectly calculated hash");
    expect(text).toContain('role="alert"');
    expect((await post(sb.routes, "/_payment", { ...form.fields, key: "other" })).status).toBe(400);
    const { email: _email, ...withoutEmail } = form.fields;
    expect(await (await post(sb.routes, "/_payment", withoutEmail)).text()).toContain("Mandatory param email is missing");
    expect((await sb.routes.request("/_payment/unknown-token")).status).toBe(400);
    expect(await sb.gateway.verifyPayment(REQUEST.txnid)).toBeNull();
  });

  it("reports a started but unfinished payment as pending, and refuses a verify_payment with a bad hash", async () => {
    const sb = createSandboxPayu({ origin: "http://localhost:3302" });
    await post(sb.routes, "/_payment", sb.gateway.paymentForm(REQUEST).fields);
    expect(await sb.gateway.verifyPayment(REQUEST.txnid)).toMatchObject({ status: "pending" });
    const refused = await post(sb.routes, "/merchant/postservice.php?form=2", {
      key: SANDBOX_PAYU_KEY,
      command: "verify_payment",
      var1: REQUEST.txnid,
      hash: "00",
    });
    expect(await refused.json()).toEqual({ status: 0, msg: "Invalid Hash." });
    expect(payuCommandHash(SANDBOX_PAYU_KEY, "verify_payment", REQUEST.txnid, SANDBOX_PAYU_SALT)).toHaveLength(128);
    const script = await sb.routes.request("/return.js");
    expect(script.headers.get("content-type")).toMatch(/^text\/javascript/);
  });
});

import { describe, expect, it } from "vitest";
import { CheckoutRefused } from "../gateway-port.ts";
import { payuResponseHash } from "./port.ts";
import { createPayuGateway } from "./payu.ts";
import { payuPaymentGateway } from "./payu-gateway.ts";

const KEY = "bjg$121";
const SALT = "vhgvs75";

// verify_payment's answer in the shape PayU documents (postservice.php?form=2).
const verified = (over: Record<string, unknown>) => ({
  status: 1,
  msg: "1 out of 1 Transactions Fetched Successfully",
  transaction_details: {
    SOTR0011223344556677: {
      mihpayid: "403993715521889530",
      request_id: "",
      bank_ref_num: "87d3b2a1-5a60-4169-8692-649f61923b3d",
      amt: "1500.00",
      transaction_amount: "1500.00",
      txnid: "SOTR0011223344556677",
      additional_charges: "0.00",
      productinfo: "Loan repayment",
      firstname: "Asha",
      bankcode: "UPI",
      udf1: "",
      udf5: "7b0d7e56-7c1b-4d8a-9c3c-2f9c1a7c9e01",
      status: "success",
      unmappedstatus: "captured",
      mode: "UPI",
      error_Message: "NO ERROR",
      addedon: "2026-12-07 23:50:12",
      ...over,
    },
  },
});

function gatewayWith(reply: unknown) {
  const fetch = (async () => Response.json(reply)) as unknown as typeof globalThis.fetch;
  const adapter = createPayuGateway({
    key: KEY,
    salt: SALT,
    paymentUrl: "https://secure.payu.in/_payment",
    verifyUrl: "https://info.payu.in/merchant/postservice.php?form=2",
    fetch,
  });
  return payuPaymentGateway(adapter);
}

const CHECKOUT = {
  orderId: "SOTR0011223344556677",
  amountPaise: 150000,
  leadId: "7b0d7e56-7c1b-4d8a-9c3c-2f9c1a7c9e01",
  payer: { name: "Asha Devi Rao", email: "asha@example.com", mobile: "9000090000" },
  description: "Loan repayment",
  returnUrl: "https://www.salaryontime.in/payments/payu/return",
};
const REF = { orderId: "SOTR0011223344556677", gatewayOrderId: "SOTR0011223344556677" };

describe("PayU behind the PaymentGateway port", () => {
  it("the order is our txnid; the browser posts the hashed form with the first name, the lead in udf5 and our return url", async () => {
    const created = await gatewayWith({}).createCheckout(CHECKOUT);
    expect(created.gatewayOrderId).toBe("SOTR0011223344556677");
    expect(created.browser).toMatchObject({
      kind: "form_post",
      action: "https://secure.payu.in/_payment",
      fields: {
        key: KEY,
        txnid: "SOTR0011223344556677",
        amount: "1500.00",
        productinfo: "Loan repayment",
        firstname: "Asha",
        email: "asha@example.com",
        phone: "9000090000",
        udf5: "7b0d7e56-7c1b-4d8a-9c3c-2f9c1a7c9e01",
        surl: "https://www.salaryontime.in/payments/payu/return",
        furl: "https://www.salaryontime.in/payments/payu/return",
      },
    });
  });

  it("refuses details PayU's form would not take, before any call, as the payer's problem", async () => {
    await expect(gatewayWith({}).createCheckout({ ...CHECKOUT, payer: { ...CHECKOUT.payer, email: "" } })).rejects.toBeInstanceOf(CheckoutRefused);
  });

  it("success is paid from addedon, India time: 23:50:12 on 7 December is 18:20:12 UTC", async () => {
    expect(await gatewayWith(verified({})).confirm(REF)).toEqual({
      state: "paid",
      paymentId: "403993715521889530",
      amountPaise: 150000,
      capturedAt: new Date("2026-12-07T18:20:12Z"),
    });
  });

  it("failure is failed, a customer's cancel (userCancelled) is cancelled, pending and an unknown txnid are pending", async () => {
    expect(await gatewayWith(verified({ status: "failure", unmappedstatus: "failed" })).confirm(REF)).toEqual({ state: "failed" });
    expect(await gatewayWith(verified({ status: "failure", unmappedstatus: "userCancelled" })).confirm(REF)).toEqual({ state: "cancelled" });
    expect(await gatewayWith(verified({ status: "pending", unmappedstatus: "pending" })).confirm(REF)).toEqual({ state: "pending" });
    const unknown = {
      status: 0,
      msg: "0 out of 1 Transactions Fetched Successfully",
      transaction_details: { SOTR0011223344556677: { mihpayid: "Not Found", status: "Not Found" } },
    };
    expect(await gatewayWith(unknown).confirm(REF)).toEqual({ state: "pending" });
  });

  it("reads the server-to-server notification by its reverse hash; a wrong hash is not ours", () => {
    const fields = {
      key: KEY,
      txnid: "SOTR0011223344556677",
      mihpayid: "403993715521889530",
      amount: "1500.00",
      productinfo: "Loan repayment",
      firstname: "Asha",
      email: "asha@example.com",
      status: "success",
      unmappedstatus: "captured",
      mode: "UPI",
      udf5: "7b0d7e56-7c1b-4d8a-9c3c-2f9c1a7c9e01",
      addedon: "2026-12-07 23:50:12",
    };
    const hash = payuResponseHash(KEY, SALT, fields);
    const gateway = gatewayWith({});
    expect(gateway.parseNotification({ rawBody: new URLSearchParams({ ...fields, hash }).toString(), headers: {} })).toEqual({
      kind: "event",
      event: { deliveryId: "403993715521889530:success", name: "payment.success", order: { by: "orderId", id: "SOTR0011223344556677" }, asks: "confirm" },
    });
    expect(gateway.parseNotification({ rawBody: new URLSearchParams({ ...fields, amount: "15.00", hash }).toString(), headers: {} })).toEqual({
      kind: "unverified",
      message: "Hash mismatch.",
    });
  });
});

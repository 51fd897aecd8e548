// Issue 32: servicing by update through the sandbox buyer app, as the network carries it (in process): loans taken
// through the whole walk and paid out by our back office, then a part payment, a foreclosure and an overdue
// payment, each answered with our Pay Now address and reported PAID once the money arrives through our checkout.
// Also the servicing flows' logs for ONDC's validator (scripts/ondc-validate.ts).
import { writeFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { buyerAppTestApp, walkToConfirm, type BuyerAppTestApp } from "../../../test-support/ondc-buyer-walk.ts";
import { ondcSchemaErrors } from "../../../test-support/ondc-spec.ts";
import { servicingKit } from "../../../test-support/ondc-buyer-servicing.ts";
import type { BuyerAppMessage } from "./buyer-app.ts";
import { lvuServicingRequest } from "./lvu-log.ts";

const app = buyerAppTestApp();
let t: BuyerAppTestApp;
beforeAll(() => {
  t = app.t;
});

const DAY = 86_400_000;

const { sanctionAndPayOut, reportAndDeliver, payOnCheckout, kept, bodyOf, lastUpdate, lastReport } = servicingKit(() => t);

const line = (order: Record<string, any>, title: string) => order.quote.breakup.find((l: { title: string }) => l.title === title)?.price.value;
/** ONDC's validator's rule for an on_update: its payments' amounts add up to the quote's price. */
const paymentsTotal = (order: Record<string, any>) =>
  (order.payments as { params?: { amount?: string } }[]).reduce((sum, p) => sum + Math.round(Number(p.params?.amount ?? 0) * 100), 0);
/** Asks the lender for a payment from the buyer app's page, as the person does. */
const ask = (location: string, label: string, amount = "") =>
  t.app.request(`${location}/update`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ label, amount }).toString(),
  });

/** Where the servicing flows' logs go for ONDC's validator (scripts/ondc-validate.ts), each beside the main one. */
function writeServicingLog(flow: string, messages: BuyerAppMessage[], updateMessageId: string) {
  // eslint-disable-next-line no-restricted-properties -- the validator script's hand-over, in a test: not configuration
  const logPath = process.env.ONDC_LVU_LOG;
  if (logPath) writeFileSync(`${logPath}.${flow}.json`, JSON.stringify(lvuServicingRequest(messages, flow, updateMessageId), null, 2));
}
describe("servicing an ONDC loan by update", () => {
  it("services paid-out loans by update: part payment, closing, an overdue payment, each answered with our Pay Now address and reported PAID when the money arrives", async () => {
    // Two loans, each ₹15,000 for 9 days at 1 % a day: fee ₹1,500 + GST ₹270 taken at payout, ₹16,350 due on day 9.
    const first = await walkToConfirm(t);
    const second = await walkToConfirm(t);
    const a = await sanctionAndPayOut(first.transactionId);
    const b = await sanctionAndPayOut(second.transactionId);
    expect(await first.pageOf()).toMatch(/the loan is DISBURSED\./);

    // Paid out: the order's payment is made (₹1,500 + ₹270 taken from the payout, its UTR), and LOAN_CANCELLATION is there.
    const disbursed = bodyOf((await kept(first.transactionId)).findLast((m) => m.action === "on_status")!).message!.order;
    expect(disbursed.fulfillments[0].state.descriptor.code).toBe("DISBURSED");
    expect(disbursed.payments[0]).toMatchObject({ type: "ON_ORDER", status: "PAID", params: { amount: "1770.00", currency: "INR", transaction_id: a.utr } });
    expect(disbursed.documents.map((d: { descriptor: { code: string } }) => d.descriptor.code)).toEqual(["LOAN_AGREEMENT", "LOAN_CANCELLATION"]);
    const cancellation = new URL(disbursed.documents[1].url);
    const pdf = await t.app.request(`${cancellation.pathname}${cancellation.search}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");

    // Day 2: ₹300 interest so far (2 × ₹150). A part payment of ₹15,300 or more would close it: refused, nothing recorded.
    t.clock.advance(2 * DAY);
    await ask(first.location, "PRE_PART_PAYMENT", "15300");
    await t.services.ondcOutbox!.idle();
    expect((await lastUpdate(first.transactionId)).answer.error).toMatchObject({ code: "80216" });
    await ask(first.location, "MISSED_EMI_PAYMENT");
    await t.services.ondcOutbox!.idle();
    expect((await lastUpdate(first.transactionId)).answer.error).toMatchObject({ code: "80216" });

    // ₹5,000 part payment: the amount, our Pay Now address for it, and the quote: the contract's ₹18,120
    // (₹15,000 + ₹1,350 + ₹1,500 + ₹270) plus ₹15,000 principal and ₹300 interest outstanding = ₹33,420.
    await ask(first.location, "PRE_PART_PAYMENT", "5000");
    await t.services.ondcOutbox!.idle();
    const prePart = await lastUpdate(first.transactionId);
    const asked = prePart.answer.message!.order;
    expect(asked.payments[0]).toMatchObject({
      type: "POST_FULFILLMENT",
      status: "NOT-PAID",
      params: { amount: "5000.00", currency: "INR" },
      time: { label: "PRE_PART_PAYMENT" },
      url: "https://sandbox.salaryontime.test/repayloan?amount=5000.00",
    });
    expect([line(asked, "OUTSTANDING_PRINCIPAL"), line(asked, "OUTSTANDING_INTEREST"), line(asked, "PRE_PAYMENT_CHARGE")]).toEqual([
      "15000.00",
      "300.00",
      "0.00",
    ]);
    expect(asked.quote.price.value).toBe("33420.00");
    expect(await first.pageOf()).toContain(
      'Pay part of the loan: ₹5,000.00. <a href="https://sandbox.salaryontime.test/repayloan?amount=5000.00">Pay on the lender\'s page</a>',
    );

    // The money arrives through our checkout: reported once (the job run twice), PAID, no address; the loan still open.
    await payOnCheckout(first.mobile, a.leadId, "5000");
    await reportAndDeliver();
    await reportAndDeliver();
    const partPaid = (await lastReport(first.transactionId)).message!.order;
    expect(partPaid.payments[0]).toMatchObject({ status: "PAID", params: { amount: "5000.00" }, time: { label: "PRE_PART_PAYMENT" } });
    expect(partPaid.payments[0].url).toBeUndefined();
    expect(partPaid.fulfillments[0].state.descriptor.code).toBe("DISBURSED");
    expect((await kept(first.transactionId)).filter((m) => m.action === "on_update").length).toBe(4);
    writeServicingLog("PRE_PART_PERSONAL", await kept(first.transactionId), prePart.messageId);

    // Day 3: ₹300 interest then ₹4,700 principal were paid, so ₹10,300 is owed and day 3 adds 1 % of it, ₹103: ₹10,403 closes it.
    t.clock.advance(DAY);
    await ask(first.location, "FORECLOSURE");
    await t.services.ondcOutbox!.idle();
    const closing = await lastUpdate(first.transactionId);
    const foreclosure = closing.answer.message!.order;
    expect(foreclosure.payments[0]).toMatchObject({
      params: { amount: "10403.00" },
      time: { label: "FORECLOSURE" },
      url: "https://sandbox.salaryontime.test/repayloan?amount=10403.00",
    });
    expect(foreclosure.payments[2]).toMatchObject({ status: "NOT-PAID", params: { amount: "16350.00" } });
    // ₹18,120 + ₹10,300 + ₹103 = ₹28,523, which the payments make too: ₹10,403 + ₹1,770 + ₹16,350.
    expect(foreclosure.quote.price.value).toBe("28523.00");
    expect(paymentsTotal(foreclosure)).toBe(2_852_300);
    await payOnCheckout(first.mobile, a.leadId, "10403");
    await reportAndDeliver();
    const closed = (await lastReport(first.transactionId)).message!.order;
    expect(closed.payments[0]).toMatchObject({ status: "PAID", params: { amount: "10403.00" }, time: { label: "FORECLOSURE" } });
    expect(closed.payments[2].status).toBe("DEFERRED");
    expect(closed.fulfillments[0].state.descriptor.code).toBe("COMPLETED");
    expect(await first.pageOf()).toContain("The lender reports it paid. Close the loan today: ₹10,403.00.");
    writeServicingLog("FORECLOSURE_PERSONAL", await kept(first.transactionId), closing.messageId);

    // The second loan on day 11, two days past its date: ₹1,350 interest to day 9, then per day ₹150 interest and
    // ₹75 penal (0.5 %): ₹300 + ₹150. ₹15,000 + ₹1,350 + ₹300 + ₹150 = ₹16,800 overdue.
    t.clock.advance(8 * DAY);
    await ask(second.location, "MISSED_EMI_PAYMENT");
    await t.services.ondcOutbox!.idle();
    const missed = await lastUpdate(second.transactionId);
    const overdue = missed.answer.message!.order;
    expect(overdue.payments[0]).toMatchObject({ params: { amount: "16800.00" }, time: { label: "MISSED_EMI_PAYMENT" } });
    expect(overdue.payments[2].status).toBe("DELAYED");
    expect([line(overdue, "OTHER_CHARGES"), line(overdue, "LATE_FEE_AMOUNT")]).toEqual(["300.00", "150.00"]);
    // ₹18,120 + ₹300 + ₹150.
    expect(overdue.quote.price.value).toBe("18570.00");
    await payOnCheckout(second.mobile, b.leadId, "16800");
    await reportAndDeliver();
    const caughtUp = (await lastReport(second.transactionId)).message!.order;
    expect(caughtUp.payments[0]).toMatchObject({ status: "PAID", params: { amount: "16800.00" }, time: { label: "MISSED_EMI_PAYMENT" } });
    expect(caughtUp.payments[2].status).toBe("DEFERRED");
    expect(caughtUp.fulfillments[0].state.descriptor.code).toBe("COMPLETED");
    writeServicingLog("MISSED_EMI_PERSONAL", await kept(second.transactionId), missed.messageId);

    // Every on_update we sent is valid against the spec pack's schema.
    for (const transactionId of [first.transactionId, second.transactionId])
      for (const m of (await kept(transactionId)).filter((x) => x.direction === "in" && x.action === "on_update")) {
        const errors = ondcSchemaErrors("on_update", JSON.parse(m.body));
        if (errors !== null) expect(errors).toBe("");
      }
  });
});

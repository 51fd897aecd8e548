// Issue 32: init → on_init. After F03 (eKYC done on our page), the first init is answered with the offer for the
// amount, the loan INITIATED with the borrower's details, the buyer app's finder fee for this loan agreed, the
// cancellation terms, and form F04 "Account Information"; valid against the spec's on_init schema.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customerProfiles } from "../../db/schema/index.ts";
import { searchRequest } from "../dev/ondc-buyer-app/buyer-requests.ts";
import { ondcSchemaErrors } from "../../test-support/ondc-spec.ts";
import { ondcFormsHarness } from "../../test-support/ondc-forms.ts";

const h = ondcFormsHarness();

/** The buyer app's search in the transaction, with a finder fee of 1 % a year. */
async function search(transactionId: string) {
  const { message } = searchRequest({
    transactionId,
    messageId: randomUUID(),
    at: h.t.clock.now(),
    bapId: "unused",
    bapUri: "https://buyer.example.test/ondc",
    origin: "https://buyer.example.test",
    finderFeePercentage: "1",
  });
  await h.request("search", transactionId, message);
}

/** The buyer app's payment terms in an init, as the spec's flow has them (we collect). */
const payment = (settlementAmount: string) => ({
  collected_by: "BPP",
  type: "ON_ORDER",
  status: "NOT-PAID",
  tags: [
    {
      descriptor: { code: "BUYER_FINDER_FEES" },
      list: [
        { descriptor: { code: "BUYER_FINDER_FEES_TYPE" }, value: "percent-annualized" },
        { descriptor: { code: "BUYER_FINDER_FEES_PERCENTAGE" }, value: "1" },
      ],
    },
    {
      descriptor: { code: "SETTLEMENT_TERMS" },
      list: [
        { descriptor: { code: "SETTLEMENT_AMOUNT" }, value: settlementAmount },
        { descriptor: { code: "SETTLEMENT_TYPE" }, value: "neft" },
        { descriptor: { code: "STATIC_TERMS" }, value: "https://buyer.example.test/terms" },
        { descriptor: { code: "OFFLINE_CONTRACT" }, value: "true" },
      ],
    },
  ],
});

type Tag = { descriptor: { code: string }; value?: string; list?: Tag[] };
const tagList = (tags: Tag[], group: string) =>
  Object.fromEntries(tags.find((g) => g.descriptor.code === group)!.list!.map((i) => [i.descriptor.code, i.value]));

describe("init → on_init", () => {
  it("answers F03's SUCCESS with the order INITIATED, the finder fee agreed, the cancellation terms and form F04", async () => {
    const { transactionId, f02Id, f03Id, profileId } = await h.throughF03();
    await search(transactionId);
    // The name we hold is the PAN registry's (the sandbox's), as on the website.
    const [profile] = await h.t.services.db.select().from(customerProfiles).where(eq(customerProfiles.id, profileId));
    // ₹15,000 for 9 days at 1 % a year: 1,500,000 × 0.01 × 9 / 365 = 369.86 paise → ₹3.70.
    const wrong = await h.initForm(transactionId, "F03", f03Id, [payment("5.00")]);
    expect(wrong.message).toBeUndefined();
    expect(wrong.error).toMatchObject({ code: "80216" });
    expect(wrong.error.message).toContain("SETTLEMENT_AMOUNT for this loan is 3.70");

    const answer = await h.initForm(transactionId, "F03", f03Id, [payment("3.70")]);
    expect(answer.context).toMatchObject({ action: "on_init", transaction_id: transactionId, version: "2.0.1" });
    const { order } = answer.message;
    const [item] = order.items;
    expect(item.xinput).toEqual({
      head: {
        descriptor: { name: "Account Information" },
        index: { min: 0, cur: 0, max: 2 },
        headings: ["Account Information", "E-mandate", "Loan Agreement"],
      },
      form: {
        id: "F04",
        mime_type: "text/html",
        url: `${h.t.services.env.PUBLIC_ORIGIN}/ondc/forms/F04?transaction_id=${transactionId}&ref=${f03Id}`,
        resubmit: false,
        multiple_sumbissions: false,
      },
      required: true,
    });
    // The offer for the amount, as select_3 stated it: 15,000 + interest 1,350 (1 % a day for 9 days) + fee 1,500 + GST 270.
    expect(order.quote.price.value).toBe("18120.00");
    expect(tagList(item.tags, "LOAN_INFO").KFS_LINK).toBe(`${h.t.services.env.PUBLIC_ORIGIN}/ondc/kfs/${f02Id}`);
    expect(order.fulfillments).toEqual([
      {
        type: "LOAN",
        customer: { person: { name: profile.fullName }, contact: { phone: `+91-${profile.mobile}`, email: "asha@example.com" } },
        state: { descriptor: { code: "INITIATED" } },
      },
    ]);
    const [pay] = order.payments;
    expect(pay).toMatchObject({ type: "ON_ORDER", status: "NOT-PAID", collected_by: "BPP" });
    expect(tagList(pay.tags, "BUYER_FINDER_FEES")).toEqual({ BUYER_FINDER_FEES_TYPE: "percent-annualized", BUYER_FINDER_FEES_PERCENTAGE: "1" });
    expect(tagList(pay.tags, "SETTLEMENT_TERMS")).toMatchObject({
      SETTLEMENT_AMOUNT: "3.70",
      SETTLEMENT_WINDOW: "PT720H",
      SETTLEMENT_BASIS: "INVOICE_RECEIPT",
    });
    expect(order.cancellation_terms).toEqual([{ external_ref: { mimetype: "text/html", url: `${h.t.services.env.PUBLIC_ORIGIN}/rate-and-terms` } }]);
    const errors = ondcSchemaErrors("on_init", answer);
    if (errors !== null) expect(errors).toBe("");

    // F04's link opens our bank-account page for this application.
    const f04 = await h.t.app.request(new URL(item.xinput.form.url).pathname + new URL(item.xinput.form.url).search);
    expect(f04.status).toBe(200);
  });

  it("refuses an init that quotes no F03 of this transaction, or a form whose step is not taken through ONDC yet", async () => {
    const { transactionId, f02Id, f03Id } = await h.throughF03();
    expect((await h.initForm(transactionId, "F03", f02Id)).error).toMatchObject({ code: "80216" });
    expect((await h.initForm(randomUUID(), "F03", f03Id)).error).toMatchObject({ code: "80216" });
    expect((await h.initForm(transactionId, "F02", f02Id)).error).toMatchObject({ code: "80216", paths: "message.order.items[0].xinput.form.id" });
    expect((await h.initForm(transactionId, "F04", randomUUID())).error).toMatchObject({ code: "80216" });
    // Without a search naming a fee, none is owed.
    const answer = await h.initForm(transactionId, "F03", f03Id);
    expect(tagList(answer.message.order.payments[0].tags, "SETTLEMENT_TERMS").SETTLEMENT_AMOUNT).toBe("0.00");
  });

  it("answers F04's SUCCESS with form F05, the e-mandate on our page", async () => {
    const { transactionId, f04Id } = await h.throughF04();
    const answer = await h.initForm(transactionId, "F04", f04Id);
    const [item] = answer.message.order.items;
    expect(item.xinput.head).toEqual({
      descriptor: { name: "E-mandate" },
      index: { min: 0, cur: 1, max: 2 },
      headings: ["Account Information", "E-mandate", "Loan Agreement"],
    });
    expect(item.xinput.form).toMatchObject({
      id: "F05",
      mime_type: "application/html",
      url: `${h.t.services.env.PUBLIC_ORIGIN}/ondc/forms/F05?transaction_id=${transactionId}&ref=${f04Id}`,
    });
    expect(answer.message.order.fulfillments[0].state.descriptor.code).toBe("INITIATED");
    // No schedule before the agreement's form.
    expect(answer.message.order.payments).toHaveLength(1);
    const errors = ondcSchemaErrors("on_init", answer);
    if (errors !== null) expect(errors).toBe("");
  });
});

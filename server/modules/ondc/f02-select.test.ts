// Issue 32: form F02 "Set Loan Amount" on our page (the amount and term within the offer, checked as the
// website's quote decision checks them) and the third select (the validator's
// select_3) → on_select with the offer for that amount and F03.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ondcFormsHarness } from "../../test-support/ondc-forms.ts";

const h = ondcFormsHarness();
const { randomMobile, goodFields, sendCode, submit, submissionsOf, selectOffer, selectForm, expectValidOnSelect, tagList } = h;

describe("F02 and the third select → on_select", () => {
  it("takes the amount and term within the offer, and answers its select with the offer for that amount and form F03", async () => {
    const transactionId = randomUUID();
    const mobile = randomMobile();
    const { otpRef, otp } = await sendCode(transactionId, mobile);
    expect((await submit(transactionId, { ...goodFields(mobile), otpRef, otp })).status).toBe(200);
    const [f01] = await submissionsOf(transactionId);
    const first = await selectOffer(transactionId, f01.submissionId);
    const f02Url = new URL(first.message.order.items[0].xinput.form.url);
    const f02Path = `${f02Url.pathname}${f02Url.search}`;

    const page = await h.t.app.request(f02Path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<label for="f-requestAmount">Loan amount \(₹\)<\/label>/);
    expect(html).toMatch(/<label for="f-requestTerm">Loan term \(days\)<\/label>/);
    // The salary day fixes the term (9 days): it is filled in and read only, so a person only chooses the amount.
    expect(html).toMatch(/<input type="text" inputmode="numeric" id="f-requestTerm" name="requestTerm" value="9" [^>]*readonly required>/);
    // Without the F01 submission's id the page is not found.
    expect((await h.t.app.request(`/ondc/forms/F02?transaction_id=${transactionId}&ref=${randomUUID()}`)).status).toBe(404);

    const post = (fields: Record<string, string>, accept = "text/html") =>
      h.t.app.request(f02Path, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept },
        body: new URLSearchParams(fields).toString(),
      });
    // More than the offer (₹24,000) and another term than the salary day fixes (9 days): each refused, nothing stored.
    const bad = await post({ requestAmount: "30000", requestTerm: "20" });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toMatch(/id="f-requestAmount-error">Please choose a loan amount between ₹10,000 and ₹24,000/);
    expect(badHtml).toContain(`id="f-requestTerm-error">The tenure is fixed at 9 days, up to your next salary date.<`);
    expect(await submissionsOf(transactionId)).toHaveLength(1);

    // A program asking for JSON gets ONDC's answer.
    const good = await post({ requestAmount: "15000", requestTerm: "9" }, "application/json");
    expect(good.status).toBe(200);
    const { submission_id: f02Id } = (await good.json()) as { submission_id: string };
    const [f02] = (await submissionsOf(transactionId)).filter((r) => r.formId === "F02");
    expect(f02).toMatchObject({ submissionId: f02Id, parentSubmissionId: f01.submissionId, requestAmount: 15000, requestTerm: 9, profileId: f01.profileId });

    const body = await selectForm(transactionId, "F02", f02Id);
    expectValidOnSelect(body);
    const { order } = body.message;
    // ₹15,000 for 9 days: interest 1,350, fee 1,500, GST 270, net 15,000 − 1,500 − 270 = 13,230; price 15,000 + 1,350 + 1,500 + 270 = 18,120.
    expect(order.quote.breakup.map((l: { title: string; price: { value: string } }) => [l.title, l.price.value])).toEqual([
      ["PRINCIPAL", "15000.00"],
      ["INTEREST", "1350.00"],
      ["PROCESSING_FEE", "1500.00"],
      ["OTHER_UPFRONT_CHARGES", "270.00"],
      ["INSURANCE_CHARGES", "0.00"],
      ["NET_DISBURSED_AMOUNT", "13230.00"],
      ["OTHER_CHARGES", "0.00"],
    ]);
    expect(order.quote.price.value).toBe("18120.00");
    expect(order.quote.id).toBe(first.message.order.quote.id);
    expect(tagList(order.items[0].tags, "LOAN_INFO")).toMatchObject({ APPLICATION_FEE: "1770.00 INR", INSTALLMENT_AMOUNT: "16350.00 INR", TERM: "9 days" });
    const origin = h.t.services.env.PUBLIC_ORIGIN;
    expect(order.items[0].xinput).toEqual({
      head: { descriptor: { name: "Know your Customer" }, index: { min: 0, cur: 1, max: 1 }, headings: ["Set Loan Amount", "Know your Customer"] },
      form: {
        id: "F03",
        mime_type: "application/html",
        url: `${origin}/ondc/forms/F03?transaction_id=${transactionId}&ref=${f02Id}`,
        resubmit: false,
        multiple_sumbissions: false,
      },
      required: true,
    });
  });
});

// Issue 32: form F05 "E-mandate" on our page: our AutoPay step (the mandates service and its sandbox provider)
// returning to F05's own address; a declined mandate is shown and may be tried again; an ACTIVE one is F05's
// SUCCESS, reported by the unsolicited on_status (valid against the spec's schema); init_3 then asks F06 with
// the repayment as the one instalment.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customerProfiles } from "../../db/schema/index.ts";
import { browse } from "../../test-support/kyc.ts";
import { ondcFormsHarness } from "../../test-support/ondc-forms.ts";
import { ondcSchemaErrors } from "../../test-support/ondc-spec.ts";

const h = ondcFormsHarness();

const onStatuses = (transactionId: string) =>
  h.received.map((r) => JSON.parse(r.text)).filter((b) => b.context.action === "on_status" && b.context.transaction_id === transactionId);

/** The mandate provider's sandbox page answered; the address it sends the browser back to. */
async function answerMandate(providerPage: string, choice: "approve" | "decline") {
  expect((await browse(h.t, providerPage)).status).toBe(200);
  const answered = await browse(h.t, `${new URL(providerPage, "http://x").pathname}/answer`, { form: { choice } });
  expect(answered.status).toBe(303);
  return answered.location!;
}

describe("F05, AutoPay on our page, and its on_status", () => {
  it("a declined mandate is shown and tried again; an approved one reports F05 SUCCESS and init_3 asks F06 with the schedule", async () => {
    const { transactionId, f04Id, profileId } = await h.throughF04();
    const path = `/ondc/forms/F05?transaction_id=${transactionId}&ref=${f04Id}`;
    const page = await browse(h.t, path);
    expect(page.status).toBe(200);
    expect(page.text).toContain("<h1>Set up AutoPay</h1>");
    expect(page.text).toMatch(/<label for="f-mandate_method">Choose how to approve<\/label>/);
    // ₹15,000 + 9 days at 1 % (₹1,350) = ₹16,350, plus the penal cap of 25 % of the principal (₹3,750) = ₹20,100.
    expect(page.text).toContain("At most ₹20,100 can be taken in one debit: the total you repay (₹16,350) plus the cap on penal charges (₹3,750).");

    const none = await browse(h.t, path, { form: { screen: "choose", mandate_method: "cheque" } });
    expect(none.status).toBe(400);
    expect(none.text).toContain("Please choose UPI Autopay or e-NACH.");

    // Declined at the provider: back on F05's page with the reason, nothing reported.
    const first = await browse(h.t, path, { form: { screen: "choose", mandate_method: "upi" } });
    expect(first.status).toBe(303);
    const back = new URL(await answerMandate(first.location!, "decline"));
    expect(`${back.origin}${back.pathname}`).toBe(`${h.t.services.env.PUBLIC_ORIGIN}/ondc/forms/F05/return`);
    expect((await browse(h.t, `${back.pathname}${back.search}`)).location).toBe(path);
    const declined = await browse(h.t, path);
    expect(declined.text).toContain("AutoPay was not set up");
    expect(declined.text).toContain("You declined the mandate.");
    await h.t.services.ondcOutbox!.idle();
    expect(onStatuses(transactionId).filter((b) => b.message.order.items[0].xinput.form.id === "F05")).toEqual([]);

    // Approved: F05 done, the journey on to the eSign, and the buyer app told once.
    const second = await browse(h.t, path, { form: { screen: "choose", mandate_method: "enach" } });
    const approvedBack = new URL(await answerMandate(second.location!, "approve"));
    expect((await browse(h.t, `${approvedBack.pathname}${approvedBack.search}`)).location).toBe(path);
    expect((await browse(h.t, path)).text).toContain("Return to the app to sign your loan agreement.");
    const [profile] = await h.t.services.db.select().from(customerProfiles).where(eq(customerProfiles.id, profileId));
    expect(profile.nextStep).toBe("esign");
    await h.t.services.ondcOutbox!.idle();
    await browse(h.t, `${approvedBack.pathname}${approvedBack.search}`);
    await h.t.services.ondcOutbox!.idle();
    const reported = onStatuses(transactionId).filter((b) => b.message.order.items[0].xinput.form.id === "F05");
    expect(reported).toHaveLength(1);
    const f05 = (await h.submissionsOf(transactionId)).find((s) => s.formId === "F05")!;
    expect(f05).toMatchObject({ parentSubmissionId: f04Id, outcome: "eligible" });
    const { order } = reported[0].message;
    expect(order.items[0].xinput).toEqual({ form: { id: "F05" }, form_response: { status: "SUCCESS", submission_id: f05.submissionId } });
    expect(order.fulfillments[0].state.descriptor.code).toBe("INITIATED");
    expect(order.cancellation_terms).toHaveLength(1);
    const errors = ondcSchemaErrors("on_status", reported[0]);
    if (errors !== null) expect(errors).toBe("");

    // init_3: F06, the loan agreement, with the repayment as the one instalment: ₹15,000 + 9 days at 1 % = ₹16,350.
    const third = await h.initForm(transactionId, "F05", f05.submissionId);
    const [item] = third.message.order.items;
    expect(item.xinput.head.descriptor.name).toBe("Loan Agreement");
    expect(item.xinput.form).toMatchObject({
      id: "F06",
      mime_type: "application/html",
      url: `${h.t.services.env.PUBLIC_ORIGIN}/ondc/forms/F06?transaction_id=${transactionId}&ref=${f05.submissionId}`,
    });
    const instalment = third.message.order.payments[1];
    expect(instalment).toMatchObject({ type: "POST_FULFILLMENT", status: "NOT-PAID", params: { amount: "16350.00", currency: "INR" } });
    // Due on the offer's repayment date, the whole India day.
    const { offerRepaymentDate } = (await h.submissionsOf(transactionId)).find((s) => s.formId === "F02")!;
    expect(instalment.time).toEqual({
      label: "INSTALLMENT",
      range: { start: new Date(`${offerRepaymentDate}T00:00:00+05:30`).toISOString(), end: new Date(`${offerRepaymentDate}T23:59:59.999+05:30`).toISOString() },
    });
    const due = third.message.order.items[0].tags[0].list.find((i: { descriptor: { code: string } }) => i.descriptor.code === "INSTALLMENT_AMOUNT");
    expect(due.value).toBe("16350.00 INR");
    const onInitErrors = ondcSchemaErrors("on_init", third);
    if (onInitErrors !== null) expect(onInitErrors).toBe("");
  });

  it("is not open before the bank account, nor for another transaction's ref", async () => {
    const { transactionId, f03Id } = await h.throughF03();
    expect((await browse(h.t, `/ondc/forms/F05?transaction_id=${transactionId}&ref=${f03Id}`)).status).toBe(404);
    const other = await h.throughF04();
    expect((await browse(h.t, `/ondc/forms/F05?transaction_id=${transactionId}&ref=${other.f04Id}`)).status).toBe(404);
  });
});

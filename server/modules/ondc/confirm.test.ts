// Issue 32: confirm → on_confirm. After F06 (the agreement signed on our page), the confirm is answered at once
// with the order as the agreement stated it (its id, the schedule, the signed agreement) and the loan's state as
// our books hold it: PENDING until our credit team decides, REJECTED once it refused; valid against the spec's
// on_confirm schema. A confirm that quotes no signed F06 of the transaction, or another finder fee, is refused.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ondcSchemaErrors } from "../../test-support/ondc-spec.ts";
import { ondcFormsHarness } from "../../test-support/ondc-forms.ts";
import { transition } from "../loans/loan-account.service.ts";

const h = ondcFormsHarness();

/** The buyer app's payment terms in a confirm: we collect, and the finder fee it expects. */
const payment = (settlementAmount: string) => ({
  collected_by: "BPP",
  type: "ON_ORDER",
  status: "NOT-PAID",
  tags: [{ descriptor: { code: "SETTLEMENT_TERMS" }, list: [{ descriptor: { code: "SETTLEMENT_AMOUNT" }, value: settlementAmount }] }],
});

const confirm = (transactionId: string, formId: string, submissionId: string, payments: unknown[] = [payment("0.00")]) =>
  h.request("confirm", transactionId, {
    order: {
      provider: { id: "salaryontime" },
      items: [{ id: "salary-day-loan", xinput: { form: { id: formId }, form_response: { status: "SUCCESS", submission_id: submissionId } } }],
      payments,
    },
  });

describe("confirm → on_confirm", () => {
  it("answers the signed F06 with the order, PENDING until our credit team decides, then the decision", async () => {
    const { transactionId, f05Id, f06Id } = await h.throughF06();
    const submissions = await h.submissionsOf(transactionId);
    const f02 = submissions.find((s) => s.formId === "F02")!;
    const f06 = submissions.find((s) => s.formId === "F06")!;

    // The harness's search named no finder fee: 0 is owed, and another figure is refused.
    const wrong = await confirm(transactionId, "F06", f06Id, [payment("9.99")]);
    expect(wrong.error).toMatchObject({ code: "80216" });
    expect(wrong.error.message).toContain("SETTLEMENT_AMOUNT for this loan is 0.00");

    const answer = await confirm(transactionId, "F06", f06Id);
    expect(answer.context).toMatchObject({ action: "on_confirm", transaction_id: transactionId, version: "2.0.1" });
    const { order } = answer.message;
    expect(order.id).toBe(f02.proposalNumber);
    expect(order.items[0].xinput).toEqual({ form: { id: "F06" }, form_response: { status: "SUCCESS", submission_id: f06Id } });
    expect(order.fulfillments[0].state.descriptor.code).toBe("PENDING");
    // ₹15,000 + 9 days at 1 % = ₹16,350, once, on the repayment date.
    expect(order.payments[1]).toMatchObject({ type: "POST_FULFILLMENT", status: "NOT-PAID", params: { amount: "16350.00", currency: "INR" } });
    expect(order.documents).toEqual([
      expect.objectContaining({
        descriptor: expect.objectContaining({ code: "LOAN_AGREEMENT" }),
        mime_type: "application/pdf",
        url: `${h.t.services.env.PUBLIC_ORIGIN}/ondc/forms/F06/agreement.pdf?transaction_id=${transactionId}&ref=${f05Id}`,
      }),
    ]);
    const errors = ondcSchemaErrors("on_confirm", answer);
    if (errors !== null) expect(errors).toBe("");

    // Our credit team refuses the loan: a confirm then says so.
    await h.t.services.db.transaction((tx) => transition(tx, f06.leadId!, "reject", { at: h.t.services.now(), rejectionReason: "test" }));
    const after = await confirm(transactionId, "F06", f06Id);
    expect(after.message.order.fulfillments[0].state.descriptor.code).toBe("REJECTED");
  });

  it("refuses a confirm that quotes no signed F06 of this transaction", async () => {
    const { transactionId, f05Id, f06Id } = await h.throughF06();
    expect((await confirm(transactionId, "F05", f05Id)).error).toMatchObject({ code: "80216", paths: "message.order.items[0].xinput.form.id" });
    expect((await confirm(transactionId, "F06", f05Id)).error).toMatchObject({ code: "80216" });
    expect((await confirm(randomUUID(), "F06", f06Id)).error).toMatchObject({ code: "80216" });
    expect((await confirm(transactionId, "F06", "not-an-id")).error).toMatchObject({ code: "80217" });
  });

  it("tells the buyer app of our credit team's decision, once, by an unsolicited on_status", async () => {
    const { transactionId, f06Id } = await h.throughF06();
    const f06 = (await h.submissionsOf(transactionId)).find((s) => s.formId === "F06")!;
    const statuses = () =>
      h.received
        .map((r) => JSON.parse(r.text))
        .filter((b) => b.context.action === "on_status" && b.context.transaction_id === transactionId && !b.message.order.items[0].xinput);
    await confirm(transactionId, "F06", f06Id);
    await h.t.services.ondcOutbox!.idle();
    expect(statuses()).toEqual([]);

    await h.t.services.db.transaction((tx) => transition(tx, f06.leadId!, "reject", { at: h.t.services.now(), rejectionReason: "test" }));
    // The callbacks job, twice (a second instance, the next minute): reported once.
    await h.t.services.jobHandlers["ondc-callbacks"]();
    await h.t.services.jobHandlers["ondc-callbacks"]();
    await h.t.services.ondcOutbox!.idle();
    const [reported, ...more] = statuses();
    expect(more).toEqual([]);
    expect(reported.message.order.fulfillments[0].state.descriptor.code).toBe("REJECTED");
    expect(reported.message.order.id).toBe((await h.submissionsOf(transactionId)).find((s) => s.formId === "F02")!.proposalNumber);
    expect(reported.context.message_id).not.toBe(f06Id);
    const errors = ondcSchemaErrors("on_status", reported);
    if (errors !== null) expect(errors).toBe("");
  });

  it("answers a status with the order as it stands, once the agreement is signed", async () => {
    const before = await h.throughF05();
    expect((await h.request("status", before.transactionId, { ref_id: before.transactionId })).error).toMatchObject({ code: "80216" });

    const { transactionId } = await h.throughF06();
    const proposal = (await h.submissionsOf(transactionId)).find((s) => s.formId === "F02")!.proposalNumber;
    const byTransaction = await h.request("status", transactionId, { ref_id: transactionId });
    expect(byTransaction.context.action).toBe("on_status");
    expect(byTransaction.message.order.id).toBe(proposal);
    expect(byTransaction.message.order.fulfillments[0].state.descriptor.code).toBe("PENDING");
    const errors = ondcSchemaErrors("on_status", byTransaction);
    if (errors !== null) expect(errors).toBe("");
    expect((await h.request("status", transactionId, { ref_id: proposal })).message.order.id).toBe(proposal);
    expect((await h.request("status", transactionId, { ref_id: "SOT-20260101-AAAAAAAA" })).error).toMatchObject({ code: "80216" });
    expect((await h.request("status", transactionId, {})).error).toMatchObject({ code: "80217" });
  });
});

// Issue 32: form F06 "Loan Agreement" on our page: our eSign step (the eSign service and its sandbox provider)
// returning to F06's own address; a signed agreement is F06's SUCCESS, reported by the unsolicited on_status
// (the validator's on_status_esign: the order's id, the loan still INITIATED, the schedule, the signed copy as
// LOAN_AGREEMENT), valid against the spec's schema; the signed copy is served to the holder of the address.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customerProfiles } from "../../db/schema/index.ts";
import { signOnSandbox } from "../../test-support/banking.ts";
import { browse } from "../../test-support/kyc.ts";
import { ondcFormsHarness } from "../../test-support/ondc-forms.ts";
import { ondcSchemaErrors } from "../../test-support/ondc-spec.ts";

const h = ondcFormsHarness();

describe("F06, the loan agreement's eSign on our page, and its on_status", () => {
  it("signs with Aadhaar eSign, reports F06 SUCCESS with the signed agreement, and serves it", async () => {
    const { transactionId, f05Id, f02Id, profileId } = await h.throughF05();
    const path = `/ondc/forms/F06?transaction_id=${transactionId}&ref=${f05Id}`;
    const agreementPath = `/ondc/forms/F06/agreement.pdf?transaction_id=${transactionId}&ref=${f05Id}`;
    const page = await browse(h.t, path);
    expect(page.status).toBe(200);
    expect(page.text).toContain("<h1>Sign your loan agreement</h1>");
    expect(page.text).toContain(`href="/ondc/kfs/${f02Id}"`);
    // Nothing signed yet: no copy to give.
    expect((await browse(h.t, agreementPath)).status).toBe(404);

    const started = await browse(h.t, path, { form: { screen: "sign" } });
    expect(started.status).toBe(303);
    const [profile] = await h.t.services.db.select().from(customerProfiles).where(eq(customerProfiles.id, profileId));
    const signed = await signOnSandbox(h.t, started.location!, profile.mobile);
    expect(signed.status).toBe(303);
    const back = new URL(signed.location!, "http://x");
    expect(back.pathname).toBe("/ondc/forms/F06/return");
    expect((await browse(h.t, `${back.pathname}${back.search}`)).location).toBe(path);
    expect((await browse(h.t, path)).text).toContain("Your loan agreement is signed.");
    const [after] = await h.t.services.db.select().from(customerProfiles).where(eq(customerProfiles.id, profileId));
    expect(after.nextStep).toBe("completed");

    await h.t.services.ondcOutbox!.idle();
    const reports = h.received
      .map((r) => JSON.parse(r.text))
      .filter((b) => b.context.action === "on_status" && b.message.order.items[0].xinput.form.id === "F06" && b.context.transaction_id === transactionId);
    expect(reports).toHaveLength(1);
    const { order } = reports[0].message;
    const f06 = (await h.submissionsOf(transactionId)).find((s) => s.formId === "F06")!;
    const f02 = (await h.submissionsOf(transactionId)).find((s) => s.formId === "F02")!;
    expect(order.id).toBe(f02.proposalNumber);
    expect(order.items[0].xinput).toEqual({ form: { id: "F06" }, form_response: { status: "SUCCESS", submission_id: f06.submissionId } });
    // Signed, not sanctioned yet: INITIATED (SANCTIONED comes with on_confirm).
    expect(order.fulfillments[0].state.descriptor.code).toBe("INITIATED");
    expect(order.payments.map((p: { type: string }) => p.type)).toEqual(["ON_ORDER", "POST_FULFILLMENT"]);
    const settlement = Object.fromEntries(
      order.payments[0].tags[1].list.map((i: { descriptor: { code: string }; value: string }) => [i.descriptor.code, i.value]),
    );
    // The harness's init named no terms of its own: NEFT and no delay interest.
    expect(settlement).toMatchObject({ SETTLEMENT_TYPE: "neft", DELAY_INTEREST: "0" });
    expect(order.documents).toEqual([
      expect.objectContaining({
        descriptor: expect.objectContaining({ code: "LOAN_AGREEMENT" }),
        mime_type: "application/pdf",
        url: `${h.t.services.env.PUBLIC_ORIGIN}${agreementPath}`,
      }),
    ]);
    const errors = ondcSchemaErrors("on_status", reports[0]);
    if (errors !== null) expect(errors).toBe("");

    const pdf = await h.t.app.request(agreementPath);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    // Another transaction's ref gives nothing.
    const other = await h.throughF03();
    expect((await browse(h.t, `/ondc/forms/F06/agreement.pdf?transaction_id=${other.transactionId}&ref=${f05Id}`)).status).toBe(404);
  });
});

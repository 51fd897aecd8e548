// Issue 32: cancel through the sandbox buyer app, as the network carries it (in process): before the payout the
// application is withdrawn and told CANCELLED; once paid out, a cancel is the cooling-off exit, asked with our Pay
// Now address and reported PAID (COMPLETED) when the money arrives. Its own app: a fresh clock, so the walk's
// repayment date is the one the figures assume.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { leads, ondcFormSubmissions } from "../../../db/schema/index.ts";
import { buyerAppTestApp, walkToConfirm, type BuyerAppTestApp } from "../../../test-support/ondc-buyer-walk.ts";
import { servicingKit } from "../../../test-support/ondc-buyer-servicing.ts";
import { ondcSchemaErrors } from "../../../test-support/ondc-spec.ts";
import { selectLeads } from "../../loans/loan-account.service.ts";

const app = buyerAppTestApp();
let t: BuyerAppTestApp;
beforeAll(() => {
  t = app.t;
});

const DAY = 86_400_000;
const { sanctionAndPayOut, reportAndDeliver, payOnCheckout, kept, bodyOf, lastReport } = servicingKit(() => t);

describe("cancelling an ONDC order", () => {
  it("cancels: before the payout the application is withdrawn (CANCELLED), after it the cooling-off exit is asked and reported", async () => {
    const withdrawn = await walkToConfirm(t);
    const exiting = await walkToConfirm(t);
    const cancel = (location: string) => t.app.request(`${location}/cancel`, { method: "POST" });

    // Awaiting our credit team: withdrawn at once, the loan's own move for a customer who declines.
    await cancel(withdrawn.location);
    await t.services.ondcOutbox!.idle();
    const answer = bodyOf((await kept(withdrawn.transactionId)).findLast((m) => m.action === "on_cancel")!);
    expect(answer.message!.order.fulfillments[0].state.descriptor.code).toBe("CANCELLED");
    const [f06] = (await t.services.db.select().from(ondcFormSubmissions).where(eq(ondcFormSubmissions.transactionId, withdrawn.transactionId))).filter(
      (s) => s.formId === "F06",
    );
    const [lead] = await selectLeads(t.services.db).where(eq(leads.id, f06.leadId!));
    expect([lead.status, lead.rejectionReason]).toEqual(["REJECTED", "CUSTOMER_DECLINED"]);
    // The change is reported as CANCELLED too, and a second cancel finds nothing to cancel.
    await reportAndDeliver();
    const reported = bodyOf((await kept(withdrawn.transactionId)).findLast((m) => m.action === "on_status")!);
    expect(reported.message!.order.fulfillments[0].state.descriptor.code).toBe("CANCELLED");
    expect(await withdrawn.pageOf()).toMatch(/the loan is CANCELLED\./);

    // Paid out, day 1 of the cooling-off period: the exit is the principal and one day's interest, ₹15,000 + ₹150.
    const paid = await sanctionAndPayOut(exiting.transactionId);
    t.clock.advance(DAY);
    await cancel(exiting.location);
    await t.services.ondcOutbox!.idle();
    const exit = bodyOf((await kept(exiting.transactionId)).findLast((m) => m.action === "on_cancel")!).message!.order;
    expect(exit.payments[0]).toMatchObject({
      params: { amount: "15150.00" },
      time: { label: "FORECLOSURE" },
      url: "https://sandbox.salaryontime.test/repayloan?amount=15150.00",
    });
    expect(exit.documents.map((d: { descriptor: { code: string } }) => d.descriptor.code)).toEqual(["LOAN_AGREEMENT", "LOAN_CANCELLATION"]);
    for (const m of (await kept(exiting.transactionId)).filter((x) => x.direction === "in" && x.action === "on_cancel")) {
      const errors = ondcSchemaErrors("on_cancel", JSON.parse(m.body));
      if (errors !== null) expect(errors).toBe("");
    }
    await payOnCheckout(exiting.mobile, paid.leadId, "15150");
    await reportAndDeliver();
    const closed = (await lastReport(exiting.transactionId)).message!.order;
    expect(closed.payments[0]).toMatchObject({ status: "PAID", params: { amount: "15150.00" } });
    expect(closed.fulfillments[0].state.descriptor.code).toBe("COMPLETED");
  });
});

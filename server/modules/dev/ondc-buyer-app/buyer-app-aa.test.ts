// Issue 32, the flow with account aggregator (ONDC's validator's PERSONAL_LOAN): the sandbox buyer app's walk
// with F01's aa_id, our aggregator's consent in on_select_1 (CONSENT_HANDLER) approved by the person at the
// sandbox aggregator, the offer only once the aggregator says so, the statement fetched with that consent on
// F03's page (no second consent), then the payout told by an unsolicited on_update and the buyer app's
// monitoring-consent update answered with the order as it stands (we ask no monitoring consent). Also the
// flow's log for ONDC's validator (scripts/ondc-validate.ts).
import { writeFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { aaConsents, leadDocuments, ondcFormSubmissions } from "../../../db/schema/index.ts";
import { buyerAppTestApp, walkToConfirm, type BuyerAppTestApp } from "../../../test-support/ondc-buyer-walk.ts";
import { servicingKit } from "../../../test-support/ondc-buyer-servicing.ts";
import { ondcSchemaErrors } from "../../../test-support/ondc-spec.ts";
import { lvuRequest, ORIGINATION_KEYS } from "./lvu-log.ts";

const app = buyerAppTestApp();
let t: BuyerAppTestApp;
beforeAll(() => {
  t = app.t;
});

const { sanctionAndPayOut, reportAndDeliver, kept, bodyOf } = servicingKit(() => t);

describe("the flow with account aggregator", () => {
  it("walks with account aggregator: the consent in on_select_1, approved at the aggregator, the statement fetched with it, the payout by on_update", async () => {
    const walk = await walkToConfirm(t, { withAccountAggregator: true });
    const messages = await kept(walk.transactionId);

    // on_select_1: F01 acknowledged with our aggregator's consent handle, the one recorded for the lead.
    const onSelect1 = bodyOf(messages.filter((m) => m.direction === "in" && m.action === "on_select")[0]).message!.order;
    const handle = onSelect1.items[0].tags[0].list[0].value as string;
    expect(onSelect1.items[0].tags[0]).toEqual({
      descriptor: { code: "CONSENT_INFO", name: "Consent Information" },
      list: [{ descriptor: { code: "CONSENT_HANDLER", name: "Consent Handler" }, value: handle }],
      display: false,
    });
    const [f01] = (await t.services.db.select().from(ondcFormSubmissions).where(eq(ondcFormSubmissions.transactionId, walk.transactionId))).filter(
      (s) => s.formId === "F01",
    );
    expect(f01.aaConsentHandle).toBe(handle);
    // The statement was fetched with that consent when the journey reached the step (F03's page after eKYC).
    const [consent] = await t.services.db.select().from(aaConsents).where(eq(aaConsents.consentHandle, handle));
    expect(consent).toMatchObject({ profileId: f01.profileId, leadId: f01.leadId, consentStatus: "ACTIVE", sessionStatus: "COMPLETED" });
    expect((await t.services.db.select().from(aaConsents).where(eq(aaConsents.profileId, f01.profileId))).length).toBe(1);
    const documents = await t.services.db.select().from(leadDocuments).where(eq(leadDocuments.leadId, f01.leadId!));
    expect(documents.some((d) => d.docType === "bank_statement" && d.source === "ACCOUNT_AGGREGATOR")).toBe(true);

    // Paid out: told by an unsolicited on_update (DISBURSED), as flow 01 has it.
    await sanctionAndPayOut(walk.transactionId);
    const afterPayout = await kept(walk.transactionId);
    const payoutReport = afterPayout.findLast((m) => m.direction === "in" && m.action === "on_update")!;
    const disbursed = bodyOf(payoutReport).message!.order;
    expect(disbursed.fulfillments[0].state.descriptor.code).toBe("DISBURSED");
    expect(disbursed.documents.map((d: { descriptor: { code: string } }) => d.descriptor.code)).toEqual(["LOAN_AGREEMENT", "LOAN_CANCELLATION"]);
    expect(
      afterPayout.filter((m) => m.direction === "in" && m.action === "on_status").map((m) => bodyOf(m).message?.order.fulfillments?.[0]?.state.descriptor.code),
    ).not.toContain("DISBURSED");
    expect(await walk.pageOf()).toMatch(/the loan is DISBURSED\./);

    // The buyer app's update approving the monitoring consent (flow 01): nothing to approve, the order as it stands.
    walk.step();
    await t.services.sandboxOndcBuyerApp!.service(walk.transactionId, "CONSENT_APPROVED");
    await reportAndDeliver();
    const all = await kept(walk.transactionId);
    const update = bodyOf(all.findLast((m) => m.direction === "out" && m.action === "update")!);
    const answer = bodyOf(all.findLast((m) => m.direction === "in" && m.action === "on_update" && bodyOf(m).context.message_id === update.context.message_id)!);
    expect(answer.message!.order).toEqual(disbursed);

    // Every message we sent is valid against the spec pack's schemas.
    for (const m of all.filter((x) => x.direction === "in" && ["on_select", "on_update"].includes(x.action))) {
      const errors = ondcSchemaErrors(m.action, JSON.parse(m.body));
      if (errors !== null) expect(errors).toBe("");
    }

    const log = lvuRequest(all, "PERSONAL_LOAN");
    expect(Object.keys(log.payload).filter((k) => k !== "on_status")).toEqual([...ORIGINATION_KEYS, "on_update_unsolicated", "update", "on_update"]);
    // For ONDC's validator (scripts/ondc-validate.ts): this flow's log, beside the main one.
    // eslint-disable-next-line no-restricted-properties -- the validator script's hand-over, in a test: not configuration
    const logPath = process.env.ONDC_LVU_LOG;
    if (logPath) writeFileSync(`${logPath}.PERSONAL_LOAN.json`, JSON.stringify(log, null, 2));
  });
});

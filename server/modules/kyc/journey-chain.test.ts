// The real chain into and out of this stage, with no dev shortcut: quote → employment (NEW) →
// eKYC → account aggregator → documents → banking_details; REPEAT goes from the quote straight to eKYC.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOnboardingApp, type TestApp } from "../../test-support/onboarding.ts";
import { eligibleCustomer, employmentPayload } from "../../test-support/loan.ts";
import { completeBankingAndEsign } from "../../test-support/banking.ts";
import { nextStepOf, throughAccountAggregator, throughDigiLocker, uploadAllDocuments } from "../../test-support/kyc.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createOnboardingApp();
});
afterAll(() => t.close());

const accept = { event_name: "loan_quotation_decision", amount: 15_000, tenure: 9, purpose_id: 2, accepted_id: 1, kfs_acknowledged: 1 };

async function walk(repeat: boolean) {
  const c = await eligibleCustomer(t, { repeat });
  expect((await c.send({ event_name: "generate_loan_quote" })).body.Status).toBe(1);
  const accepted = await c.send(accept);
  expect(accepted.body.Data.next_step).toBe(repeat ? "ekyc_initiated" : "employment_details");
  if (!repeat) expect((await c.send(employmentPayload())).body.Data.next_step).toBe("ekyc_initiated");
  await throughDigiLocker(t, c, { typed: "2468" });
  expect((await c.send({ event_name: "ekyc_verified" })).body.Data.next_step).toBe("account_aggregator_verify");
  const { handle } = await throughAccountAggregator(t, c, "approve");
  expect((await c.send({ event_name: "account_aggregator_verify", action: "status", consent_handle: handle })).body.Data.next_step).toBe("aadhaar_upload");
  const uploads = await uploadAllDocuments(t, c);
  expect(uploads.map((u) => u.body.Status)).toEqual([1, 1, 1, 1, 1]);
  expect(await nextStepOf(t, c.profileId)).toBe("banking_details");
  // Earlier stages are closed once documents are done.
  expect((await c.send({ event_name: "ekyc_initiated", aadhaar_no: "2468", run_ekyc_flag: 1 })).body.Status).toBe(2);
  expect((await c.send({ event_name: "generate_loan_quote" })).body.Status).toBe(2);
  // And the next stage takes over: bank details, eSign, completed.
  await completeBankingAndEsign(t, c);
  expect(await nextStepOf(t, c.profileId)).toBe("completed");
}

describe("the journey through eKYC and documents without shortcuts", () => {
  it("NEW: quote, employment, eKYC, aggregator, documents, then bank details and eSign to completed", () => walk(false));
  it("REPEAT: quote, then eKYC (no employment), aggregator, documents, then bank details and eSign to completed", () => walk(true));
});

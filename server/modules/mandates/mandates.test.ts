// The journey's AutoPay step (issue 24, decision 39) through the API, with the sandbox mandate provider:
// after banking_details, autopay_setup starts a UPI Autopay or e-NACH registration on the verified account
// (the provider's url) or skips (the eSign's url); the provider's answer decides, never the browser's word.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../core/validation/index.ts";
import { JOURNEY_CONTROLLER } from "../../../core/contract/index.ts";
import { customerProfiles, mandates } from "../../db/schema/index.ts";
import { SANDBOX_BANK_ACCOUNTS } from "../../providers/bank-verification/sandbox.ts";
import { bankPayload, customerAtBanking, repeatCustomerAtBanking, signOnSandbox } from "../../test-support/banking.ts";
import { createTestApp } from "../../test-support/test-app.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const nextStepOf = async (profileId: string) =>
  (await t.services.db.select({ s: customerProfiles.nextStep }).from(customerProfiles).where(eq(customerProfiles.id, profileId)))[0].s;
const mandatesOf = (leadId: string) => t.services.db.select().from(mandates).where(eq(mandates.leadId, leadId));
const form = (choice: string) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams({ choice }).toString(),
});

/** Answers the sandbox's hosted page and follows its redirect to our return route; answers where that sends the browser. */
async function answerOnSandbox(url: string, choice: "approve" | "decline" | "close") {
  const path = new URL(url, "http://localhost").pathname;
  const answered = await t.app.request(`${path}/answer`, form(choice));
  expect(answered.status).toBe(303);
  await t.services.sandboxMandates!.settled();
  const back = new URL(answered.headers.get("location")!, "http://localhost");
  const returned = await t.app.request(`${back.pathname}${back.search}`);
  expect(returned.status).toBe(303);
  return returned.headers.get("location")!;
}

async function atAutopay() {
  const user = await customerAtBanking(t);
  const bank = await user.send(bankPayload());
  expect(bank.body.Data).toMatchObject({ next_step: "autopay_setup", go_to_esign: 0 });
  return user;
}

describe("autopay_setup", () => {
  it("is out of order before the bank account, and needs a method or skip", async () => {
    const user = await customerAtBanking(t);
    const early = await user.send({ event_name: "autopay_setup", mandate_method: "upi" });
    expect(early.status).toBe(400);
    expect(early.body.Message).toBe(MESSAGES.stepNotAvailable);
    await user.send(bankPayload());
    for (const body of [{}, { mandate_method: "cheque" }, { mandate_method: "upi", skip: 1 }]) {
      const bad = await user.send({ event_name: "autopay_setup", ...body });
      expect(bad.status).toBe(422);
      expect(bad.body.Message).toBe("Please choose UPI Autopay or e-NACH, or skip AutoPay.");
    }
    expect(await nextStepOf(user.profileId)).toBe("autopay_setup");
  });

  it("UPI Autopay: the provider's url; approved there → ACTIVE with the loan's maximum, and on to the eSign page", async () => {
    const user = await atAutopay();
    const reply = await user.send({ event_name: "autopay_setup", mandate_method: "upi" });
    expect(reply.status).toBe(200);
    expect(reply.body.Message).toBe("Please approve the AutoPay mandate on the next page.");
    expect(reply.body.Data).toMatchObject({ next_step: "autopay_setup", go_to_esign: 0 });
    expect(reply.body.Data.url).toMatch(/\/sandbox\/mandates\/inv_sbx\w+$/);
    const [pending] = await mandatesOf(user.leadId);
    expect(pending).toMatchObject({ status: "PENDING", method: "upi", accountLast4: "9012" });
    // The dev route accepted the offer's largest amount; the maximum is total repayable + the 25% penal cap.
    const details = await t.post({}, { headers: user.headers, path: `${JOURNEY_CONTROLLER}/getAutopayDetails` });
    const f = details.body.Data.figures;
    expect(f.max_amount_paise).toBe(f.total_repayable_paise + f.penal_cap_paise);
    expect(pending.maxAmountPaise).toBe(f.max_amount_paise);

    const location = await answerOnSandbox(reply.body.Data.url, "approve");
    expect(location).toMatch(/^\/sandbox\/esign\//);
    expect((await mandatesOf(user.leadId))[0]).toMatchObject({ status: "ACTIVE", tokenId: expect.stringMatching(/^token_sbx/) });
    expect(await nextStepOf(user.profileId)).toBe("esign");
    // The eSign page is the one the journey has open.
    expect((await signOnSandbox(t, location, user.mobile)).status).toBe(303);
    expect(await nextStepOf(user.profileId)).toBe("completed");
  });

  it("declined or closed: back to the step with the reason; the customer may try again (e-NACH) or skip", async () => {
    const user = await atAutopay();
    const first = await user.send({ event_name: "autopay_setup", mandate_method: "upi" });
    expect(await answerOnSandbox(first.body.Data.url, "decline")).toBe("/my-dashboard/autopay");
    expect(await nextStepOf(user.profileId)).toBe("autopay_setup");
    let details = await t.post({}, { headers: user.headers, path: `${JOURNEY_CONTROLLER}/getAutopayDetails` });
    expect(details.body.Data.mandate).toMatchObject({ status: "FAILED", failure_reason: "You declined the AutoPay mandate. You can try again or skip it." });

    t.clock.advance(60_000);
    const second = await user.send({ event_name: "autopay_setup", mandate_method: "enach" });
    expect(await answerOnSandbox(second.body.Data.url, "close")).toBe("/my-dashboard/autopay");
    details = await t.post({}, { headers: user.headers, path: `${JOURNEY_CONTROLLER}/getAutopayDetails` });
    expect(details.body.Data.mandate).toMatchObject({
      method: "enach",
      status: "FAILED",
      failure_reason: "The AutoPay page was closed before the mandate was approved. You can try again or skip it.",
    });

    const skip = await user.send({ event_name: "autopay_setup", skip: 1 });
    expect(skip.body.Message).toBe("AutoPay skipped. Please sign your loan agreement.");
    expect(skip.body.Data).toMatchObject({ next_step: "esign", go_to_esign: 1, mandate_id: null });
    expect(skip.body.Data.url).toMatch(/^\/sandbox\/esign\//);
    expect((await mandatesOf(user.leadId)).map((m) => m.status).sort()).toEqual(["FAILED", "FAILED"]);
  });

  it("refuses a mandate on any other account, and on an account we never verified", async () => {
    const user = await atAutopay();
    const other = await user.send({ event_name: "autopay_setup", mandate_method: "enach", account_number: "111122223333" });
    expect(other.status).toBe(422);
    expect(other.body.Message).toBe("AutoPay can only be set up on the bank account we verified for this loan. Please use that account, or skip AutoPay.");
    expect(await mandatesOf(user.leadId)).toEqual([]);

    const skipped = await customerAtBanking(t);
    await skipped.send(
      bankPayload({ verification_consent: 2, account_number: SANDBOX_BANK_ACCOUNTS.invalid, confirm_account_number: SANDBOX_BANK_ACCOUNTS.invalid }),
    );
    const refused = await skipped.send({ event_name: "autopay_setup", mandate_method: "upi" });
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toBe(
      "AutoPay needs a verified bank account, and we have not verified yours yet. Please skip AutoPay for now: you can repay with Pay Now.",
    );
    expect(await nextStepOf(skipped.profileId)).toBe("autopay_setup");
  });

  it("REPEAT customers meet the step too, on their saved account", async () => {
    const user = await repeatCustomerAtBanking(t);
    const bank = await user.send({ event_name: "banking_details", use_saved_account: 1, verification_consent: 1 });
    expect(bank.body.Data.next_step).toBe("autopay_setup");
    const reply = await user.send({ event_name: "autopay_setup", mandate_method: "upi" });
    expect(reply.body.Status).toBe(1);
  });

  it("a forged return (approved in the query, nothing approved at the provider) changes nothing but the reason", async () => {
    const user = await atAutopay();
    const reply = await user.send({ event_name: "autopay_setup", mandate_method: "upi" });
    const [m] = await mandatesOf(user.leadId);
    const back = await t.app.request(`/autopay/return?registration_id=${m.registrationId}&outcome=approved`);
    expect(back.headers.get("location")).toBe("/my-dashboard/autopay");
    expect((await mandatesOf(user.leadId))[0]).toMatchObject({
      status: "FAILED",
      failureReason: "The AutoPay page was closed before the mandate was approved. You can try again or skip it.",
    });
    expect(await nextStepOf(user.profileId)).toBe("autopay_setup");
    expect(reply.body.Data.url).toBeTruthy();
  });
});

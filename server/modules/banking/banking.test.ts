import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../core/validation/index.ts";
import { bankAccounts, customerProfiles, leads } from "../../db/schema/index.ts";
import { SANDBOX_BANK_ACCOUNTS } from "../../providers/bank-verification/sandbox.ts";
import { apiReply } from "../../test-support/contract.ts";
import { createOnboardingApp, onboard, type TestApp } from "../../test-support/onboarding.ts";
import {
  bankPayload,
  customerAtBanking,
  KNOWN_IFSC,
  moveToBanking,
  repeatCustomerAtBanking,
  signOnSandbox,
  UNKNOWN_IFSC,
  skipAutopay,
} from "../../test-support/banking.ts";
import { selectLeads } from "../loans/loan-account.service.ts";

const CONTROLLER = "/Api/Website/RepeatInstantJourneyController";
let t: TestApp;
beforeAll(async () => {
  t = await createOnboardingApp();
});
afterAll(() => t.close());

async function profileRow(profileId: string) {
  const [row] = await t.services.db.select().from(customerProfiles).where(eq(customerProfiles.id, profileId));
  return row;
}
async function accountsOf(leadId: string) {
  return t.services.db.select().from(bankAccounts).where(eq(bankAccounts.leadId, leadId));
}
async function leadRow(leadId: string) {
  const [row] = await selectLeads(t.services.db).where(eq(leads.id, leadId));
  return row;
}
const bankingDetails = (headers: Record<string, string>, body: unknown = {}) => t.post(body, { headers, path: `${CONTROLLER}/getBankingDetails` });

describe("IFSC lookup", () => {
  it("names the bank of a code in the dataset", async () => {
    const response = await t.app.request(`/Api/MasterController/ifsc?code=${KNOWN_IFSC.toLowerCase()}`);
    const body = await response.json();
    expect(response.status).toBe(200);
    expect(body.Data).toEqual({ ifsc: KNOWN_IFSC, bank_code: "HDFC", bank_name: "HDFC Bank" });
    expect(apiReply("ifsc", body).bank_name).toBe("HDFC Bank");
  });

  it("refuses a well-formed code that is not in the dataset, and garbage", async () => {
    for (const code of [UNKNOWN_IFSC, "SBIN0ZZZZZZ", "hello", ""]) {
      const response = await t.app.request(`/Api/MasterController/ifsc?code=${code}`);
      expect(response.status).toBe(404);
      expect((await response.json()).Message).toBe("We could not find this IFSC code. Please check it on your cheque book or bank passbook.");
    }
  });
});

describe("banking_details: order and form rules", () => {
  it("is refused before the banking step, with nothing changed", async () => {
    const user = await onboard(t);
    const reply = await user.send(bankPayload());
    expect(reply.status).toBe(400);
    expect(reply.body.Message).toBe(MESSAGES.stepNotAvailable);
    expect((await profileRow(user.profileId)).nextStep).toBe("register_now");
  });

  it("the dev route refuses a customer who is not eligible yet", async () => {
    const user = await onboard(t);
    const response = await t.app.request("/dev/journey/banking-details", {
      method: "POST",
      headers: { "content-type": "application/json", ...user.headers },
      body: "{}",
    });
    expect(response.status).toBe(400);
    expect((await profileRow(user.profileId)).nextStep).toBe("register_now");
  });

  it("gives the spec's message when the confirmation differs, and every field is required", async () => {
    const user = await customerAtBanking(t);
    const mismatch = await user.send(bankPayload({ confirm_account_number: "123456789013" }));
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors?.confirm_account_number).toBe("Account numbers do not match");
    const empty = await user.send({ event_name: "banking_details", verification_consent: 1 });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors ?? {})).toEqual(expect.arrayContaining(["account_number", "account_ifsc", "account_name"]));
    // The branch is optional (issue 30): the IFSC names it, and the directory has no branch names to fill.
    expect(empty.body.errors).not.toHaveProperty("account_branch");
    const badIfsc = await user.send(bankPayload({ account_ifsc: "HDFC1234567" }));
    expect(badIfsc.body.errors?.account_ifsc).toBe(MESSAGES.ifscInvalid);
    expect(await accountsOf(user.leadId)).toEqual([]);
  });

  it("takes the account without a branch: the IFSC names it (issue 30)", async () => {
    const user = await customerAtBanking(t);
    const reply = await user.send(bankPayload({ account_branch: "" }));
    expect(reply.body.Status).toBe(1);
    expect(await accountsOf(user.leadId)).toHaveLength(1);
    expect((await accountsOf(user.leadId))[0]).toMatchObject({ ifsc: "HDFC0000001", branch: "" });
  });

  it("refuses an IFSC that is not in the dataset, with nothing changed", async () => {
    const user = await customerAtBanking(t);
    const reply = await user.send(bankPayload({ account_ifsc: UNKNOWN_IFSC }));
    expect(reply.status).toBe(422);
    expect(reply.body.Message).toBe("We could not find this IFSC code. Please check it on your cheque book or bank passbook.");
    expect(reply.body.errors?.account_ifsc).toBe("We could not find this IFSC code. Please check it on your cheque book or bank passbook.");
    expect(await accountsOf(user.leadId)).toEqual([]);
    expect((await profileRow(user.profileId)).nextStep).toBe("banking_details");
  });

  it("refuses a penny-drop failure, a different holder name and a provider outage, with nothing changed", async () => {
    const user = await customerAtBanking(t);
    const invalid = await user.send(bankPayload({ account_number: SANDBOX_BANK_ACCOUNTS.invalid, confirm_account_number: SANDBOX_BANK_ACCOUNTS.invalid }));
    expect(invalid.status).toBe(422);
    expect(invalid.body.Message).toBe("We could not verify this bank account. Please check the account number and IFSC code.");
    expect(invalid.body.errors?.account_number).toBe("We could not verify this bank account. Please check the account number and IFSC code.");
    const other = await user.send(
      bankPayload({ account_number: SANDBOX_BANK_ACCOUNTS.otherHolder, confirm_account_number: SANDBOX_BANK_ACCOUNTS.otherHolder }),
    );
    expect(other.status).toBe(422);
    expect(other.body.Message).toBe("The name on this bank account does not match the name on your PAN. Please give an account in your own name.");
    const down = await user.send(
      bankPayload({ account_number: SANDBOX_BANK_ACCOUNTS.providerDown, confirm_account_number: SANDBOX_BANK_ACCOUNTS.providerDown }),
    );
    expect(down.status).toBe(503);
    expect(down.body.Message).toBe("We could not verify your bank account right now. Please try again in a few minutes.");
    expect(await accountsOf(user.leadId)).toEqual([]);
    expect((await profileRow(user.profileId)).nextStep).toBe("banking_details");
  });

  it("limits penny drops to 5 a day per customer", async () => {
    const user = await customerAtBanking(t);
    const bad = bankPayload({ account_number: SANDBOX_BANK_ACCOUNTS.invalid, confirm_account_number: SANDBOX_BANK_ACCOUNTS.invalid });
    for (let i = 0; i < 5; i++) expect((await user.send(bad)).status).toBe(422);
    const sixth = await user.send(bankPayload());
    expect(sixth.status).toBe(429);
    expect(sixth.body.Message).toBe("Too many bank verification attempts. Please try again tomorrow or contact support.");
    expect(sixth.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});

describe("banking_details: success", () => {
  it("verifies, stores the account encrypted, and sends the customer to AutoPay, then (skipped) to eSign", async () => {
    const user = await customerAtBanking(t);
    const reply = await user.send(bankPayload());
    expect(reply.status).toBe(200);
    expect(reply.body.Message).toBe("Bank account verified. Please set up AutoPay.");
    // Issue 24: AutoPay's step comes first; no eSign url yet.
    expect(reply.body.Data).toMatchObject({ next_step: "autopay_setup", go_to_esign: 0, step_percentage: 93 });
    expect(reply.body.Data).not.toHaveProperty("url");
    expect(JSON.stringify(reply.body)).not.toContain("123456789012");
    expect((await profileRow(user.profileId)).nextStep).toBe("autopay_setup");
    const url = await skipAutopay(user);
    expect(url).toMatch(/^\/sandbox\/esign\/[A-Za-z0-9_-]{40,}$/);

    const [row] = await accountsOf(user.leadId);
    expect(row).toMatchObject({ accountLast4: "9012", ifsc: KNOWN_IFSC, bankName: "HDFC Bank", verificationStatus: "VERIFIED", nameMatchScore: 100 });
    expect(row.accountNumberEnc).not.toContain("123456789012");
    expect(row.accountNumberHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await profileRow(user.profileId)).nextStep).toBe("esign");

    const details = await bankingDetails(user.headers);
    expect(details.body.Data).toMatchObject({ locked: 0, can_skip: 1, esign_pending: 1, next_step: "esign" });
    expect(details.body.Data.customer_banking_details).toMatchObject({ account_number: "XXXXXX9012", bank_name: "HDFC Bank", ifsc_code: KNOWN_IFSC });
    // Spec 3's dashboard data carries the same masked account.
    const dashboard = await t.post({}, { headers: user.headers, path: `${CONTROLLER}/getDashboardData` });
    expect(dashboard.body.Data.customer_banking_details).toMatchObject({ account_number: "XXXXXX9012", ifsc_code: KNOWN_IFSC });
    expect(JSON.stringify(dashboard.body)).not.toContain("123456789012");

    // Back on the screen before signing: the same link again; banking_details is now out of order.
    const resumed = await user.send({ event_name: "esign" });
    expect(resumed.body.Data).toMatchObject({ go_to_esign: 1, url });
    const again = await user.send(bankPayload());
    expect(again.body.Message).toBe(MESSAGES.stepNotAvailable);
  });

  it("lets a NEW customer skip the check (verification_consent 2): saved unverified, on to eSign", async () => {
    const user = await customerAtBanking(t);
    const details = await bankingDetails(user.headers);
    expect(details.body.Data).toMatchObject({ user_type: "NEW", locked: 0, can_skip: 1, customer_banking_details: null });
    const reply = await user.send(
      bankPayload({ verification_consent: 2, account_number: SANDBOX_BANK_ACCOUNTS.invalid, confirm_account_number: SANDBOX_BANK_ACCOUNTS.invalid }),
    );
    expect(reply.body.Status).toBe(1);
    expect(reply.body.Message).toBe("Bank details saved. Please set up AutoPay.");
    expect(reply.body.Data).toMatchObject({ go_to_esign: 0, next_step: "autopay_setup" });
    const [row] = await accountsOf(user.leadId);
    expect(row).toMatchObject({ verificationStatus: "SKIPPED", nameAtBank: null });
  });
});

describe("ownership", () => {
  it("refuses another customer's profile_id with Status 4 and changes nothing", async () => {
    const me = await customerAtBanking(t);
    const other = await customerAtBanking(t);
    const reply = await me.send(bankPayload({ profile_id: other.profileId }));
    expect(reply.status).toBe(401);
    expect(reply.body.Status).toBe(4);
    expect(await accountsOf(me.leadId)).toEqual([]);
    expect(await accountsOf(other.leadId)).toEqual([]);
    expect((await bankingDetails(me.headers, { profile_id: other.profileId })).body.Status).toBe(4);
    expect((await t.post(bankPayload())).body.Status).toBe(4);
  });
});

describe("REPEAT customers", () => {
  it("see the earlier account masked and locked, cannot skip, and re-loan on the saved account", async () => {
    const user = await repeatCustomerAtBanking(t);
    const details = await bankingDetails(user.headers);
    expect(details.body.Data).toMatchObject({ user_type: "REPEAT", locked: 1, can_skip: 0 });
    expect(details.body.Data.customer_banking_details).toMatchObject({ account_number: "XXXXXX9012", ifsc_code: KNOWN_IFSC, bank_name: "HDFC Bank" });

    const skip = await user.send(bankPayload({ verification_consent: 2 }));
    expect(skip.status).toBe(422);
    expect(skip.body.Message).toBe("Verification cannot be skipped for your account.");
    const savedSkip = await user.send({ event_name: "banking_details", use_saved_account: 1, verification_consent: 2 });
    expect(savedSkip.body.Message).toBe("Verification cannot be skipped for your account.");
    const other = await user.send(bankPayload({ account_number: "111122223333", confirm_account_number: "111122223333" }));
    expect(other.status).toBe(422);
    expect(other.body.Message).toBe("Your bank details are locked. Your loan will be paid into the account you used before.");
    expect(await accountsOf(user.leadId)).toEqual([]);

    const reply = await user.send({ event_name: "banking_details", use_saved_account: 1, verification_consent: 1 });
    expect(reply.body.Status).toBe(1);
    expect(reply.body.Data).toMatchObject({ go_to_esign: 0, next_step: "autopay_setup" });
    const [row] = await accountsOf(user.leadId);
    expect(row).toMatchObject({ accountLast4: "9012", verificationStatus: "VERIFIED" });
    const signed = await signOnSandbox(t, await skipAutopay(user), user.mobile);
    expect(signed.status).toBe(303);
    expect((await leadRow(user.leadId)).status).toBe("SUBMITTED");
  });

  it("a NEW customer's saved-account request is refused", async () => {
    const user = await customerAtBanking(t);
    const reply = await user.send({ event_name: "banking_details", use_saved_account: 1, verification_consent: 1 });
    expect(reply.status).toBe(422);
    expect(reply.body.Message).toBe("We have no saved bank account for you. Please enter your bank details.");
  });
});

describe("demo customers", () => {
  it("the REPEAT demo customer finds a verified account locked on Re-Loan", async () => {
    const { seedDemoCustomers } = await import("../dev/demo-customers.ts");
    await seedDemoCustomers(t.services);
    const user = await t.signIn("9000000001");
    const headers = { "auth-token": user.token };
    const again = await t.post({ event_name: "register_now" }, { headers });
    expect(again.body.Status, again.body.Message).toBe(1);
    await moveToBanking(t, { headers });
    const details = await bankingDetails(headers);
    expect(details.body.Data).toMatchObject({ user_type: "REPEAT", locked: 1, can_skip: 0 });
    expect(details.body.Data.customer_banking_details).toMatchObject({ ifsc_code: "HDFC0000001", bank_name: "HDFC Bank" });
    expect(details.body.Data.customer_banking_details.account_number).toMatch(/^XXXXXX\d{4}$/);
    const reply = await t.post({ event_name: "banking_details", use_saved_account: 1, verification_consent: 1 }, { headers });
    expect(reply.body.Status, reply.body.Message).toBe(1);
  });
});

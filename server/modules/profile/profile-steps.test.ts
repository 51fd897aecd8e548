import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../core/validation/index.ts";
import { customerProfiles } from "../../db/schema/index.ts";
import { sandboxPanName } from "../../providers/pan-verification/sandbox.ts";
import { createOnboardingApp, onboard, payloads, randomPan, type TestApp } from "../../test-support/onboarding.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createOnboardingApp();
});
afterAll(() => t.close());

const profileRow = async (id: string) => (await t.services.db.select().from(customerProfiles).where(eq(customerProfiles.id, id)))[0];

describe("pancard_verification", () => {
  it("verifies an individual PAN, returns the registered name and moves to personal details", async () => {
    const c = await onboard(t, { steps: 0 });
    const pan = randomPan();
    const reply = await c.send({ ...payloads.pan(pan.toLowerCase()), profile_id: c.profileId });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      Status: 1,
      Message: "PAN verified successfully.",
      Data: { full_name: sandboxPanName(pan), next_step: "personal_details", step_percentage: 7 },
    });
    const row = await profileRow(c.profileId);
    // Decision 18: encrypted at rest with a keyed hash beside it; only the last 4 in clear.
    expect(row.pancardEnc).not.toContain(pan);
    expect(row.pancardHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.pancardLast4).toBe(pan.slice(-4));
    expect(row).toMatchObject({ pancardVerifiedStatus: 1, fullName: sandboxPanName(pan), monthlyIncome: 50000 });
  });

  it.each([
    [{ pancard: "ABCDE1234" }, "pancard", MESSAGES.panInvalid],
    [{ pancard: "" }, "pancard", MESSAGES.panInvalid],
    [{ pancard: "1BCPE1234F" }, "pancard", MESSAGES.panInvalid],
    [{ monthly_income: "" }, "monthly_income", MESSAGES.monthlyIncomeRequired],
    [{ monthly_income: "1234" }, "monthly_income", MESSAGES.monthlyIncomeDigits],
    [{ monthly_income: "12345678901" }, "monthly_income", MESSAGES.monthlyIncomeDigits],
  ])("refuses %j with the spec's message", async (over, field, message) => {
    const c = await onboard(t, { steps: 0 });
    const reply = await c.send({ ...payloads.pan(), ...over });
    expect(reply.status).toBe(422);
    expect(reply.body).toMatchObject({ Status: 2, Message: message, errors: { [field]: message } });
    expect((await profileRow(c.profileId)).nextStep).toBe("pancard_verification");
  });

  it("refuses a PAN that does not belong to an individual", async () => {
    const c = await onboard(t, { steps: 0 });
    const reply = await c.send(payloads.pan("ABCCE1234F"));
    expect(reply.body).toMatchObject({
      Status: 2,
      Message: "This PAN does not belong to an individual. Please enter your personal PAN (its 4th letter is P).",
    });
    expect(await profileRow(c.profileId)).toMatchObject({ pancardVerifiedStatus: 0, pancardHash: null, nextStep: "pancard_verification" });
  });

  it("refuses a PAN the provider does not know", async () => {
    const c = await onboard(t, { steps: 0 });
    expect((await c.send(payloads.pan("ABCPE0000F"))).body).toMatchObject({
      Status: 2,
      Message: "We could not verify this PAN. Please check the number and try again.",
    });
  });

  it("refuses a PAN already registered to another profile", async () => {
    const first = await onboard(t, { steps: 1 });
    const second = await onboard(t, { steps: 0 });
    const reply = await second.send(payloads.pan(first.pan));
    expect(reply.body).toMatchObject({
      Status: 2,
      Message: "This PAN is already registered with another account. Please sign in with the mobile number you registered with, or contact support.",
      errors: {
        pancard: "This PAN is already registered with another account. Please sign in with the mobile number you registered with, or contact support.",
      },
    });
    expect(await profileRow(second.profileId)).toMatchObject({ pancardHash: null, nextStep: "pancard_verification" });
  });

  it("keeps full_name read-only: the PAN cannot be changed once verified", async () => {
    const c = await onboard(t, { steps: 2 });
    const reply = await c.send(payloads.pan(randomPan()));
    expect(reply.body).toMatchObject({ Status: 2, Message: "Your PAN is already verified and cannot be changed." });
    const same = await c.send(payloads.pan(c.pan, "65000"));
    expect(same.body).toMatchObject({ Status: 1, Data: { full_name: sandboxPanName(c.pan), next_step: "residence_details" } });
    expect(await profileRow(c.profileId)).toMatchObject({ fullName: sandboxPanName(c.pan), monthlyIncome: 65000, nextStep: "residence_details" });
  });

  it("answers 503 with a clear message when the provider is down, and changes nothing", async () => {
    const down = await createOnboardingApp({ providers: { panVerification: { verify: () => Promise.reject(new Error("timeout")) } } });
    try {
      const c = await onboard(down, { steps: 0 });
      const reply = await c.send(payloads.pan());
      expect(reply.status).toBe(503);
      expect(reply.body).toMatchObject({ Status: 2, Message: "We could not verify your PAN right now. Please try again in a few minutes." });
    } finally {
      await down.close();
    }
  });
});

describe("personal_details", () => {
  it("saves the details and moves to residence", async () => {
    const c = await onboard(t, { steps: 1 });
    const reply = await c.send(
      payloads.personal({ marital_status_id: 2, spouse_name: "Ravi Kumar", spouse_number: "9876543210", personal_email: "Asha@Example.com" }),
    );
    expect(reply.body).toMatchObject({
      Status: 1,
      Message: "Personal details saved successfully.",
      Data: { next_step: "residence_details", step_percentage: 14 },
    });
    expect(await profileRow(c.profileId)).toMatchObject({
      gender: 1,
      personalEmail: "asha@example.com",
      dob: "1990-05-20",
      maritalStatusId: 2,
      spouseName: "Ravi Kumar",
      spouseMobile: "9876543210",
    });
  });

  it.each([
    [{ personal_email: "" }, "personal_email", MESSAGES.emailRequired],
    [{ personal_email: "not-an-email" }, "personal_email", MESSAGES.emailInvalid],
    [{ dob: "" }, "dob", "Date of Birth is required!"],
    [{ dob: "2010-01-01" }, "dob", MESSAGES.minAge],
    // The test clock's today is 2026-11-22: 18 tomorrow is still too young.
    [{ dob: "2008-11-23" }, "dob", MESSAGES.minAge],
    [{ dob: "2027-01-01" }, "dob", MESSAGES.dateInFuture],
    [{ marital_status_id: "" }, "marital_status_id", "Marital Status is required!"],
    [{ gender: 5 }, "gender", "Gender is invalid!"],
    [{ marital_status_id: 2, spouse_name: "" }, "spouse_name", "Spouse Name is required!"],
    [{ marital_status_id: 2, spouse_name: "Ravi", spouse_number: "98765" }, "spouse_number", MESSAGES.spouseNumberLength],
  ])("refuses %j with the spec's message", async (over, field, message) => {
    const c = await onboard(t, { steps: 1 });
    const reply = await c.send(payloads.personal(over));
    expect(reply.body).toMatchObject({ Status: 2, errors: { [field]: message } });
    expect((await profileRow(c.profileId)).nextStep).toBe("personal_details");
  });

  it("accepts a customer who turns 18 today on the server's clock", async () => {
    const c = await onboard(t, { steps: 1 });
    expect((await c.send(payloads.personal({ dob: "2008-11-22" }))).body.Status).toBe(1);
  });
});

describe("residence_details", () => {
  it("saves the address and fills city and state from the PIN code", async () => {
    const c = await onboard(t, { steps: 2 });
    const reply = await c.send(payloads.residence({ residence_pincode: "560034", residence_landmark: "" }));
    expect(reply.body).toMatchObject({
      Status: 1,
      Message: "Residence address saved successfully.",
      Data: { next_step: "income_details", city: "Bangalore", state: "Karnataka" },
    });
    expect(await profileRow(c.profileId)).toMatchObject({
      residencePincode: "560034",
      residenceCity: "Bangalore",
      residenceState: "Karnataka",
      residenceLandmark: null,
    });
  });

  it("accepts a PIN code outside the service area without a city (eligibility decides)", async () => {
    const c = await onboard(t, { steps: 2 });
    const reply = await c.send(payloads.residence({ residence_pincode: "799001" }));
    expect(reply.body).toMatchObject({ Status: 1, Data: { city: null, state: null } });
  });

  it.each([
    [{ residence_type_id: "" }, "residence_type_id", "Residence Type is required!"],
    [{ residence_address_1: "" }, "residence_address_1", "Address Line 1 is required!"],
    [{ residence_address_2: " " }, "residence_address_2", "Address Line 2 is required!"],
    [{ residence_pincode: "" }, "residence_pincode", MESSAGES.pinCodeRequired],
    [{ residence_pincode: "012345" }, "residence_pincode", MESSAGES.pinCodeInvalid],
    [{ residence_pincode: "1100" }, "residence_pincode", MESSAGES.pinCodeInvalid],
  ])("refuses %j with the message", async (over, field, message) => {
    const c = await onboard(t, { steps: 2 });
    expect((await c.send(payloads.residence(over))).body).toMatchObject({ Status: 2, Message: message, errors: { [field]: message } });
  });
});

describe("income_details", () => {
  it("saves income and moves to the selfie", async () => {
    const c = await onboard(t, { steps: 3 });
    const reply = await c.send(payloads.income({ monthly_income: "42000", salary_mode_id: "1" }));
    expect(reply.body).toMatchObject({ Status: 1, Message: "Income details saved successfully.", Data: { next_step: "selfie_upload" } });
    expect(await profileRow(c.profileId)).toMatchObject({ incomeTypeId: 1, monthlyIncome: 42000, salaryDate: "2026-11-01", salaryMode: 1 });
  });

  it.each([
    [{ income_type_id: "" }, "income_type_id", "Employment Type is required!"],
    [{ monthly_income: "" }, "monthly_income", "Monthly Income is required!"],
    [{ monthly_income: "12345678" }, "monthly_income", MESSAGES.monthlyIncomeMaxDigits],
    [{ monthly_income: "12a" }, "monthly_income", MESSAGES.monthlyIncomeDigitsOnly],
    [{ salary_date: "2026-11-23" }, "salary_date", MESSAGES.dateInFuture],
    [{ salary_date: "" }, "salary_date", "Last Salary Date is required!"],
    [{ salary_mode_id: 9 }, "salary_mode_id", "Salary Mode is invalid!"],
  ])("refuses %j with the message", async (over, field, message) => {
    const c = await onboard(t, { steps: 3 });
    expect((await c.send(payloads.income(over))).body).toMatchObject({ Status: 2, errors: { [field]: message } });
  });
});

describe("the server owns next_step (decision 9)", () => {
  it("refuses an event out of order and changes nothing", async () => {
    const c = await onboard(t, { steps: 1 });
    const before = await profileRow(c.profileId);
    for (const body of [payloads.income(), payloads.residence(), payloads.selfie(), { event_name: "register_now" }]) {
      const reply = await c.send(body);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ Status: 2, Message: MESSAGES.stepNotAvailable });
    }
    expect(await profileRow(c.profileId)).toEqual(before);
  });

  it("refuses another customer's profile_id with Status 4 and changes nothing", async () => {
    const victim = await onboard(t, { steps: 1 });
    const attacker = await onboard(t, { steps: 1 });
    const before = await profileRow(victim.profileId);
    const reply = await attacker.send({ ...payloads.personal({ personal_email: "evil@example.com" }), profile_id: victim.profileId });
    expect(reply.status).toBe(401);
    expect(reply.body.Status).toBe(4);
    expect(await profileRow(victim.profileId)).toEqual(before);
    expect((await profileRow(attacker.profileId)).personalEmail).toBeNull();
  });

  it("needs a session for every profile step", async () => {
    const reply = await t.post(payloads.personal());
    expect(reply.body.Status).toBe(4);
  });

  it("lets a completed step be edited while editable, without moving next_step back", async () => {
    const c = await onboard(t, { steps: 4 });
    const reply = await c.send(payloads.personal({ personal_email: "new@example.com" }));
    expect(reply.body).toMatchObject({ Status: 1, Data: { next_step: "selfie_upload" } });
    expect(await profileRow(c.profileId)).toMatchObject({ personalEmail: "new@example.com", nextStep: "selfie_upload" });
  });

  it("stops edits once the customer is eligible", async () => {
    const c = await onboard(t);
    expect((await c.send({ event_name: "register_now" })).body.Status).toBe(1);
    const reply = await c.send(payloads.residence({ residence_address_1: "Somewhere else" }));
    expect(reply.body).toMatchObject({ Status: 2, Message: MESSAGES.stepNotAvailable });
    expect((await profileRow(c.profileId)).residenceAddress1).toBe("Flat 12, Green Apartments");
  });
});

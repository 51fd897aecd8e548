import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { JOURNEY_ORDER, PROFILE_STEPS, stepAfter, type NextStep } from "../../../core/journey/index.ts";
import { MESSAGES } from "../../../core/validation/index.ts";
import { customerProfiles } from "../../db/schema/index.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import { NotAvailable } from "../domain-errors.ts";
import { advance, advanceIfAt, requireStep } from "./journey.service.ts";
import { canMove, JOURNEY_TRANSITIONS } from "./transitions.ts";

const allowed = JOURNEY_ORDER.flatMap((from) => JOURNEY_TRANSITIONS[from].map((to) => [from, to] as const));
const refused = JOURNEY_ORDER.flatMap((from) => JOURNEY_ORDER.filter((to) => !JOURNEY_TRANSITIONS[from].includes(to)).map((to) => [from, to] as const));

describe("the transition table", () => {
  it("names every step, and only known steps", () => {
    expect(Object.keys(JOURNEY_TRANSITIONS).sort()).toEqual([...JOURNEY_ORDER].sort());
    for (const targets of Object.values(JOURNEY_TRANSITIONS)) for (const to of targets) expect(JOURNEY_ORDER).toContain(to);
  });

  it("follows each customer's journey order one step at a time (repeat customers skip employment)", () => {
    for (const userType of ["NEW", "REPEAT"]) {
      for (const step of JOURNEY_ORDER.filter((s) => s !== "completed")) {
        const next = stepAfter(step, userType)!;
        // Inside the quote, eKYC and documents stages the service picks the finer step; the stage order still holds.
        if (["generate_loan_quote", "ekyc_initiated", "ekyc_verified"].includes(step) || step.endsWith("_upload")) continue;
        expect(canMove(step, next), `${userType}: ${step} → ${next}`).toBe(true);
      }
    }
    expect(canMove("loan_quotation_decision", "employment_details")).toBe(true);
    expect(canMove("loan_quotation_decision", "ekyc_initiated")).toBe(true);
  });

  it("never skips a profile step and never moves backwards except the named paths", () => {
    for (const [i, step] of PROFILE_STEPS.entries()) expect(JOURNEY_TRANSITIONS[step]).toEqual([PROFILE_STEPS[i + 1] ?? "register_now"]);
    const backwards = allowed.filter(([from, to]) => JOURNEY_ORDER.indexOf(to) < JOURNEY_ORDER.indexOf(from));
    expect(backwards.map(([f, t]) => `${f}→${t}`).sort()).toEqual(
      [
        "account_aggregator_verify→ekyc_initiated", // eKYC started again after the aggregator was reached by a skip
        "completed→register_now", // Re-Loan after a closed loan, or a rejection by credit
        "completed→generate_loan_quote", // credit found the KFS expired: a fresh quote (decision 26)
        "ekyc_verified→ekyc_initiated", // a failed verification
        "loan_quotation_decision→register_now", // quote declined
        ...["pan_upload", "bank_statement_upload", "pay_slip_upload", "residence_proof_upload"].flatMap((from) =>
          ["aadhaar_upload", "pan_upload", "bank_statement_upload", "pay_slip_upload"]
            .filter((to) => JOURNEY_ORDER.indexOf(to as NextStep) < JOURNEY_ORDER.indexOf(from as NextStep))
            .map((to) => `${from}→${to}`),
        ), // the first missing document (a replaced upload)
        "generate_loan_quote→register_now",
      ].sort(),
    );
  });
});

let t: Awaited<ReturnType<typeof createTestApp>>;
let profileId: string;
beforeAll(async () => {
  t = await createTestApp();
  [{ id: profileId }] = await t.services.db.insert(customerProfiles).values({ mobile: "9876500001" }).returning({ id: customerProfiles.id });
});
afterAll(() => t.close());

const place = (step: NextStep) => t.services.db.update(customerProfiles).set({ nextStep: step }).where(eq(customerProfiles.id, profileId));
const current = async () => (await t.services.db.select().from(customerProfiles).where(eq(customerProfiles.id, profileId)))[0].nextStep;
const at = new Date("2026-11-22T06:00:00Z");

describe("advance", () => {
  it.each(allowed)("accepts %s → %s", async (from, to) => {
    await place(from);
    await t.services.db.transaction((tx) => advance(tx, profileId, from, to, { at }));
    expect(await current()).toBe(to);
  });

  it("refuses every move not in the table, and leaves the step as it was", async () => {
    for (const [from, to] of refused) {
      await place(from);
      const attempt = t.services.db.transaction((tx) => advance(tx, profileId, from, to, { at }));
      await expect(attempt, `${from} → ${to}`).rejects.toBeInstanceOf(NotAvailable);
      expect(await current()).toBe(from);
    }
  });

  it("refuses a move from a step the customer is not at, with the spec's message", async () => {
    await place("personal_details");
    const attempt = t.services.db.transaction((tx) => advance(tx, profileId, "pancard_verification", "personal_details", { at }));
    await expect(attempt).rejects.toThrow(MESSAGES.stepNotAvailable);
    expect(await current()).toBe("personal_details");
  });

  it("writes the other columns of the move with it", async () => {
    await place("loan_quotation_decision");
    await t.services.db.transaction((tx) =>
      advance(tx, profileId, ["generate_loan_quote", "loan_quotation_decision"], "register_now", { at, set: { eligibilityStatus: 0 } }),
    );
    const [row] = await t.services.db.select().from(customerProfiles).where(eq(customerProfiles.id, profileId));
    expect(row).toMatchObject({ nextStep: "register_now", eligibilityStatus: 0, updatedAt: at });
  });

  it("lets only one of two concurrent moves from the same step through", async () => {
    await place("banking_details");
    const results = await Promise.allSettled(
      [0, 1].map(() => t.services.db.transaction((tx) => advance(tx, profileId, "banking_details", "autopay_setup", { at }))),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await current()).toBe("autopay_setup");
  });
});

describe("requireStep and advanceIfAt", () => {
  it("requireStep checks without moving", async () => {
    await place("esign");
    await expect(t.services.db.transaction((tx) => requireStep(tx, profileId, ["banking_details"]))).rejects.toBeInstanceOf(NotAvailable);
    await expect(t.services.db.transaction((tx) => requireStep(tx, profileId, "esign"))).resolves.toMatchObject({ nextStep: "esign" });
    expect(await current()).toBe("esign");
  });

  it("advanceIfAt moves only from the named step", async () => {
    await place("banking_details");
    expect(await t.services.db.transaction((tx) => advanceIfAt(tx, profileId, "esign", "completed", { at }))).toBe(false);
    expect(await current()).toBe("banking_details");
    await place("esign");
    expect(await t.services.db.transaction((tx) => advanceIfAt(tx, profileId, "esign", "completed", { at }))).toBe(true);
    expect(await current()).toBe("completed");
  });
});

import { describe, expect, it } from "vitest";
import { messageText } from "./i18n/translate.ts";
import { ELIGIBILITY_RULES, applyAgain, checkEligibility, eligibilityRuleLabel, mainFailure, observedWords, type EligibilityInput } from "./eligibility.ts";
import { NOT_ELIGIBLE_MESSAGE, notEligibleMessage } from "./validation/messages.ts";

const good: EligibilityInput = {
  dob: "1990-05-20",
  today: "2025-06-01",
  incomeTypeId: 1,
  monthlyIncome: 45_000,
  salaryModeId: 1,
  panVerified: true,
  pincodeInServiceArea: true,
  bureauScore: 720,
};

/** The apply-again answer in English, as the apps read it. */
const againEn = (...args: Parameters<typeof applyAgain>) => {
  const again = applyAgain(...args);
  return { on: again.on, text: messageText("en", again.code) };
};

describe("eligibility rules (decision 6)", () => {
  it("passes a salaried, banked customer in range", () => {
    expect(checkEligibility(good)).toEqual({ eligible: true, failures: [] });
  });

  it("checks age 21 to 60 on the date of the check, inclusive", () => {
    expect(checkEligibility({ ...good, dob: "2004-06-01" }).eligible).toBe(true); // 21 today
    expect(checkEligibility({ ...good, dob: "2004-06-02" }).failures.map((f) => f.rule)).toEqual(["age"]); // 20
    expect(checkEligibility({ ...good, dob: "1964-06-02" }).eligible).toBe(true); // 60
    expect(checkEligibility({ ...good, dob: "1964-06-01" }).failures[0]?.reason).toBe("Your age must be between 21 and 60 years.");
  });

  it("needs income of at least 30,000 with the threshold itself passing", () => {
    expect(checkEligibility({ ...good, monthlyIncome: 30_000 }).eligible).toBe(true);
    expect(checkEligibility({ ...good, monthlyIncome: 29_999 }).failures).toEqual([
      {
        rule: "minIncome",
        reason: "Your monthly income must be at least ₹30,000.",
        code: { key: "journey.reason.minIncome", values: { min: "₹30,000" } },
      },
    ]);
  });

  it("accepts no bureau history but refuses a score under 600", () => {
    expect(checkEligibility({ ...good, bureauScore: null }).eligible).toBe(true);
    expect(checkEligibility({ ...good, bureauScore: 600 }).eligible).toBe(true);
    expect(checkEligibility({ ...good, bureauScore: 599 }).failures.map((f) => f.rule)).toEqual(["bureauScore"]);
    const strict = { age: { min: 21, max: 60 }, incomeTypeId: 1, minMonthlyIncome: 30_000, salaryModeId: 1, minBureauScore: 600, allowNoBureauHistory: false };
    expect(checkEligibility({ ...good, bureauScore: null }, strict).eligible).toBe(false);
  });

  it("records a reason for every failing rule, not just the first", () => {
    const r = checkEligibility({
      ...good,
      incomeTypeId: 2,
      salaryModeId: 3,
      panVerified: false,
      pincodeInServiceArea: false,
    });
    expect(r.eligible).toBe(false);
    expect(r.failures.map((f) => f.rule)).toEqual(["incomeType", "salaryMode", "panVerified", "serviceArea"]);
    expect(r.failures.every((f) => f.reason.length > 0)).toBe(true);
  });

  it("reads thresholds from the configuration it is given", () => {
    const rules = { age: { min: 18, max: 65 }, incomeTypeId: 1, minMonthlyIncome: 20_000, salaryModeId: 1, minBureauScore: 650, allowNoBureauHistory: true };
    expect(checkEligibility({ ...good, monthlyIncome: 25_000, bureauScore: 700 }, rules).eligible).toBe(true);
    expect(checkEligibility({ ...good, bureauScore: 640 }, rules).failures[0]?.reason).toBe("Your credit score must be at least 650.");
  });

  it("lists every rule a failure can name, so each can be recorded passing or failing", () => {
    const all = checkEligibility({
      ...good,
      dob: "2010-01-01",
      incomeTypeId: 2,
      monthlyIncome: 1,
      salaryModeId: 3,
      panVerified: false,
      pincodeInServiceArea: false,
      bureauScore: 1,
    });
    expect(all.failures.map((f) => f.rule)).toEqual([...ELIGIBILITY_RULES]);
  });

  it("words the not-eligible dialog with every reason", () => {
    expect(notEligibleMessage([])).toBe(NOT_ELIGIBLE_MESSAGE);
    expect(notEligibleMessage(["Your monthly income must be at least ₹30,000."])).toBe(
      "Sorry, you are not eligible for a loan right now. Your monthly income must be at least ₹30,000. Your details are saved.",
    );
  });
});

describe("recorded rule results in staff's words (issue 21)", () => {
  it("names every rule and the offer", () => {
    expect([...ELIGIBILITY_RULES, "offer"].map(eligibilityRuleLabel)).toEqual([
      "Age",
      "Employment type",
      "Monthly income",
      "Salary paid by",
      "PAN verified",
      "Residence PIN code",
      "Bureau score",
      "Largest loan on this income",
    ]);
  });

  it("turns recorded codes into words and amounts into rupees", () => {
    expect(observedWords("incomeType", "1")).toBe("Salaried");
    expect(observedWords("incomeType", "2")).toBe("Self-Employed");
    expect(observedWords("salaryMode", "1")).toBe("Bank");
    expect(observedWords("salaryMode", "3")).toBe("Cash");
    expect(observedWords("panVerified", "1")).toBe("Yes");
    expect(observedWords("panVerified", "0")).toBe("No");
    expect(observedWords("minIncome", "45000")).toBe("₹45,000");
    expect(observedWords("offer", "18000")).toBe("₹18,000");
    expect(observedWords("age", "34 years")).toBe("34 years");
    expect(observedWords("bureauScore", "no history")).toBe("no history");
    expect(observedWords("serviceArea", null)).toBe("—");
  });
});

describe("a declined customer is told one rule and when to apply again (issue 21)", () => {
  it("names the first failing rule in the engine's order, the offer only when alone", () => {
    const failures = [
      { rule: "offer", reason: "offer" },
      { rule: "salaryMode", reason: "salary mode" },
      { rule: "minIncome", reason: "income" },
    ];
    expect(mainFailure(failures)?.rule).toBe("minIncome");
    expect(mainFailure([{ rule: "offer", reason: "offer" }])?.rule).toBe("offer");
    expect(mainFailure([])).toBeNull();
  });

  it("under 21: from the 21st birthday; over 60: not again", () => {
    expect(againEn("age", { dob: "2006-03-12", checkedOn: "2026-11-26" })).toEqual({
      on: "2027-03-12",
      text: "You can apply again from 12 Mar 2027, when you turn 21.",
    });
    // Born on 29 February: 21 on 1 March of a common year.
    expect(againEn("age", { dob: "2008-02-29", checkedOn: "2026-11-26" }).on).toBe("2029-03-01");
    expect(againEn("age", { dob: "1960-01-01", checkedOn: "2026-11-26" })).toEqual({
      on: null,
      text: "We lend to people aged 21 to 60, so we cannot offer you a loan.",
    });
  });

  it("a low score: once the bureau answer is no longer reused, 30 days after the check", () => {
    expect(againEn("bureauScore", { dob: "1990-01-01", checkedOn: "2026-11-26" })).toEqual({
      on: "2026-12-26",
      text: "You can apply again from 26 Dec 2026, when we ask the credit bureau for your score again.",
    });
  });

  it("details the customer can change: as soon as they change", () => {
    const facts = { dob: "1990-01-01", checkedOn: "2026-11-26" };
    expect(againEn("minIncome", facts)).toEqual({
      on: null,
      text: "You can apply again once your monthly income is at least ₹30,000: update your Income Details, then check again.",
    });
    expect(againEn("incomeType", facts).text).toBe("You can apply again once you are salaried: update your Income Details, then check again.");
    expect(againEn("salaryMode", facts).text).toMatch(/^You can apply again once your salary is paid into a bank account/);
    expect(againEn("serviceArea", facts).text).toMatch(/^You can apply again once you live in a PIN code we serve/);
    expect(againEn("panVerified", facts)).toEqual({ on: null, text: "You can apply again once your PAN is verified." });
  });
});

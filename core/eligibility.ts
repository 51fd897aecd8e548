// Decision 6: the eligibility rules, each threshold from the product
// configuration, and a plain reason for every rule that fails (not just the first).

import { ageOn, type IsoDate } from "./calendar.ts";
import { INCOME_TYPES, SALARY_MODES } from "./journey/masters.ts";
import { formatINR } from "./loan-math/money.ts";
import { PRODUCT, type EligibilityRules } from "./product.ts";
import { ELIGIBILITY_REASONS as R } from "./validation/messages.ts";

export type EligibilityInput = {
  dob: IsoDate;
  /** Date of the check, in India. */
  today: IsoDate;
  incomeTypeId: number;
  monthlyIncome: number;
  salaryModeId: number;
  panVerified: boolean;
  /** Whether the residence PIN code is inside the service area (the server looks it up). */
  pincodeInServiceArea: boolean;
  /** Bureau score, or null when the customer has no bureau history. */
  bureauScore: number | null;
};

/** Every rule, in the order the engine checks them; the server records a result for each. */
export const ELIGIBILITY_RULES = ["age", "incomeType", "minIncome", "salaryMode", "panVerified", "serviceArea", "bureauScore"] as const;
export type EligibilityRule = (typeof ELIGIBILITY_RULES)[number];

export type EligibilityResult = {
  eligible: boolean;
  failures: { rule: EligibilityRule; reason: string }[];
};

export function checkEligibility(input: EligibilityInput, rules: EligibilityRules = PRODUCT.eligibility): EligibilityResult {
  const failures: EligibilityResult["failures"] = [];
  const age = ageOn(input.dob, input.today);
  if (age < rules.age.min || age > rules.age.max) failures.push({ rule: "age", reason: R.age(rules.age.min, rules.age.max) });
  if (input.incomeTypeId !== rules.incomeTypeId) failures.push({ rule: "incomeType", reason: R.incomeType() });
  if (!(input.monthlyIncome >= rules.minMonthlyIncome)) {
    failures.push({ rule: "minIncome", reason: R.minIncome(formatINR(rules.minMonthlyIncome)) });
  }
  if (input.salaryModeId !== rules.salaryModeId) failures.push({ rule: "salaryMode", reason: R.salaryMode() });
  if (!input.panVerified) failures.push({ rule: "panVerified", reason: R.panVerified() });
  if (!input.pincodeInServiceArea) failures.push({ rule: "serviceArea", reason: R.serviceArea() });
  const scoreOk = input.bureauScore === null ? rules.allowNoBureauHistory : input.bureauScore >= rules.minBureauScore;
  if (!scoreOk) failures.push({ rule: "bureauScore", reason: R.bureauScore(rules.minBureauScore) });
  return { eligible: failures.length === 0, failures };
}

/** A rule as staff read it on the review page; "offer" is the engine's last check (decision 7). */
export const ELIGIBILITY_RULE_LABELS: Readonly<Record<EligibilityRule | "offer", string>> = {
  age: "Age",
  incomeType: "Employment type",
  minIncome: "Monthly income",
  salaryMode: "Salary paid by",
  panVerified: "PAN verified",
  serviceArea: "Residence PIN code",
  bureauScore: "Bureau score",
  offer: "Largest loan on this income",
};

/** The recorded observation in words: "1" for the employment type reads "Salaried", "45000" reads "₹45,000". */
export function observedWords(rule: string, observed: string | null): string {
  if (observed === null || observed === "") return "—";
  const id = Number(observed);
  switch (rule) {
    case "incomeType":
      return INCOME_TYPES.find((t) => t.id === id)?.label ?? observed;
    case "salaryMode":
      return SALARY_MODES.find((m) => m.id === id)?.label ?? observed;
    case "panVerified":
      return observed === "1" ? "Yes" : "No";
    case "minIncome":
    case "offer":
      return Number.isFinite(id) ? formatINR(id) : observed;
    default:
      return observed;
  }
}

export const eligibilityRuleLabel = (rule: string): string => ELIGIBILITY_RULE_LABELS[rule as EligibilityRule | "offer"] ?? rule;

// Decision 6: the eligibility rules, each threshold from the product
// configuration, and a plain reason for every rule that fails (not just the first).

import { addDays, ageOn, formatIsoDate, isLeapYear, parseIsoDate, type IsoDate } from "./calendar.ts";
import { formatDate } from "./format.ts";
import { INCOME_TYPES, SALARY_MODES } from "./journey/masters.ts";
import { formatINR } from "./money.ts";
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

/**
 * A bureau answer is reused for this many days, so a second check soon after a low score asks the
 * bureau nothing new: a customer declined on the score may apply again once it has passed.
 */
export const BUREAU_REUSE_DAYS = 30;

/** Every rule the customer can fail, the offer last (decision 7): the order the engine checks them. */
export type DeclineRule = EligibilityRule | "offer";
const DECLINE_ORDER: readonly DeclineRule[] = [...ELIGIBILITY_RULES, "offer"];

/**
 * The one rule a declined customer is told about (issue 21): the first that failed, in the engine's
 * order. The offer follows from income, so it is named only when nothing else failed. Every failure
 * is still recorded for staff.
 */
export function mainFailure<T extends { rule: string }>(failures: readonly T[]): T | null {
  const ranked = failures.filter((f) => DECLINE_ORDER.includes(f.rule as DeclineRule));
  ranked.sort((a, b) => DECLINE_ORDER.indexOf(a.rule as DeclineRule) - DECLINE_ORDER.indexOf(b.rule as DeclineRule));
  return ranked[0] ?? null;
}

/** When a declined customer may apply again: a date when only time helps, else what must change first. */
export interface ApplyAgain {
  /** The first day a new check can pass, or null when it depends on the customer's details (or never). */
  on: IsoDate | null;
  text: string;
}

/** The day someone born on `dob` turns `years` (29 February birthdays fall on 1 March in common years). */
function birthday(dob: IsoDate, years: number): IsoDate {
  const b = parseIsoDate(dob)!;
  const year = b.year + years;
  if (b.month === 2 && b.day === 29 && !isLeapYear(year)) return formatIsoDate({ year, month: 3, day: 1 });
  return formatIsoDate({ year, month: b.month, day: b.day });
}

export function applyAgain(rule: DeclineRule, facts: { dob: IsoDate | null; checkedOn: IsoDate }, rules: EligibilityRules = PRODUCT.eligibility): ApplyAgain {
  const on = (date: IsoDate, why: string): ApplyAgain => ({ on: date, text: `You can apply again from ${formatDate(date)}, ${why}.` });
  switch (rule) {
    case "age":
      if (facts.dob && ageOn(facts.dob, facts.checkedOn) < rules.age.min) return on(birthday(facts.dob, rules.age.min), `when you turn ${rules.age.min}`);
      return { on: null, text: `We lend to people aged ${rules.age.min} to ${rules.age.max}, so we cannot offer you a loan.` };
    case "bureauScore":
      return on(addDays(facts.checkedOn, BUREAU_REUSE_DAYS), "when we ask the credit bureau for your score again");
    case "incomeType":
      return { on: null, text: "You can apply again once you are salaried: update your Income Details, then check again." };
    case "salaryMode":
      return { on: null, text: "You can apply again once your salary is paid into a bank account: update your Income Details, then check again." };
    case "minIncome":
    case "offer":
      return {
        on: null,
        text: `You can apply again once your monthly income is at least ${formatINR(rules.minMonthlyIncome)}: update your Income Details, then check again.`,
      };
    case "serviceArea":
      return { on: null, text: "You can apply again once you live in a PIN code we serve: update your Residence Address, then check again." };
    case "panVerified":
      return { on: null, text: "You can apply again once your PAN is verified." };
  }
}

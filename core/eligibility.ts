// Decision 6: the eligibility rules, each threshold from the product
// configuration, and a plain reason for every rule that fails (not just the first).

import { addDays, ageOn, formatIsoDate, isLeapYear, parseIsoDate, type IsoDate } from "./calendar.ts";
import type { CodedMessage } from "./i18n/translate.ts";
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
  /** `reason` is the English recorded for staff; `code` the same reason for the customer, by code (decision 60). */
  failures: { rule: EligibilityRule; reason: string; code: CodedMessage }[];
};

export function checkEligibility(input: EligibilityInput, rules: EligibilityRules = PRODUCT.eligibility): EligibilityResult {
  const failed: EligibilityRule[] = [];
  const age = ageOn(input.dob, input.today);
  if (age < rules.age.min || age > rules.age.max) failed.push("age");
  if (input.incomeTypeId !== rules.incomeTypeId) failed.push("incomeType");
  if (!(input.monthlyIncome >= rules.minMonthlyIncome)) failed.push("minIncome");
  if (input.salaryModeId !== rules.salaryModeId) failed.push("salaryMode");
  if (!input.panVerified) failed.push("panVerified");
  if (!input.pincodeInServiceArea) failed.push("serviceArea");
  const scoreOk = input.bureauScore === null ? rules.allowNoBureauHistory : input.bureauScore >= rules.minBureauScore;
  if (!scoreOk) failed.push("bureauScore");
  const failures = failed.map((rule) => ({ rule, reason: ruleReason(rule, rules), code: reasonCode(rule, rules) }));
  return { eligible: failures.length === 0, failures };
}

/** A failed rule's reason in English, as recorded for staff (decision 6). */
function ruleReason(rule: EligibilityRule, rules: EligibilityRules): string {
  switch (rule) {
    case "age":
      return R.age(rules.age.min, rules.age.max);
    case "minIncome":
      return R.minIncome(formatINR(rules.minMonthlyIncome));
    case "bureauScore":
      return R.bureauScore(rules.minBureauScore);
    default:
      return R[rule]();
  }
}

/** A failed rule's reason for the customer, by code; the offer's names the smallest loan (decision 7). */
export function reasonCode(rule: DeclineRule, rules: EligibilityRules = PRODUCT.eligibility, minimumLoan: number = PRODUCT.offer.minimum): CodedMessage {
  switch (rule) {
    case "age":
      return { key: "journey.reason.age", values: { min: rules.age.min, max: rules.age.max } };
    case "minIncome":
      return { key: "journey.reason.minIncome", values: { min: formatINR(rules.minMonthlyIncome) } };
    case "bureauScore":
      return { key: "journey.reason.bureauScore", values: { min: rules.minBureauScore } };
    case "offer":
      return { key: "journey.msg.offerBelowMinimum", values: { min: formatINR(minimumLoan) } };
    default:
      return { key: `journey.reason.${rule}` };
  }
}

/** Decision 7's refusal: the one reason that decides (issue 21), by code. */
export function notEligibleCode(reason: CodedMessage | null): CodedMessage {
  return reason ? { key: "journey.msg.notEligibleWhy", values: { reasons: reason } } : { key: "journey.msg.notEligible" };
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
  /** What to tell the customer, by code (the date worded in their language). */
  code: CodedMessage;
}

/** The day someone born on `dob` turns `years` (29 February birthdays fall on 1 March in common years). */
function birthday(dob: IsoDate, years: number): IsoDate {
  const b = parseIsoDate(dob)!;
  const year = b.year + years;
  if (b.month === 2 && b.day === 29 && !isLeapYear(year)) return formatIsoDate({ year, month: 3, day: 1 });
  return formatIsoDate({ year, month: b.month, day: b.day });
}

export function applyAgain(rule: DeclineRule, facts: { dob: IsoDate | null; checkedOn: IsoDate }, rules: EligibilityRules = PRODUCT.eligibility): ApplyAgain {
  const on = (date: IsoDate, why: CodedMessage): ApplyAgain => ({ on: date, code: { key: "journey.again.from", values: { date: { date }, why } } });
  const once = (code: CodedMessage): ApplyAgain => ({ on: null, code });
  switch (rule) {
    case "age":
      if (facts.dob && ageOn(facts.dob, facts.checkedOn) < rules.age.min)
        return on(birthday(facts.dob, rules.age.min), { key: "journey.again.whenTurn", values: { age: rules.age.min } });
      return once({ key: "journey.again.ageRange", values: { min: rules.age.min, max: rules.age.max } });
    case "bureauScore":
      return on(addDays(facts.checkedOn, BUREAU_REUSE_DAYS), { key: "journey.again.whenBureau" });
    case "minIncome":
    case "offer":
      return once({ key: "journey.again.minIncome", values: { min: formatINR(rules.minMonthlyIncome) } });
    default:
      return once({ key: `journey.again.${rule}` });
  }
}

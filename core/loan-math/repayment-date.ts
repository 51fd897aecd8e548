// Decision 2: the repayment date is the customer's next salary date that is at
// least 7 and at most 40 days away; the tenure is the days until then.
//
// Salary day → date: the salary day is a day of the month (1-31). In a month
// shorter than that day, salary is taken to fall on the month's last day
// (31 → 30 April, 28 or 29 February). Candidates are taken month by month from
// today's month; the first one 7 or more days away wins. Months are at most 31
// days apart and the window is 34 days wide, so a date always exists and is at
// most 38 days away.

import { addDays, daysBetween, daysInMonth, formatIsoDate, parseIsoDate, type IsoDate } from "../calendar.ts";
import { PRODUCT, amountSliderStep, type ProductConfig } from "../product.ts";
import { offer } from "./single-loan.ts";

export type RepaymentPlan = { repaymentDate: IsoDate; tenureDays: number };

export type RepaymentDateInput = {
  today: IsoDate;
  /** Day of month salary is paid, 1-31. Wins over lastSalaryDate when both are given. */
  salaryDay?: number | null;
  /** A past salary date; its day of month is the salary day. */
  lastSalaryDate?: IsoDate | null;
};

/** The salary date in a given month (month 1-12), clamped to the month's last day. */
export function salaryDateInMonth(year: number, month: number, salaryDay: number): IsoDate {
  return formatIsoDate({ year, month, day: Math.min(salaryDay, daysInMonth(year, month)) });
}

function resolveSalaryDay({ salaryDay, lastSalaryDate }: RepaymentDateInput): number | null {
  if (salaryDay != null) {
    if (!Number.isInteger(salaryDay) || salaryDay < 1 || salaryDay > 31) throw new RangeError("salaryDay must be 1-31");
    return salaryDay;
  }
  if (lastSalaryDate) {
    const parts = parseIsoDate(lastSalaryDate);
    if (!parts) throw new RangeError(`Not a calendar date: ${lastSalaryDate}`);
    return parts.day;
  }
  return null;
}

/**
 * Next salary date 7-40 days from today, or null when the salary day is
 * unknown (the customer then picks the tenure: show_loan_tenure 1).
 */
export function repaymentDate(input: RepaymentDateInput, product = PRODUCT.singleLoan): RepaymentPlan | null {
  const day = resolveSalaryDay(input);
  if (day === null) return null;
  const today = parseIsoDate(input.today);
  if (!today) throw new RangeError(`Not a calendar date: ${input.today}`);
  const { min, max } = product.tenureDays;
  let { year, month } = today;
  // Two months always suffice for a 7-40 window; three keep a margin for other configurations.
  for (let i = 0; i < 3; i++) {
    const candidate = salaryDateInMonth(year, month, day);
    const days = daysBetween(input.today, candidate);
    if (days >= min && days <= max) return { repaymentDate: candidate, tenureDays: days };
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  throw new RangeError("No salary date inside the tenure window");
}

/** Repayment date for a tenure the customer chose. */
export function repaymentDateForTenure(today: IsoDate, tenureDays: number): IsoDate {
  return addDays(today, tenureDays);
}

/** The loan quote's slider bounds (spec section 3 "Loan quote" field names). */
export type LoanQuoteTerms = {
  eligible: boolean;
  min_loan_amount: number;
  max_loan_amount: number;
  min_loan_tenure: number;
  max_loan_tenure: number;
  tenure: number;
  repayment_date: IsoDate;
  /** 0: salary date fixes the tenure; 1: the customer picks it on a slider. */
  show_loan_tenure: 0 | 1;
  /** Amount slider step, rupees. */
  amount_step: number;
};

/**
 * Composes the offer (decision 7) and the repayment date (decision 2). With a
 * known salary day the tenure is fixed (min = max = tenure); otherwise the
 * customer may choose 7-40 days and the default is the longest tenure.
 */
export function loanQuoteTerms(input: RepaymentDateInput & { monthlyIncome: number }, config: ProductConfig = PRODUCT): LoanQuoteTerms {
  const o = offer({ monthlyIncome: input.monthlyIncome }, config.offer);
  const product = config.singleLoan;
  const maxAmount = Math.min(o.max, product.amount.max);
  const minAmount = Math.max(o.min, product.amount.min);
  const plan = repaymentDate(input, product);
  if (plan) {
    return {
      eligible: o.eligible,
      min_loan_amount: minAmount,
      max_loan_amount: maxAmount,
      min_loan_tenure: plan.tenureDays,
      max_loan_tenure: plan.tenureDays,
      tenure: plan.tenureDays,
      repayment_date: plan.repaymentDate,
      show_loan_tenure: 0,
      amount_step: amountSliderStep(0, product),
    };
  }
  const { min, max } = product.tenureDays;
  return {
    eligible: o.eligible,
    min_loan_amount: minAmount,
    max_loan_amount: maxAmount,
    min_loan_tenure: min,
    max_loan_tenure: max,
    tenure: max,
    repayment_date: repaymentDateForTenure(input.today, max),
    show_loan_tenure: 1,
    amount_step: amountSliderStep(1, product),
  };
}

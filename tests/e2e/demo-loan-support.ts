// A demo customer's open loan as its Repayment screen shows it, for the specs that then hand the
// loan to the back office (bank transfers, refunds, value dating).
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { randomMobile, signInThroughUi } from "./support.ts";

/** Today's total due on the Repayment screen, in rupees. */
export async function repaymentTotal(page: Page): Promise<number> {
  return Number(((await page.locator(".repay-summary tr[data-line=total] td").textContent()) ?? "").replace(/[₹,\s]/g, ""));
}

/**
 * Makes an UNPAID-REPEAT demo customer (its loan `overdueDays` past the repayment date, if given),
 * signs in, and reads the loan number and today's total due. The customer's session is kept aside
 * while staff work (a second code for the same number would wait 30 s).
 */
export async function demoLoan(page: Page, options: { overdueDays?: number } = {}) {
  const mobile = randomMobile();
  const data = { mobile, user_type: "UNPAID-REPEAT", ...(options.overdueDays ? { overdue_days: options.overdueDays } : {}) };
  expect((await page.request.post("/dev/demo-customer", { data })).status()).toBe(200);
  await signInThroughUi(page, mobile);
  await page.goto("/my-dashboard/repayment");
  const loanNo = ((await page.locator(".repay-facts div", { hasText: "Loan number" }).locator("dd").textContent()) ?? "").trim();
  const totalDue = await repaymentTotal(page);
  expect(loanNo).toMatch(/^SOT/);
  expect(totalDue).toBeGreaterThan(0);
  const session = await page.context().cookies();
  await page.context().clearCookies();
  return { mobile, loanNo, totalDue, session };
}

// Helpers for the loan-application browser tests.
import type { Page } from "@playwright/test";

/** Fills the Employment Details form with valid answers (the caller presses Continue). */
export async function fillEmploymentDetails(page: Page) {
  await page.getByLabel(/Work from office/).check();
  await page.getByLabel("Organisation Name").fill("Acme Software Pvt Ltd");
  await page.getByLabel("Department").selectOption("TECHNOLOGY");
  await page.getByLabel("Company Type").selectOption("Private");
  await page.getByLabel("Designation").fill("Engineer");
  await page.getByLabel("Employment Since").fill("2021-04-01");
  await page.getByLabel("Office Address Line 1").fill("Tower B, Tech Park");
  await page.getByLabel("Office Address Line 2").fill("Outer Ring Road");
  await page.getByLabel("Pin Code").fill("560103");
}

/** Loan History's newest card → Loan Details (the card's form posts the lead to /my-dashboard/details). */
export async function openNewestLoanDetails(page: Page) {
  await page.goto("/my-dashboard/leads");
  await page
    .locator(".lead-card")
    .first()
    .getByRole("button", { name: /^View details/ })
    .click();
  await page.waitForURL(/\/my-dashboard\/details$/);
}

import type { Page } from "@playwright/test";
import { todayInIndia } from "../../core/calendar.ts";
import { formatINR, formatPaise, loanQuoteTerms, quoteSingle } from "../../core/loan-math/index.ts";
import { fillEmploymentDetails } from "./loan-support.ts";
import { completeProfileByApi } from "./onboarding-support.ts";
import { expectNoAxeViolations, signInThroughUi } from "./support.ts";
import { expect, test } from "./fixtures.ts";

const JOURNEY = "/Api/Website/RepeatInstantJourneyController/appCustomerRegisteration";
const SALARY_DATE = "2025-10-01";
const INCOME = 50_000;

/** A signed-in browser customer who passed eligibility, on the quote screen. */
async function toQuote(page: Page) {
  await signInThroughUi(page);
  await completeProfileByApi(page, { income: { salary_date: SALARY_DATE, monthly_income: String(INCOME) }, pan: { monthly_income: String(INCOME) } });
  const eligible = await (await page.request.post(JOURNEY, { data: { event_name: "register_now" } })).json();
  expect(eligible.Status).toBe(1);
  await page.goto("/my-dashboard/calculate-loan");
  await expect(page.getByRole("heading", { name: "Calculating Loans", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Key Fact Statement" })).toBeVisible();
  // The same core/ computation the server uses, from the same inputs.
  return loanQuoteTerms({ today: todayInIndia(), lastSalaryDate: SALARY_DATE, monthlyIncome: INCOME });
}

test.describe("quote, Key Fact Statement and employment", () => {
  test("a new customer chooses an amount, reads the KFS, accepts, and gives employment details", async ({ page }) => {
    const terms = await toQuote(page);
    const proposal = page.getByTestId("kfs-proposal-number");
    await expect(proposal).toHaveText(/^SOT-\d{8}-[A-Z2-7]{8}$/);
    const amount = page.getByLabel("Loan amount");
    await expect(amount).toHaveValue(String(terms.max_loan_amount));
    await expect(page.getByLabel("Loan purpose")).toHaveValue("1");
    await expect(page.getByLabel("Loan purpose").locator("option")).toHaveCount(7);
    await expect(page.getByRole("img", { name: /^Of the ₹/ })).toBeVisible();
    // On a wide screen the decision stays in reach (sticky) wherever the KFS is read. On a phone it would cover
    // a quarter of the screen (issue 21): there it follows the KFS and never sits over it.
    const phone = page.viewportSize()!.width < 768;
    const decision = page.getByRole("region", { name: "Your decision" });
    for (const row of ["kfs-apr", "kfs-recovery"]) {
      await page.getByTestId(row).scrollIntoViewIfNeeded();
      if (phone) {
        // Nothing covers the row being read: the decision starts below it.
        const read = (await page.getByTestId(row).boundingBox())!;
        expect((await decision.boundingBox())!.y).toBeGreaterThanOrEqual(read.y + read.height);
      } else await expect(page.getByRole("button", { name: "Accept" })).toBeInViewport();
    }
    if (phone) {
      await page.getByTestId("kfs-apr").scrollIntoViewIfNeeded();
      await expect(decision).not.toBeInViewport();
    }
    if (phone) {
      const kfs = (await page.getByRole("heading", { name: "Key Fact Statement" }).locator("xpath=ancestor::section[1]").boundingBox())!;
      expect((await decision.boundingBox())!.y).toBeGreaterThanOrEqual(kfs.y + kfs.height);
    }
    for (const id of [
      "loan_amount",
      "tenure",
      "interest_rate",
      "processing_fee",
      "gst",
      "net_disbursed",
      "total_payable",
      "repayment_schedule",
      "apr",
      "post_due_interest",
      "penal_charges",
      "fairness_cap",
      "late_example",
      "cooling_off",
      "grievance_officer",
      "recovery",
    ]) {
      await expect(page.getByTestId(`kfs-${id}`)).not.toBeEmpty();
    }
    await expectNoAxeViolations(page);

    // The slider moves in ₹100 steps (fixed tenure); Home goes to the minimum.
    await amount.focus();
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowRight");
    const principal = terms.min_loan_amount + 100;
    const expected = quoteSingle({ principal, tenureDays: terms.tenure });
    await expect(page.getByTestId("kfs-loan_amount")).toHaveText(formatINR(principal));
    await expect(page.getByTestId("net-disbursal")).toHaveText(formatPaise(expected.netDisbursalPaise));
    await expect(page.getByTestId("total-repayable")).toHaveText(formatPaise(expected.totalRepayablePaise));
    // The KFS APR equals core/'s decision-4 computation.
    await expect(page.getByTestId("kfs-apr")).toHaveText(new RegExp(`^${expected.apr.toFixed(2).replace(".", "\\.")}% `));
    await expect(page.getByTestId("breakdown-apr")).toHaveText(`${expected.apr.toFixed(2)}%`);
    await page.getByLabel("Loan purpose").selectOption("Medical");

    await page.getByRole("button", { name: "Accept" }).click();
    await expect(page.getByText("Please read the Key Fact Statement and tick the box to confirm.")).toBeVisible();
    await expect(page.getByLabel(/I have read and understood the Key Fact Statement/)).toBeFocused();
    await page.getByLabel(/I have read and understood the Key Fact Statement/).check();
    await page.getByRole("button", { name: "Accept" }).click();

    await expect(page).toHaveURL(/\/my-dashboard\/about-your-company$/);
    await expect(page.getByRole("heading", { name: "Employment Details" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Organisation Name is required!")).toBeVisible();
    await fillEmploymentDetails(page);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/my-dashboard\/adhar$/);

    // Loan History shows the application; its details show the three cards and the KFS download.
    await page.goto("/my-dashboard/leads");
    await expect(page.getByRole("heading", { name: "Loan History" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: /^View details/ }).click();
    await expect(page).toHaveURL(/\/my-dashboard\/details$/);
    for (const name of ["Application Details", "Credit Manager", "Application Status"]) await expect(page.getByRole("heading", { name })).toBeVisible();
    await expect(page.getByText(formatINR(principal), { exact: true })).toBeVisible();
    await expect(page.getByText("Medical", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download Key Fact Statement (PDF)" }).click();
    expect((await download).suggestedFilename()).toMatch(/^KFS-SOT-\d{8}-[A-Z2-7]{8}\.pdf$/);
  });

  test("declining the offer closes the application and the dashboard says so", async ({ page }) => {
    await toQuote(page);
    await page.getByRole("button", { name: "Decline" }).click();
    await expect(page.getByText("Decline this loan offer?")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Yes, decline" }).click();
    await expect(page).toHaveURL(/\/my-dashboard$/);
    await expect(page.getByText("You declined the loan offer. You can check your eligibility again whenever you need a loan.")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto("/my-dashboard/leads");
    await expect(page.getByText("Declined by you")).toBeVisible();
  });

  test("a new customer without loans sees 'No loan history found.' and 'No loan details available.'", async ({ page }) => {
    await signInThroughUi(page);
    await page.goto("/my-dashboard/leads");
    await expect(page.getByText("No loan history found.")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto("/my-dashboard/details");
    await expect(page.getByText("No loan details available.")).toBeVisible();
    await expectNoAxeViolations(page);
    // The congratulations screen belongs to a completed journey only.
    await page.goto("/my-dashboard/congratulations");
    await expect(page.getByText("This step is not available now.")).toBeVisible();
    await page.getByRole("link", { name: "Go to my current step" }).click();
    await expect(page).toHaveURL(/\/my-dashboard\/pan-details$/);
  });
});

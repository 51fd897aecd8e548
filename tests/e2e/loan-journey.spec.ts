// The whole loan journey of issue 4 for a NEW customer, in one browser session: sign-in, eligibility,
// quote and KFS, employment, DigiLocker eKYC, account aggregator, documents, bank details with penny
// drop, eSign with the SMS code, congratulations, and the submitted lead in Loan History.
// No /dev/journey shortcuts: every screen and sandbox page is the real one. The five profile steps go
// through the journey API (their screens are covered by onboarding.spec.ts); everything after them
// goes through screens, with axe on each (both projects: 360 px and 1280 px).
import type { Page } from "@playwright/test";
import { todayInIndia } from "../../core/calendar.ts";
import { formatINR, formatPaise, loanQuoteTerms, quoteSingle } from "../../core/loan-math/index.ts";
import { esignCodeFromOutbox, skipAutopayOnScreen } from "./bank-esign-support.ts";
import { png, samplePdf } from "./kyc-support.ts";
import { fillEmploymentDetails } from "./loan-support.ts";
import { completeProfileByApi } from "./onboarding-support.ts";
import { agreeToStepNotice, expectNoAxeViolations, signInThroughUi } from "./support.ts";
import { expect, test } from "./fixtures.ts";

const SALARY_DATE = "2025-10-01";
const INCOME = 50_000;
const KFS_TICK = /I have read and understood the Key Fact Statement/;

/** On the dashboard home: the cards before `current` are done and `current` is the one link that opens its screen. */
async function resumeFromDashboard(page: Page, current: string, done: string[]) {
  const steps = page.getByRole("list", { name: "Loan Application steps" });
  await expect(steps.getByRole("link")).toHaveCount(1);
  for (const title of done) await expect(steps.getByRole("listitem").filter({ hasText: title })).toContainText("Completed");
  await steps.getByRole("link", { name: new RegExp(current) }).click();
}

/** eKYC through the sandbox DigiLocker, bank statements through the sandbox account aggregator, then the documents. */
async function verifyIdentityAndDocuments(page: Page) {
  // Aadhaar eKYC through the sandbox DigiLocker consent page.
  await page.waitForURL(/\/my-dashboard\/adhar$/);
  await expect(page.getByRole("heading", { name: "Verify Your Identity Securely Using Aadhaar" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Last 4 digits of your Aadhaar").fill("2468");
  await agreeToStepNotice(page);
  await page.getByRole("button", { name: "Submit" }).click();
  await page.waitForURL(/\/sandbox\/digilocker\/.*code_challenge_method=S256/);
  await expect(page.getByRole("heading", { name: "Share your Aadhaar with SalaryOnTime" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForURL("**/my-dashboard/aadhaar-verify");
  const verified = page.getByRole("dialog", { name: "Congratulations!" });
  await expect(verified).toContainText("XXXX-XXXX-2468");
  await expectNoAxeViolations(page);
  await verified.getByRole("button", { name: "Go to Next Step" }).click();

  // Bank statements through the sandbox account-aggregator consent page.
  await page.waitForURL("**/my-dashboard/account-aggregator-verify");
  await expect(page.getByRole("heading", { name: "Account Aggregator", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await agreeToStepNotice(page);
  await page.getByRole("button", { name: "Share via Account Aggregator" }).click();
  await page.waitForURL(/\/sandbox\/account-aggregator\/consent\//);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Approve" }).click();

  // Documents: what the lead still needs (no bank statement: the aggregator fetched it).
  await page.waitForURL("**/my-dashboard/adhar-upload");
  await expect(page.getByRole("heading", { name: "Complete Your KYC" })).toBeVisible();
  await expect(page.getByLabel(/^Bank statement/)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByLabel("Aadhaar front (image)").setInputFiles(png("front.png"));
  await page.getByLabel("Aadhaar back (image)").setInputFiles(png("back.png"));
  await page.getByLabel("PAN card (image)").setInputFiles(png("pan.png"));
  await page.getByLabel("Salary slip (PDF)").setInputFiles({ name: "slip.pdf", mimeType: "application/pdf", buffer: await samplePdf() });
  await page.getByLabel("Utility bill (image)").setInputFiles(png("bill.png"));
  await page.getByRole("button", { name: "Upload and Continue" }).click();
}

test("a new customer goes from sign-in to a signed, submitted application in Loan History", async ({ page }) => {
  test.setTimeout(240_000);

  // Sign-in on /apply-now with the code from the sandbox SMS outbox.
  await page.goto("/apply-now");
  await expectNoAxeViolations(page);
  const mobile = await signInThroughUi(page);
  await expect(page.getByRole("heading", { name: "Welcome to SalaryOnTime", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await completeProfileByApi(page, { income: { salary_date: SALARY_DATE, monthly_income: String(INCOME) }, pan: { monthly_income: String(INCOME) } });

  // Eligibility: profile preview → Check Eligibility → Process.
  await page.goto("/my-dashboard/profile-preview");
  await expect(page.getByRole("heading", { name: "Basic Details" })).toBeVisible();
  await expectNoAxeViolations(page);
  await agreeToStepNotice(page);
  await page.getByRole("button", { name: "Check Eligibility" }).click();
  const eligible = page.getByRole("dialog");
  await expect(eligible).toContainText(/Congratulations! You are eligible for a loan of up to ₹[\d,]+\./);
  await expectNoAxeViolations(page);
  await eligible.getByRole("button", { name: "Process" }).click();

  // Quote and KFS: choose an amount, the APR and totals equal core/'s computation, tick, accept.
  await page.waitForURL(/\/my-dashboard\/calculate-loan$/);
  await expect(page.getByRole("heading", { name: "Calculating Loans", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Key Fact Statement" })).toBeVisible();
  await expectNoAxeViolations(page);
  const terms = loanQuoteTerms({ today: todayInIndia(), lastSalaryDate: SALARY_DATE, monthlyIncome: INCOME });
  const amount = page.getByLabel("Loan amount");
  await amount.focus();
  await page.keyboard.press("Home");
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  const principal = terms.min_loan_amount + 300;
  const expected = quoteSingle({ principal, tenureDays: terms.tenure });
  await expect(page.getByTestId("kfs-loan_amount")).toHaveText(formatINR(principal));
  await expect(page.getByTestId("total-repayable")).toHaveText(formatPaise(expected.totalRepayablePaise));
  await expect(page.getByTestId("breakdown-apr")).toHaveText(`${expected.apr.toFixed(2)}%`);
  const proposal = (await page.getByTestId("kfs-proposal-number").textContent())!.trim();
  await page.getByLabel(KFS_TICK).check();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Accept" }).click();

  // Employment details.
  await page.waitForURL(/\/my-dashboard\/about-your-company$/);
  await expect(page.getByRole("heading", { name: "Employment Details" })).toBeVisible();
  await expectNoAxeViolations(page);
  await fillEmploymentDetails(page);
  await page.getByRole("button", { name: "Continue" }).click();

  // The dashboard agrees: employment done, eKYC is the step that opens, and it opens the Aadhaar screen.
  await page.waitForURL(/\/my-dashboard\/adhar$/);
  await page.goto("/my-dashboard");
  await resumeFromDashboard(page, "EKYC Verification", ["Loan Calculator", "Employment Information"]);

  await verifyIdentityAndDocuments(page);

  // Back on the dashboard, Banking Details is the step that opens.
  await page.waitForURL("**/my-dashboard/bank-detail");
  await page.goto("/my-dashboard");
  await resumeFromDashboard(page, "Banking Details", ["Loan Calculator", "Employment Information", "EKYC Verification", "Upload Your Documents"]);

  // Bank details, verified by the sandbox penny drop; Skip is offered to a NEW customer.
  await page.waitForURL("**/my-dashboard/bank-detail");
  await expect(page.getByRole("heading", { name: "Banking Details" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Skip" })).toBeVisible();
  await page.getByLabel("Account Number", { exact: true }).fill("502000246810");
  await page.getByLabel("Confirm Account Number").pressSequentially("502000246810");
  await page.getByLabel("IFSC Code").fill("HDFC0000001");
  await expect(page.getByRole("status").filter({ hasText: "HDFC Bank" })).toBeVisible();
  await page.getByLabel("Branch").fill("Koramangala, Bengaluru");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Verify & Continue" }).click();
  await skipAutopayOnScreen(page);

  // eSign on the sandbox provider's page, with the 6-digit code from the SMS outbox.
  await page.waitForURL(/\/sandbox\/esign\//);
  await expect(page.getByRole("heading", { name: "Sign your loan documents" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel(/I have read the Loan Agreement/).check();
  await page.getByRole("button", { name: "Send code" }).click();
  const code = await esignCodeFromOutbox(page, mobile);
  await page.getByLabel(/6-digit code sent to/).fill(code);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Sign documents" }).click();

  // Congratulations, with the credit manager named.
  await page.waitForURL(/\/my-dashboard\/congratulations$/);
  await expect(page.getByRole("heading", { name: "Congratulations!" })).toBeVisible();
  await expect(page.getByText(/Your credit manager is /)).toBeVisible();
  await expectNoAxeViolations(page);

  // Loan History: the application, submitted, for the chosen amount; its details name the credit manager.
  await page.getByRole("main").getByRole("link", { name: "Loan History" }).click();
  await page.waitForURL(/\/my-dashboard\/leads$/);
  const cards = page.locator(".lead-card");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Submitted");
  await expect(cards.first()).toContainText(formatINR(principal));
  await expect(cards.first()).toContainText(proposal);
  await expectNoAxeViolations(page);
  await cards
    .first()
    .getByRole("button", { name: /^View details/ })
    .click();
  await page.waitForURL(/\/my-dashboard\/details$/);
  const status = page.getByRole("region", { name: "Application Status" });
  await expect(status).toContainText("Submitted");
  const manager = page.getByRole("region", { name: "Credit Manager" });
  await expect(manager.getByText("Name", { exact: true })).toBeVisible();
  await expect(manager.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:.+@.+/);
  await expect(manager).not.toContainText("A credit manager is assigned once your application is submitted.");
  await expectNoAxeViolations(page);

  // Opened directly (server-rendered, then hydrated): the same application, and no browser error (fixtures.ts).
  await page.goto("/my-dashboard/details");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByRole("region", { name: "Application Status" })).toContainText("Submitted");
  await expect(page.getByRole("region", { name: "Application Details" })).toContainText(proposal);

  // The dashboard no longer offers a new application while this one is submitted; its KFS stays downloadable.
  await page.goto("/my-dashboard");
  await expect(page.getByRole("link", { name: "Download Key Fact Statement (PDF)" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Check Eligibility|Re-Loan/ })).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Loan Application steps" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Issue 23: My data shows the three purposes ticked at their steps as given, each with its date.
  await page.goto("/my-dashboard/my-data");
  for (const title of ["Credit bureau check", "Identity checks (PAN and DigiLocker)", "Bank statements through an account aggregator"]) {
    const item = page.locator(".consent-item").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
    await expect(item).toContainText(/Given on \d{1,2} [A-Z][a-z]+ \d{4}/);
    await expect(item.getByRole("button", { name: /^Withdraw/ })).toBeVisible();
  }
  await expectNoAxeViolations(page);
});

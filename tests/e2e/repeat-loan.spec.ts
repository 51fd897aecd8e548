// A REPEAT customer re-loans in the browser: Re-Loan, quote and KFS, no employment step, eKYC,
// statements uploaded instead of the aggregator, the earlier bank account prefilled and locked
// without Skip, eSign, congratulations. The customer comes from the demo builder of
// `npm run demo:customers` through the sandbox-only POST /dev/demo-customer (a closed loan and a
// verified bank account); browser tests never write to the database themselves.
import { esignCodeFromOutbox, skipAutopayOnScreen } from "./bank-esign-support.ts";
import { png, samplePdf } from "./kyc-support.ts";
import { agreeToStepNotice, expectNoAxeViolations, randomMobile, signInThroughUi } from "./support.ts";
import { expect, test } from "./fixtures.ts";

test("a REPEAT customer re-loans without the employment step, on the earlier bank account, to congratulations", async ({ page }) => {
  test.setTimeout(180_000);
  const mobile = randomMobile();
  const demo = await page.request.post("/dev/demo-customer", { data: { mobile, user_type: "REPEAT" } });
  expect(demo.status()).toBe(200);
  expect(await demo.json()).toMatchObject({ user_type: "REPEAT", bank_account_seeded: true });

  const visited: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  await signInThroughUi(page, mobile);
  await expect(page.getByRole("button", { name: "Re-Loan" })).toBeVisible();
  // Issue 30: the closed loan with its No Dues Certificate, and Re-Loan; no "Loan Application 0%" with every
  // step locked, and the credit bureau's notice only once Re-Loan is pressed.
  const status = page.getByRole("region", { name: "Your loan application" });
  await expect(status).toContainText("Closed");
  await expect(status.getByRole("link", { name: /No Dues Certificate/ })).toBeVisible();
  await expect(page.getByRole("list", { name: "Loan Application steps" })).toHaveCount(0);
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: "I agree to this use of my data" })).toHaveCount(0);
  // The demo loan had no quote, so no KFS link that could only fail.
  await expect(page.getByRole("link", { name: "Download Key Fact Statement (PDF)" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  // The closed loan is in Loan History already.
  await page.goto("/my-dashboard/leads");
  await expect(page.locator(".lead-card")).toHaveCount(1);
  await expect(page.locator(".lead-card").first()).toContainText("Closed");

  await page.goto("/my-dashboard");
  await page.getByRole("button", { name: "Re-Loan" }).click();
  await expect(page.getByRole("heading", { name: "Before we go on: Credit bureau check" })).toBeVisible();
  await agreeToStepNotice(page);
  await page.getByRole("button", { name: "Re-Loan" }).click();
  const eligible = page.getByRole("dialog");
  await expect(eligible).toContainText(/eligible/i);
  await expectNoAxeViolations(page);
  await eligible.getByRole("button", { name: "Process" }).click();

  await page.waitForURL(/\/my-dashboard\/calculate-loan$/);
  await expect(page.getByRole("heading", { name: "Key Fact Statement" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel(/I have read and understood the Key Fact Statement/).check();
  await page.getByRole("button", { name: "Accept" }).click();

  // No employment step: straight to Aadhaar.
  await page.waitForURL(/\/my-dashboard\/adhar$/);
  await expect(page.getByRole("heading", { name: "Verify Your Identity Securely Using Aadhaar" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Last 4 digits of your Aadhaar").fill("1357");
  await agreeToStepNotice(page);
  await page.getByRole("button", { name: "Submit" }).click();
  await page.waitForURL(/\/sandbox\/digilocker\//);
  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForURL("**/my-dashboard/aadhaar-verify");
  await page.getByRole("dialog", { name: "Congratulations!" }).getByRole("button", { name: "Go to Next Step" }).click();

  // Statements uploaded instead of the aggregator.
  await page.waitForURL("**/my-dashboard/account-aggregator-verify");
  await page.getByRole("button", { name: "Skip and upload my statement instead" }).click();
  await page.waitForURL("**/my-dashboard/adhar-upload");
  await expect(page.getByRole("heading", { name: "Complete Your KYC" })).toBeVisible();
  await expectNoAxeViolations(page);
  const pdf = { mimeType: "application/pdf", buffer: await samplePdf() };
  await page.getByLabel("Aadhaar front (image)").setInputFiles(png("front.png"));
  await page.getByLabel("Aadhaar back (image)").setInputFiles(png("back.png"));
  await page.getByLabel("PAN card (image)").setInputFiles(png("pan.png"));
  await page.getByLabel("Bank statement (last six months) (PDF)", { exact: true }).setInputFiles({ name: "statement.pdf", ...pdf });
  await page.getByLabel("Salary slip (PDF)").setInputFiles({ name: "slip.pdf", ...pdf });
  await page.getByLabel("Utility bill (image)").setInputFiles(png("bill.png"));
  await page.getByRole("button", { name: "Upload and Continue" }).click();

  // The earlier account: prefilled, masked, read-only; no confirmation field and no Skip.
  await page.waitForURL("**/my-dashboard/bank-detail");
  await expect(page.getByRole("heading", { name: "Banking Details" })).toBeVisible();
  await expect(page.getByLabel("Account Number")).toHaveValue(/^X+\d{4}$/);
  await expect(page.getByLabel("Account Number")).not.toBeEditable();
  await expect(page.getByLabel("IFSC Code")).toHaveValue("HDFC0000001");
  await expect(page.getByLabel("IFSC Code")).not.toBeEditable();
  await expect(page.getByLabel("Confirm Account Number")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Skip" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Verify & Continue" }).click();
  await skipAutopayOnScreen(page);

  await page.waitForURL(/\/sandbox\/esign\//);
  await page.getByLabel(/I have read the Loan Agreement/).check();
  await page.getByRole("button", { name: "Send code" }).click();
  const code = await esignCodeFromOutbox(page, mobile);
  await page.getByLabel(/6-digit code sent to/).fill(code);
  await page.getByRole("button", { name: "Sign documents" }).click();

  await page.waitForURL(/\/my-dashboard\/congratulations$/);
  await expect(page.getByRole("heading", { name: "Congratulations!" })).toBeVisible();
  await expectNoAxeViolations(page);
  // The whole way, the employment screen never came up.
  expect(visited).toContain("/my-dashboard/bank-detail");
  expect(visited.filter((p) => p.includes("about-your-company"))).toEqual([]);
  // Loan History: the new application submitted, the earlier one closed.
  await page.getByRole("main").getByRole("link", { name: "Loan History" }).click();
  await page.waitForURL(/\/my-dashboard\/leads$/);
  const cards = page.locator(".lead-card");
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: "Submitted" })).toHaveCount(1);
  await expect(cards.filter({ hasText: "Closed" })).toHaveCount(1);
});

test("an UNPAID-REPEAT customer with an active loan is told to repay it first", async ({ page }) => {
  const mobile = randomMobile();
  const demo = await page.request.post("/dev/demo-customer", { data: { mobile, user_type: "UNPAID-REPEAT" } });
  expect(demo.status()).toBe(200);
  await signInThroughUi(page, mobile);
  await page.goto("/my-dashboard/profile-preview");
  await expect(page.getByText("Welcome back! Please repay your current loan to apply for a new one.")).toBeVisible();
  await agreeToStepNotice(page);
  await page.getByRole("button", { name: "Re-Loan" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Please repay your current loan first.");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(page).toHaveURL(/\/my-dashboard\/profile-preview$/);
  // No way round it: the quote screen has no offer for this customer.
  await page.goto("/my-dashboard/calculate-loan");
  await expect(page.getByRole("alert").filter({ hasText: "This step is not available now." })).toBeVisible();
  await expect(page.getByLabel("Loan amount")).toHaveCount(0);
});

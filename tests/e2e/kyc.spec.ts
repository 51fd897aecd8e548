import { agreeToStepNotice, expectNoAxeViolations } from "./support.ts";
import { digilockerMismatch, png, reachEkycInBrowser, samplePdf } from "./kyc-support.ts";
import { expect, test } from "./fixtures.ts";

test.describe("eKYC, account aggregator and documents", () => {
  test("DigiLocker sandbox → aadhaar-verify → account aggregator sandbox → documents → bank details", async ({ page }, info) => {
    await reachEkycInBrowser(page);
    await page.goto("/my-dashboard/adhar");
    await expect(page.getByRole("heading", { name: "Verify Your Identity Securely Using Aadhaar" })).toBeVisible();
    await expect(page.getByText("You will be taken to the secure DigiLocker (UIDAI) gateway.")).toBeVisible();
    // No attempt yet: no Skip eKYC.
    await expect(page.getByRole("button", { name: "Skip eKYC" })).toHaveCount(0);
    // Issue 23: the identity checks notice, its box unticked.
    const identity = page.getByRole("region", { name: "Before we go on: Identity checks (PAN and DigiLocker)" });
    await expect(identity).toContainText("the last 4 digits of your Aadhaar. We never keep the full Aadhaar number.");
    await expect(identity.getByRole("checkbox", { name: "I agree to this use of my data" })).not.toBeChecked();
    await expectNoAxeViolations(page);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ fullPage: true, path: info.outputPath(`ekyc-notice-${info.project.name}.png`) });

    const field = page.getByLabel("Last 4 digits of your Aadhaar");
    await expect(field).toHaveAttribute("maxlength", "4");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Please enter the last 4 digits of your Aadhaar.")).toBeVisible();
    await expect(identity.getByText("Please read the notice and tick the box to agree before you go on.")).toBeVisible();
    await field.fill("4321");
    // Still not ticked: the page stays, saying so at the box.
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(identity.getByText("Please read the notice and tick the box to agree before you go on.")).toBeVisible();
    await expect(page).toHaveURL(/\/my-dashboard\/adhar$/);
    await expectNoAxeViolations(page);
    await agreeToStepNotice(page);
    await page.getByRole("button", { name: "Submit" }).click();

    // The sandbox DigiLocker consent page, reached through the authorize URL with PKCE.
    await page.waitForURL(/\/sandbox\/digilocker\/public\/oauth2\/1\/authorize\?.*code_challenge_method=S256/);
    await expect(page.getByRole("heading", { name: "Share your Aadhaar with SalaryOnTime" })).toBeVisible();
    await expect(page.getByLabel(/Last 4 digits of this sandbox Aadhaar/)).toHaveValue("4321");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Allow" }).click();

    await page.waitForURL("**/my-dashboard/aadhaar-verify");
    const popup = page.getByRole("dialog", { name: "Congratulations!" });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText("XXXX-XXXX-4321");
    await expectNoAxeViolations(page);
    await popup.getByRole("button", { name: "Go to Next Step" }).click();

    await page.waitForURL("**/my-dashboard/account-aggregator-verify");
    await expect(page.getByRole("heading", { name: "Account Aggregator", level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    // The dashboard's EKYC card opens the Adhar page; once verified it forwards here.
    await page.goto("/my-dashboard/adhar");
    await page.waitForURL("**/my-dashboard/account-aggregator-verify");
    const aggregator = page.getByRole("region", { name: "Before we go on: Bank statements through an account aggregator" });
    await expect(aggregator).toContainText("Six months of statements of the bank account you choose");
    await expect(aggregator.getByRole("checkbox", { name: "I agree to this use of my data" })).not.toBeChecked();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ fullPage: true, path: info.outputPath(`aa-notice-${info.project.name}.png`) });
    await page.getByRole("button", { name: "Share via Account Aggregator" }).click();
    await expect(aggregator.getByText("Please read the notice and tick the box to agree before you go on.")).toBeVisible();
    await expectNoAxeViolations(page);
    await agreeToStepNotice(page);
    await page.getByRole("button", { name: "Share via Account Aggregator" }).click();
    await page.waitForURL(/\/sandbox\/account-aggregator\/consent\//);
    await expect(page.getByRole("heading", { name: "Share your bank statements" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Approve" }).click();

    // Back with the consent handle: statements fetched, then the documents page without a bank statement.
    await page.waitForURL("**/my-dashboard/adhar-upload");
    await expect(page.getByRole("heading", { name: "Complete Your KYC" })).toBeVisible();
    const items = page.locator(".doc-item > label:first-child");
    await expect(items).toHaveText(["Aadhaar front (image)", "Aadhaar back (image)", "PAN card (image)", "Salary slip (PDF)", "Utility bill (image)"]);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Upload and Continue" }).click();
    await expect(page.getByText("Please upload all required documents.")).toBeVisible();
    await page.getByLabel("Aadhaar front (image)").setInputFiles(png("front.png"));
    await page.getByLabel("Aadhaar back (image)").setInputFiles(png("back.png"));
    await page.getByLabel("PAN card (image)").setInputFiles(png("pan.png"));
    await page.getByLabel("Salary slip (PDF)").setInputFiles({ name: "slip.pdf", mimeType: "application/pdf", buffer: await samplePdf() });
    // A wrong file for the utility bill: its own failure message, the others go through.
    await page.getByLabel("Utility bill (image)").setInputFiles({ name: "bill.png", mimeType: "image/png", buffer: Buffer.from("not really an image") });
    await page.getByRole("button", { name: "Upload and Continue" }).click();
    await expect(page.getByText(/Failed to upload Utility bill\. Please try again\./)).toBeVisible();
    await expect(page.getByText("An error occurred while uploading documents. Please try again.")).toBeVisible();
    // Only the failed one is still asked for.
    await expect(page.locator(".doc-item > label:first-child")).toHaveText(["Utility bill (image)"]);
    await expectNoAxeViolations(page);
    await page.getByLabel("Utility bill (image)").setInputFiles(png("bill.png"));
    await page.getByRole("button", { name: "Upload and Continue" }).click();

    await page.waitForURL("**/my-dashboard/bank-detail");
    // My data: the account aggregator, given at its step, is now shown as given, with the date.
    await page.goto("/my-dashboard/my-data");
    const given = (title: string) => page.locator(".consent-item").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
    await expect(given("Bank statements through an account aggregator")).toContainText(/Given on \d{1,2} [A-Z][a-z]+ \d{4}/);
    await expect(given("Identity checks (PAN and DigiLocker)")).toContainText(/Given on /);
    await expectNoAxeViolations(page);
  });
});

test.describe("eKYC, account aggregator and documents: a mismatch, the legacy chain and video KYC", () => {
  test("a last 4 that does not match DigiLocker brings the customer back with the error; Skip eKYC then appears", async ({ page }) => {
    await reachEkycInBrowser(page);
    await page.goto("/my-dashboard/adhar");
    await digilockerMismatch(page, "1111");
    await expect(page.getByRole("alert").filter({ hasText: "do not match the Aadhaar in your DigiLocker" })).toBeVisible();
    // Prefilled from the stored details: the last 4 typed before.
    await expect(page.getByLabel("Last 4 digits of your Aadhaar")).toHaveValue("1111");
    // Skip eKYC says what it means, in the same plain words as the bank account's Skip.
    await expect(page.getByRole("button", { name: "Skip eKYC" })).toHaveAccessibleDescription(
      /not checked with DigiLocker now.*before we pay out your loan: if the details do not match, the payout stops\.$/,
    );
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Skip eKYC" }).click();
    await page.waitForURL("**/my-dashboard/account-aggregator-verify");
    await page.getByRole("button", { name: "Skip and upload my statement instead" }).click();
    await page.waitForURL("**/my-dashboard/adhar-upload");
    await expect(page.getByLabel("Bank statement (last six months) (PDF)")).toBeVisible();
  });

  test("legacy chain: one document at a time, then on to bank details", async ({ page }) => {
    await reachEkycInBrowser(page);
    await page.goto("/my-dashboard/adhar");
    await page.getByLabel("Last 4 digits of your Aadhaar").fill("9876");
    await agreeToStepNotice(page);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("button", { name: "Deny" }).click();
    await page.waitForURL("**/my-dashboard/adhar");
    await expect(page.getByRole("alert").filter({ hasText: "You did not allow access in DigiLocker" })).toBeVisible();
    await page.getByRole("button", { name: "Skip eKYC" }).click();
    await page.getByRole("button", { name: "Skip and upload my statement instead" }).click();
    await page.waitForURL("**/my-dashboard/adhar-upload");
    await page.getByRole("link", { name: "Upload them one by one" }).click();

    await expect(page.getByRole("heading", { name: "Upload Your PAN" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Please select  pan image")).toBeVisible();
    await page.getByLabel(/^PAN card/).setInputFiles(png("pan.png"));
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page.getByRole("heading", { name: "Upload Your Bank statement" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel(/^Bank statement/).setInputFiles(png("statement.png"));
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Bank statement must be a PDF file.")).toBeVisible();
    await page.getByLabel(/^Bank statement/).setInputFiles({ name: "statement.pdf", mimeType: "application/pdf", buffer: await samplePdf() });
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page.getByRole("heading", { name: "Upload Your Salary slip" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel(/^Salary slip/).setInputFiles({ name: "slip.pdf", mimeType: "application/pdf", buffer: await samplePdf() });
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page.getByRole("heading", { name: "Upload Your Utility Bill" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel(/^Utility bill/).setInputFiles(png("bill.png"));
    await page.getByRole("button", { name: "Continue" }).click();

    // Aadhaar images are still missing: the server sends the customer to Complete Your KYC for them.
    await page.waitForURL("**/my-dashboard/adhar-upload");
    await page.getByLabel("Aadhaar front (image)").setInputFiles(png("front.png"));
    await page.getByLabel("Aadhaar back (image)").setInputFiles(png("back.png"));
    await page.getByRole("button", { name: "Upload and Continue" }).click();
    await page.waitForURL("**/my-dashboard/bank-detail");
  });

  test("the video KYC thank-you page", async ({ page }) => {
    await page.goto("/thankyouvkyc");
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await expect(page.getByText("Your Video KYC has been completed successfully.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/");
    await expectNoAxeViolations(page);
  });
});

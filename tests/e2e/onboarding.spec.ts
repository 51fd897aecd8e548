import { agreeToStepNotice, expectNoAxeViolations, gotoHydrated, signInThroughUi } from "./support.ts";
import { PNG, completeProfileByApi, randomPan, typePan } from "./onboarding-support.ts";
import { expect, test } from "./fixtures.ts";

test.describe("onboarding: five profile steps and the eligibility decision", () => {
  test("a new customer completes the five steps and Check Eligibility, and reaches the loan quote screen", async ({ page }, info) => {
    await signInThroughUi(page);
    await expect(page.getByRole("heading", { name: "Profile Registration" })).toBeVisible();
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");
    const cards = page.getByRole("list", { name: "Profile Registration steps" }).getByRole("listitem");
    await expect(cards).toHaveText([/PAN Authentication/, /Personal Information/, /Current Residence Address/, /Income Details/, /Selfie Upload/]);
    await expect(page.getByRole("link", { name: /Personal Information/ })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: /PAN Authentication/ }).click();
    await expect(page.getByRole("heading", { name: "PAN Authentication" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to dashboard" })).toBeVisible();
    await expectNoAxeViolations(page);
    await typePan(page, randomPan().toLowerCase());
    await page.getByLabel("Monthly Income").fill("55000");
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page.getByRole("heading", { name: "Personal Information" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "PAN verified successfully." })).toBeVisible();
    await expect(page.getByLabel("Full Name (as per PAN)")).not.toHaveValue("");
    await expectNoAxeViolations(page);
    await page.getByLabel("Gender").selectOption("Female");
    await page.getByLabel("Personal Email").fill("meera@example.com");
    await page.getByLabel("Date of Birth").fill("1992-03-14");
    await page.getByLabel("Marital Status").selectOption("Married");
    await page.getByLabel("Spouse Name").fill("Arjun Rao");
    await page.getByLabel("Spouse Mobile Number").fill("9876543210");
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page.getByRole("heading", { name: "Current Residence Address" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel("Residence Type").selectOption("Rented");
    await page.getByLabel("Address Line 1").fill("12 Lake View Road");
    await page.getByLabel("Address Line 2").fill("Koramangala");
    await page.getByLabel("Pin Code").fill("560034");
    await expect(page.getByLabel("City")).toHaveValue("Bangalore");
    await expect(page.getByLabel("State")).toHaveValue("Karnataka");
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page.getByRole("heading", { name: "Income Details" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel("Employment Type").selectOption("Salaried");
    await page.getByLabel("Monthly Income").fill("55000");
    await page.getByLabel("Last Salary Date").fill("2025-10-01");
    await page.getByLabel("Salary Mode").selectOption("Bank");
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page.getByRole("heading", { name: "Upload Picture" })).toBeVisible();
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByText("Please select image")).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
    await expect(page.getByRole("img", { name: "Preview of your selected photo" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Upload" }).click();

    await expect(page).toHaveURL(/\/my-dashboard\/profile-preview$/);
    await expect(page.getByRole("heading", { name: "Basic Details" })).toBeVisible();
    await expect(page.getByText(/^XXXXXX\d{3}[A-Z]$/)).toBeVisible();
    // Issue 23: the check pulls the credit report, so the credit bureau notice comes first, its box unticked.
    const notice = page.getByRole("region", { name: "Before we go on: Credit bureau check" });
    await expect(notice).toContainText("Your name, PAN, date of birth and mobile number are sent to a credit bureau");
    await expect(notice).toContainText("How long we keep it");
    await expect(notice).toContainText("Open My data in your dashboard and press Withdraw next to this purpose.");
    await expect(notice.getByRole("checkbox", { name: "I agree to this use of my data" })).not.toBeChecked();
    await expectNoAxeViolations(page);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ fullPage: true, path: info.outputPath(`bureau-notice-${info.project.name}.png`) });
    // Without the tick nothing is sent: the box says why.
    await page.getByRole("button", { name: "Check Eligibility" }).click();
    await expect(notice.getByText("Please read the notice and tick the box to agree before you go on.")).toBeVisible();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expectNoAxeViolations(page);
    await agreeToStepNotice(page);
    await expect(notice.getByText("Please read the notice and tick the box to agree before you go on.")).toBeHidden();
    await page.getByRole("button", { name: "Check Eligibility" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Congratulations! You are eligible for a loan of up to ₹22,000.");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Process" }).click();
    await expect(page).toHaveURL(/\/my-dashboard\/calculate-loan$/);
    await expect(page.getByRole("heading", { name: "Calculating Loans" })).toBeVisible();
    await expectNoAxeViolations(page);

    // Eligible now: the chip opens lead-preview, and the guarded eligibility page shows the application cards.
    await page
      .getByRole("link", { name: /^Meera|^[A-Z][a-z]+ [A-Z][a-z]+$/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/my-dashboard\/lead-preview$/);
    // The same status words as Loan History (core/loan-history.ts).
    await expect(page.getByText("In progress", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto("/my-dashboard/eligibility");
    await expect(page.getByRole("heading", { name: "Loan Application" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Loan Calculator/ })).toBeVisible();
    await expect(page.getByRole("link", { name: /Employment Information/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("a monthly income of 20,000 gets the not-eligible dialog, and the profile is intact afterwards", async ({ page }, info) => {
    await signInThroughUi(page);
    // Two rules fail (income, and salary paid by cheque); the customer is told the first, only (issue 21).
    await completeProfileByApi(page, { income: { monthly_income: "20000", salary_mode_id: 2 } });
    await page.goto("/my-dashboard/profile-preview");
    await agreeToStepNotice(page);
    await page.getByRole("button", { name: "Check Eligibility" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(
      "Sorry, you are not eligible for a loan right now. Your monthly income must be at least ₹30,000. Your details are saved.",
    );
    await expect(dialog).not.toContainText("bank account");
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(dialog).toBeHidden();
    // The answer stays on the page: the outcome, the rule, and when to apply again.
    const decline = page.getByRole("region", { name: "We cannot offer you a loan right now" });
    await expect(decline.getByTestId("decline-reason")).toHaveText("Your monthly income must be at least ₹30,000.");
    await expect(decline.getByTestId("decline-again")).toHaveText(
      "You can apply again once your monthly income is at least ₹30,000: update your Income Details, then check again.",
    );
    await expect(page.getByRole("button", { name: "Check Eligibility" })).toBeEnabled();
    await expectNoAxeViolations(page);
    await page.screenshot({ fullPage: true, path: info.outputPath(`declined-preview-${info.project.name}.png`) });
    if (process.env.SCREENS_DIR) await page.screenshot({ fullPage: true, path: `${process.env.SCREENS_DIR}/declined-preview-${info.project.name}.png` });
    // The dashboard home says the same, not a fresh 0% with every step locked.
    await page.goto("/my-dashboard");
    await expect(page.getByRole("region", { name: "We cannot offer you a loan right now" })).toContainText("Your monthly income must be at least ₹30,000.");
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    await expectNoAxeViolations(page);
    if (process.env.SCREENS_DIR) await page.screenshot({ fullPage: true, path: `${process.env.SCREENS_DIR}/declined-home-${info.project.name}.png` });
    await page.goto("/my-dashboard/profile-preview");
    const income = page.getByRole("region", { name: "Income Details" });
    await expect(income).toContainText("₹20,000");
    await expect(page.getByRole("region", { name: "Basic Details" })).toContainText("meera@example.com");
    await expect(page.getByRole("region", { name: "Residence Address" })).toContainText("560034");
  });
});

test.describe("onboarding: editing, checks on the fields, guards and the selfie", () => {
  test("Basic Details can be edited from the profile preview", async ({ page }) => {
    await signInThroughUi(page);
    await completeProfileByApi(page);
    await page.goto("/my-dashboard/profile-preview");
    await page.getByRole("button", { name: "Edit Basic Details" }).click();
    await expect(page).toHaveURL(/captur-personal-information\?action=update$/);
    await expect(page.getByRole("heading", { name: "Update Personal Information" })).toBeVisible();
    await expect(page.getByLabel("Personal Email")).toHaveValue("meera@example.com");
    await page.getByLabel("Personal Email").fill("meera.new@example.com");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/profile-preview$/);
    await expect(page.getByRole("status").filter({ hasText: "Personal details saved successfully." })).toBeVisible();
    await expect(page.getByRole("region", { name: "Basic Details" })).toContainText("meera.new@example.com");
    // Still at the eligibility step: editing did not move it back.
    await expect(page.getByRole("button", { name: "Check Eligibility" })).toBeVisible();
  });

  test("an invalid PAN and an under-18 date of birth show the spec's messages", async ({ page }) => {
    await signInThroughUi(page);
    await gotoHydrated(page, "/my-dashboard/pan-details");
    await typePan(page, "ABCP");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Please enter a valid PAN number")).toBeVisible();
    await expect(page.getByText("Monthly income is required")).toBeVisible();
    await page.getByLabel("Monthly Income").fill("1234");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Monthly income must be between 5 and 10 digits")).toBeVisible();
    // A company PAN is refused by the verification service with a clear message.
    await page.getByLabel("PAN character 1 of 10 (letter)").focus();
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData("text/plain", "abcce 1234 f");
      document.activeElement!.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect(page.getByLabel("PAN character 10 of 10 (letter)")).toHaveValue("F");
    await page.getByLabel("Monthly Income").fill("45000");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText(/does not belong to an individual/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Continue" })).toBeEnabled();

    await completeProfileByApi(page);
    await gotoHydrated(page, "/my-dashboard/captur-personal-information?action=update");
    await page.getByLabel("Date of Birth").fill("2015-06-01");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("You must be at least 18 years old.")).toBeVisible();
  });

  test("PAN boxes: letters and digits only where they belong, upper-cased, Backspace moves back", async ({ page }) => {
    await signInThroughUi(page);
    await gotoHydrated(page, "/my-dashboard/pan-details");
    const box = (n: number, kind: string) => page.getByLabel(`PAN character ${n} of 10 (${kind})`);
    await box(1, "letter").pressSequentially("a1b");
    await expect(box(1, "letter")).toHaveValue("A");
    await expect(box(2, "letter")).toHaveValue("B");
    await expect(box(3, "letter")).toBeFocused();
    await box(3, "letter").press("Backspace");
    await expect(box(2, "letter")).toBeFocused();
    await expect(box(2, "letter")).toHaveValue("");
    await page.getByLabel("Monthly Income").pressSequentially("0123456789");
    await expect(page.getByLabel("Monthly Income")).toHaveValue("1234567");
  });

  test("edit guards, the eligibility route guard and a locked step", async ({ page }) => {
    await signInThroughUi(page);
    await page.goto("/my-dashboard/eligibility");
    await expect(page).toHaveURL(/\/my-dashboard\/?$/);
    await page.goto("/my-dashboard/profile-preview");
    await page.getByRole("button", { name: "Edit Basic Details" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("PAN not verified.");
    await page.getByRole("button", { name: "Edit Residence Address" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Basic details not filled");
    await page.getByRole("button", { name: "Edit Income Details" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Residence address not found.");
    await expectNoAxeViolations(page);
    await gotoHydrated(page, "/my-dashboard/captur-income-details");
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("This step is not available now.");
    await page.getByRole("link", { name: "Go to my current step" }).click();
    await expect(page).toHaveURL(/pan-details$/);
  });

  test("upload picture in update mode, and a camera that is refused or missing says what to do", async ({ page, context }) => {
    await signInThroughUi(page);
    await completeProfileByApi(page);
    await context.clearPermissions();
    await page.goto("/my-dashboard/profile-preview");
    await expect(page.getByRole("img", { name: /^Photo of / })).toBeVisible();
    await page.getByRole("link", { name: "Update photo" }).click();
    await expect(page.getByRole("heading", { name: "Update Picture" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to profile" })).toHaveAttribute("href", "/my-dashboard/profile-preview");
    await page.getByRole("button", { name: "Take a selfie" }).click();
    await expect(
      page
        .getByRole("main")
        .getByRole("alert")
        .filter({ hasText: /camera/i }),
    ).toContainText(/photo from your device/);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Close camera" }).click();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<html><body>not an image</body></html>") });
    await expect(page.getByText("Selfie must be a JPEG, PNG or WebP image.")).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page).toHaveURL(/profile-preview$/);
    await expect(page.getByRole("status").filter({ hasText: "Selfie uploaded successfully." })).toBeVisible();
  });
});

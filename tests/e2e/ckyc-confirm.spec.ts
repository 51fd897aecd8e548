// Issue 33: CKYC in the customer's journey. A customer whose PAN is verified, and whose KYC record another
// lender uploaded to CKYCR, reads the ckyc notice, ticks it and searches; a wrong date of birth is refused
// on its field; the right one opens the record, whose every field is shown; they say whose name the
// father's or spouse's name is and confirm. Nothing is used before that. Then the personal-details and
// address forms come filled from the record, each filled field with its note, and the customer submits them.
import { agreeToStepNotice, expectNoAxeViolations, expectNoHorizontalOverflow, gotoHydrated, signInThroughUi } from "./support.ts";
import { randomPan } from "./onboarding-support.ts";
import { expect, test } from "./fixtures.ts";

const JOURNEY = "/Api/Website/RepeatInstantJourneyController/appCustomerRegisteration";

test("a found CKYC record is opened with the date of birth, confirmed field by field, and fills the forms", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signInThroughUi(page);
  const pan = randomPan();
  const verified = await page.request.post(JOURNEY, { data: { event_name: "pancard_verification", pancard: pan, monthly_income: "50000" } });
  expect((await verified.json()).Status).toBe(1);
  expect((await page.request.post("/dev/ckyc/record", { data: { pan, dob: "1990-05-20" } })).status()).toBe(200);

  await gotoHydrated(page, "/my-dashboard/ckyc");
  await expect(page.getByRole("heading", { level: 1, name: "Your KYC record at the Central KYC Registry" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Before we go on: Your KYC record at the Central KYC Registry" })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await agreeToStepNotice(page);
  await page.getByRole("button", { name: "Search my KYC record" }).click();
  await expect(page.getByRole("status").filter({ hasText: "We have searched the Central KYC Registry." })).toBeVisible();
  await expect(page.getByText(/We found your KYC record, number X{10}\d{4}\./)).toBeVisible();

  await page.getByLabel("Date of birth").fill("1991-01-01");
  await page.getByRole("button", { name: "Open my KYC record" }).click();
  await expect(page.getByText("The date of birth or code does not match your CKYC record. Please check it and try again.").first()).toBeVisible();

  await page.getByLabel("Date of birth").fill("1990-05-20");
  await page.getByRole("button", { name: "Open my KYC record" }).click();
  const check = page.getByRole("region", { name: "Check your details from CKYC" });
  await expect(check).toContainText("ASHA KUMARI VERMA");
  await expect(check).toContainText("RAMESH VERMA");
  await expect(check).toContainText("20 May 1990");
  await expect(check).toContainText("560034");
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);

  await check.getByRole("button", { name: "These are correct, use them" }).click();
  await expect(page.getByText("Please choose whether this is your father's or your spouse's name.").first()).toBeVisible();
  await page.getByRole("radio", { name: "My father's" }).check();
  await page.getByRole("button", { name: "These are correct, use them" }).click();
  await expect(page.getByText("Thank you. Your confirmed details will be filled in on your application's forms.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Check your details from CKYC" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The personal-details form, filled in its own values; the note under each filled field.
  const note = "Filled from your CKYC record; check it and change it if it is wrong.";
  await gotoHydrated(page, "/my-dashboard/captur-personal-information");
  await expect(page.getByLabel("Gender")).toHaveValue("2");
  await expect(page.getByLabel("Personal Email")).toHaveValue("asha@example.com");
  await expect(page.getByLabel("Date of Birth")).toHaveValue("1990-05-20");
  await expect(page.getByLabel("Marital Status")).toHaveValue("");
  await expect(page.getByText(note)).toHaveCount(3);
  await expect(page.getByLabel("Personal Email")).toHaveAccessibleDescription(note);
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: testInfo.outputPath(`ckyc-personal-${testInfo.project.name}.png`), fullPage: true });
  // Changed by the customer: that field's note goes.
  await page.getByLabel("Personal Email").fill("asha.verma@example.com");
  await expect(page.getByText(note)).toHaveCount(2);
  await page.getByLabel("Marital Status").selectOption({ label: "Single" });
  await page.getByRole("button", { name: "Continue" }).click();

  // The address form: the record's one line split on the form's two, the PIN with its city.
  await expect(page).toHaveURL(/\/my-dashboard\/captur-address$/);
  await expect(page.getByLabel("Address Line 1")).toHaveValue("14 DEMO RESIDENCY");
  await expect(page.getByLabel("Address Line 2")).toHaveValue("5TH CROSS, KORAMANGALA");
  await expect(page.getByLabel("Pin Code")).toHaveValue("560034");
  await expect(page.getByLabel("City")).toHaveValue("Bangalore");
  await expect(page.getByText(note)).toHaveCount(3);
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: testInfo.outputPath(`ckyc-address-${testInfo.project.name}.png`), fullPage: true });
});

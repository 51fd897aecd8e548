// Issue 33: CKYC in the customer's journey. A customer whose PAN is verified, and whose KYC record another
// lender uploaded to CKYCR, reads the ckyc notice, ticks it and searches; a wrong date of birth is refused
// on its field; the right one opens the record, whose every field is shown; they say whose name the
// father's or spouse's name is and confirm. Nothing is used before that.
import { agreeToStepNotice, expectNoAxeViolations, expectNoHorizontalOverflow, gotoHydrated, signInThroughUi } from "./support.ts";
import { randomPan } from "./onboarding-support.ts";
import { expect, test } from "./fixtures.ts";

const JOURNEY = "/Api/Website/RepeatInstantJourneyController/appCustomerRegisteration";

test("a found CKYC record is opened with the date of birth and confirmed field by field", async ({ page }) => {
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
});

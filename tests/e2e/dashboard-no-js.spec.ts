// The profile steps are forms answered by route actions on the server: they work with JavaScript off.
import { codeFromOutbox, randomMobile } from "./support.ts";
import type { Page } from "@playwright/test";
import { completeProfileByApi, PNG } from "./onboarding-support.ts";
import { fillEmploymentDetails } from "./loan-support.ts";
import { expect, test } from "./fixtures.ts";

const JOURNEY = "/Api/Website/RepeatInstantJourneyController/appCustomerRegisteration";

test.use({ javaScriptEnabled: false });

/** Signs in through the API with the page's own cookie jar (Apply Now itself needs JavaScript). */
async function signInByApi(page: Page) {
  const mobile = randomMobile();
  const login = await (await page.request.post(JOURNEY, { data: { event_name: "login", mobile } })).json();
  const otp = await codeFromOutbox(page.request, mobile);
  const verify = await (await page.request.post(JOURNEY, { data: { event_name: "otp_verify", profile_id: login.Data.cust_profile_id, otp } })).json();
  expect(verify.Status).toBe(1);
}

test("with JavaScript off, the quote is accepted with the KFS ticked and Employment Details saves through its action", async ({ page }) => {
  await signInByApi(page);
  await completeProfileByApi(page);
  const eligible = await (await page.request.post(JOURNEY, { data: { event_name: "register_now" } })).json();
  expect(eligible.Status).toBe(1);

  // The quote comes from the loader; without the tick the server refuses, naming the reason.
  await page.goto("/my-dashboard/calculate-loan");
  await expect(page.getByRole("heading", { name: "Key Fact Statement" })).toBeVisible();
  await page.getByRole("button", { name: "Accept" }).click();
  await expect(page).toHaveURL(/\/my-dashboard\/calculate-loan$/);
  await expect(page.getByText("Please read the Key Fact Statement and tick the box to confirm.")).toBeVisible();
  await page.getByLabel(/I have read and understood the Key Fact Statement/).check();
  await page.getByRole("button", { name: "Accept" }).click();

  await expect(page).toHaveURL(/\/my-dashboard\/about-your-company$/);
  await expect(page.getByRole("heading", { name: "Employment Details" })).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  // The server's answer: the field's message tied to the field, and what was typed kept.
  await expect(page.getByText("Organisation Name is required!")).toBeVisible();
  await expect(page.getByLabel("Organisation Name")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Designation").fill("Engineer");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByLabel("Designation")).toHaveValue("Engineer");
  await expect(page.getByText("Organisation Name is required!")).toBeVisible();

  await fillEmploymentDetails(page);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/my-dashboard\/adhar$/);
  await expect(page.getByRole("heading", { name: "Verify Your Identity Securely Using Aadhaar" })).toBeVisible();

  // Issue 23: without the identity checks notice's tick the server refuses the step and says so at the box.
  await page.getByLabel("Last 4 digits of your Aadhaar").fill("2468");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.locator("#consent-error")).toHaveText("Please read the notice and tick the box to agree before you go on.");
  const agree = page.getByRole("checkbox", { name: "I agree to this use of my data" });
  await expect(agree).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Last 4 digits of your Aadhaar")).toHaveValue("2468");
  await agree.check();
  await page.getByRole("button", { name: "Submit" }).click();
  await page.waitForURL(/\/sandbox\/digilocker\//);
});

test("with JavaScript off, Income Details shows the server's field errors with the input kept, then saves and returns to the profile", async ({ page }) => {
  await signInByApi(page);
  await completeProfileByApi(page);
  // Personal pages are never stored by a cache, now that the server renders them with the customer's data.
  for (const path of ["/my-dashboard", "/my-dashboard/profile-preview", "/my-dashboard/leads"]) {
    expect((await page.request.get(path)).headers()["cache-control"], path).toBe("no-store");
  }

  await page.goto("/my-dashboard/captur-income-details?action=update");
  await expect(page.getByRole("heading", { name: "Update Income Details" })).toBeVisible();
  await page.getByLabel("Monthly Income").fill("");
  await page.getByLabel("Last Salary Date").fill("2025-10-01");
  await page.getByRole("button", { name: "Continue" }).click();
  // The server's answer: the field's message, tied to the field, and what was typed kept.
  const income = page.getByLabel("Monthly Income");
  await expect(income).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#monthly_income-error")).not.toBeEmpty();
  await expect(income).toHaveAttribute("aria-describedby", "monthly_income-error");
  await expect(page.getByLabel("Last Salary Date")).toHaveValue("2025-10-01");

  await income.fill("61000");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/my-dashboard\/profile-preview$/);
  await expect(page.getByRole("status").filter({ hasText: "Income details saved successfully." })).toBeVisible();
  await expect(page.getByRole("region", { name: "Income Details" })).toContainText("₹61,000");
});

test("with JavaScript off, Upload Picture posts the chosen photo through its action: none chosen is refused, a PNG saves and returns to the profile", async ({
  page,
}) => {
  await signInByApi(page);
  await completeProfileByApi(page);
  await page.goto("/my-dashboard/upload-picture?action=update");
  await expect(page.getByRole("heading", { name: "Update Picture" })).toBeVisible();
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page).toHaveURL(/\/my-dashboard\/upload-picture\?action=update$/);
  await expect(page.getByRole("main").getByRole("alert").filter({ hasText: "Please select image" })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page).toHaveURL(/\/my-dashboard\/profile-preview$/);
  await expect(page.getByRole("status").filter({ hasText: "Selfie uploaded successfully." })).toBeVisible();
});

test("with JavaScript off, a dashboard page without a session goes to Apply Now, and dashboard pages are never stored", async ({ page }) => {
  await page.goto("/my-dashboard/eligibility");
  await expect(page).toHaveURL(/\/apply-now$/);
  const reply = await page.request.get("/my-dashboard/leads", { maxRedirects: 0 });
  expect(reply.status()).toBe(302);
});

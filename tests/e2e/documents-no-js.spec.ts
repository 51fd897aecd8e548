// Issue 14: the documents page works with JavaScript off (the files go to the page's action as multipart).
import type { Page } from "@playwright/test";
import { expect, codeFromOutbox, randomMobile } from "./support.ts";
import { test } from "./fixtures.ts";
import { completeProfileByApi, PNG } from "./onboarding-support.ts";
import { samplePdf } from "./kyc-support.ts";

const JOURNEY = "/Api/Website/RepeatInstantJourneyController/appCustomerRegisteration";

test.use({ javaScriptEnabled: false });

async function journey(page: Page, data: Record<string, unknown>) {
  const reply = await (await page.request.post(JOURNEY, { data })).json();
  expect(reply.Status, `${data.event_name}: ${reply.Message}`).toBe(1);
}

test("with JavaScript off, the documents form uploads the chosen files, names a missing one and refuses a PNG as the salary slip", async ({ page }) => {
  const mobile = randomMobile();
  const login = await (await page.request.post(JOURNEY, { data: { event_name: "login", mobile } })).json();
  const otp = await codeFromOutbox(page.request, mobile);
  await journey(page, { event_name: "otp_verify", profile_id: login.Data.cust_profile_id, otp });
  await completeProfileByApi(page);
  await journey(page, { event_name: "register_now" });
  expect((await (await page.request.post("/dev/journey/ekyc", { data: {} })).json()).Status).toBe(1);
  // Skip eKYC (there is an attempt: the initiation with run_ekyc_flag 1), then skip the aggregator.
  await page.request.post(JOURNEY, { data: { event_name: "ekyc_initiated", aadhaar_no: "1234", run_ekyc_flag: 1 } });
  await journey(page, { event_name: "ekyc_initiated", run_ekyc_flag: 2 });
  await journey(page, { event_name: "account_aggregator_verify", action: "skip" });

  await page.goto("/my-dashboard/adhar-upload");
  await expect(page.getByRole("heading", { name: "Complete Your KYC" })).toBeVisible();
  const pdf = { mimeType: "application/pdf", buffer: await samplePdf() };
  const image = (name: string) => ({ name, mimeType: "image/png", buffer: PNG });
  await page.getByLabel("Aadhaar front (image)").setInputFiles(image("front.png"));
  await page.getByLabel("Aadhaar back (image)").setInputFiles(image("back.png"));
  await page.getByLabel("PAN card (image)").setInputFiles(image("pan.png"));
  await page.getByLabel("Bank statement (last six months) (PDF)", { exact: true }).setInputFiles({ name: "statement.pdf", ...pdf });
  await page.getByLabel("Salary slip (PDF)", { exact: true }).setInputFiles(image("slip.png"));
  await page.getByRole("button", { name: "Upload and Continue" }).click();
  // Missing: the utility bill. Nothing is uploaded until every file is there.
  await expect(page.getByText("Please upload all required documents.")).toBeVisible();
  await expect(page.getByText("Please choose a file for Utility bill.")).toBeVisible();

  await page.getByLabel("Aadhaar front (image)").setInputFiles(image("front.png"));
  await page.getByLabel("Aadhaar back (image)").setInputFiles(image("back.png"));
  await page.getByLabel("PAN card (image)").setInputFiles(image("pan.png"));
  await page.getByLabel("Bank statement (last six months) (PDF)", { exact: true }).setInputFiles({ name: "statement.pdf", ...pdf });
  await page.getByLabel("Salary slip (PDF)", { exact: true }).setInputFiles(image("slip.png"));
  await page.getByLabel("Utility bill (image)").setInputFiles(image("bill.png"));
  await page.getByRole("button", { name: "Upload and Continue" }).click();
  // The server's own check: the salary slip is refused by name, the others are in.
  await expect(page.getByText(/Failed to upload Salary slip\. Please try again\. Salary slip must be a PDF file\./)).toBeVisible();
  await expect(page.getByText("An error occurred while uploading documents. Please try again.")).toBeVisible();
  await expect(page.locator(".doc-item > label:first-child")).toHaveText(["Salary slip (PDF)"]);

  await page.getByLabel("Salary slip (PDF)", { exact: true }).setInputFiles({ name: "slip.pdf", ...pdf });
  await page.getByRole("button", { name: "Upload and Continue" }).click();
  await expect(page).toHaveURL(/\/my-dashboard\/bank-detail$/);
  await expect(page.getByRole("status").filter({ hasText: "All documents uploaded successfully" })).toBeVisible();
});

// Helpers for the eKYC and documents browser tests: an eligible customer jumped to ekyc_initiated.
import { expect, type Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { completeProfileByApi, PNG } from "./onboarding-support.ts";
import { agreeToStepNotice, signInThroughUi } from "./support.ts";

const JOURNEY = "/Api/Website/RepeatInstantJourneyController/appCustomerRegisteration";

/**
 * Signs in through the UI, completes the profile and register_now by API, then uses the dev-only
 * POST /dev/journey/ekyc to reach ekyc_initiated (the quote and employment steps live elsewhere). Answers the mobile.
 */
export async function reachEkycInBrowser(page: Page): Promise<string> {
  const mobile = await signInThroughUi(page);
  await completeProfileByApi(page);
  const eligible = await page.request.post(JOURNEY, { data: { event_name: "register_now" } });
  expect((await eligible.json()).Status).toBe(1);
  const jump = await page.request.post("/dev/journey/ekyc", { data: {} });
  expect((await jump.json()).Data.next_step).toBe("ekyc_initiated");
  return mobile;
}

export async function samplePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 300]).drawText("Salary slip, October", { x: 20, y: 150, size: 12 });
  return Buffer.from(await doc.save());
}

export const png = (name: string) => ({ name, mimeType: "image/png", buffer: PNG });

/**
 * The Aadhaar page's DigiLocker step with last four digits that do not match the sandbox DigiLocker's (2222):
 * `typed` on our page, back on the Aadhaar page with the mismatch.
 */
export async function digilockerMismatch(page: Page, typed: string) {
  await page.getByLabel("Last 4 digits of your Aadhaar").fill(typed);
  await agreeToStepNotice(page);
  await page.getByRole("button", { name: "Submit" }).click();
  await page.waitForURL(/\/sandbox\/digilocker\//);
  await page.getByLabel(/Last 4 digits of this sandbox Aadhaar/).fill("2222");
  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForURL("**/my-dashboard/adhar");
}

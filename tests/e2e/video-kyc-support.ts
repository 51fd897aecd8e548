// Issue 33: what the video KYC browser tests share: the sandbox UIDAI's offline e-KYC ZIP, a staff member's
// page, the customer's locations (one in India, one outside it), the way to the queue with Chromium's fake
// devices, and the official's approval with every check ticked.
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { agreeToStepNotice } from "./support.ts";

export const PUNE = { latitude: 18.5204, longitude: 73.8567, accuracy: 30 };
export const LAHORE = { latitude: 31.55, longitude: 74.34, accuracy: 30 };

/**
 * The media specs' customer: another name than the 360 px spec's Asha, which runs beside them, so each spec's
 * official takes its own customer's call from the shared queue (both would be "Asha K." otherwise).
 */
export const MEDIA_CUSTOMER = { name: "Meera Joshi", masked: "Meera J." };

/** A ZIP from the sandbox UIDAI's page, as a customer downloads it. */
export async function offlineEkycZip(page: Page, last4: string, shareCode: string, name = "Asha Rani Kulkarni"): Promise<Buffer> {
  const reply = await page.request.post("/sandbox/uidai/offline-ekyc", {
    form: {
      name,
      dob: "1991-03-09",
      gender: "F",
      last4,
      mobile: "",
      shareCode,
      house: "5",
      street: "FC Road",
      city: "Pune",
      state: "Maharashtra",
      pincode: "411004",
      hoursAgo: "1",
    },
  });
  expect(reply.status()).toBe(200);
  return reply.body();
}

export async function staffPage(browser: Browser, ip: string, width = 360) {
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": ip }, viewport: { width, height: width === 360 ? 780 : 800 } });
  return context.newPage();
}

/**
 * The customer from the video KYC page to the queue, as the media project's fake camera allows: consent, the
 * sandbox UIDAI's file and its share code, the camera check, the location in India.
 */
export async function joinQueueWithFakeMedia(page: Page, context: BrowserContext) {
  await page.goto("/my-dashboard/video-kyc");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await agreeToStepNotice(page);
  await page.getByRole("button", { name: "Agree and start" }).click();
  const zip = await offlineEkycZip(page, "5608", "7240", MEDIA_CUSTOMER.name);
  await page.getByLabel("Offline e-KYC ZIP file").setInputFiles({ name: "offlineaadhaar5608.zip", mimeType: "application/zip", buffer: zip });
  await page.getByLabel("Share code (4 digits)").fill("7240");
  await page.getByRole("button", { name: "Upload and check" }).click();
  await page.getByRole("button", { name: "Check camera and microphone" }).click();
  await expect(page.getByText("Your camera and microphone work.")).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation(PUNE);
  await page.getByRole("button", { name: "Share location and join the queue" }).click();
  await expect(page.getByRole("heading", { name: "You are in the queue" })).toBeVisible();
}

/** Every RBI check ticked, Approve chosen and a reason given, on the official's call screen. */
export async function tickAll(official: Page) {
  for (const label of [
    "No one is prompting the customer",
    "The same person throughout the call",
    "The PAN card is legible on camera",
    "The face matches the Aadhaar photo",
    "The liveness action was done",
  ])
    await official.getByRole("checkbox", { name: label }).check();
  await official.getByRole("radio", { name: "Approve" }).check();
  await official.getByLabel(/^Reason/).fill("Face, PAN and answers match");
}

/**
 * The customer's waiting room moves into the call the official took: "Check now" when it is still there,
 * since its own read every 10 s may have moved it already (then the button is gone: clicking it would wait).
 */
export async function joinTakenCall(customer: Page) {
  const inCall = customer.getByRole("heading", { name: "Our official has taken your call" });
  const checkNow = customer.getByRole("button", { name: "Check now" });
  await expect(async () => {
    if (await checkNow.isVisible()) await checkNow.click({ timeout: 1_000 }).catch(() => {});
    await expect(inCall).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

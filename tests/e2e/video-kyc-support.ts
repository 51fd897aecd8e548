// Issue 33: what the video KYC browser tests share: the sandbox UIDAI's offline e-KYC ZIP, a staff member's
// page, and the customer's locations (one in India, one outside it).
import type { Browser, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

export const PUNE = { latitude: 18.5204, longitude: 73.8567, accuracy: 30 };
export const LAHORE = { latitude: 31.55, longitude: 74.34, accuracy: 30 };

/** A ZIP from the sandbox UIDAI's page, as a customer downloads it. */
export async function offlineEkycZip(page: Page, last4: string, shareCode: string): Promise<Buffer> {
  const reply = await page.request.post("/sandbox/uidai/offline-ekyc", {
    form: {
      name: "Asha Rani Kulkarni",
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

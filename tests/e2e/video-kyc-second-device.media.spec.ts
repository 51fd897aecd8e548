// Issue 33: the same customer opens their video KYC call on a second device (another browser context with the
// customer's sign-in) while the first is connected. The newest replaces the older: the first page says "This
// call continued on another device.", the official's screen notes "The customer joined from another device",
// and the second device and the official connect. Chromium's fake camera and microphone (the "media" project).
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures.ts";
import { reachEkycInBrowser } from "./kyc-support.ts";
import { staffAccount, staffSignIn } from "./loan-life-support.ts";
import { expectNoAxeViolations, expectNoHorizontalOverflow } from "./support.ts";
import { joinQueueWithFakeMedia, joinTakenCall, MEDIA_CUSTOMER, staffPage } from "./video-kyc-support.ts";

const status = (page: Page, side: "customer" | "official") => page.locator(`[data-call-area="${side}"]`).getByRole("status");

test("video KYC call from a second device: the newest replaces the older, and the official is told", async ({ page, context, browser, baseURL }) => {
  test.setTimeout(240_000);
  await reachEkycInBrowser(page);
  await joinQueueWithFakeMedia(page, context);

  const official = await staffPage(browser, "10.92.1.5", 1280);
  const who = await staffAccount(official, baseURL!, "video_kyc");
  await staffSignIn(official, baseURL!, who);
  await official.goto("/admin/video-kyc");
  await official
    .getByRole("button", { name: `Take the call of ${MEDIA_CUSTOMER.masked}` })
    .first()
    .click();
  await official.waitForURL(/\/admin\/video-kyc\/[0-9a-f-]{36}$/);
  await joinTakenCall(page);
  await expect(status(page, "customer")).toHaveText("Connected", { timeout: 30_000 });
  await expect(status(official, "official")).toHaveText("Connected", { timeout: 30_000 });

  // The second device: the customer's sign-in in another browser context at 360 px.
  const other = await browser.newContext({ baseURL, storageState: await context.storageState(), viewport: { width: 360, height: 780 } });
  const second = await other.newPage();
  await second.goto("/my-dashboard/video-kyc");
  await expect(status(second, "customer")).toHaveText("Connected", { timeout: 30_000 });
  await expect(status(page, "customer")).toHaveText("This call continued on another device.", { timeout: 30_000 });
  await expect(official.getByText("The customer joined from another device", { exact: false }).first()).toBeVisible({ timeout: 30_000 });
  await expect(status(official, "official")).toHaveText("Connected", { timeout: 30_000 });
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(official);
  await page.screenshot({ path: test.info().outputPath("first-device-360.png"), fullPage: true });
  await official.screenshot({ path: test.info().outputPath("official-other-device-1280.png") });
  await other.close();
  await official.context().close();
});

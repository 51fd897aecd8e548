// Issue 33: the video KYC call with real media. Chromium's fake camera and microphone (the "media" project)
// in two browser contexts: the customer at 360 px goes to the waiting room, an official at 1280 px takes
// the call; the official's screen offers, the customer's answers, through our signalling. Both show
// "Connected" and the other side's video (a non-zero videoWidth); a reload of either page connects again.
// The official's screen records both streams as the call runs: chunks are stored within seconds, and after
// the decision an auditor sees each recording with its SHA-256. The official asks for the liveness action,
// which the customer's page shows large, and takes the face and PAN card snapshots, which the auditor sees too.
import type { Locator, Page } from "@playwright/test";
import { test, expect } from "./fixtures.ts";
import { reachEkycInBrowser } from "./kyc-support.ts";
import { staffAccount, staffSignIn } from "./loan-life-support.ts";
import { expectNoAxeViolations, expectNoHorizontalOverflow } from "./support.ts";
import { apiPath, fillPath } from "../../core/contract/paths.ts";
import { joinQueueWithFakeMedia, joinTakenCall, MEDIA_CUSTOMER, staffPage } from "./video-kyc-support.ts";

/** The call area of a screen ("customer" or "official"), its state line and the remote video's width. */
const callArea = (page: Page, side: "customer" | "official") => page.locator(`[data-call-area="${side}"]`);
const remoteWidth = (area: Locator) => area.locator("video.vkyc-remote").evaluate((v: HTMLVideoElement) => v.videoWidth);

async function expectConnected(customer: Page, official: Page) {
  const mine = callArea(customer, "customer");
  const theirs = callArea(official, "official");
  await expect(mine.getByRole("status")).toHaveText("Connected", { timeout: 30_000 });
  await expect(theirs.getByRole("status")).toHaveText("Connected", { timeout: 30_000 });
  await expect.poll(() => remoteWidth(mine), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect.poll(() => remoteWidth(theirs), { timeout: 15_000 }).toBeGreaterThan(0);
}

test("video KYC call: the official's screen and the customer's connect over WebRTC through our signalling, and again after a reload of either", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await reachEkycInBrowser(page);

  // The customer to the waiting room: consent, the offline e-KYC file, the fake camera, the location.
  await joinQueueWithFakeMedia(page, context);

  // The official takes the call at 1280 px: the call screen opens and offers.
  const official = await staffPage(browser, "10.92.1.1", 1280);
  const who = await staffAccount(official, baseURL!, "video_kyc");
  await staffSignIn(official, baseURL!, who);
  await official.goto("/admin/video-kyc");
  await official
    .getByRole("button", { name: `Take the call of ${MEDIA_CUSTOMER.masked}` })
    .first()
    .click();
  await official.waitForURL(/\/admin\/video-kyc\/[0-9a-f-]{36}$/);
  await expect(callArea(official, "official").getByRole("status")).toHaveText("Connecting…");

  // The customer's waiting room sees the call taken (Check now rather than the 10 s poll) and answers.
  await joinTakenCall(page);
  await expectConnected(page, official);
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(official);
  await page.screenshot({ path: test.info().outputPath("customer-360.png"), fullPage: true });
  await official.screenshot({ path: test.info().outputPath("official-1280.png") });

  // The liveness action: asked on the official's screen, shown large on the customer's page (the catalogue's words).
  await official.getByRole("button", { name: "Ask for the liveness action" }).click();
  await expect(official.getByText("The customer's page shows the liveness action now.")).toBeVisible();
  await expect(callArea(page, "customer").locator(".vkyc-liveness-action")).toHaveText(/^Please .+ now$/);
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: test.info().outputPath("customer-liveness-360.png"), fullPage: true });
  // The face and PAN card snapshots: frames of the customer's (fake camera's) video, each beside its record.
  await official.getByRole("button", { name: "Take face snapshot" }).click();
  await expect(official.getByRole("img", { name: "The face snapshot from the call" })).toBeVisible();
  await official.getByRole("button", { name: "Take PAN card snapshot" }).click();
  await expect(official.getByRole("img", { name: "The PAN card snapshot from the call" })).toBeVisible();
  for (const kind of ["face", "pan"])
    await expect.poll(() => official.locator(`figure[data-snapshot="${kind}"] img`).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectNoAxeViolations(official);
  await expectNoHorizontalOverflow(official);
  await official.screenshot({ path: test.info().outputPath("official-snapshots-1280.png"), fullPage: true });

  // The customer reloads: the official's screen sees the hang-up and offers again when the page says ready.
  await page.reload();
  await expectConnected(page, official);
  // The official reloads: its hello is answered, and its new offer is taken.
  await official.reload();
  await expectConnected(page, official);

  // Recorded as the call runs: within a few 5 s slices both streams have chunks stored, not yet closed.
  const sessionId = official.url().split("/").pop()!;
  const recordings = async () => {
    const reply = await official.request.get(fillPath(apiPath("videoKycRecordings"), { sessionId }));
    return ((await reply.json()) as { Data: { recordings: { stream: string; chunks: number; sha256: string | null }[] } }).Data.recordings;
  };
  await expect
    .poll(async () => new Set((await recordings()).filter((r) => r.chunks > 0).map((r) => r.stream)), { timeout: 30_000 })
    .toEqual(new Set(["official", "customer"]));
  expect((await recordings()).every((r) => r.sha256 === null)).toBe(true);

  // The decision (a rejection: no ticks needed) closes the recordings.
  await official.getByRole("radio", { name: "Reject" }).check();
  await official.getByLabel(/^Reason/).fill("The PAN card was not legible on camera");
  await official.getByRole("button", { name: "Record decision" }).click();
  await expect(official.getByText("Rejected. A second person must now audit the call.")).toBeVisible({ timeout: 30_000 });

  // An auditor sees each recording with its duration and SHA-256, and its player loads the video.
  const auditorPage = await staffPage(browser, "10.92.1.3", 1280);
  const auditor = await staffAccount(auditorPage, baseURL!, "auditor");
  await staffSignIn(auditorPage, baseURL!, auditor);
  await auditorPage.goto(`/admin/video-kyc/${sessionId}`);
  const listed = auditorPage.getByRole("region", { name: "Recordings" });
  for (const stream of ["official", "customer"]) {
    const figure = listed.locator(`[data-recording="${stream}"]`).first();
    await expect(figure.locator("code")).toHaveText(/^[0-9a-f]{64}$/);
    await expect(figure.getByText(/^\d+ min \d+ s$/)).toBeVisible();
  }
  // And the snapshots, beside the masked record (the audit compares the face with the Aadhaar photo).
  await expect(auditorPage.getByRole("img", { name: "The face snapshot from the call" })).toBeVisible();
  await expect(auditorPage.getByRole("img", { name: "The PAN card snapshot from the call" })).toBeVisible();
  await expect
    .poll(
      () =>
        listed
          .locator("video")
          .first()
          .evaluate((v: HTMLVideoElement) => v.readyState),
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  await expectNoAxeViolations(auditorPage);

  for (const p of [official, auditorPage]) await p.context().close();
});

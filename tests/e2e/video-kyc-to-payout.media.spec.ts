// Issue 33, "Done when": a customer whose DigiLocker fails does a video KYC with an official over real media
// (Chromium's fake camera and microphone, two browser contexts; the liveness action, both snapshots, the
// checks), lands on /thankyouvkyc, and their loan is paid out only once an auditor has confirmed the call.
// The recordings are stored, play as WebM with a duration above zero, and their bytes hash to the SHA-256
// the audit shows. The two-instance step runs it too.
import { createHash } from "node:crypto";
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures.ts";
import { bankAndSignByApi } from "./bank-esign-support.ts";
import { digilockerMismatch, reachEkycInBrowser } from "./kyc-support.ts";
import { payOutFromDesk, recommendAndSanction, staffAccount, staffSignIn, staffSignOut } from "./loan-life-support.ts";
import { expectNoAxeViolations } from "./support.ts";
import { apiPath, fillPath } from "../../core/contract/paths.ts";
import { joinQueueWithFakeMedia, joinTakenCall, MEDIA_CUSTOMER, staffPage, tickAll } from "./video-kyc-support.ts";

const callStatus = (page: Page, side: "customer" | "official") => page.locator(`[data-call-area="${side}"]`).getByRole("status");

test("video KYC to payout: DigiLocker fails, a live call with an official, /thankyouvkyc, the payout held until an auditor confirms, the recording plays and its hash verifies", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const mobile = await reachEkycInBrowser(page);

  // DigiLocker's last four digits do not match: the Aadhaar page offers the video KYC.
  await page.goto("/my-dashboard/adhar");
  await digilockerMismatch(page, "5608");
  await page.getByRole("link", { name: "Do a video KYC instead" }).click();

  // Consent, the offline e-KYC file, the fake camera, the location, the queue.
  await joinQueueWithFakeMedia(page, context);

  // The official takes the call; both sides connect over WebRTC.
  const official = await staffPage(browser, "10.93.1.1", 1280);
  await staffSignIn(official, baseURL!, await staffAccount(official, baseURL!, "video_kyc"));
  await official.goto("/admin/video-kyc");
  await official
    .getByRole("button", { name: `Take the call of ${MEDIA_CUSTOMER.masked}` })
    .first()
    .click();
  await official.waitForURL(/\/admin\/video-kyc\/[0-9a-f-]{36}$/);
  const sessionId = official.url().split("/").pop()!;
  await joinTakenCall(page);
  await expect(callStatus(page, "customer")).toHaveText("Connected", { timeout: 30_000 });
  await expect(callStatus(official, "official")).toHaveText("Connected", { timeout: 30_000 });

  // The official marks the questions, ticks the checks and approves once both streams have been recorded a while.
  const recordings = async () => {
    const reply = await official.request.get(fillPath(apiPath("videoKycRecordings"), { sessionId }));
    return ((await reply.json()) as { Data: { recordings: { recording_id: string; stream: string; chunks: number; sha256: string | null }[] } }).Data
      .recordings;
  };
  await expect
    .poll(async () => new Set((await recordings()).filter((r) => r.chunks >= 2).map((r) => r.stream)), { timeout: 45_000 })
    .toEqual(new Set(["official", "customer"]));
  // The liveness action shown on the customer's page, and the face and PAN card snapshots, before the approval.
  await official.getByRole("button", { name: "Ask for the liveness action" }).click();
  await expect(page.locator('[data-call-area="customer"] .vkyc-liveness-action')).toHaveText(/^Please .+ now$/);
  await official.getByRole("button", { name: "Take face snapshot" }).click();
  await expect(official.getByRole("img", { name: "The face snapshot from the call" })).toBeVisible();
  await official.getByRole("button", { name: "Take PAN card snapshot" }).click();
  await expect(official.getByRole("img", { name: "The PAN card snapshot from the call" })).toBeVisible();
  const marks = official.getByRole("radio", { name: "Answered right" });
  for (let i = 0; i < (await marks.count()); i++) await marks.nth(i).check();
  await tickAll(official);
  await official.getByRole("button", { name: "Record decision" }).click();
  await expect(official.getByText("Approved. A second person must now audit the call.")).toBeVisible({ timeout: 30_000 });

  // The customer lands on the spec's thank-you page.
  await expect(page).toHaveURL(/\/thankyouvkyc$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Thank You!" })).toBeVisible();
  await expect(page.getByText("Your Video KYC has been completed successfully.")).toBeVisible();

  // The rest of the journey (documents, bank account, the agreement signed), then sanction: an approved video KYC is enough for that.
  const moved = await (await page.request.post("/dev/journey/banking-details", { data: {} })).json();
  expect(moved.Status, moved.Message).toBe(1);
  const leadId = moved.Data.lead_id as string;
  await bankAndSignByApi(page, mobile);
  await recommendAndSanction(page, baseURL!, leadId);

  // The payout is held until the audit: the disbursal desk is refused with the reason.
  await staffSignIn(page, baseURL!, await staffAccount(page, baseURL!, "disbursal"));
  await page.goto(`/admin/disbursal?q=${mobile}`);
  const row = page
    .getByRole("table")
    .getByRole("row")
    .filter({ hasText: `XXXXXX${mobile.slice(-4)}` });
  await row.getByRole("button", { name: /^Disburse / }).click();
  await expect(page.getByText(/The video KYC is not audited yet/)).toBeVisible();
  await staffSignOut(page);

  // An auditor watches the recordings and confirms the decision.
  const auditorPage = await staffPage(browser, "10.93.1.3", 1280);
  await staffSignIn(auditorPage, baseURL!, await staffAccount(auditorPage, baseURL!, "auditor"));
  await auditorPage.goto(`/admin/video-kyc/${sessionId}`);
  const listed = auditorPage.getByRole("region", { name: "Recordings" });
  // Each recording plays: the WebM's duration, read once the player has seeked to its end (MediaRecorder writes none in the header), is above zero.
  const players = listed.locator("video");
  expect(await players.count()).toBeGreaterThanOrEqual(2);
  for (let i = 0; i < (await players.count()); i++) {
    const seconds = await players.nth(i).evaluate(async (v: HTMLVideoElement) => {
      const event = (name: string) => new Promise((resolve) => v.addEventListener(name, resolve, { once: true }));
      if (v.readyState < 1) await event("loadedmetadata");
      while (!Number.isFinite(v.duration)) {
        const changed = event("durationchange");
        v.currentTime = 1e9;
        await changed;
      }
      return v.duration;
    });
    expect(seconds).toBeGreaterThan(0);
  }
  // Each recording's bytes, as stored, hash to the SHA-256 shown (the one the decision wrote into the audit chain).
  const closed = await recordings();
  expect(closed.every((r) => r.sha256 !== null)).toBe(true);
  for (const recording of closed) {
    const bytes = await auditorPage.request.get(fillPath(apiPath("videoKycRecordingFile"), { sessionId, recordingId: recording.recording_id }));
    expect(bytes.status()).toBe(200);
    expect(
      createHash("sha256")
        .update(await bytes.body())
        .digest("hex"),
    ).toBe(recording.sha256);
    await expect(listed.locator(`[data-recording="${recording.stream}"] code`, { hasText: recording.sha256! })).toBeVisible();
  }
  await auditorPage.getByRole("radio", { name: "Confirm the decision" }).check();
  await auditorPage.getByRole("button", { name: "Record audit" }).click();
  await expect(auditorPage.getByText("Audit recorded: the decision is confirmed.")).toBeVisible();
  await expectNoAxeViolations(auditorPage);

  // Audited: the loan is paid out.
  await payOutFromDesk(page, baseURL!, mobile, leadId);

  for (const p of [official, auditorPage]) await p.context().close();
});

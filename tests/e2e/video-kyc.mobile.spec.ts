// Issue 33: the video KYC screens at 360 px. A customer whose DigiLocker does not match takes the video KYC
// offered beside it: consent, the offline e-KYC ZIP (a wrong share code refused first), the camera check (a
// refused permission first), the location (outside India refused first), the waiting room. An official
// takes the call (a second official is refused it), marks the questions, ticks the checks, is refused an
// approval without the snapshots, asks for the liveness action (shown on the customer's page), takes the face
// and PAN card snapshots (a frame of the customer's stubbed canvas video) and approves;
// the customer's waiting room moves on to /thankyouvkyc, and the dashboard then leads on to the step after
// the Aadhaar eKYC; an auditor confirms.
// The playwright config starts Chromium without its fake media flags, so getUserMedia is stubbed in the
// page (a canvas's stream and a silent audio track), and the location is set through the context's
// geolocation permission (docs/decisions/kyc.md).
import type { BrowserContext, Page } from "@playwright/test";
import { test, expect } from "./fixtures.ts";
import { digilockerMismatch, reachEkycInBrowser } from "./kyc-support.ts";
import { staffAccount, staffSignIn } from "./loan-life-support.ts";
import { agreeToStepNotice, expectNoAxeViolations, expectNoHorizontalOverflow } from "./support.ts";
import { joinTakenCall, LAHORE, offlineEkycZip, PUNE, staffPage, tickAll } from "./video-kyc-support.ts";

/** getUserMedia answers as window.__media says: "deny" (NotAllowedError) or a real stream made in the page. */
async function stubMedia(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { __media: string };
    w.__media = "deny";
    const devices = navigator.mediaDevices ?? ({} as MediaDevices);
    devices.getUserMedia = async () => {
      if (w.__media === "deny") throw new DOMException("Permission denied", "NotAllowedError");
      const canvas = Object.assign(document.createElement("canvas"), { width: 160, height: 120 });
      const paint = canvas.getContext("2d")!;
      // Repainted 5 times a second: a canvas's stream sends a frame only when the canvas changes, and the
      // official's screen needs frames to show the video and take its snapshots.
      let tick = 0;
      setInterval(() => {
        paint.fillStyle = "#000";
        paint.fillRect(0, 0, 160, 120);
        paint.fillStyle = "#fff";
        paint.fillRect((tick++ * 4) % 160, 50, 20, 20);
      }, 200);
      const video = canvas.captureStream(5);
      const audio = new AudioContext().createMediaStreamDestination().stream;
      return new MediaStream([...video.getVideoTracks(), ...audio.getAudioTracks()]);
    };
    if (!navigator.mediaDevices) Object.defineProperty(navigator, "mediaDevices", { value: devices });
  });
}

/** Both snapshots shown on a call screen, each loaded (a real image, not a broken one). */
async function expectBothSnapshots(screen: Page) {
  for (const name of ["The face snapshot from the call", "The PAN card snapshot from the call"]) {
    const img = screen.getByRole("img", { name });
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
  }
}

/** The customer joins the call; the official asks for the liveness action (shown on the customer's page) and takes both snapshots. */
async function livenessAndSnapshots(official: Page, customer: Page) {
  // The customer's page joins the call (its waiting room reads the session); its video (the stubbed canvas) reaches the official.
  await joinTakenCall(customer);
  const customerVideo = official.locator('[data-call-area="official"] video.vkyc-remote');
  await expect.poll(() => customerVideo.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 30_000 }).toBeGreaterThan(0);
  // The liveness action shows large on the customer's page when the official asks for it.
  await official.getByRole("button", { name: "Ask for the liveness action" }).click();
  await expect(official.getByText("The customer's page shows the liveness action now.")).toBeVisible();
  await expect(customer.locator(".vkyc-liveness-action")).toHaveText(/^Please .+ now$/);
  await expect(official.getByRole("list", { name: "During the call" })).toContainText("Liveness action asked:");
  await expectNoAxeViolations(customer);
  await expectNoHorizontalOverflow(customer);
  // The two snapshots: each shows beside the record it is compared with.
  await official.getByRole("button", { name: "Take face snapshot" }).click();
  await expect(official.getByRole("img", { name: "The face snapshot from the call" })).toBeVisible();
  await official.getByRole("button", { name: "Take PAN card snapshot" }).click();
  await expectBothSnapshots(official);
  await expectNoAxeViolations(official);
  await expectNoHorizontalOverflow(official);
}

test("video KYC: a DigiLocker mismatch, the customer's steps to the waiting room, an official's call and decision, an auditor's confirmation", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await stubMedia(context);
  await reachEkycInBrowser(page);

  // DigiLocker does not match: the Aadhaar page offers the video KYC again.
  await page.goto("/my-dashboard/adhar");
  await expect(page.getByRole("link", { name: "Do a video KYC instead" })).toBeVisible();
  await digilockerMismatch(page, "5608");
  await expect(page.getByText("DigiLocker did not work? You can do a video KYC with our official instead.")).toBeVisible();
  await page.getByRole("link", { name: "Do a video KYC instead" }).click();

  // Consent with the notice.
  await expect(page.getByRole("heading", { level: 1, name: "Video KYC with our official" })).toBeVisible();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.getByRole("button", { name: "Agree and start" }).click();
  await expect(page.getByText("Please read the notice and tick the box to agree before you go on.")).toBeVisible();
  await agreeToStepNotice(page);
  await page.getByRole("button", { name: "Agree and start" }).click();

  // The offline e-KYC file: a wrong share code is refused with its message, then the right one reads it.
  await expect(page.getByRole("heading", { name: "Upload your Aadhaar offline e-KYC file" })).toBeVisible();
  const zip = await offlineEkycZip(page, "5608", "7240");
  await page.getByLabel("Offline e-KYC ZIP file").setInputFiles({ name: "offlineaadhaar5608.zip", mimeType: "application/zip", buffer: zip });
  await page.getByLabel("Share code (4 digits)").fill("1111");
  await page.getByRole("button", { name: "Upload and check" }).click();
  await expect(page.getByText("The share code does not open this file. Please check the 4 digits and try again.")).toBeVisible();
  await page.getByLabel("Share code (4 digits)").fill("7240");
  await page.getByRole("button", { name: "Upload and check" }).click();

  // Camera and microphone: a refused permission has its message; allowed, the check passes.
  await expect(page.getByRole("heading", { name: "Check your camera and microphone" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Check camera and microphone" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "You did not allow the camera and microphone." })).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { __media: string }).__media = "allow";
  });
  await page.getByRole("button", { name: "Check camera and microphone" }).click();
  await expect(page.getByText("Your camera and microphone work.")).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();

  // Location: outside India refused; in India, the waiting room.
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation(LAHORE);
  await page.getByRole("button", { name: "Share location and join the queue" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "A video KYC can be done only from within India." })).toBeVisible();
  await context.setGeolocation(PUNE);
  await page.getByRole("button", { name: "Share location and join the queue" }).click();
  await expect(page.getByRole("heading", { name: "You are in the queue" })).toBeVisible();
  await expect(page.getByText(/Your place in the queue: \d+/)).toBeVisible();
  await expect(page.getByText(/Expected wait: about \d+ minutes/)).toBeVisible();
  await expect(page.getByRole("region", { name: "Video call" })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);

  // Two officials see the call in the queue; the first takes it, the second is refused.
  const first = await staffPage(browser, "10.91.1.1");
  const second = await staffPage(browser, "10.91.1.2");
  const official = await staffAccount(first, baseURL!, "video_kyc");
  await staffSignIn(first, baseURL!, official);
  const other = await staffAccount(second, baseURL!, "video_kyc");
  await staffSignIn(second, baseURL!, other);
  await first.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Video KYC" }).click();
  await second.goto("/admin/video-kyc");
  await expect(first.getByRole("heading", { level: 1, name: "Video KYC" })).toBeVisible();
  const takeFirst = first.getByRole("button", { name: "Take the call of Asha K." }).first();
  const takeSecond = second.getByRole("button", { name: "Take the call of Asha K." }).first();
  await expect(takeSecond).toBeVisible();
  await expectNoAxeViolations(first);
  await takeFirst.click();
  await first.waitForURL(/\/admin\/video-kyc\/[0-9a-f-]{36}$/);
  const callPath = new URL(first.url()).pathname;
  await takeSecond.click();
  await expect(second.getByRole("alert").filter({ hasText: "Another official has already taken this call." })).toBeVisible();

  // The call screen: the media's region, the photo, the records, the location's distance, the questions.
  await expect(first.getByRole("region", { name: "Video call" })).toBeVisible();
  await expect(first.getByRole("img", { name: "The Aadhaar photo" })).toBeVisible();
  await expect(first.getByText("Asha Rani Kulkarni")).toBeVisible();
  await expect(first.getByText(/About 0 km from Pune/)).toBeVisible();
  await expectNoAxeViolations(first);
  await expectNoHorizontalOverflow(first);
  const marks = first.getByRole("radio", { name: "Answered right" });
  expect(await marks.count()).toBe(3);
  for (let i = 0; i < 3; i++) await marks.nth(i).check();
  // An approval without every tick is refused, naming what is missing.
  await first.getByRole("radio", { name: "Approve" }).check();
  await first.getByLabel(/^Reason/).fill("Face, PAN and answers match");
  await first.getByRole("button", { name: "Record decision" }).click();
  await expect(first.getByRole("alert").filter({ hasText: "An approval needs every check ticked." })).toBeVisible();
  // Every tick but no snapshot: refused, naming both.
  await tickAll(first);
  await first.getByRole("button", { name: "Record decision" }).click();
  await expect(
    first.getByRole("alert").filter({ hasText: "Take the face snapshot before approving. Take the PAN card snapshot before approving." }),
  ).toBeVisible();

  await livenessAndSnapshots(first, page);
  await tickAll(first);
  await first.getByRole("button", { name: "Record decision" }).click();
  await expect(first.getByText("Approved. A second person must now audit the call.")).toBeVisible();
  await expect(first.getByText("You took this call: a second person must audit it.")).toBeVisible();

  // The customer's waiting room moves on by itself to the spec's thank-you page.
  await expect(page).toHaveURL(/\/thankyouvkyc$/, { timeout: 30_000 });
  await expect(page.getByText("Your Video KYC has been completed successfully.")).toBeVisible();
  // Go to Dashboard is the spec's link to "/". The approved video KYC counts as the Aadhaar eKYC: the dashboard's
  // current step is the one after it (the account aggregator), as after DigiLocker's success.
  await expect(page.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/");
  await page.goto("/my-dashboard");
  await page.locator('a[aria-current="step"]').click();
  await page.waitForURL("**/my-dashboard/account-aggregator-verify");
  await expect(page.getByRole("heading", { name: "Account Aggregator", level: 1 })).toBeVisible();
  // The Aadhaar page is behind the customer now: it sends them on.
  await page.goto("/my-dashboard/adhar");
  await page.waitForURL("**/my-dashboard/account-aggregator-verify");

  // An auditor confirms; the record is masked for them, the snapshots shown (the audit compares the face with the photo).
  const auditorPage = await staffPage(browser, "10.91.1.3");
  const auditor = await staffAccount(auditorPage, baseURL!, "auditor");
  await staffSignIn(auditorPage, baseURL!, auditor);
  await auditorPage.goto(callPath);
  await expect(auditorPage.getByText("Asha K.")).toBeVisible();
  await expect(auditorPage.getByText("Asha Rani Kulkarni")).toHaveCount(0);
  await expectBothSnapshots(auditorPage);
  await auditorPage.getByRole("radio", { name: "Confirm the decision" }).check();
  await auditorPage.getByRole("button", { name: "Record audit" }).click();
  await expect(auditorPage.getByText("Audit recorded: the decision is confirmed.")).toBeVisible();
  await expectNoAxeViolations(auditorPage);

  // The outcome on the customer's dashboard.
  await page.goto("/my-dashboard");
  await expect(page.getByRole("region", { name: "Video KYC with our official" }).getByText("Approved.")).toBeVisible();

  for (const p of [first, second, auditorPage]) await p.context().close();
});

// Issue 33: the video KYC desk at 1280 px: a customer queued through the API, an official's queue and call
// screen (axe clean, no overflow), a rejection with its reason, and the customer's page and dashboard
// showing that reason, what to do next and a new start.
import { apiPath } from "../../core/contract/paths.ts";
import { test, expect } from "./fixtures.ts";
import { reachEkycInBrowser } from "./kyc-support.ts";
import { staffAccount, staffSignIn } from "./loan-life-support.ts";
import { expectNoAxeViolations, expectNoHorizontalOverflow } from "./support.ts";

test("video KYC desk: the queue and the call screen at 1280 px, a rejection the customer reads with what to do next", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await reachEkycInBrowser(page);
  const dashboard = await (await page.request.post(apiPath("getDashboardData"), { data: {} })).json();
  const leadId = dashboard.Data.lead_details.lead_id as string;
  const started = await (await page.request.post(apiPath("startVideoKyc"), { data: { lead_id: leadId, consent: 1 } })).json();
  expect(started.Status).toBe(1);
  const sessionId = started.Data.session_id as string;
  const zip = await page.request.post("/sandbox/uidai/offline-ekyc", {
    form: {
      name: "Meera Iyer",
      dob: "1988-11-20",
      gender: "F",
      last4: "8642",
      mobile: "",
      shareCode: "2468",
      house: "9",
      street: "Anna Salai",
      city: "Chennai",
      state: "Tamil Nadu",
      pincode: "600002",
      hoursAgo: "2",
    },
  });
  const read = await page.request.post(apiPath("submitVideoKycEkyc"), {
    multipart: { session_id: sessionId, share_code: "2468", file: { name: "offlineaadhaar8642.zip", mimeType: "application/zip", buffer: await zip.body() } },
  });
  expect((await read.json()).Status).toBe(1);
  const queued = await page.request.post(apiPath("joinVideoKycQueue"), { data: { session_id: sessionId, latitude: 13.06, longitude: 80.25, accuracy: 40 } });
  expect((await queued.json()).Data.status).toBe("WAITING");

  const official = await staffAccount(page, baseURL!, "video_kyc");
  await staffSignIn(page, baseURL!, official);
  await page.goto("/admin/video-kyc");
  await expect(page.getByRole("heading", { level: 1, name: "Video KYC" })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.getByRole("button", { name: "Take the call of Meera I." }).first().click();
  await page.waitForURL(`**/admin/video-kyc/${sessionId}`);
  await expect(page.getByRole("region", { name: "Video call" })).toBeVisible();
  await expect(page.getByText(/About \d+ km from Chennai/)).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.getByRole("radio", { name: "Reject" }).check();
  await page.getByLabel(/^Reason/).fill("The PAN card was not shown to the camera.");
  await page.getByRole("button", { name: "Record decision" }).click();
  await expect(page.getByText("Rejected. A second person must now audit the call.")).toBeVisible();

  // The customer reads the reason and what to do next, and may start again.
  await page.goto("/my-dashboard/video-kyc");
  await expect(page.getByRole("heading", { name: "Your video KYC was not approved" })).toBeVisible();
  await expect(page.getByText("Our official's reason: The PAN card was not shown to the camera.")).toBeVisible();
  await expect(page.getByText(/^What to do next:/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("button", { name: "Start a new video KYC" }).click();
  await expect(page.getByRole("button", { name: "Agree and start" })).toBeVisible();
  await page.goto("/my-dashboard");
  const card = page.getByRole("region", { name: "Video KYC with our official" });
  await expect(card.getByText("Not approved. The PAN card was not shown to the camera.")).toBeVisible();
  await expect(card.getByRole("link", { name: "Start a new video KYC" })).toBeVisible();
});

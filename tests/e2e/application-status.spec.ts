// Issue 14: a rejected application says why on the dashboard home and My Account; every step screen
// says "Step N of M"; the loan-application cards name every stage; /my-dashboard/user-profile and
// /my-dashboard/kyc lead to their screens; a site opened as 127.0.0.1 moves to PUBLIC_ORIGIN before sign-in.
import { expectApplicationStatus } from "./application-status-support.ts";
import { bankAndSignByApi, reachBankingByApi } from "./bank-esign-support.ts";
import { staffAccount, staffSignIn, staffSignOut } from "./loan-life-support.ts";
import { completeProfileByApi } from "./onboarding-support.ts";
import { expect, expectNoAxeViolations, signInThroughUi } from "./support.ts";
import { test } from "./fixtures.ts";

const JOURNEY = "/Api/Website/RepeatInstantJourneyController/appCustomerRegisteration";

test("a rejected application says why on home and My Account, and keeps its documents", async ({ page, baseURL }, info) => {
  test.setTimeout(240_000);
  const base = baseURL!;
  const mobile = await signInThroughUi(page);
  const { lead_id: leadId } = await reachBankingByApi(page);
  await bankAndSignByApi(page, mobile);

  // The credit manager is named on the home's status card (mailto link).
  await page.goto("/my-dashboard");
  const mail = page.getByRole("region", { name: "Your loan application" }).getByRole("link", { name: /@/ });
  const managerEmail = ((await mail.textContent()) ?? "").trim();

  const manager = await staffAccount(page, base, "credit_manager", managerEmail);
  await staffSignIn(page, base, manager);
  await page.goto(`/admin/credit/${leadId}`);
  const recommend = page.getByRole("form", { name: "Recommend rejection" });
  await recommend.getByLabel("Reason").selectOption({ label: "Credit history risk" });
  await recommend.getByRole("button", { name: "Recommend rejection" }).click();
  await expect(page.getByRole("status")).toContainText("Recommended for rejection.");
  await staffSignOut(page);

  // Between the two: the customer sees it under review.
  await page.goto("/my-dashboard");
  await expect(page.getByRole("region", { name: "Your loan application" }).locator(".status-pill")).toHaveText("Under review");

  const head = await staffAccount(page, base, "credit_head");
  await staffSignIn(page, base, head);
  await page.goto(`/admin/credit/${leadId}`);
  const reject = page.getByRole("form", { name: "Reject" });
  await reject.getByLabel("Reason").selectOption({ label: "Credit history risk" });
  await reject.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByRole("status")).toContainText("Rejected.");
  await staffSignOut(page);

  const card = await expectApplicationStatus(page, info, "rejected", { label: "Rejected", manager: false, agreement: true, kfs: true });
  await page.goto("/my-dashboard");
  await expect(card).toContainText("We could not approve this application because your credit history does not meet our lending policy right now.");
  // Rejected: back at eligibility, so My Account is the profile preview, with the status above the details.
  await page.goto("/my-dashboard/user-profile");
  await expect(page).toHaveURL(/\/my-dashboard\/profile-preview$/);
  await expect(page.getByRole("region", { name: "Your loan application" })).toContainText("credit history");

  // In Hindi (issue 23): the rejection's sentence and its reason, both in Hindi.
  await page.context().addCookies([{ name: "lang", value: "hi", url: base }]);
  await page.goto("/my-dashboard");
  const hindi = page.locator("section.application-status");
  await expect(hindi).toContainText("हम यह आवेदन मंज़ूर नहीं कर पाए, क्योंकि आपकी क्रेडिट हिस्ट्री अभी हमारी लोन नीति पर खरी नहीं उतरती।");
  await expect(hindi).not.toContainText(/because|credit history/);
  await expectNoAxeViolations(page);
});

test("step screens say Step N of M, the cards name every stage, and the user-profile and kyc routes lead to their screens", async ({ page }, info) => {
  await signInThroughUi(page);
  await page.goto("/my-dashboard/pan-details");
  await expect(page.getByText("Step 1 of 5")).toBeVisible();
  await expect(page.locator(".step-counter")).toHaveText("Profile registration: Step 1 of 5");
  await expectNoAxeViolations(page);
  await page.goto("/my-dashboard/user-profile");
  await expect(page).toHaveURL(/\/my-dashboard\/profile-preview$/);
  await expect(page.getByTestId("account-summary")).toHaveText("Welcome! Complete your profile and check your eligibility for your first loan.");
  // Before the eKYC stage, kyc is the dashboard.
  await page.goto("/my-dashboard/kyc");
  await expect(page).toHaveURL(/\/my-dashboard$/);

  await completeProfileByApi(page);
  expect((await (await page.request.post(JOURNEY, { data: { event_name: "register_now" } })).json()).Status).toBe(1);
  await page.goto("/my-dashboard/calculate-loan");
  await expect(page.locator(".step-counter")).toHaveText("Loan application: Step 1 of 7");
  expect((await (await page.request.post("/dev/journey/ekyc", { data: {} })).json()).Data.next_step).toBe("ekyc_initiated");

  await page.goto("/my-dashboard/kyc");
  await expect(page).toHaveURL(/\/my-dashboard\/adhar$/);
  await expect(page.locator(".step-counter")).toHaveText("Loan application: Step 3 of 7");
  await expectNoAxeViolations(page);
  await page.screenshot({ fullPage: true, path: info.outputPath(`adhar-${info.project.name}.png`) });

  await page.goto("/my-dashboard/eligibility");
  const steps = page.getByRole("list", { name: "Loan Application steps" });
  await expect(steps.getByRole("listitem")).toHaveText([
    /Loan Calculator/,
    /Employment Information/,
    /EKYC Verification/,
    /Account Aggregator/,
    /Upload Your Documents/,
    /Banking Details/,
    /eSign Loan Agreement/,
  ]);
  await expect(steps.getByRole("link")).toHaveCount(1);
  await expect(steps.getByRole("link")).toContainText("EKYC Verification");
  await expectNoAxeViolations(page);
});

test("opened as 127.0.0.1, the site moves to PUBLIC_ORIGIN before sign-in, so sandbox returns keep the session", async ({ page, baseURL }) => {
  const canonical = new URL(baseURL!);
  const loopback = new URL(baseURL!);
  loopback.hostname = "127.0.0.1";
  await page.goto(`${loopback.origin}/apply-now?utm_source=local`);
  expect(new URL(page.url()).origin).toBe(canonical.origin);
  expect(new URL(page.url()).search).toBe("?utm_source=local");
  // The API stays where it is called (native clients), so only pages move.
  const health = await page.request.get(`${loopback.origin}/healthz`, { maxRedirects: 0 });
  expect(health.status()).toBe(200);
  await signInThroughUi(page);
  expect(new URL(page.url()).origin).toBe(canonical.origin);
});

// Browser-test helpers: every test makes its own customer through the real UI or API.
import { randomBytes } from "node:crypto";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";

export function randomMobile() {
  return `9${String(randomBytes(4).readUInt32BE() % 1_000_000_000).padStart(9, "0")}`;
}

export { expect };

/** Waits until the sandbox SMS outbox holds a code for this number that differs from `previous`. */
export async function codeFromOutbox(request: APIRequestContext, mobile: string, previous?: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const messages = (await (await request.get("/dev/outbox.json")).json()) as { to: string; text: string }[];
      code = messages.find((m) => m.to === mobile)?.text.match(/^(\d{4})/)?.[1];
      return code !== undefined && code !== previous;
    })
    .toBe(true);
  return code!;
}

/** Opens an application page and waits for React to take it over, so typing is not lost to hydration under load. */
export async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

export async function requestCode(page: Page, mobile: string) {
  await page.goto("/apply-now");
  await page.getByLabel("Mobile number").fill(mobile);
  await page.getByLabel(/I accept the Terms and Conditions/).check();
  await page.getByRole("button", { name: "Get OTP" }).click();
  await expect(page.getByRole("heading", { name: "Enter the OTP" })).toBeVisible();
}

export async function typeCode(page: Page, code: string) {
  await page.getByLabel("Digit 1 of 4").pressSequentially(code);
}

/** Signs a new customer in through the Apply Now screen and waits for the dashboard. */
export async function signInThroughUi(page: Page, mobile = randomMobile(), options: { recentCode?: boolean } = {}) {
  // A number sent a code moments ago (an ONDC form's, say) is refused another for 30 s (the resend gap, decision
  // 15): then the request is made again until it is given, however fast the steps before it ran.
  if (options.recentCode) await expect(() => requestCode(page, mobile)).toPass({ timeout: 60_000 });
  else await requestCode(page, mobile);
  const code = await codeFromOutbox(page.request, mobile);
  await typeCode(page, code);
  await page.getByRole("button", { name: "Verify OTP" }).click();
  await page.waitForURL(/\/my-dashboard/);
  return mobile;
}

/** No part of the page is wider than the viewport (axe does not check it; wide tables scroll inside their own box). */
export async function expectNoHorizontalOverflow(page: Page) {
  const { scroll, client, wide } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
    // The first few elements past the right edge, to say what is too wide.
    wide: [...document.querySelectorAll("body *")]
      .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .slice(0, 3)
      .map((e) => `${e.tagName.toLowerCase()}${e.className && typeof e.className === "string" ? `.${e.className.trim().split(/\s+/).join(".")}` : ""}`),
  }));
  expect(scroll, `page wider than the viewport at ${page.url()}: ${wide.join(", ")}`).toBeLessThanOrEqual(client);
}

/**
 * Every screen a test checks: axe clean, and not wider than the viewport. Axe runs in the page itself
 * (legacy mode: no extra page per check to merge frames' results; our pages have no iframes) and reports
 * only violations in full, which is all we assert: about three times faster, the same verdict.
 */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await expectNoHorizontalOverflow(page);
}

/**
 * Issue 23: ticks the purpose notice a journey step shows (credit bureau at Check Eligibility or
 * Re-Loan, identity checks at DigiLocker, the account aggregator's), as the customer must to go on.
 */
export async function agreeToStepNotice(page: Page, lang: "en" | "hi" = "en") {
  await page.getByRole("checkbox", { name: lang === "hi" ? "मैं अपने डेटा के इस इस्तेमाल के लिए सहमत हूँ" : "I agree to this use of my data" }).check();
}

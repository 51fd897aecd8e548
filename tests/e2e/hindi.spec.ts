// Issue 23: the first Hindi slice. The switch on the home page (a plain form post: the home page loads no
// React), the choice kept in the lang cookie, sign-in through Apply Now in Hindi, and the dashboard shell
// in Hindi, with <html lang> following. Every screen is axe-checked and photographed at both widths.
import type { Page, TestInfo } from "@playwright/test";
import { codeFromOutbox, expectNoAxeViolations, randomMobile } from "./support.ts";
import { gotoReady } from "./public-support.ts";
import { expect, test } from "./fixtures.ts";

async function photograph(page: Page, testInfo: TestInfo, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
}

/** Every Devanagari glyph on the page comes from a real font: the shipped Noto Sans Devanagari has loaded. */
async function expectDevanagariFont(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Devanagari"', "हिन्दी"))).toBe(true);
}

test("a visitor switches to हिन्दी on the home page, keeps it, signs in in Hindi and sees the dashboard in Hindi", async ({ page }, testInfo) => {
  await gotoReady(page, "/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");

  // The switch works without React: a form post that sets the cookie and returns to the Hindi address.
  await page.getByRole("button", { name: "हिन्दी" }).click();
  await page.waitForURL(/\/hi$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("₹1 लाख तक का तुरंत लोन, सैलरी पर वापसी");
  await expect(page.getByRole("heading", { name: "लोन कैसे मिलता है" })).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === "lang")?.value).toBe("hi");
  await expectDevanagariFont(page);
  await expectNoAxeViolations(page);
  await photograph(page, testInfo, "home-hi");

  // The choice is remembered: the English address now leads to the Hindi page.
  await gotoReady(page, "/");
  await expect(page).toHaveURL(/\/hi$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");

  await page.getByRole("link", { name: "आवेदन करें", exact: true }).first().click();
  await page.waitForURL(/\/hi\/apply-now$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("तुरंत सैलरी लोन के लिए आवेदन करें");
  await expectNoAxeViolations(page);
  await photograph(page, testInfo, "apply-now-hi");

  // The screen's own checks speak Hindi.
  const mobile = randomMobile();
  await page.getByLabel("मोबाइल नंबर").fill(mobile);
  await page.getByRole("button", { name: "OTP पाएँ" }).click();
  await expect(page.locator("#apply-error")).toHaveText("नियम और शर्तें मानने के लिए चेकबॉक्स पर टिक करें");
  await page.getByLabel(/मानता\/मानती हूँ/).check();
  await page.getByRole("button", { name: "OTP पाएँ" }).click();
  await expect(page.getByRole("heading", { name: "OTP डालें" })).toBeVisible();
  // The API's answer, asked for in Hindi.
  await expect(page.getByText("OTP भेज दिया गया है।")).toBeVisible();
  await expectNoAxeViolations(page);
  await photograph(page, testInfo, "apply-now-otp-hi");

  const code = await codeFromOutbox(page.request, mobile);
  const wrong = code === "0000" ? "1111" : "0000";
  await page.getByLabel("4 में से अंक 1").pressSequentially(wrong);
  await page.getByRole("button", { name: "OTP जाँचें" }).click();
  await expect(page.locator("#otp-error")).toHaveText("OTP गलत है। 4 कोशिशें बाकी हैं।");
  await page.getByLabel("4 में से अंक 1").pressSequentially(code);
  await page.getByRole("button", { name: "OTP जाँचें" }).click();
  await page.waitForURL(/\/my-dashboard/);

  // The dashboard shell in Hindi; the screens inside are still English (the next slices).
  await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // Below 768 px the sidebar opens from the header's menu button.
  if ((page.viewportSize()?.width ?? 0) < 768) await page.getByRole("button", { name: "मेन्यू" }).click();
  const sidebar = page.getByRole("navigation", { name: "डैशबोर्ड" });
  await expect(sidebar.getByRole("link", { name: "मेरा खाता" })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "मेरे लोन" })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "शिकायतें" })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "मेरा डेटा" })).toBeVisible();
  await expect(sidebar.getByRole("button", { name: "लॉग आउट" })).toBeVisible();
  await expectNoAxeViolations(page);
  await photograph(page, testInfo, "dashboard-hi");

  // Back to English from the dashboard: the same switch, and the page follows.
  await page.getByRole("button", { name: "English" }).click();
  await page.waitForURL(/\/my-dashboard/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
  await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
  await expect(page.getByRole("button", { name: "हिन्दी" })).toBeVisible();
});

test("Pay Now's first step in Hindi, with its checks in Hindi", async ({ page }, testInfo) => {
  await page.goto("/hi/repayloan");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("अभी भुगतान करें");
  await page.getByRole("button", { name: "OTP पाएँ" }).click();
  await expect(page.locator("#repay-pan-error")).toHaveText("PAN कार्ड नंबर ज़रूरी है।");
  await expect(page.locator("#repay-terms-error")).toHaveText("आगे बढ़ने के लिए कृपया नियम और शर्तें मानें।");
  await expectDevanagariFont(page);
  await expectNoAxeViolations(page);
  await photograph(page, testInfo, "pay-now-hi");
});

// Issue 23: the rest of the public site in Hindi. Each Hindi page at its /hi address: <html lang>, a Hindi
// heading, hreflang alternates to both languages, the Devanagari font, axe clean with no sideways
// overflow, a full-page photograph, and the switch back to the same page in English.
import type { Page, TestInfo } from "@playwright/test";
import { expectNoAxeViolations } from "./support.ts";
import { gotoReady } from "./public-support.ts";
import { expect, test } from "./fixtures.ts";

/** Each Hindi page's English address and its Hindi main heading. */
const PAGES: { path: string; heading: string }[] = [
  { path: "/about-salaryontime", heading: "SalaryOnTime के बारे में" },
  { path: "/instant-loan", heading: "जल्दी मंज़ूरी, मिनटों में पैसा" },
  { path: "/apply-for-short-term-personal-loan", heading: "कम समय का पर्सनल लोन" },
  { path: "/apply-for-emergency-personal-loan", heading: "इमरजेंसी पर्सनल लोन" },
];

async function photograph(page: Page, testInfo: TestInfo, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
}

for (const { path, heading } of PAGES) {
  test(`${path} in Hindi at /hi${path}, and back to English`, async ({ page }, testInfo) => {
    const hindi = `/hi${path}`;
    const response = await gotoReady(page, hindi);
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    // hreflang alternates: this page's two addresses, English the default.
    const alternates = await page
      .locator('head link[rel="alternate"][hreflang]')
      .evaluateAll((links) => Object.fromEntries(links.map((l) => [l.getAttribute("hreflang"), new URL(l.getAttribute("href")!).pathname])));
    expect(alternates).toEqual({ "en-IN": path, "hi-IN": hindi, "x-default": path });
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Devanagari"', "हिन्दी"))).toBe(true);
    await expectNoAxeViolations(page);
    await photograph(page, testInfo, hindi.slice(1).replaceAll("/", "_"));

    // The switch goes back to this page in English and remembers it.
    await page.getByRole("button", { name: "English" }).click();
    await page.waitForURL((url) => url.pathname === path);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
    await expect(page.getByRole("button", { name: "हिन्दी" })).toBeVisible();
    expect((await page.context().cookies()).find((c) => c.name === "lang")?.value).toBe("en");
  });
}

// Issue 23: the rest of the public site in Hindi. Each Hindi page at its /hi address: <html lang>, a Hindi
// heading, hreflang alternates to both languages, the Devanagari font, axe clean with no sideways
// overflow, a full-page photograph, and the switch back to the same page in English.
import { gzipSync } from "node:zlib";
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
  { path: "/faq", heading: "अक्सर पूछे जाने वाले सवाल" },
  { path: "/rate-and-terms", heading: "ब्याज दर और शर्तें" },
  { path: "/contact-salaryontime", heading: "SalaryOnTime से संपर्क करें" },
  { path: "/service-area", heading: "हम कहाँ लोन देते हैं" },
  { path: "/privacy-policy", heading: "प्राइवेसी पॉलिसी" },
  { path: "/terms-and-conditions", heading: "नियम और शर्तें" },
  { path: "/grievance-redressal", heading: "शिकायत निवारण और उचित व्यवहार कोड" },
  { path: "/recovery-agents", heading: "रिकवरी एजेंट" },
  // Two of the city pages (their shared blocks are one component; app/components/public/city-page-view.test.tsx checks all 26).
  { path: "/instant-personal-loan-in-delhi", heading: "दिल्ली में तुरंत पर्सनल लोन" },
  { path: "/apply-for-instant-personal-loan-in-bhopal", heading: "भोपाल में तुरंत पर्सनल लोन" },
  // An amount and a purpose page (one view each; app/components/public/landing-pages.test.tsx checks all).
  { path: "/amount/10000-instant-personal-loan", heading: "₹10,000 का तुरंत पर्सनल लोन" },
  { path: "/personal-need/personal-loan-for-travel", heading: "यात्रा के लिए पर्सनल लोन" },
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

test("an unknown /hi address is a real 404 in Hindi, with its links in Hindi", async ({ page }, testInfo) => {
  const response = await page.goto("/hi/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("यह पेज हमें नहीं मिला");
  await expect(page.getByRole("main").getByRole("link", { name: "अक्सर पूछे जाने वाले सवाल" })).toHaveAttribute("href", "/hi/faq");
  await expectNoAxeViolations(page);
  await photograph(page, testInfo, "hi_not-found");
});

test("Hindi marketing pages load only the islands, no React, and the home page's JavaScript stays under 10 KB gzipped", async ({ request }) => {
  for (const path of [
    "/hi",
    "/hi/faq",
    "/hi/privacy-policy",
    "/hi/instant-personal-loan-in-delhi",
    "/hi/rate-and-terms",
    "/hi/amount/1-lakh-instant-personal-loan",
    "/hi/personal-need/two-wheeler-loan",
  ]) {
    const html = await (await request.get(path)).text();
    const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts, path).toEqual([expect.stringMatching(/^\/assets\/public-site-[\w-]+\.js$/)]);
    expect(html, path).not.toContain("modulepreload");
  }
  const contact = await (await request.get("/hi/contact-salaryontime")).text();
  const contactScripts = [...contact.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
  expect(contactScripts).toEqual([expect.stringMatching(/^\/assets\/public-site-[\w-]+\.js$/), expect.stringMatching(/^\/assets\/enquiry-form-[\w-]+\.js$/)]);
  // The island carries its words in the page, not a catalogue.
  expect(contact).toContain("data-enquiry-words=");
  const home = await (await request.get("/hi")).text();
  // The home page's and the footer's links stay in Hindi.
  for (const href of ["/hi/faq", "/hi/service-area", "/hi/grievance-redressal", "/hi/recovery-agents", "/hi/instant-personal-loan-in-delhi"]) {
    expect(home).toContain(`href="${href}"`);
  }
  let gzipped = 0;
  for (const [, src] of home.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) gzipped += gzipSync(await (await request.get(src)).body()).length;
  expect(gzipped).toBeLessThan(10 * 1024);
});

test("the Hindi contact form's field messages are in Hindi", async ({ page }, testInfo) => {
  await gotoReady(page, "/hi/contact-salaryontime");
  const form = page.locator("form.enquiry-form");
  const send = form.getByRole("button", { name: "पूछताछ भेजें" });
  await expect(send).toBeEnabled();
  await form.getByLabel("मोबाइल नंबर").fill("5123456789");
  await form.getByLabel("ई-मेल").fill("a@b");
  await send.click();
  await expect(page.locator("#name-error")).toHaveText("नाम भरना ज़रूरी है!");
  await expect(page.locator("#mobile-error")).toHaveText("कृपया 6, 7, 8 या 9 से शुरू होने वाला सही 10 अंकों का मोबाइल नंबर डालें।");
  await expect(page.locator("#email-error")).toHaveText("यह ईमेल सही फ़ॉर्मेट में नहीं है!");
  await expect(page.locator("#message-error")).toHaveText("संदेश भरना ज़रूरी है!");
  await expect(page.locator("#captcha-error")).toHaveText("तस्वीर वाले अक्षर लिखना ज़रूरी है।");
  await expect(form.getByLabel("पूरा नाम")).toBeFocused();
  await expectNoAxeViolations(page);
  await photograph(page, testInfo, "hi_contact-errors");
});

test("the Hindi footer names the amount, purpose and city pages in Hindi and links to their Hindi addresses", async ({ page }) => {
  await gotoReady(page, "/hi/personal-need/two-wheeler-loan");
  const footer = page.getByRole("contentinfo");
  // On a phone the link groups are closed (details): their links are read as they are.
  await expect(footer.getByRole("link", { name: "₹10,000 का लोन", includeHidden: true })).toHaveAttribute("href", "/hi/amount/10000-instant-personal-loan");
  await expect(footer.getByRole("link", { name: "यात्रा के लिए पर्सनल लोन", includeHidden: true })).toHaveAttribute(
    "href",
    "/hi/personal-need/personal-loan-for-travel",
  );
  await expect(footer.getByRole("link", { name: "भोपाल", includeHidden: true })).toHaveAttribute("href", "/hi/apply-for-instant-personal-loan-in-bhopal");
  await expect(footer.getByRole("link", { name: "Google Play से डाउनलोड करें" })).toBeVisible();
  await expect(footer).not.toContainText(/Personal loan for|Get it on|Download on/);
});

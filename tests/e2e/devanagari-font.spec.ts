// Issue 30 (3): Hindi drawn as boxes on a device with no Devanagari font of its own. Checked by the glyphs
// Chromium actually drew (DevTools' CSS.getPlatformFontsForNode), not by the text: every Devanagari glyph of
// the language switch on English pages, a Hindi heading and a Hindi Repayment table comes from our web font.
// Read once the page's fonts are reported loaded (document.fonts.ready): the walk saw boxes even then, since
// Chromium keeps the fallback it drew a word with before the face arrived. The switch's face is preloaded on
// every page, so its word never needs a fallback.
// This machine has no system Devanagari font (`fc-list :lang=hi` is empty); were there one, the check would
// still hold, since the answer names the font actually used and only our web font counts.
import type { CDPSession, Page } from "@playwright/test";
import { codeFromOutbox, randomMobile, signInThroughUi } from "./support.ts";
import { completeProfileByApi } from "./onboarding-support.ts";
import { expect, test } from "./fixtures.ts";

const JOURNEY = "/Api/Website/RepeatInstantJourneyController/appCustomerRegisteration";

/** Devanagari letters and signs, and the joiners that go with them (base.css's unicode-range, less ₹ and ₨). */
const DEVANAGARI = /[\u0900-\u097F\u1CD0-\u1CF9\u200C\u200D\uA830-\uA839\uA8E0-\uA8FF]/u;

type PlatformFont = { familyName: string; postScriptName: string; isCustomFont: boolean; glyphCount: number };

async function cdpFor(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  return cdp;
}

/**
 * The fonts that drew the text directly inside the element `selector` matches, and that text. Every
 * Devanagari glyph must be our web font's (a custom font named Noto Sans Devanagari), and any other font may
 * draw at most one glyph per non-Devanagari character (spaces, brackets): a Devanagari letter that fell back
 * would add a glyph of another font (its box) beyond that.
 */
async function expectDevanagariFromWebFont(page: Page, selector: string) {
  await page.evaluate(() => document.fonts.ready);
  const cdp = await cdpFor(page);
  const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  expect(nodeId, selector).toBeGreaterThan(0);
  const { fonts } = (await cdp.send("CSS.getPlatformFontsForNode", { nodeId })) as { fonts: PlatformFont[] };
  const text = await page
    .locator(selector)
    .first()
    .evaluate((el) => [...el.childNodes].map((n) => (n.nodeType === Node.TEXT_NODE ? n.textContent : "")).join(""));
  await cdp.detach();
  const faces = await page.evaluate(() => [...document.fonts].map((f) => `${f.family} ${f.weight} ${f.status}`).join("; "));
  const chars = [...text];
  const otherChars = chars.filter((c) => !DEVANAGARI.test(c)).length;
  expect(chars.length - otherChars, `${selector} "${text}" holds Devanagari`).toBeGreaterThan(0);
  const ours = fonts.filter((f) => f.isCustomFont && f.familyName === "Noto Sans Devanagari");
  const others = fonts.filter((f) => !ours.includes(f));
  const report = `${selector} "${text}": ${JSON.stringify(fonts)} (${faces})`;
  expect(
    ours.reduce((n, f) => n + f.glyphCount, 0),
    report,
  ).toBeGreaterThan(0);
  expect(
    others.reduce((n, f) => n + f.glyphCount, 0),
    report,
  ).toBeLessThanOrEqual(otherChars);
}

test("the हिन्दी switch on English pages is drawn by the web font, its face preloaded, in a fresh browser", async ({ page }) => {
  for (const path of ["/", "/faq", "/contact-salaryontime"]) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
    await expect(page.getByRole("button", { name: "हिन्दी" }).first()).toBeVisible();
    await expectDevanagariFromWebFont(page, 'button.lang-option[lang="hi-IN"]');
    // Its face is in the page's head, not found on demand once the word is laid out.
    await expect(page.locator('head link[rel="preload"][as="font"][href*="noto-sans-devanagari-hindi-word-700"]')).toHaveCount(1);
  }
});

test("a Hindi page's heading and the switch's current language are drawn by the web font", async ({ page }) => {
  // A server's very first page can still race its fonts (open, docs/decisions/languages.md): checked on a page the server has served.
  await page.request.get("/hi/faq");
  await page.goto("/hi/faq");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("अक्सर पूछे जाने वाले सवाल");
  await expectDevanagariFromWebFont(page, "h1");
  await expectDevanagariFromWebFont(page, 'span.lang-current[lang="hi-IN"]');
});

test("a Hindi page's bold heading is drawn by the web font even when the face arrives 4 s late", async ({ page }) => {
  // A slow network, not a wait of the test's own: every font response is held back 4 s (past the 3 s block period).
  await page.route(/\.woff2$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    await route.continue();
  });
  await page.goto("/hi/faq");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("अक्सर पूछे जाने वाले सवाल");
  await expectDevanagariFromWebFont(page, "h1");
  await expectDevanagariFromWebFont(page, "main h2");
});

test("Repayment in Hindi: heading, caption and table rows are drawn by the web font, on every load", async ({ page, baseURL }) => {
  const mobile = randomMobile();
  expect((await page.request.post("/dev/demo-customer", { data: { mobile, user_type: "UNPAID-REPEAT" } })).status()).toBe(200);
  await signInThroughUi(page, mobile);
  await page.context().addCookies([{ name: "lang", value: "hi", url: baseURL! }]);
  // The walk found boxes on 2 of 3 loads: three loads, each checked.
  for (let load = 0; load < 3; load++) {
    await page.goto("/my-dashboard/repayment");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("लोन चुकाएँ");
    await expectDevanagariFromWebFont(page, "h1");
    await expectDevanagariFromWebFont(page, ".repay-summary table.repay-lines caption");
    await expectDevanagariFromWebFont(page, ".repay-summary table.repay-lines tr[data-line=principal] th");
    await expectDevanagariFromWebFont(page, ".repay-summary table.repay-lines tr[data-line=no-payments] td");
  }
});

test("the KYC documents page in Hindi: heading, hint and each document's label are drawn by the web font, on every load", async ({ page, baseURL }) => {
  const journey = async (data: Record<string, unknown>) => (await (await page.request.post(JOURNEY, { data })).json()) as { Status: number };
  const mobile = randomMobile();
  const login = (await (await page.request.post(JOURNEY, { data: { event_name: "login", mobile } })).json()) as { Data: { cust_profile_id: string } };
  const otp = await codeFromOutbox(page.request, mobile);
  expect((await journey({ event_name: "otp_verify", profile_id: login.Data.cust_profile_id, otp })).Status).toBe(1);
  await completeProfileByApi(page);
  expect((await journey({ event_name: "register_now" })).Status).toBe(1);
  expect((await (await page.request.post("/dev/journey/ekyc", { data: {} })).json()).Status).toBe(1);
  // Skip eKYC (after an attempt) and the aggregator: the documents step.
  await journey({ event_name: "ekyc_initiated", aadhaar_no: "1234", run_ekyc_flag: 1 });
  expect((await journey({ event_name: "ekyc_initiated", run_ekyc_flag: 2 })).Status).toBe(1);
  expect((await journey({ event_name: "account_aggregator_verify", action: "skip" })).Status).toBe(1);
  await page.context().addCookies([{ name: "lang", value: "hi", url: baseURL! }]);
  for (let load = 0; load < 3; load++) {
    await page.goto("/my-dashboard/adhar-upload");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("अपना KYC पूरा करें");
    await expectDevanagariFromWebFont(page, "h1");
    await expectDevanagariFromWebFont(page, "form p.hint");
    await expectDevanagariFromWebFont(page, 'label[for="doc-aadhaar_front"]');
  }
});

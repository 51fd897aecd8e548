// Issue 30, items 10 and 11. The complaint form's file field is a button in our words (English and
// Hindi), not the browser's "Choose File / No file chosen"; it takes the keyboard focus, posts with no
// script on the public page, and the confirmation and the complaint list say the photo went with it.
// Layout: the Repayment table is as wide as the facts above it, and a loan number is never broken.
import type { Locator, Page, TestInfo } from "@playwright/test";
import { expectNoAxeViolations, expectNoHorizontalOverflow, randomMobile, signInThroughUi } from "./support.ts";
import { expect, test } from "./fixtures.ts";

// The smallest valid PNG (1×1), as a photo attachment.
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
);

const WORDS = {
  en: {
    prefix: "",
    about: "What is your complaint about?",
    describe: "Describe what happened",
    attachment: "Attachment (optional)",
    choose: "Choose a file",
    another: "Choose another file",
    none: "No file chosen.",
    chosen: "Chosen: receipt.png",
    send: "Send complaint",
    registered: "Your complaint is registered.",
    attached: "Your photo is attached to the complaint.",
    fact: "Attached",
    photo: "A photo",
  },
  hi: {
    prefix: "/hi",
    about: "आपकी शिकायत किस बारे में है?",
    describe: "बताइए क्या हुआ",
    attachment: "फ़ाइल लगाएँ (ज़रूरी नहीं)",
    choose: "फ़ाइल चुनें",
    another: "दूसरी फ़ाइल चुनें",
    none: "कोई फ़ाइल नहीं चुनी गई।",
    chosen: "चुनी गई: receipt.png",
    send: "शिकायत भेजें",
    registered: "आपकी शिकायत दर्ज हो गई है।",
    attached: "आपकी फ़ोटो शिकायत के साथ लगा दी गई है।",
    fact: "साथ लगी फ़ाइल",
    photo: "एक फ़ोटो",
  },
} as const;

async function shot(page: Page, info: TestInfo, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ fullPage: true, path: info.outputPath(`${name}-${info.project.name}.png`) });
  if (process.env.SCREENS_DIR) await page.screenshot({ fullPage: true, path: `${process.env.SCREENS_DIR}/${name}-${info.project.name}.png` });
}

/** The file field: our button's words are shown, the real input is hidden inside it and named by the field's label. */
async function expectStyledChooser(page: Page, w: (typeof WORDS)["en" | "hi"]) {
  const input = page.getByLabel(w.attachment, { exact: true });
  await expect(input).toHaveAttribute("type", "file");
  const button = page.locator("label.file-button").filter({ has: input });
  await expect(button).toBeVisible();
  await expect(button).toHaveText(w.choose);
  // The bare control is not what is seen: the input is clipped to a pixel inside the button.
  const box = (await input.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(1);
  return { input, button };
}

/** Tab reaches the file input, and the button shows the focus ring. */
async function expectKeyboardReaches(page: Page, from: Locator, input: Locator, button: Locator) {
  await from.focus();
  await page.keyboard.press("Tab");
  await expect(input).toBeFocused();
  expect(await button.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe("solid");
}

for (const lang of ["en", "hi"] as const) {
  const w = WORDS[lang];

  test(`the public complaint form (${lang}): our file button, sent with no script, and the confirmation says the photo went with it`, async ({
    page,
    browser,
    baseURL,
  }, info) => {
    await page.goto(`${w.prefix}/raise-a-complaint`);
    const look = await expectStyledChooser(page, w);
    // The page runs no script, so nothing could update a "no file chosen" line: none is shown.
    await expect(page.getByText(w.none)).toHaveCount(0);
    await expectKeyboardReaches(page, page.locator("#description"), look.input, look.button);
    await expectNoAxeViolations(page);
    await expectNoHorizontalOverflow(page);
    await shot(page, info, `i30-public-complaint-${lang}`);

    // Sent from a browser that runs no script at all: the label and the plain form post are enough.
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: info.project.use.viewport, baseURL });
    const plain = await context.newPage();
    await plain.goto(`${w.prefix}/raise-a-complaint`);
    const { input } = await expectStyledChooser(plain, w);
    await plain.locator("#name").fill("Meera Iyer");
    await plain.locator("#mobile").fill(randomMobile());
    await plain.getByLabel(w.about).selectOption("repayment");
    await plain.getByLabel(w.describe).fill("My payment of Rs 500 is not shown on my loan.");
    await input.setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: PNG });
    const id = await plain.locator('input[name="captcha_id"]').inputValue();
    const answer = ((await (await plain.request.get(`${baseURL}/dev/captcha/${id}`)).json()) as { answer: string }).answer;
    await plain.locator("#captcha").fill(answer);
    await plain.getByRole("button", { name: w.send }).click();
    const ack = plain.getByRole("status").filter({ hasText: w.registered });
    await expect(ack).toBeVisible();
    await expect(ack).toContainText(w.attached);
    await expectNoHorizontalOverflow(plain);
    await shot(plain, info, `i30-public-complaint-sent-${lang}`);
    await context.close();
  });

  test(`the dashboard's complaint form (${lang}): the chosen file is named, and the list says a photo is attached`, async ({ page, baseURL }, info) => {
    const mobile = randomMobile();
    expect((await page.request.post("/dev/demo-customer", { data: { mobile, user_type: "UNPAID-REPEAT" } })).status()).toBe(200);
    await signInThroughUi(page, mobile);
    if (lang === "hi") await page.context().addCookies([{ name: "lang", value: "hi", url: baseURL! }]);
    await page.goto("/my-dashboard/complaints");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const { input, button } = await expectStyledChooser(page, w);
    await expect(page.getByText(w.none)).toBeVisible();
    await expectKeyboardReaches(page, page.locator("#description"), input, button);
    await input.setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: PNG });
    await expect(page.getByText(w.chosen)).toBeVisible();
    await expect(button).toHaveText(w.another);
    await expectNoAxeViolations(page);
    await expectNoHorizontalOverflow(page);
    await shot(page, info, `i30-dashboard-complaint-chosen-${lang}`);

    await page.getByLabel(w.about).selectOption("repayment");
    await page.getByLabel(w.describe).fill("My payment of Rs 500 is not shown on my loan.");
    await page.getByRole("button", { name: w.send }).click();
    const ack = page.getByRole("status").filter({ hasText: w.registered });
    await expect(ack).toContainText(w.attached);
    const card = page.locator(".lead-card").first();
    await expect(card.locator(".facts > div").filter({ hasText: w.fact }).locator("dd")).toHaveText(w.photo);
    // The form is empty again for the next complaint.
    await expect(page.getByText(w.none)).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalOverflow(page);
    await shot(page, info, `i30-dashboard-complaint-sent-${lang}`);
  });

  test(`layout (${lang}): the Repayment table spans the facts' width, and the loan number on Loan Details is one unbroken line`, async ({
    page,
    baseURL,
  }, info) => {
    const mobile = randomMobile();
    expect((await page.request.post("/dev/demo-customer", { data: { mobile, user_type: "UNPAID-REPEAT" } })).status()).toBe(200);
    await signInThroughUi(page, mobile);
    if (lang === "hi") await page.context().addCookies([{ name: "lang", value: "hi", url: baseURL! }]);

    await page.goto("/my-dashboard/repayment");
    const facts = (await page.locator(".repay-summary .repay-facts").boundingBox())!;
    const table = (await page.locator(".repay-summary table.repay-lines").boundingBox())!;
    expect(Math.abs(table.width - facts.width)).toBeLessThanOrEqual(1);
    expect(Math.abs(table.x - facts.x)).toBeLessThanOrEqual(1);
    await expectNoHorizontalOverflow(page);
    await shot(page, info, `i30-repayment-${lang}`);

    await page.goto("/my-dashboard/details");
    const number = page.locator("dl.facts dd.fact-code").first();
    await expect(number).toHaveText(/^SOT[A-Z0-9]{10,}$/);
    // One line box for the whole number (a break mid-way makes two), and none of it cut off.
    const lines = await number.evaluate((dd) => {
      const range = document.createRange();
      range.selectNodeContents(dd);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
    expect(await number.evaluate((dd) => dd.scrollWidth <= dd.clientWidth)).toBe(true);
    await expectNoHorizontalOverflow(page);
    await shot(page, info, `i30-loan-details-${lang}`);
  });
}

import type { Page, Response } from "@playwright/test";
import { expectNoAxeViolations, randomMobile } from "./support.ts";
import { expect, test } from "./fixtures.ts";

test.describe("blog", () => {
  test("the list links to a server-rendered post with the Latest Blogs sidebar", async ({ page }) => {
    await page.goto("/blog");
    await expect(page.getByRole("heading", { level: 1, name: "The SalaryOnTime blog" })).toBeVisible();
    const cards = page.locator(".blog-card");
    expect(await cards.count()).toBeGreaterThanOrEqual(6);
    // Titles longer than 50 characters are cut with '...'.
    const titles = await page.locator(".blog-card-title").allTextContents();
    for (const t of titles) expect(t.length <= 50 || (t.endsWith("...") && t.length <= 53)).toBe(true);
    expect(titles.some((t) => t.endsWith("..."))).toBe(true);
    await expect(cards.first().locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
    await expect(cards.first().locator("img")).toHaveAttribute("width", "400");
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: /Know More\s*: Building a good credit score/ }).click();
    await page.waitForURL("/blog/build-your-credit-score");
    const h1 = page.getByRole("heading", { level: 1 });
    await expect(h1).toHaveText("Building a good credit score, one habit at a time");
    expect(await h1.evaluate((el) => getComputedStyle(el).textTransform)).toBe("uppercase");
    await expect(page).toHaveTitle("How to Build a Good Credit Score in India | SalaryOnTime Blog");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /credit score/i);
    const sidebar = page.getByRole("complementary", { name: "Latest Blogs" });
    await expect(sidebar.getByRole("link")).toHaveCount(5);
    await expect(sidebar.getByRole("link", { name: /Building a good credit score/ })).toHaveCount(0);
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(ld.some((s) => s.includes('"BlogPosting"'))).toBe(true);
    expect(ld.some((s) => s.includes('"BreadcrumbList"'))).toBe(true);
    await expectNoAxeViolations(page);

    await sidebar.getByRole("link", { name: /Key Fact Statement/ }).click();
    await page.waitForURL("/blog/how-to-read-a-key-fact-statement-and-apr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("How to read a Key Fact Statement and its APR");
  });

  test("a post body with script, onerror and javascript: payloads renders without any of them", async ({ page }, info) => {
    const payload = `<p>Safe text</p><script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2"><p><a href="javascript:window.__pwned=3">bad link</a> <a href="/faq" onclick="window.__pwned=4">good link</a></p><svg onload="window.__pwned=5"></svg>`;
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    for (const store_unsanitized of [false, true]) {
      const slug = `test-xss-${info.project.name}-${store_unsanitized ? "raw" : "saved"}`;
      const created = await page.request.post("/dev/blog-post", { data: { slug, long_description: payload, store_unsanitized } });
      expect(created.status()).toBe(200);
      const response = await page.goto(`/blog/${slug}`);
      expect(response?.status()).toBe(200);
      const body = page.locator(".blog-body");
      await expect(body.getByText("Safe text")).toBeVisible();
      const html = await body.innerHTML();
      expect(html).not.toMatch(/<script|onerror|onclick|onload|javascript:|<img|<svg/i);
      await expect(body.getByRole("link", { name: "good link" })).toHaveAttribute("href", "/faq");
      await body.getByText("bad link").click();
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    }
    expect(dialogs).toEqual([]);
  });

  test("an unknown post answers 404", async ({ page }) => {
    const response = await page.goto("/blog/no-such-post");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "We could not find that page" })).toBeVisible();
  });
});

const isCaptcha = (r: Response) => r.url().includes("/EnquiryController/generate_captcha") && r.request().method() === "POST";

async function captchaAnswer(page: Page, response: Response) {
  const id = ((await response.json()) as { Data: { captcha_id: string } }).Data.captcha_id;
  const reveal = await page.request.get(`/dev/captcha/${id}`);
  expect(reveal.status()).toBe(200);
  return { id, answer: ((await reveal.json()) as { answer: string }).answer };
}

async function fillForm(page: Page, mobile: string) {
  await page.getByLabel("Full name").fill("Asha Rao");
  await page.getByLabel("Mobile number").fill(mobile);
  await page.getByLabel("E-mail").fill("asha@example.com");
  await page.getByLabel("City (optional)").fill("Pune");
  await page.getByLabel("Message").fill("Please call me about a loan of ₹25,000.");
}

test.describe("contact enquiry with captcha", () => {
  test("a wrong captcha is refused with the fields kept and a new image; the right one is stored; reuse is refused", async ({ page }) => {
    const first = page.waitForResponse(isCaptcha);
    await page.goto("/contact-salaryontime");
    await expect(page.getByRole("heading", { level: 1, name: "Contact SalaryOnTime" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "support@salaryontime.in" })).toBeVisible();
    const c1 = await captchaAnswer(page, await first);
    const image = page.getByRole("img", { name: /Security image/ });
    await expect(image).toBeVisible();
    const firstSrc = await image.getAttribute("src");
    expect(firstSrc).not.toContain(c1.answer);
    await expectNoAxeViolations(page);

    // Form rules of core, announced before anything is sent.
    await page.getByRole("button", { name: "Send enquiry" }).click();
    await expect(page.getByText("Name is required!")).toBeVisible();
    await expect(page.getByLabel("Full name")).toBeFocused();

    // Wrong captcha: refused, fields kept, a new image.
    const mobile = randomMobile();
    await fillForm(page, mobile);
    await page.getByLabel("Characters in the image").fill(c1.answer === "AAAAA" ? "CCCCC" : "AAAAA");
    const second = page.waitForResponse(isCaptcha);
    await page.getByRole("button", { name: "Send enquiry" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "The characters you typed did not match the image. Please type the characters in the new image." }),
    ).toBeVisible();
    const c2 = await captchaAnswer(page, await second);
    expect(c2.id).not.toBe(c1.id);
    await expect(image).not.toHaveAttribute("src", firstSrc!);
    await expect(page.getByLabel("Full name")).toHaveValue("Asha Rao");
    await expect(page.getByLabel("Mobile number")).toHaveValue(mobile);
    await expect(page.getByLabel("Message")).toHaveValue("Please call me about a loan of ₹25,000.");
    await expect(page.getByLabel("Characters in the image")).toBeFocused();
    await expect(page.getByLabel("Characters in the image")).toHaveValue("");
    await expectNoAxeViolations(page);

    // 'New image' replaces the image (and the old one is then useless).
    const third = page.waitForResponse(isCaptcha);
    await page.getByRole("button", { name: "New image" }).click();
    const c3 = await captchaAnswer(page, await third);
    await expect(page.getByRole("status").filter({ hasText: "A new image is shown." })).toBeAttached();

    // Right captcha: stored.
    await page.getByLabel("Characters in the image").fill(c3.answer.toLowerCase());
    const enquired = page.waitForResponse((r) => r.url().includes("/Api/EnquiryController/enquire"));
    await page.getByRole("button", { name: "Send enquiry" }).click();
    const reply = (await (await enquired).json()) as { Status: number; Data: { enquiry_id: string } };
    expect(reply.Status).toBe(1);
    expect(reply.Data.enquiry_id).toMatch(/^[0-9a-f-]{36}$/);
    await expect(
      page.getByRole("alert").filter({ hasText: "Thank you. Your enquiry has reached us and our team will contact you within one working day." }),
    ).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveValue("");

    // The same captcha sent again is refused.
    const reuse = await page.request.post("/Api/EnquiryController/enquire", {
      data: { name: "Asha Rao", mobile, email: "asha@example.com", message: "Again", captcha_id: c3.id, captcha: c3.answer },
    });
    expect(reuse.status()).toBe(400);
    expect(((await reuse.json()) as { Message: string }).Message).toBe("This image has already been used. Please type the characters in the new image.");
  });
});

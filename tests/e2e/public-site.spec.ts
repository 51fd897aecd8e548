// The public website: a crawl of every sitemap page, the spec's route lists, 404, the FAQ accordion.
import { quoteSingle } from "../../core/loan-math/index.ts";
import { formatINR, formatPaise } from "../../core/format.ts";
import { breakdownLabel } from "../../app/lib/loan-breakdown.ts";
import { expectNoAxeViolations } from "./support.ts";
import { collectConsoleErrors, sitemapPaths, gotoReady } from "./public-support.ts";
import { expect, test } from "./fixtures.ts";

const AMOUNT_SLUGS = ["10000", "15000", "20000", "25000", "30000", "50000"].map((n) => `${n}-instant-personal-loan`).concat("1-lakh-instant-personal-loan");
const PURPOSE_SLUGS = [
  "personal-loan-for-travel",
  "personal-loan-for-low-salary",
  "personal-loan-for-teachers",
  "personal-loan-for-medical-emergency",
  "two-wheeler-loan",
];
const CITY_SLUGS = [
  "instant-personal-loan-in-delhi",
  "apply-for-personal-loan-in-gurgaon",
  "get-personal-loan-in-noida",
  "apply-personal-loan-in-faridabad",
  "advance-loans-online-in-bangalore",
  "apply-for-quick-personal-loan-in-pune",
  "get-online-personal-loan-in-thane",
  "instant-personal-loan-in-mysore",
  "instant-personal-loan-in-ahmedabad",
  "instant-personal-loan-online-in-hyderabad",
  "loan-agency-in-mumbai",
  "instant-personal-loan-in-greater-noida",
  "get-instant-personal-loan-in-ghaziabad",
  "apply-for-instant-personal-loan-in-bhopal",
  "instant-personal-loan-in-coimbatore",
  "apply-for-personal-loan-in-kanchipuram",
  "apply-for-personal-loan-in-vadodara",
  "personal-loan-in-chennai",
  "apply-for-personal-loan-in-raigarh",
  "instant-personal-loan-in-ranga-reddy",
  "instant-personal-loan-in-jaipur",
  "secure-personal-loan-in-indore",
  "apply-for-instant-personal-loan-in-vellore",
  "apply-for-instant-personal-loan-in-guntur",
  "instant-loans-in-tiruvallur",
  "apply-for-instant-personal-loan-in-nellore",
];
/** Spec section 2's public routes built here (payments come with repayments; blog and contact with their own branch). */
const SPEC_ROUTES = [
  "/",
  "/about-salaryontime",
  "/apply-for-short-term-personal-loan",
  "/instant-loan",
  "/apply-for-emergency-personal-loan",
  "/service-area",
  "/apply-now",
  "/faq",
  "/rate-and-terms",
  "/privacy-policy",
  "/terms-and-conditions",
];
// Blog list, every seeded post and the contact page (blog branch).
SPEC_ROUTES.push("/blog", "/blog/how-salary-day-loans-work", "/blog/avoid-loan-app-fraud-know-your-rights", "/contact-salaryontime");

test.describe("sitemap", () => {
  test("holds every spec route and slug, and unknown pages are real 404s", async ({ request }) => {
    const paths = await sitemapPaths(request);
    const expected = [
      ...SPEC_ROUTES,
      ...AMOUNT_SLUGS.map((s) => `/amount/${s}`),
      ...PURPOSE_SLUGS.map((s) => `/personal-need/${s}`),
      ...CITY_SLUGS.map((s) => `/${s}`),
    ];
    expect(expected.filter((p) => !paths.includes(p))).toEqual([]);
    expect(new Set(paths).size).toBe(paths.length);
    const missing = await request.get("/no-such-page");
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain("We could not find that page");
    expect((await request.get("/amount/no-such-amount")).status()).toBe(404);
    expect((await request.get("/personal-need/no-such-need")).status()).toBe(404);
  });

  test("every page has a unique title, a meta description and a canonical URL", async ({ request }) => {
    const paths = await sitemapPaths(request);
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const path of paths) {
      const html = await (await request.get(path)).text();
      const title = html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "";
      const description = html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? "";
      expect(title, path).not.toBe("");
      expect(description.length, path).toBeGreaterThan(50);
      expect(html, path).toMatch(/<link rel="canonical" href="https:\/\/[^"]+"/);
      expect(html, path).toContain('property="og:title"');
      expect(html, path).toContain('"@type":"FinancialService"');
      expect(titles.get(title), `${path} repeats the title of ${titles.get(title)}`).toBeUndefined();
      expect(descriptions.get(description), `${path} repeats a description`).toBeUndefined();
      titles.set(title, path);
      descriptions.set(description, path);
    }
  });

  // The crawl is split in slices so the two workers share it; axe on a busy 2-core machine is slow.
  const SLICES = 10;
  for (let slice = 0; slice < SLICES; slice++) {
    test(`crawl slice ${slice + 1} of ${SLICES}: 200, one h1, axe clean, no console errors`, async ({ page, request }) => {
      test.setTimeout(300_000);
      const paths = (await sitemapPaths(request)).filter((_, i) => i % SLICES === slice);
      const errors = collectConsoleErrors(page);
      for (const path of paths) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await expect(page.locator("h1"), path).toHaveCount(1);
        await expect(page.locator('meta[name="description"]'), path).toHaveCount(1);
        await expectNoAxeViolations(page);
      }
      expect(errors).toEqual([]);
    });
  }
});

test.describe("home page", () => {
  test("FAQ accordion keeps at most one answer open and closes the open one on click", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await gotoReady(page, "/");
    const faq = page.locator(".faq").first();
    const questions = faq.locator(".faq-q");
    await expect(questions).toHaveCount(4);
    await expect(faq.getByRole("region")).toHaveCount(0);
    await questions.nth(0).click();
    await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "true");
    await expect(faq.getByRole("region")).toHaveCount(1);
    await questions.nth(2).click();
    await expect(questions.nth(2)).toHaveAttribute("aria-expanded", "true");
    await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "false");
    await expect(faq.getByRole("region")).toHaveCount(1);
    await expect(faq.getByRole("region")).toContainText("credit report");
    await questions.nth(2).click();
    await expect(questions.nth(2)).toHaveAttribute("aria-expanded", "false");
    await expect(faq.getByRole("region")).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("the calculator recomputes from core loan math", async ({ page }) => {
    await gotoReady(page, "/");
    const amount = page.getByLabel(/Loan amount/);
    await amount.fill("10000");
    const days = page.getByLabel(/Days until your salary/);
    await days.fill("30");
    // ₹10,000 for 30 days: fee ₹1,000 + GST ₹180 deducted, ₹3,000 interest.
    await expect(page.getByText(/You receive ₹8,820 and repay ₹13,000/)).toBeVisible();
  });

  test("the island calculator shows core's figures for every part, as the React calculator did", async ({ page }) => {
    const calc = page.locator("[data-loan-calculator]");
    await gotoReady(page, "/");
    for (const [principal, tenureDays] of [
      [25_000, 20],
      [47_000, 7],
      [100_000, 40],
    ] as const) {
      await page.getByLabel(/Loan amount/).fill(String(principal));
      await page.getByLabel(/Days until your salary/).fill(String(tenureDays));
      const quote = quoteSingle({ principal, tenureDays });
      await expect(calc.locator("output").first()).toHaveText(formatINR(principal));
      await expect(calc.locator("output").nth(1)).toHaveText(`${tenureDays} days`);
      await expect(calc.getByText(/^You receive/)).toHaveText(
        `You receive ${formatPaise(quote.netDisbursalPaise)} and repay ${formatPaise(quote.totalRepayablePaise)} on salary day. APR ${quote.apr.toFixed(2)}%.`,
      );
      await expect(calc.getByRole("img")).toHaveAttribute("aria-label", breakdownLabel(quote));
      await expect(calc.locator(".legend strong")).toHaveText(
        [quote.netDisbursalPaise, quote.feePaise, quote.gstPaise, quote.interestPaise].map((v) => formatPaise(v)),
      );
    }
    await expectNoAxeViolations(page);
  });

  test("marketing pages load only island scripts, no React; application pages still hydrate", async ({ page, request }) => {
    for (const path of ["/", "/instant-personal-loan-in-delhi", "/faq", "/blog", "/blog/how-salary-day-loans-work", "/no-such-page"]) {
      const html = await (await request.get(path)).text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes("application/ld+json"));
      expect(scripts, path).toEqual([expect.stringMatching(/^<script type="module" src="\/assets\/public-site-[\w-]+\.js">$/)]);
      expect(html, path).not.toContain("modulepreload");
    }
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await gotoReady(page, "/");
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/public-site-[\w-]+\.js$/)]);
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
    await page.goto("/apply-now");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    // Contact loads the enquiry island after the public-site one, still no React.
    const contact = await (await request.get("/contact-salaryontime")).text();
    const contactScripts = [...contact.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
    expect(contactScripts).toEqual([expect.stringMatching(/^\/assets\/public-site-[\w-]+\.js$/), expect.stringMatching(/^\/assets\/enquiry-form-[\w-]+\.js$/)]);
    expect(contact).not.toContain("modulepreload");
    // The islands raise no CSP issue (zod's eval probe is one; Chromium reports it as an issue, not a console error).
    const issues: string[] = [];
    const cdp = await page.context().newCDPSession(page);
    cdp.on("Audits.issueAdded", ({ issue }) => issues.push(issue.code));
    await cdp.send("Audits.enable");
    await gotoReady(page, "/contact-salaryontime");
    await expect(page.getByRole("img", { name: /Security image/ })).toBeVisible();
    await page.getByRole("button", { name: "Send enquiry" }).click();
    await expect(page.getByText("Name is required!")).toBeVisible();
    expect(issues.filter((code) => code.includes("ContentSecurityPolicy"))).toEqual([]);
  });

  test("a link from a hydrated page to a marketing page loads it as a document: islands, no React (issue 21)", async ({ page }) => {
    await gotoReady(page, "/apply-now");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
    const documents: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "document") documents.push(new URL(r.url()).pathname);
    });
    // The header's logo is a client-side link on a hydrated page; the home page arrives as a document.
    await page.getByRole("link", { name: "SalaryOnTime home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.locator("html[data-island-ready]").waitFor({ state: "attached" });
    expect(documents).toContain("/");
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
    // The island is the calculator's one copy: it recomputes.
    await page.getByLabel(/Loan amount/).fill("10000");
    await page.getByLabel(/Days until your salary/).fill("30");
    await expect(page.getByText(/You receive ₹8,820 and repay ₹13,000/)).toBeVisible();
    // Back to a hydrated page, then to Contact the same way: the enquiry island runs the form.
    await gotoReady(page, "/apply-now");
    await page.evaluate(() => {
      const link = document.querySelector<HTMLAnchorElement>('a[href="/contact-salaryontime"]');
      link?.click();
    });
    await page.waitForURL("**/contact-salaryontime");
    await page.locator("html[data-island-ready]").waitFor({ state: "attached" });
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
    await expect(page.getByRole("img", { name: /Security image/ })).toBeVisible();
    await page.getByRole("button", { name: "Send enquiry" }).click();
    await expect(page.getByText("Name is required!")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the service-area PIN check answers for served and unserved PIN codes", async ({ page }) => {
    await gotoReady(page, "/service-area");
    await page.getByLabel("Your home PIN code").fill("560001");
    await page.getByRole("button", { name: "Check" }).click();
    await expect(page.getByRole("status")).toContainText("we lend in PIN code 560001 (Bangalore, Karnataka)");
    await page.getByLabel("Your home PIN code").fill("999999");
    await page.getByRole("button", { name: "Check" }).click();
    await expect(page.getByRole("status")).toContainText("We do not serve this PIN code yet.");
  });

  test("the instant-loan page has its banner, swift approvals and Apply Now to /apply-now", async ({ page }) => {
    await page.goto("/instant-loan");
    await expect(page.getByText("Instant Loans", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Swift approvals");
    await expect(page.getByRole("main").getByRole("link", { name: "Apply Now" }).first()).toHaveAttribute("href", "/apply-now");
  });
});

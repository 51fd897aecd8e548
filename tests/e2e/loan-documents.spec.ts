// Loan Details offers the loan's documents as PDFs (issue 13): an active loan's statement downloads
// as a real PDF, no-store; someone else's is refused. At the project's width (360 or 1280 px), axe clean.
import { expect, expectNoAxeViolations, randomMobile, signInThroughUi } from "./support.ts";
import { test } from "./fixtures.ts";

test.use({ actionTimeout: 20_000, navigationTimeout: 30_000 });

test("Loan Details offers the loan statement, and the download is the customer's PDF", async ({ page, browser }, info) => {
  const mobile = randomMobile();
  expect((await page.request.post("/dev/demo-customer", { data: { mobile, user_type: "UNPAID-REPEAT" } })).status()).toBe(200);
  await signInThroughUi(page, mobile);
  await page.goto("/my-dashboard/details");
  await expect(page.getByRole("heading", { name: "Loan Details" })).toBeVisible();
  const statement = page.getByRole("link", { name: "Download Loan Statement (PDF)" });
  await expect(statement).toBeVisible();
  // The demo loan predates the back office: no sanction on record, so no sanction letter is offered.
  await expect(page.getByRole("link", { name: /Sanction Letter/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ fullPage: true, path: info.outputPath(`i13-docs-details-${info.project.name}.png`) });

  const [download] = await Promise.all([page.waitForEvent("download"), statement.click()]);
  expect(download.suggestedFilename()).toMatch(/^Loan-Statement-SOT[A-Z0-9]+\.pdf$/);
  const { readFile } = await import("node:fs/promises");
  expect((await readFile((await download.path())!)).subarray(0, 5).toString()).toBe("%PDF-");

  const href = (await statement.getAttribute("href"))!;
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(response.headers()["cache-control"]).toContain("no-store");

  // Another signed-in customer gets Status 4, not the PDF.
  const other = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": `10.77.${Math.floor(Math.random() * 200)}.9` } });
  const stranger = await other.newPage();
  await signInThroughUi(stranger, randomMobile());
  const refused = await stranger.request.get(href);
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { Status: number }).Status).toBe(4);
  await other.close();
});

test("a closed loan's details offer the No Dues Certificate and the statement as PDFs", async ({ page }) => {
  const mobile = randomMobile();
  expect((await page.request.post("/dev/demo-customer", { data: { mobile, user_type: "REPEAT" } })).status()).toBe(200);
  await signInThroughUi(page, mobile);
  await page.goto("/my-dashboard/details");
  await expect(page.getByText("Closed", { exact: false }).first()).toBeVisible();
  const noDues = page.getByRole("link", { name: "Download No Dues Certificate (PDF)" });
  await expect(noDues).toBeVisible();
  await expect(page.getByRole("link", { name: "Download Loan Statement (PDF)" })).toBeVisible();
  await expectNoAxeViolations(page);
  const [download] = await Promise.all([page.waitForEvent("download"), noDues.click()]);
  expect(download.suggestedFilename()).toMatch(/^No-Dues-Certificate-SOT[A-Z0-9]+\.pdf$/);
  const { readFile } = await import("node:fs/promises");
  expect((await readFile((await download.path())!)).subarray(0, 5).toString()).toBe("%PDF-");
});

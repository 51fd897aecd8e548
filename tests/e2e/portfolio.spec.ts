// Asset classification (issue 22): an auditor sees a loan 95 days past due as NPA on the loan's page and
// the collections list, opens the portfolio (counts and amounts per class), is told clearly about a bad
// date, and downloads the CSV. The server's clock is shared, so nothing here moves it; the day-by-day
// walk across the class boundaries is the server test's (asset-classification.test.ts).
import { readFileSync } from "node:fs";
import { apiPath } from "../../core/contract/paths.ts";
import { expect, expectNoAxeViolations, expectNoHorizontalOverflow, randomMobile, signInThroughUi } from "./support.ts";
import { test } from "./fixtures.ts";
import { staffAccount, staffSignIn } from "./loan-life-support.ts";

test("an auditor sees the NPA loan's class, the portfolio by class, and downloads it as CSV", async ({ page, baseURL }, info) => {
  const mobile = randomMobile();
  // ₹20,000 for 25 days, 95 days past due: from 91 days a loan is NPA.
  expect((await page.request.post("/dev/demo-customer", { data: { mobile, user_type: "UNPAID-REPEAT", overdue_days: 95 } })).status()).toBe(200);
  await signInThroughUi(page, mobile);
  const leadId = await page.evaluate(async (path) => {
    const reply = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    return ((await reply.json()) as { Data: { active_loan_details: { lead_id: string } } }).Data.active_loan_details.lead_id;
  }, apiPath("getDashboardData"));
  await page.context().clearCookies();

  // The day-end classification up to yesterday (this loan was 94 days past due then), alone: /dev/jobs/run would also send other tests' reminders.
  const classified = await page.request.post("/dev/classify");
  expect(classified.status()).toBe(200);

  const auditor = await staffAccount(page, baseURL!, "auditor");
  await staffSignIn(page, baseURL!, auditor);

  // The loan's back-office page: its class today and what is overdue.
  await page.goto(`/admin/credit/${leadId}`);
  const section = page.locator("section", { has: page.getByRole("heading", { name: "Asset classification" }) });
  await expect(section.getByTestId("asset-class")).toHaveText("NPA");
  await expect(section).toContainText("95");
  // Its history: Standard to the repayment date, then SMA-0, SMA-1, SMA-2, and NPA since the 91st day, classified to yesterday.
  const periods = section.getByRole("row").filter({ has: page.locator('td[data-label="Class"]') });
  await expect(periods.locator('td[data-label="Class"]')).toHaveText(["Standard", "SMA-0", "SMA-1", "SMA-2", "NPA"]);
  await expect(periods.last().locator('td[data-label="To"]')).toContainText("current");
  await expect(periods.last().locator('td[data-label="Days past due (last day)"]')).toHaveText("94");
  const loanNo = ((await page.getByTestId("loan-no").textContent()) ?? "").trim();
  expect(loanNo).not.toBe("");
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await section.screenshot({ path: info.outputPath(`i22-loan-class-${info.project.name}.png`) });

  // The collections list shows the class beside the days past due.
  await page.goto("/admin/collections");
  const row = page.getByRole("row").filter({ hasText: loanNo });
  await expect(row.locator('td[data-label="Days past due"]')).toHaveText("95");
  await expect(row.locator('td[data-label="Class"]')).toHaveText("NPA");
  await page.screenshot({ fullPage: true, path: info.outputPath(`i22-collections-${info.project.name}.png`) });

  // The portfolio, from the back office navigation: every class listed, the NPA loan counted.
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Portfolio" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Portfolio by asset class" })).toBeVisible();
  for (const label of ["Standard", "SMA-0", "SMA-1", "SMA-2", "NPA"]) await expect(page.getByRole("rowheader", { name: label, exact: true })).toBeVisible();
  const npaLoans = Number(await page.getByTestId("class-NPA").locator('td[data-label="Loans"]').textContent());
  expect(npaLoans).toBeGreaterThanOrEqual(1);
  // Amounts in rupees with Indian grouping (₹20,000 + ₹5,000 + ₹15,000 + ₹5,000 at least for this loan).
  await expect(page.getByTestId("class-NPA").locator('td[data-label="Outstanding"]')).toHaveText(/^₹\d{1,2}(,\d\d)*,\d{3}\.\d\d$/);
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ fullPage: true, path: info.outputPath(`i22-portfolio-${info.project.name}.png`) });

  // A bad date: a clear message by the field, no table.
  await page.getByLabel("As on (YYYY-MM-DD)").fill("2026-02-30");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.locator("#portfolio-date-error")).toHaveText("Enter the date as YYYY-MM-DD, for example 2026-11-26.");
  await expect(page.getByTestId("class-NPA")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ fullPage: true, path: info.outputPath(`i22-portfolio-bad-date-${info.project.name}.png`) });
  const bad = await page.request.get("/admin/portfolio.csv?date=tomorrow");
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toBe("Enter the date as YYYY-MM-DD, for example 2026-11-26.");

  // Back to today, and the CSV of the same figures.
  await page.goto("/admin/portfolio");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /Download as CSV/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^portfolio-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync((await download.path())!, "utf8")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe("as_on,asset_class,loans,outstanding_rupees,overdue_rupees");
  expect(lines.map((l) => l.split(",")[1])).toEqual(["asset_class", "Standard", "SMA-0", "SMA-1", "SMA-2", "NPA", "Total"]);
  expect(Number(lines[5].split(",")[2])).toBeGreaterThanOrEqual(1);
  const csvResponse = await page.request.get(`/admin/portfolio.csv?date=${lines[1].split(",")[0]}`);
  expect(csvResponse.headers()["content-type"]).toBe("text/csv; charset=utf-8");
});

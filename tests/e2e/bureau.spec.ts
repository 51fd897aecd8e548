// Credit-bureau reporting (issue 22): accounts signs in, opens the Credit bureau page, builds the file
// of the latest fortnight that has ended (or finds it built: both widths share one server), and
// downloads it. The browser never moves the shared clock; the periods are walked in server tests.
import { readFileSync } from "node:fs";
import { expectNoAxeViolations, expectNoHorizontalOverflow, randomMobile } from "./support.ts";
import { staffAccount, staffSignIn } from "./loan-life-support.ts";
import { expect, test } from "./fixtures.ts";

test.use({ actionTimeout: 20_000, navigationTimeout: 30_000 });

test("accounts builds the latest fortnight's bureau file and downloads it", async ({ page, baseURL }, info) => {
  test.setTimeout(150_000);
  // A borrower whose loan was paid out 20 days ago, so it is open in the fortnight that has ended.
  const mobile = randomMobile();
  expect((await page.request.post("/dev/demo-customer", { data: { mobile, user_type: "UNPAID-REPEAT", paid_out_days_ago: 20 } })).status()).toBe(200);
  const loanNo = `SOTDEMO${mobile}2`;

  const accounts = await staffAccount(page, baseURL!, "accounts");
  await staffSignIn(page, baseURL!, accounts);
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Credit bureau" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Credit bureau" })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);

  const periodEnd = await page.getByLabel(/Build the file as on/).inputValue();
  expect(periodEnd).toMatch(/^\d{4}-\d{2}-(15|28|29|30|31)$/);
  await page.getByRole("button", { name: "Build file" }).click();
  // Built now, or already built by the other width's run on this server.
  const built = page.getByRole("status").filter({ hasText: /Built the file: \d+ record\(s\), \d+ left out\./ });
  const already = page.getByRole("alert").filter({ hasText: "The file for that period is already built." });
  await expect(built.or(already)).toBeVisible();
  const weBuiltIt = await built.isVisible();

  const fileName = `SANDBOX0001_${periodEnd.replace(/-/g, "")}.tudf`;
  const files = page.getByRole("region", { name: /^Files \(\d+\)/ });
  const row = files.getByRole("row").filter({ has: page.getByRole("button", { name: `Download ${fileName}` }) });
  await expect(row).toHaveCount(1);
  const records = Number(await row.locator("td[data-label=Records]").textContent());
  expect(records).toBeGreaterThanOrEqual(weBuiltIt ? 1 : 0);
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ fullPage: true, path: info.outputPath(`bureau-${info.project.name}.png`) });

  const downloading = page.waitForEvent("download");
  await row.getByRole("button", { name: `Download ${fileName}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);
  const content = readFileSync((await download.path())!, "ascii");
  const [y, m, d] = periodEnd.split("-");
  expect(content.startsWith(`TUDF12${"SANDBOX0001".padEnd(30)}${"SALARYONTIME".padEnd(16)}`)).toBe(true);
  expect(content.slice(54, 62)).toBe(`${d}${m}${y}`);
  expect(content.endsWith("TRLR")).toBe(true);
  expect(content.split("ES02**").length - 1).toBe(records);
  if (weBuiltIt) expect(content).toContain(`03${String(loanNo.length).padStart(2, "0")}${loanNo}`);

  // Sent to the sandbox bureau, which reads it as the bureau would: its answer shows on the page.
  await row.getByRole("button", { name: /^Send to bureau/ }).click();
  await expect(page.getByRole("status")).toContainText(`Sent to TransUnion CIBIL (sandbox): Accepted, ${records} accepted, 0 rejected (reference SBX-`);
  await expect(page.getByRole("region", { name: new RegExp(`^Submissions of ${fileName.replace(".", "\\.")}`) })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ fullPage: true, path: info.outputPath(`bureau-sent-${info.project.name}.png`) });
});

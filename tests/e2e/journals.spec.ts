// Manual journals with four eyes (decision 44) in the browser: one person in accounts enters the funding
// journal (Dr bank, Cr capital), has no approve button on it, another person in accounts approves it and
// it is listed as posted. The period close page shows the months and the next one to close (no month is
// closed here: other specs back-date payments on this server).
import { randomBytes } from "node:crypto";
import { expectNoAxeViolations, expectNoHorizontalOverflow } from "./support.ts";
import { staffAccount, staffSignIn } from "./loan-life-support.ts";
import { expect, test } from "./fixtures.ts";

test("accounts enters a funding journal, another person in accounts approves it; the period close page lists the months", async ({ page, baseURL }) => {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
  const reason = `Share capital ${randomBytes(4).toString("hex")}`;

  const maker = await staffAccount(page, baseURL!, "accounts");
  await staffSignIn(page, baseURL!, maker);
  await page.goto("/admin/journals");
  await expect(page.getByRole("heading", { level: 1, name: "Manual journals" })).toBeVisible();
  await page.getByLabel("Date it counts for").fill(today);
  await page.getByLabel("Reason", { exact: true }).fill(reason);
  await page.getByLabel("Line 1 account").selectOption("bank");
  await page.getByLabel("Line 1 amount (₹)").fill("50,00,000");
  await page.getByLabel("Line 2 account").selectOption("capital");
  await page.getByLabel("Line 2 amount (₹)").fill("49,00,000");
  await page.getByRole("button", { name: "Enter journal" }).click();
  await expect(page.getByRole("alert")).toContainText("Debits (₹50,00,000) and credits (₹49,00,000) must be equal.");
  await page.getByLabel("Line 2 amount (₹)").fill("50,00,000");
  await page.getByRole("button", { name: "Enter journal" }).click();
  await expect(page.getByRole("status")).toContainText(`Entered a journal of ₹50,00,000 dated ${today}`);
  const row = page.getByRole("row").filter({ hasText: reason });
  await expect(row).toContainText("Dr bank ₹50,00,000; Cr capital ₹50,00,000");
  await expect(row.getByRole("button", { name: /^Approve/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.context().clearCookies();

  const checker = await staffAccount(page, baseURL!, "accounts");
  await staffSignIn(page, baseURL!, checker);
  await page.goto("/admin/journals");
  await page
    .getByRole("row")
    .filter({ hasText: reason })
    .getByRole("button", { name: /^Approve/ })
    .click();
  await expect(page.getByRole("status")).toContainText("Approved and posted to the ledger.");
  await page.getByRole("link", { name: "Approved (posted)" }).click();
  await expect(page.getByRole("row").filter({ hasText: reason })).toContainText(checker.email);

  await page.goto("/admin/period-close");
  await expect(page.getByRole("heading", { level: 1, name: "Period close" })).toBeVisible();
  await expect(page.getByRole("table")).toContainText("open");
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
});

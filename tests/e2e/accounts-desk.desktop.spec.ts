// The accountant's desk (issue 29, findings 10 and 11) at 1280 px: accounts opens a loan paid out today
// (₹20,000, fee ₹2,000, GST ₹360, net ₹17,640) on its loan account page, from the lookup and from the
// application's address; reads the trial balance, the general ledger and the day book; downloads each CSV
// and the Tally XML; and the auditor reads the same loan. Other specs share the server, so whole-book totals
// are checked to agree, and this loan's own lines by hand.
import { readFileSync } from "node:fs";
import type { Download, Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, expectNoHorizontalOverflow, randomMobile } from "./support.ts";
import { test } from "./fixtures.ts";
import { staffAccount, staffSignIn, staffSignOut } from "./loan-life-support.ts";

const read = async (download: Download) => readFileSync((await download.path())!, "utf8");
const download = async (page: Page, name: RegExp) => {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).click()]);
  return file;
};
const shot = async (page: Page, name: string) => {
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ fullPage: true, path: test.info().outputPath(`i29-desk-${name}.png`) });
};

/** The other browser tests post entries too: the loan's rows may be on a later page of 100. */
async function pageTo(page: Page, rows: Locator) {
  const pager = page.getByRole("navigation", { name: "Pages" }).first();
  for (let n = 2; n <= 30 && (await rows.count()) === 0; n++) {
    const next = pager.getByRole("link", { name: "Next", exact: true });
    if ((await next.count()) === 0) break;
    await next.click();
    await expect(pager).toContainText(`Page ${n} of`);
  }
}

test("accounts reads a loan's account, the trial balance, the general ledger and the day book, and downloads them", async ({ page, baseURL }) => {
  const mobile = randomMobile();
  const loanNo = `SOTDEMO${mobile}2`;
  expect((await page.request.post("/dev/demo-customer", { data: { mobile, user_type: "UNPAID-REPEAT", paid_out_days_ago: 0 } })).status()).toBe(200);

  const accounts = await staffAccount(page, baseURL!, "accounts");
  await staffSignIn(page, baseURL!, accounts);
  const nav = page.getByRole("navigation", { name: "Back office" });

  // The loan, found by its number: its terms, what it owes by head, its entries and statement.
  await nav.getByRole("link", { name: "Loan accounts" }).click();
  await page.getByLabel("Loan number").fill("SOTNOSUCHLOAN");
  await page.getByRole("button", { name: "Open" }).click();
  await expect(page.locator("#loan-no-error")).toHaveText("No such loan.");
  await page.getByLabel("Loan number").fill(loanNo);
  await page.getByRole("button", { name: "Open" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Loan account ${loanNo}` })).toBeVisible();
  const leadId = new URL(page.url()).pathname.split("/").at(-1)!;
  await expect(page.getByTestId("term-principal")).toHaveText("₹20,000.00");
  await expect(page.getByTestId("term-fee")).toHaveText("₹2,000.00");
  await expect(page.getByTestId("term-gst")).toHaveText("₹360.00");
  await expect(page.getByTestId("term-net")).toHaveText("₹17,640.00");
  await expect(page.getByTestId("due-principal")).toHaveText("₹20,000.00");
  await expect(page.getByTestId("due-interest")).toHaveText("₹0.00");
  await expect(page.getByTestId("due-total")).toHaveText("₹20,000.00");
  const entries = page.getByRole("region", { name: /(entry|entries), oldest first/ });
  await expect(entries.getByRole("row").filter({ hasText: "Disbursal" })).toContainText("₹20,000.00");
  await expect(entries).toContainText("₹17,640.00");
  await expect(page.getByRole("region", { name: /customer's statement/ })).toContainText("₹20,000.00");
  await shot(page, "loan-account");

  // A loan's application address takes accounts to the loan account, not a refusal.
  await page.goto(`/admin/credit/${leadId}`);
  await expect(page).toHaveURL(new RegExp(`/admin/loans/${leadId}$`));

  // The trial balance: debits and credits agree, the CSV balances too.
  await nav.getByRole("link", { name: "Trial balance" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Trial balance" })).toBeVisible();
  await expect(page.getByTestId("tb-balanced")).toHaveText("Debits and credits agree.");
  await expect(page.getByTestId("tb-principal_receivable").locator('td[data-label="Debit"]')).toHaveText(/^₹[\d,]+\.\d\d$/);
  await shot(page, "trial-balance");
  const tbCsv = (await read(await download(page, /Download as CSV/))).trim().split("\r\n");
  expect(tbCsv[0]).toBe("as_on,account,account_name,debit_rupees,credit_rupees");
  const [, , , debit, credit] = tbCsv.at(-1)!.split(",");
  expect(Number(debit)).toBeGreaterThanOrEqual(20_000);
  expect(debit).toBe(credit);
  // A bad date: the message by the field, no table.
  await page.getByLabel("As on (YYYY-MM-DD)").fill("2026-02-30");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.locator("#tb-date-error")).toHaveText("Enter the date as YYYY-MM-DD, for example 2026-11-26.");
  await expect(page.getByTestId("tb-total")).toHaveCount(0);
  const badCsv = await page.request.get("/admin/trial-balance.csv?date=2999-01-01");
  expect([badCsv.status(), await badCsv.text()]).toEqual([400, "Choose today or an earlier date."]);

  // The general ledger of principal receivable from the trial balance: this loan's payout, with a link to it.
  await page.goto("/admin/trial-balance");
  await page.getByRole("link", { name: "Principal receivable" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "General ledger" })).toBeVisible();
  const payout = page.getByRole("row").filter({ has: page.getByRole("link", { name: loanNo }) });
  await pageTo(page, payout);
  await expect(payout.locator('td[data-label="Kind"]')).toHaveText("Disbursal");
  await expect(payout.locator('td[data-label="Debit"]')).toHaveText("₹20,000.00");
  await shot(page, "general-ledger");
  const glCsv = await read(await download(page, /Download as CSV/));
  expect(glCsv).toContain(`,disbursal,${loanNo},,20000.00,,`);
  await page.getByLabel("From (YYYY-MM-DD)").fill("2026-11-20");
  await page.getByLabel("To (YYYY-MM-DD)").fill("2026-11-01");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.locator("#gl-from-error")).toHaveText("The start date must be on or before the end date.");

  // The day book: the payout entry with its four postings; its CSV and the Tally file.
  await nav.getByRole("link", { name: "Day book" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Day book" })).toBeVisible();
  const first = page.getByRole("row").filter({ has: page.getByRole("link", { name: loanNo }) });
  await pageTo(page, first);
  await expect(first.locator('td[data-label="Account"]')).toHaveText("Principal receivable");
  await expect(first.locator('td[data-label="Debit"]')).toHaveText("₹20,000.00");
  await shot(page, "day-book");
  const dbCsv = await read(await download(page, /Download as CSV/));
  for (const line of [`principal_receivable,20000.00,`, `bank,,17640.00`, `fee_income,,2000.00`, `gst_payable,,360.00`])
    expect(dbCsv).toContain(`,disbursal,${loanNo},,${line}`);
  const tallyFile = await download(page, /Download for Tally/);
  expect(tallyFile.suggestedFilename()).toMatch(/^tally-vouchers-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.xml$/);
  const xml = await read(tallyFile);
  expect(xml).toContain("<TALLYREQUEST>Import Data</TALLYREQUEST>");
  const voucher = xml.slice(xml.indexOf(`<NARRATION>Disbursal · loan ${loanNo}</NARRATION>`));
  expect(voucher.slice(0, voucher.indexOf("</VOUCHER>"))).toContain(
    "<LEDGERNAME>Short Term Personal Loans</LEDGERNAME>\n       <ISDEEMEDPOSITIVE>Yes</ISDEEMEDPOSITIVE>\n       <AMOUNT>-20000.00</AMOUNT>",
  );

  // The auditor reads the same loan from the application's page.
  await staffSignOut(page);
  const auditor = await staffAccount(page, baseURL!, "auditor");
  await staffSignIn(page, baseURL!, auditor);
  await page.goto(`/admin/credit/${leadId}`);
  await page.getByRole("link", { name: /Loan account: terms, dues by head/ }).click();
  await expect(page.getByTestId("due-total")).toHaveText("₹20,000.00");
  // Read-only: nothing on the page changes the loan (a document is only downloaded, with a reason).
  await expect(page.locator("#admin-main form:not([action*='/documents/'])")).toHaveCount(0);
  await shot(page, "loan-account-auditor");
});

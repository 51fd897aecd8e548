// Value dating in the browser (issue 20, decision 36): a bank transfer that reached us on the repayment
// date, entered and approved five days later, closes the loan with no penal charge. The demo loan is
// ₹20,000 for 25 days, five days overdue: on time it owed 20,000 + 25 × 200 = ₹25,000; today the
// dashboard shows post-due interest and penal charges on top, which the approval takes back. The
// bank's statement line of that day, imported by accounts, clears the transfer (issue 29).
import { randomBytes } from "node:crypto";
import { expectNoAxeViolations, expectNoHorizontalOverflow } from "./support.ts";
import { demoLoan } from "./demo-loan-support.ts";
import { staffAccount, staffSignIn } from "./loan-life-support.ts";
import { expect, test } from "./fixtures.ts";

const indiaDate = (at: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(at);

test("a transfer received on the repayment date and approved five days later closes the loan with no penal charge", async ({ page, baseURL }) => {
  // Five days late as posted: 25,000 + 5 × (200 interest + 100 penal) = ₹26,500.
  const loan = await demoLoan(page, { overdueDays: 5 });
  expect(loan.totalDue).toBe(26_500);
  const { loanNo, session } = loan;

  const repaymentDate = indiaDate(new Date(Date.now() - 5 * 86_400_000));
  const reference = `UTR${randomBytes(6).toString("hex").toUpperCase()}`;
  const collections = await staffAccount(page, baseURL!, "collections");
  await staffSignIn(page, baseURL!, collections);
  await page.goto("/admin/bank-transfers");
  await page.getByLabel("Loan number").fill(loanNo);
  await page.getByLabel("Amount (₹)").fill("25000");
  await page.getByLabel("Bank reference (UTR)").fill(reference);
  await page.getByLabel("Date received").fill(repaymentDate);
  await page.getByRole("button", { name: "Enter transfer" }).click();
  await expect(page.getByRole("status")).toContainText(`for ${loanNo} (${reference}); it waits for accounts.`);
  await page.context().clearCookies();

  const accounts = await staffAccount(page, baseURL!, "accounts");
  await staffSignIn(page, baseURL!, accounts);
  await page.goto("/admin/bank-transfers");
  await page.getByRole("button", { name: new RegExp(`^Approve .*${reference}`) }).click();
  // The money counts from the repayment date: ₹25,000 was exactly what was due then.
  await expect(page.getByRole("status")).toContainText("Approved and posted. The loan is now closed.");
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);

  // Issue 29: the bank's statement of that day names the UTR; importing it clears the transfer to the bank.
  const [y, m, d] = repaymentDate.split("-");
  const csv = `Date,Value Date,Narration,Chq/Ref No,Debit,Credit,Balance\n${d}/${m}/${y},${d}/${m}/${y},NEFT CR-${reference}-BORROWER,${reference},,"25,000.00","25,000.00"\n`;
  await page.goto("/admin/bank-statement");
  await page.getByLabel("Account number (needed for CSV)").fill("50200012345678");
  await page.getByLabel("File").setInputFiles({ name: "statement.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByRole("status")).toContainText("Imported 1 line(s) of account 50200012345678: 1 new, 1 matched, 0 waiting below.");
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.context().clearCookies();

  // The customer's loan is closed with nothing left and nothing held: Re-Loan is offered.
  await page.context().addCookies(session);
  await page.goto("/my-dashboard");
  await expect(page.getByRole("button", { name: "Re-Loan" })).toBeVisible();
  await expectNoAxeViolations(page);
});

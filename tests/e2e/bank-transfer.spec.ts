// A bank transfer to the company account, posted by two people (decision 29's four-eyes rule):
// collections enters it, accounts approves it, and the loan it clears is closed.
import { randomBytes } from "node:crypto";
import { expectNoAxeViolations, expectNoHorizontalOverflow } from "./support.ts";
import { demoLoan } from "./demo-loan-support.ts";
import { staffAccount, staffSignIn } from "./loan-life-support.ts";
import { expect, test } from "./fixtures.ts";

test("collections enters a bank transfer, accounts approves it, and the loan it clears is closed", async ({ page, baseURL }) => {
  const loan = await demoLoan(page);
  const reference = `UTR${randomBytes(6).toString("hex").toUpperCase()}`;
  const received = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());

  const collections = await staffAccount(page, baseURL!, "collections");
  await staffSignIn(page, baseURL!, collections);
  await page.goto("/admin/bank-transfers");
  await expect(page.getByRole("heading", { level: 1, name: "Bank transfers" })).toBeVisible();
  await page.getByLabel("Loan number").fill(loan.loanNo);
  await page.getByLabel("Amount (₹)").fill(String(loan.totalDue + 1000));
  await page.getByLabel("Bank reference (UTR)").fill(reference);
  await page.getByLabel("Date received").fill(received);
  await page.getByRole("button", { name: "Enter transfer" }).click();
  await expect(page.getByRole("status")).toContainText(`for ${loan.loanNo} (${reference}); it waits for accounts.`);
  // The person who entered it has no approve button: another person must approve.
  await expect(page.getByRole("button", { name: new RegExp(`^Approve .*${reference}`) })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.context().clearCookies();

  const accounts = await staffAccount(page, baseURL!, "accounts");
  await staffSignIn(page, baseURL!, accounts);
  await page.goto("/admin/bank-transfers");
  await page.getByRole("button", { name: new RegExp(`^Approve .*${reference}`) }).click();
  await expect(page.getByRole("status")).toContainText("Approved and posted. The loan is now closed.");
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.context().clearCookies();

  // The customer sees the loan closed and may borrow again.
  await page.context().addCookies(loan.session);
  await page.goto("/my-dashboard");
  await expect(page.getByRole("button", { name: "Re-Loan" })).toBeVisible();
});

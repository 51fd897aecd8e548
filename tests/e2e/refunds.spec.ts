// Refund of a customer's excess (decision 37): a bank transfer for more than the loan owed leaves
// ₹980.00 held; one person requests the refund to the verified bank account, another in accounts
// approves it, the sandbox payout pays it, and the customer's Loan Details show it refunded.
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations, expectNoHorizontalOverflow } from "./support.ts";
import { demoLoan } from "./demo-loan-support.ts";
import { staffAccount, staffSignIn } from "./loan-life-support.ts";
import { expect, test } from "./fixtures.ts";

const shot = (page: Page, name: string) => page.screenshot({ fullPage: true, path: `test-results/refunds-${name}-${page.viewportSize()?.width ?? 0}.png` });

test("a refund of excess: requested by one person, approved by another in accounts, paid, and shown to the customer", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const loan = await demoLoan(page);
  const reference = `UTR${randomBytes(6).toString("hex").toUpperCase()}`;
  const received = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());

  // Collections enters a transfer of ₹980 more than the total due; accounts approves it.
  const collections = await staffAccount(page, baseURL!, "collections");
  await staffSignIn(page, baseURL!, collections);
  await page.goto("/admin/bank-transfers");
  await page.getByLabel("Loan number").fill(loan.loanNo);
  await page.getByLabel("Amount (₹)").fill(String(loan.totalDue + 980));
  await page.getByLabel("Bank reference (UTR)").fill(reference);
  await page.getByLabel("Date received").fill(received);
  await page.getByRole("button", { name: "Enter transfer" }).click();
  await expect(page.getByRole("status")).toContainText("it waits for accounts.");
  await page.context().clearCookies();

  const accounts = await staffAccount(page, baseURL!, "accounts");
  await staffSignIn(page, baseURL!, accounts);
  await page.goto("/admin/bank-transfers");
  await page.getByRole("button", { name: new RegExp(`^Approve .*${reference}`) }).click();
  await expect(page.getByRole("status")).toContainText("₹980 is excess, held for refund.");

  // The same accounts person requests the refund of the ₹980.00 held.
  await page.getByRole("link", { name: "Refunds" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Refunds" })).toBeVisible();
  const held = page.getByRole("row", { name: new RegExp(loan.loanNo) }).first();
  await expect(held).toContainText("₹980.00");
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await shot(page, "held");
  await held.getByRole("button", { name: `Request refund for ${loan.loanNo}` }).click();
  await expect(page.getByRole("status")).toContainText(`Requested a refund of ₹980.00 for ${loan.loanNo}, to the bank account ending`);
  // Their own request has no approve button: another person in accounts approves.
  await expect(page.getByRole("button", { name: `Approve refund of ₹980.00 for ${loan.loanNo}` })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.context().clearCookies();

  // A second person in accounts approves; the sandbox payout pays it and its signed event posts it.
  const approver = await staffAccount(page, baseURL!, "accounts");
  await staffSignIn(page, baseURL!, approver);
  await page.goto("/admin/refunds");
  await shot(page, "waiting");
  await page.getByRole("button", { name: `Approve refund of ₹980.00 for ${loan.loanNo}` }).click();
  await expect(page.getByRole("status")).toContainText(`Approved: ₹980.00 for ${loan.loanNo}.`);
  await expect(async () => {
    await page.goto("/admin/refunds");
    await expect(page.getByRole("row", { name: new RegExp(`${loan.loanNo}.*Refunded`) })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await shot(page, "paid");
  // A malformed or unknown id is a clear message, never a server error.
  for (const [intent, id] of [
    ["approve", "not-a-refund"],
    ["check", "00000000-0000-4000-8000-000000000000"],
  ]) {
    const forged = await page.request.post("/admin/refunds", { form: { intent, id }, headers: { origin: new URL(page.url()).origin } });
    expect(forged.status(), intent).toBe(400);
    expect(await forged.text()).toContain("No such refund.");
  }
  await page.context().clearCookies();

  // The customer's Loan Details show the refund, and the money no longer held.
  await page.context().addCookies(loan.session);
  await page.goto("/my-dashboard/details");
  const card = page.getByRole("region", { name: "Money paid above what was due" });
  await expect(card).toContainText("We hold nothing of yours for this loan.");
  await expect(card).toContainText(/Refunded to you ₹980\.00 \(to your bank account ending \d{4}\) on \d{1,2} [A-Z][a-z]{2} \d{4}\./);
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await shot(page, "loan-details");
  // The statement PDF downloads for the loan (its refund line is checked in the server tests).
  const statement = await page.request.get((await page.getByRole("link", { name: "Download Loan Statement (PDF)" }).getAttribute("href")) ?? "");
  expect(statement.headers()["content-type"]).toContain("application/pdf");
});

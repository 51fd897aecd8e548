// Write-off of an NPA from the portfolio page (issue 29, decision 44): accounts enters it with a reason,
// the credit head approves it. The demo loan is ₹20,000, 95 days past due, never paid: its interest
// and penal charges are all in suspense, so the net book value written off is the ₹20,000 principal,
// and the provision held by yesterday's day-end (sub-standard, 10%) is ₹2,000.
import { apiPath } from "../../core/contract/paths.ts";
import { expect, expectNoAxeViolations, expectNoHorizontalOverflow, randomMobile, signInThroughUi } from "./support.ts";
import { test } from "./fixtures.ts";
import { staffAccount, staffSignIn } from "./loan-life-support.ts";

test("accounts enters the write-off of an NPA and the credit head approves it", async ({ page, baseURL }, info) => {
  const mobile = randomMobile();
  expect((await page.request.post("/dev/demo-customer", { data: { mobile, user_type: "UNPAID-REPEAT", overdue_days: 95 } })).status()).toBe(200);
  await signInThroughUi(page, mobile);
  const loanNo = await page.evaluate(async (path) => {
    const reply = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    return ((await reply.json()) as { Data: { active_loan_details: { loan_no: string } } }).Data.active_loan_details.loan_no;
  }, apiPath("getDashboardData"));
  expect(loanNo).toBeTruthy();
  await page.context().clearCookies();
  expect((await page.request.post("/dev/classify")).status()).toBe(200);

  const accounts = await staffAccount(page, baseURL!, "accounts");
  await staffSignIn(page, baseURL!, accounts);
  await page.goto("/admin/portfolio");
  const section = page.locator("section", { has: page.getByRole("heading", { name: "Write-offs" }) });
  // Bad input: a clear message by the field, nothing entered.
  await section.getByLabel("Loan number").fill(loanNo);
  await section.getByLabel("Reason").fill("too short");
  await section.getByRole("button", { name: "Enter write-off for approval" }).click();
  await expect(page.locator("#wo-reason-error")).toHaveText("Please give the reason for the write-off (10 to 500 characters).");
  await section.getByLabel("Reason").fill("No contact for 95 days; the employer says the borrower has left");
  await section.getByRole("button", { name: "Enter write-off for approval" }).click();
  await expect(page.getByRole("status")).toContainText(`Write-off of ${loanNo} entered; it waits for the credit head.`);
  // Accounts cannot approve.
  await expect(page.getByRole("button", { name: `Approve the write-off of ${loanNo}` })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.context().clearCookies();

  const head = await staffAccount(page, baseURL!, "credit_head");
  await staffSignIn(page, baseURL!, head);
  await page.goto("/admin/portfolio");
  await page.getByRole("button", { name: `Approve the write-off of ${loanNo}` }).click();
  await expect(page.getByRole("status")).toContainText(`Written off ${loanNo}: ₹20,000.00, of which ₹2,000.00 from the provision.`);
  const done = page.getByRole("row").filter({ hasText: loanNo });
  await expect(done.locator('td[data-label="Written off"]')).toHaveText("₹20,000.00");
  await expect(done.locator('td[data-label="Provision used"]')).toHaveText("₹2,000.00");
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ fullPage: true, path: info.outputPath(`i29-write-off-${info.project.name}.png`) });
});

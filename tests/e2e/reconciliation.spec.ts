// Reconciliation (issue 20): a customer pays by PayU and closes the tab, and PayU's server
// notification is lost, so nothing tells us; the reconciliation job (run now through the
// sandbox-only POST /dev/reconcile: /dev/jobs/run would need the shared clock moved 15 minutes) asks PayU and records the payment: the loan's total due drops.
// Accounts then sees the reconciliation and settlements screens.
import type { Page } from "@playwright/test";
import { expectNoAxeViolations, expectNoHorizontalOverflow, randomMobile, signInThroughUi } from "./support.ts";
import { staffAccount, staffSignIn } from "./loan-life-support.ts";
import { expect, test } from "./fixtures.ts";

test.use({ actionTimeout: 20_000, navigationTimeout: 30_000 });

/** "Total due today" on the Repayment screen, in rupees. */
async function totalDue(page: Page): Promise<number> {
  const text = (await page.locator(".repay-summary tr[data-line=total] td").textContent()) ?? "";
  return Number(text.replace(/[₹,]/g, ""));
}

test("a PayU payment whose tab was closed is recorded by reconciliation; accounts sees the screens", async ({ page, baseURL }, info) => {
  test.setTimeout(180_000);
  const mobile = randomMobile();
  expect((await page.request.post("/dev/demo-customer", { data: { mobile, user_type: "UNPAID-REPEAT" } })).status()).toBe(200);
  await signInThroughUi(page, mobile);
  await page.goto("/my-dashboard/repayment");
  await expect(page.getByRole("heading", { name: "Loan Repayment", exact: true })).toBeVisible();
  const before = await totalDue(page);
  expect(before).toBeGreaterThan(1000);

  await page.getByLabel("Amount to pay (₹)").fill("1000");
  await page.getByLabel(/I accept the Terms and Conditions and confirm this payment/).check();
  await page.getByRole("button", { name: "Proceed to Pay" }).click();
  await page.getByRole("dialog", { name: "Choose how to pay" }).getByRole("button", { name: "Pay with PayU" }).click();
  await page.waitForURL(/\/sandbox\/payu\//);
  await page.getByLabel("Pay, then close the tab (server notification lost)").check();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payment received" })).toBeVisible();
  const status = page.getByRole("status");
  await expect(status).toContainText("Payment of ₹1,000.00 received");
  const orderId = /transaction (SOTR[0-9A-F]+)/.exec((await status.textContent()) ?? "")?.[1];
  expect(orderId).toBeTruthy();
  await expect(page.getByText("You may close this tab.")).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  // No form goes back and no redirect happens: the page has nothing that could take the browser away
  // (the other outcomes go back by a form that return.js submits), so it stays on PayU once loaded.
  await page.waitForLoadState("load");
  await expect(page.locator("form")).toHaveCount(0);
  await expect(page.locator("script[src], meta[http-equiv=refresh]")).toHaveCount(0);
  expect(new URL(page.url()).pathname).toMatch(/^\/sandbox\/payu\//);

  // The customer comes back later: nothing is recorded yet.
  await page.goto("/my-dashboard/repayment");
  expect(await totalDue(page)).toBe(before);

  // The job, now (it waits 15 minutes otherwise), for this test's order only.
  const run = await page.request.post("/dev/reconcile", { data: { order_id: orderId } });
  expect(run.status()).toBe(200);
  expect(((await run.json()) as { paid: number }).paid).toBeGreaterThanOrEqual(1);
  await page.goto("/my-dashboard/repayment");
  expect(await totalDue(page)).toBeCloseTo(before - 1000, 2);
  await page.context().clearCookies();

  const accounts = await staffAccount(page, baseURL!, "accounts");
  await staffSignIn(page, baseURL!, accounts);
  const nav = page.getByRole("navigation", { name: "Back office" });
  await nav.getByRole("link", { name: "Reconciliation" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reconciliation" })).toBeVisible();
  await expect(page.getByRole("region", { name: /^Open orders being chased/ })).toBeVisible();
  await expect(page.getByRole("region", { name: /^Open exceptions/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ fullPage: true, path: info.outputPath(`reconciliation-${info.project.name}.png`) });

  await nav.getByRole("link", { name: "Settlements" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settlements" })).toBeVisible();
  await expect(page.getByRole("region", { name: /^Settlements posted/ })).toBeVisible();
  await expect(page.getByRole("region", { name: /^Lines that do not match/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ fullPage: true, path: info.outputPath(`settlements-${info.project.name}.png`) });
});

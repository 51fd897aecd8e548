// Issue 32: the source "ONDC" on the desks. A person takes a loan through the sandbox buyer app; a credit head
// finds it on the credit queue filtered to ONDC (the row says ONDC and the buyer app), opens the application
// (its source links to the ONDC transaction), and, once sanctioned and paid out as any loan is, an accountant's loan account
// page says ONDC too. Each desk is checked at 1280 px and again at 360 px (axe, no overflow, a screenshot).
import type { Page, TestInfo } from "@playwright/test";
import { checkScreen } from "./admin-support.ts";
import { recommendSanctionAndPayOut, staffAccount, staffSignIn, staffSignOut } from "./loan-life-support.ts";
import { ondcLoanThroughBuyerApp } from "./ondc-support.ts";
import { expectNoHorizontalOverflow, randomMobile, signInThroughUi } from "./support.ts";
import { expect, test } from "./fixtures.ts";

test.use({ actionTimeout: 20_000, navigationTimeout: 30_000 });

/** The screen at 1280 px, then at 360 px: axe, nothing wider than the viewport, a full-page screenshot each. */
async function bothWidths(page: Page, info: TestInfo, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoHorizontalOverflow(page);
    await checkScreen(page, info, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("an ONDC loan says ONDC, with its buyer app, on the credit queue, the application and the loan account", async ({ page, baseURL }, info) => {
  test.setTimeout(420_000);
  const mobile = randomMobile();
  await ondcLoanThroughBuyerApp(page, mobile);

  const head = await staffAccount(page, baseURL!, "credit_head");
  await staffSignIn(page, baseURL!, head);
  await page.goto("/admin/credit");
  await page.getByLabel("Source").selectOption({ label: "ONDC" });
  await page.getByLabel("Loan number, mobile or PAN").fill(mobile);
  await page.getByRole("button", { name: "Search" }).click();
  await page.waitForURL(/source=ondc/);
  const row = page.getByRole("row").filter({ hasText: `XXXXXX${mobile.slice(-4)}` });
  await expect(row.locator("td[data-label=Source]")).toContainText("ONDC");
  await expect(row.locator("td[data-label=Source]")).toContainText("buyer app");
  await bothWidths(page, info, "ondc-source-credit-queue");

  // The same search for website applications does not find it.
  await page.getByLabel("Source").selectOption({ label: "Website" });
  await page.getByRole("button", { name: "Search" }).click();
  await page.waitForURL(/source=website/);
  await expect(page.getByText("No application matches this search.")).toBeVisible();

  await page.goBack();
  await row.getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: /^Application / })).toBeVisible();
  const leadId = new URL(page.url()).pathname.split("/").at(-1)!;
  const source = page.getByTestId("lead-source");
  await expect(source).toContainText("ONDC");
  await expect(source).toContainText("buyer app");
  await bothWidths(page, info, "ondc-source-application");
  await source.getByRole("link", { name: "ONDC transaction and its messages" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "ONDC transaction" })).toBeVisible();
  await staffSignOut(page);

  // Four eyes and the payout as for any loan (the customer, the same person on our website, shows whose queue it is in).
  await signInThroughUi(page, mobile, { recentCode: true });
  await recommendSanctionAndPayOut(page, baseURL!, mobile, leadId);

  const accountant = await staffAccount(page, baseURL!, "accounts");
  await staffSignIn(page, baseURL!, accountant);
  await page.goto(`/admin/loans/${leadId}`);
  await expect(page.getByRole("heading", { level: 1, name: /^Loan account / })).toBeVisible();
  await expect(page.getByTestId("lead-source")).toContainText("ONDC");
  await expect(page.getByTestId("lead-source").getByRole("link", { name: "ONDC transaction and its messages" })).toBeVisible();
  await bothWidths(page, info, "ondc-source-loan-account");
});

// What a new customer stumbled on (issue 21): Repayment in the menu only while a loan is active, and
// Loan Details' download buttons apart from the facts above them. At 360 px and 1280 px, with axe.
import type { Page, TestInfo } from "@playwright/test";
import { expectNoAxeViolations, randomMobile, signInThroughUi } from "./support.ts";
import { expect, test } from "./fixtures.ts";

/** The dashboard menu: a button opens it below 768 px; from 768 px it is always shown. */
async function dashboardMenu(page: Page) {
  const menu = page.getByRole("navigation", { name: "Dashboard" });
  if (page.viewportSize()!.width < 768) await page.getByRole("button", { name: "Menu" }).click();
  await expect(menu).toBeVisible();
  return menu;
}

async function shot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ fullPage: true, path: info.outputPath(`${name}-${info.project.name}.png`) });
  if (process.env.SCREENS_DIR) await page.screenshot({ fullPage: true, path: `${process.env.SCREENS_DIR}/${name}-${info.project.name}.png` });
}

test("Repayment is in the dashboard menu while a loan is active, and not before", async ({ page }, info) => {
  // A new customer: no loan, no Repayment.
  await signInThroughUi(page);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const empty = await dashboardMenu(page);
  await expect(empty.getByRole("link", { name: "Loan History" })).toBeVisible();
  await expect(empty.getByRole("link", { name: "Repayment" })).toHaveCount(0);
  await page.context().clearCookies();

  // A customer with a loan paid out: Repayment, named as the README names it, opens the repayment screen.
  const mobile = randomMobile();
  expect((await page.request.post("/dev/demo-customer", { data: { mobile, user_type: "UNPAID-REPEAT" } })).status()).toBe(200);
  await signInThroughUi(page, mobile);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const menu = await dashboardMenu(page);
  await expectNoAxeViolations(page);
  await shot(page, info, "menu-repayment");
  await menu.getByRole("link", { name: "Repayment" }).click();
  await page.waitForURL(/\/my-dashboard\/repayment$/);
  await expect(page.getByRole("heading", { level: 1, name: "Loan Repayment" })).toBeVisible();
  // The menu marks where the customer is (on a phone it closed after the choice: open it again).
  await expect((await dashboardMenu(page)).getByRole("link", { name: "Repayment" })).toHaveAttribute("aria-current", "page");
  await expectNoAxeViolations(page);

  // Loan Details of the active loan: the download buttons keep a clear gap below the last row of facts.
  await page.goto("/my-dashboard/details");
  const card = page.getByRole("region", { name: "Application Details" });
  await expect(card.getByRole("link", { name: "Download Loan Statement (PDF)" })).toBeVisible();
  const lastRow = (await card.locator("dl.facts > div").last().boundingBox())!;
  const firstButton = (await card.locator(".detail-downloads a").first().boundingBox())!;
  expect(firstButton.y - (lastRow.y + lastRow.height)).toBeGreaterThanOrEqual(12);
  await expectNoAxeViolations(page);
  await shot(page, info, "loan-details-downloads");

  // The home's "Your documents": screenshot for the bullets of wrapped links.
  await page.goto("/my-dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await shot(page, info, "home-documents");
});

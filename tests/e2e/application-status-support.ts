// Issue 14: the customer's dashboard home and My Account after submission say where the application
// is, what happens next and when, who the credit manager is, and offer its documents.
import type { Page, TestInfo } from "@playwright/test";
import { expect, expectNoAxeViolations, expectNoHorizontalOverflow } from "./support.ts";

export type StatusExpectation = { label: string | RegExp; when?: RegExp; manager?: boolean; agreement?: boolean; kfs?: boolean };

const shot = async (page: Page, info: TestInfo, name: string) => {
  await page.screenshot({ fullPage: true, path: info.outputPath(`${name}-${info.project.name}.png`) });
  if (process.env.STATUS_SCREENS_DIR) await page.screenshot({ fullPage: true, path: `${process.env.STATUS_SCREENS_DIR}/${name}-${info.project.name}.png` });
};

async function expectStatusCard(page: Page, expected: StatusExpectation) {
  const card = page.getByRole("region", { name: "Your loan application" });
  await expect(card).toBeVisible();
  await expect(card.locator(".status-pill")).toHaveText(expected.label);
  await expect(card).toContainText("What happens next:");
  if (expected.when) await expect(card.locator(".status-when")).toHaveText(expected.when);
  else await expect(card.locator(".status-when")).toHaveCount(0);
  await expect(card.getByRole("heading", { name: "Your credit manager" })).toHaveCount(expected.manager ? 1 : 0);
  if (expected.manager) await expect(card.getByRole("link", { name: /^\+91 \d{5} \d{5}$/ })).toBeVisible();
  await expect(card.getByRole("link", { name: "Download signed loan agreement (PDF)" })).toHaveCount(expected.agreement ? 1 : 0);
  await expect(card.getByRole("link", { name: "Download Key Fact Statement (PDF)" })).toHaveCount(expected.kfs ? 1 : 0);
  return card;
}

/** Home then My Account (through the /my-dashboard/user-profile alias): the status card, axe, no overflow, screenshots. */
export async function expectApplicationStatus(page: Page, info: TestInfo, name: string, expected: StatusExpectation) {
  await page.goto("/my-dashboard");
  const card = await expectStatusCard(page, expected);
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await shot(page, info, `home-${name}`);

  await page.goto("/my-dashboard/user-profile");
  await expect(page).toHaveURL(/\/my-dashboard\/(lead-preview|profile-preview)$/);
  await expectStatusCard(page, expected);
  await expect(page.getByTestId("account-summary")).not.toContainText("Complete your profile and check your eligibility");
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await shot(page, info, `account-${name}`);
  return card;
}

/** The signed agreement link downloads a PDF for its owner. */
export async function expectAgreementDownload(page: Page) {
  const link = page.getByRole("link", { name: /signed loan agreement \(PDF\)/i }).first();
  const href = await link.getAttribute("href");
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/pdf");
}

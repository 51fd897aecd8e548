// Buyer app fees (issue 32, point 9): an application signed on the website and marked, by the sandbox-only dev
// route, as come through the sandbox buyer app (its search at 1 % a year, our forms F02 to F06) is sanctioned and
// paid out through the back office; the ondc-callbacks job (every minute) accrues the buyer app's finder fee. An
// accountant finds it owed on the desk, is refused a payment of more than is owed, records the payment the bank
// made and sees nothing more owed. axe and no overflow at 1280 and at 360 px, with full-page screenshots.
import { bankAndSignByApi, reachBankingByApi } from "./bank-esign-support.ts";
import { recommendSanctionAndPayOut, staffAccount, staffSignIn } from "./loan-life-support.ts";
import { expectNoAxeViolations, expectNoHorizontalOverflow, signInThroughUi } from "./support.ts";
import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

test.use({ actionTimeout: 20_000, navigationTimeout: 30_000 });

async function photograph(page: Page, info: TestInfo, name: string) {
  await info.attach(`${name}-${info.project.name}`, { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
  if (process.env.ADMIN_SCREENS_DIR) await page.screenshot({ fullPage: true, path: `${process.env.ADMIN_SCREENS_DIR}/${info.project.name}-${name}.png` });
}

/** "₹3.70" or "₹1,234.50" → "3.70" / "1234.50" as a person types it. */
const typed = (text: string) => text.replace(/[₹,\s]/g, "");

test("an accountant records the payment of a buyer app's finder fee, never more than is owed", async ({ page, baseURL }, info) => {
  test.setTimeout(300_000);
  const mobile = await signInThroughUi(page);
  const { lead_id: leadId } = await reachBankingByApi(page);
  await bankAndSignByApi(page, mobile);
  const marked = await page.request.post("/dev/ondc/finder-fee-demo", { data: { lead_id: leadId } });
  expect(marked.status(), await marked.text()).toBe(200);
  const { bap_id: bapId } = (await marked.json()) as { bap_id: string };
  await recommendSanctionAndPayOut(page, baseURL!, mobile, leadId);

  const accountant = await staffAccount(page, baseURL!, "accounts");
  await staffSignIn(page, baseURL!, accountant);
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Buyer app fees" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Buyer app fees" })).toBeVisible();
  const section = page.getByRole("region", { name: bapId });
  const owed = page.getByTestId(`owed-${bapId}`);
  // The job accrues the fee within a minute of the payout.
  await expect(async () => {
    await page.reload();
    await expect(owed).toHaveText(/^₹\d/, { timeout: 2_000 });
  }).toPass({ timeout: 100_000 });
  const owedText = (await owed.textContent()) ?? "";
  expect(owedText).not.toBe("₹0");
  await expect(section.getByRole("table", { name: /^Loans \(1\)/ })).toContainText("Paid out");
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);

  // A rupee more than is owed: refused by the amount, nothing recorded.
  const form = section.getByRole("form", { name: `Record a payment to ${bapId}` });
  const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
  await form.getByLabel("Amount paid (₹)").fill((Number(typed(owedText)) + 1).toFixed(2));
  await form.getByLabel("Bank reference (UTR)").fill(`UTRBAF${Date.now()}`);
  await form.getByLabel("Date paid").fill(today);
  await form.getByLabel("Buyer app's invoice number").fill("INV-2026-001");
  await form.getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "more than we owe" })).toContainText(`That is more than we owe this buyer app (${owedText})`);
  await expect(form.getByLabel("Amount paid (₹)")).toHaveAttribute("aria-invalid", "true");
  await expect(owed).toHaveText(owedText);
  await expectNoAxeViolations(page);

  // What the bank paid: recorded, and nothing more is owed.
  const utr = `UTRBAF${Date.now()}`;
  await form.getByLabel("Amount paid (₹)").fill(typed(owedText));
  await form.getByLabel("Bank reference (UTR)").fill(utr);
  await form.getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByRole("status")).toContainText(`Recorded ${owedText} paid to ${bapId}. Nothing more is owed.`);
  await expect(owed).toHaveText("₹0");
  await expect(section.getByRole("table", { name: `Payments to ${bapId} (1)` })).toContainText(utr);
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await photograph(page, info, "buyer-app-fees");

  // The same page on a phone.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.reload();
  await expect(owed).toHaveText("₹0");
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await photograph(page, info, "buyer-app-fees-360");
});

// The whole life of a loan (decisions 26, 32): a customer applies and signs; the credit manager the lead
// was assigned to recommends it, a credit head sanctions it, disbursal pays it out through the sandbox
// payout provider (its webhook arrives later, so the test waits for the screen to say so), and the
// customer's Loan History shows the loan number and the total due. Staff sign in with password and TOTP.
import { readFile } from "node:fs/promises";
import type { Locator, Page, TestInfo } from "@playwright/test";
import { bankAndSignByApi, reachBankingByApi } from "./bank-esign-support.ts";
import { expectAgreementDownload, expectApplicationStatus } from "./application-status-support.ts";
import { staffAccount, staffSignIn, staffSignOut } from "./loan-life-support.ts";
import { openNewestLoanDetails } from "./loan-support.ts";
import { expectNoAxeViolations, signInThroughUi } from "./support.ts";
import { expect, test } from "./fixtures.ts";

/** Wholly inside the viewport's width: not cut off at the right of a table that scrolls sideways. */
async function expectOnScreen(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

const reviewValue = (page: Page, label: string) =>
  page.locator(".credit-row", { has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) }).locator("dd");

async function screens(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ fullPage: true, path: info.outputPath(`${name}-${info.project.name}.png`) });
  if (process.env.LOAN_LIFE_SCREENS_DIR)
    await page.screenshot({ fullPage: true, path: `${process.env.LOAN_LIFE_SCREENS_DIR}/${name}-${info.project.name}.png` });
}

test("a loan goes from application through recommendation, sanction and payout to the customer's active loan", async ({ page, baseURL }, info) => {
  test.setTimeout(240_000);
  const base = baseURL!;

  // The customer applies and signs: a SUBMITTED lead with its credit manager.
  const mobile = await signInThroughUi(page);
  const { lead_id: leadId } = await reachBankingByApi(page);
  await bankAndSignByApi(page, mobile);
  // Issue 14: home and My Account say it is submitted, when to expect the decision, the credit manager and the documents.
  const DAY = String.raw`\d{1,2} [A-Z][a-z]{2} \d{4}`;
  const signedDocs = { manager: true, agreement: true, kfs: true };
  await expectApplicationStatus(page, info, "submitted", { label: "Submitted", when: new RegExp(`^Decision expected by ${DAY}$`), ...signedDocs });
  await expectAgreementDownload(page);
  await openNewestLoanDetails(page);
  // Loan Details offers the signed agreement as well as the KFS.
  await expect(page.getByRole("link", { name: "Download signed loan agreement (PDF)" })).toBeVisible();
  await expectAgreementDownload(page);
  const managerEmail = ((await page.getByRole("region", { name: "Credit Manager" }).getByRole("link", { name: /@/ }).textContent()) ?? "").trim();
  expect(managerEmail).toMatch(/@/);

  // Credit manager: the lead is in their queue (found by mobile); review with a reveal; recommend sanction.
  const manager = await staffAccount(page, base, "credit_manager", managerEmail);
  await staffSignIn(page, base, manager);
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "My queue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My queue" })).toBeVisible();
  await page.getByLabel("Loan number, mobile or PAN").fill(mobile);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("table")).toContainText(`XXXXXX${mobile.slice(-4)}`);
  // Issue 21: at 360 px each application is a card, its amount on screen (not cut off at the right).
  await expectOnScreen(page, page.getByRole("table").getByRole("row").nth(1).locator('td[data-label="Amount"]'));
  await expectNoAxeViolations(page);
  await screens(page, info, "queue");
  await page.getByRole("table").getByRole("link").first().click();
  await page.waitForURL(new RegExp(`/admin/credit/${leadId}$`));
  await expect(page.getByRole("heading", { level: 1, name: /^Application / })).toBeVisible();
  await expect(page.getByTestId("lead-status")).toHaveText("SUBMITTED");
  // Issue 21: the rules and their observations in words, and one date format.
  const rules = page.getByRole("table", { name: "Eligibility rules" });
  for (const words of ["Employment type", "Salaried", "Salary paid by", "Bank", "PAN verified"]) await expect(rules).toContainText(words);
  await expect(rules).not.toContainText(/incomeType|salaryMode|panVerified/);
  await expect(reviewValue(page, "KFS issued")).toHaveText(new RegExp(`^${DAY}$`));
  const principal = (await reviewValue(page, "Principal").textContent())!.trim();
  const net = (await reviewValue(page, "Net disbursal").textContent())!.trim();
  expect(Number(net.replace(/[₹,]/g, ""))).toBeLessThan(Number(principal.replace(/[₹,]/g, "")));
  await expect(page.getByTestId("pan-value")).toHaveText(/^X+[A-Z0-9]{4}$|X/);
  await expect(page.getByText(/Signed loan agreement/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ fullPage: true, path: info.outputPath(`review-${info.project.name}.png`) });
  if (process.env.LOAN_LIFE_SCREENS_DIR)
    await page.screenshot({ fullPage: true, path: `${process.env.LOAN_LIFE_SCREENS_DIR}/review-${info.project.name}.png` });

  // Reveal needs a reason; then the full PAN shows in place of the masked one.
  await page.getByText("Reveal PAN").click();
  await page.getByLabel("Reason for viewing the full PAN").fill("Match the PAN card with the bureau report");
  await page.getByRole("button", { name: "Reveal" }).first().click();
  await expect(page.getByTestId("pan-value")).toHaveText(/^[A-Z]{5}[0-9]{4}[A-Z]$/);

  const recommend = page.getByRole("form", { name: "Recommend sanction" });
  await recommend.getByLabel("Reason").selectOption({ label: "All policy checks met" });
  await recommend.getByLabel("Note (optional)").fill("Salary credits match the declared income.");
  await recommend.getByRole("button", { name: "Recommend sanction" }).click();
  await expect(page.getByRole("status")).toContainText("Recommended for sanction.");
  // The decision's reason in words, not its code.
  await expect(page.getByRole("region", { name: "Decisions so far" })).toContainText("(All policy checks met)");
  await expect(page.getByRole("region", { name: "Decisions so far" })).not.toContainText("POLICY_MET");
  await expectNoAxeViolations(page);
  await screens(page, info, "review");
  await staffSignOut(page);

  // Credit head: the lead is in the sanction queue; a sanction without a reason is refused by the browser, then sanctioned.
  const head = await staffAccount(page, base, "credit_head");
  await staffSignIn(page, base, head);
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Sanction" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sanction" })).toBeVisible();
  await page.getByLabel("Loan number, mobile or PAN").fill(mobile);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("table")).toContainText("Recommended: sanction");
  await expectNoAxeViolations(page);
  await page.getByRole("table").getByRole("link").first().click();
  await page.waitForURL(new RegExp(`/admin/credit/${leadId}$`));
  const sanction = page.getByRole("form", { name: "Sanction" });
  await sanction.getByLabel("Reason").selectOption({ label: "All policy checks met" });
  await sanction.getByRole("button", { name: "Sanction" }).click();
  await expect(page.getByRole("status")).toContainText("Sanctioned.");
  await expect(page.getByTestId("lead-status")).toHaveText("SANCTIONED");
  await expectNoAxeViolations(page);
  await staffSignOut(page);
  await expectApplicationStatus(page, info, "sanctioned", {
    label: "Sanctioned",
    when: /^Paid out usually within 10 minutes, within 1 hour at most$/,
    ...signedDocs,
  });

  // Disbursal: the loan waits for payout; Disburse; the sandbox's webhook makes it DISBURSED with a loan number and UTR.
  const payer = await staffAccount(page, base, "disbursal");
  await staffSignIn(page, base, payer);
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Disbursal" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Disbursal" })).toBeVisible();
  await page.getByLabel("Loan number, mobile or PAN").fill(mobile);
  await page.getByRole("button", { name: "Search" }).click();
  const row = page.getByRole("table").getByRole("row").nth(1);
  await expect(row).toContainText("Not paid out yet");
  // Issue 21: the sanctioned amount and what the customer is paid, and the Disburse button on screen at 360 px.
  await expect(row.locator('td[data-label="Sanctioned"]')).toHaveText(principal);
  await expect(row.locator('td[data-label="Net to be paid"]')).toHaveText(net);
  await expectOnScreen(page, row.getByRole("button", { name: /^Disburse / }));
  await expectNoAxeViolations(page);
  await screens(page, info, "disbursal");
  await row.getByRole("button", { name: /^Disburse / }).click();
  await expect(page.getByRole("status")).toContainText(/Payout requested \(attempt 1\)|already/);
  await page.goto(`/admin/credit/${leadId}`);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("lead-status")).toHaveText("DISBURSED", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const loanNo = ((await page.getByTestId("loan-no").textContent()) ?? "").trim();
  expect(loanNo).toMatch(/^SOT\d{10}$/);
  await expect(page.getByTestId("payout-state")).toContainText("Payout paid (attempt 1)");
  await expect(page.getByTestId("payout-state")).toContainText(/UTR \S+/);
  await expectNoAxeViolations(page);

  // The customer: the SMS names the loan and the total due; Loan History and Loan Details show both.
  let totalDue = "";
  await expect
    .poll(async () => {
      const messages = (await (await page.request.get("/dev/outbox.json")).json()) as { to: string; text: string }[];
      totalDue = messages.find((m) => m.to === mobile && m.text.includes(loanNo))?.text.match(/Please repay (₹[\d,.]+) by/)?.[1] ?? "";
      return totalDue;
    })
    .not.toBe("");
  await page.goto("/my-dashboard/leads");
  const card = page.locator(".lead-card").first();
  await expect(card).toContainText(loanNo);
  await expectNoAxeViolations(page);
  await card.getByRole("button", { name: /^View details/ }).click();
  await page.waitForURL(/\/my-dashboard\/details$/);
  const details = page.getByRole("main");
  await expect(details).toContainText(loanNo);
  await expect(details.locator("div", { has: page.getByText("Total you repay", { exact: true }) }).last()).toContainText(totalDue);
  await expectNoAxeViolations(page);
  // Issue 13: the sanctioned and paid-out loan offers its sanction letter and statement as PDFs.
  await expect(page.getByRole("link", { name: "Download Loan Statement (PDF)" })).toBeVisible();
  const [letter] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download Sanction Letter (PDF)" }).click()]);
  expect(letter.suggestedFilename()).toMatch(/^Sanction-Letter-SOT-\d{8}-[A-Z2-7]{8}\.pdf$/);
  expect((await readFile((await letter.path())!)).subarray(0, 5).toString()).toBe("%PDF-");
  const disbursed = await expectApplicationStatus(page, info, "disbursed", { label: "Disbursed", when: new RegExp(`^Repay by ${DAY}$`), ...signedDocs });
  await expect(disbursed).toContainText(loanNo);
});

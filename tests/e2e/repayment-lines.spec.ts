// Screens whose figures add up (issue 20): the dashboard card, the Repayment screen and Pay Now show
// the same lines, and principal + interest + penal − payments = total due on the screen, right
// after payout (day 0: the one-day minimum) and after a part payment. The result page of a sandbox
// Razorpay payment shows the amount, the loan number and what is still due, with a receipt PDF.
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { pdfText } from "../../server/test-support/pdf-text.ts";
import { expectNoAxeViolations, randomMobile, signInThroughUi } from "./support.ts";
import { expect, test } from "./fixtures.ts";

test.use({ actionTimeout: 20_000, navigationTimeout: 30_000 });

const LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ";
/** createDemoCustomer's PAN for a mobile. */
function demoPan(mobile: string): string {
  const n = Number(mobile);
  const letter = (k: number) => LETTERS[Math.floor(n / k) % LETTERS.length];
  return `DM${letter(1)}P${letter(7)}${1000 + (n % 9000)}${letter(13)}`;
}

/** A demo customer whose ₹20,000 loan (25 days, 1% a day) was paid out today. */
async function paidOutToday(page: Page) {
  const mobile = randomMobile();
  const reply = await page.request.post("/dev/demo-customer", { data: { mobile, user_type: "UNPAID-REPEAT", paid_out_days_ago: 0 } });
  expect(reply.status()).toBe(200);
  return { mobile, pan: demoPan(mobile) };
}

/** "₹20,200.00" → 2020000 paise. */
const paise = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, "")) * 100);

/** The lines as the screen shows them, in paise (payments negative), and the total shown. */
async function readLines(table: Locator) {
  await expect(table.locator("tr[data-line=total]")).toBeVisible();
  const rows = table.locator("tr[data-line]");
  const lines: { line: string; paise: number }[] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const line = (await rows.nth(i).getAttribute("data-line"))!;
    if (line === "no-payments") continue;
    const text = (await rows.nth(i).locator("td").textContent())!.trim();
    lines.push({ line, paise: (text.startsWith("−") ? -1 : 1) * paise(text) });
  }
  const total = lines.find((l) => l.line === "total")!.paise;
  const sum = lines.filter((l) => l.line !== "total").reduce((s, l) => s + l.paise, 0);
  return { lines, total, sum, amount: (line: string) => lines.filter((l) => l.line === line).map((l) => l.paise) };
}

async function shoot(page: Page, name: string, project: string) {
  await page.screenshot({ fullPage: true, path: test.info().outputPath(`screens-${name}-${project}.png`) });
}

async function payWithRazorpay(page: Page, amount: string) {
  await page.getByLabel("Amount to pay (₹)").fill(amount);
  await page.getByLabel(/I accept the Terms and Conditions and confirm this payment/).check();
  await page.getByRole("button", { name: "Proceed to Pay" }).click();
  await page.getByRole("dialog", { name: "Choose how to pay" }).getByRole("button", { name: "Pay with Razorpay" }).click();
  const overlay = page.getByRole("dialog", { name: /^Pay / });
  await expect(overlay).toBeVisible();
  await overlay.getByRole("button", { name: /^Pay ₹/ }).click();
  await page.waitForURL(/\/thanku$/);
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible({ timeout: 20_000 });
}

/** The result page's facts after a ₹5,000 part payment on day 0, and its receipt PDF. */
async function expectResultWithReceipt(page: Page) {
  await expect(page.getByText("Your payment was successful.")).toBeVisible();
  const facts = page.locator(".pay-result-facts");
  await expect(facts.locator("div", { hasText: "Amount paid" }).locator("dd")).toHaveText("₹5,000.00");
  const loanNo = (await facts.locator("div", { hasText: "Loan number" }).locator("dd").textContent())!.trim();
  expect(loanNo).toMatch(/^SOTDEMO/);
  // ₹20,000 + ₹200 (day 1's interest, charged first by a day-0 payment) − ₹5,000.
  await expect(facts.locator("div", { hasText: "Still due today" }).locator("dd")).toHaveText("₹15,200.00");
  await expect(facts.locator("div", { hasText: "Status" }).locator("dd")).toHaveText("Successful");
  await expect(page.getByRole("heading", { name: "What happens next" })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download receipt (PDF)" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Payment-Receipt-SOTR[0-9A-F]+\.pdf$/);
  const text = (await pdfText(new Uint8Array(await readFile((await download.path())!)))).text;
  expect(text).toContain("Payment Receipt");
  expect(text).toContain(loanNo);
  expect(text).toContain("₹5,000.00");
  expect(text).toContain("₹200.00"); // to interest
  expect(text).toContain("₹4,800.00"); // to principal
  expect(text).toContain("₹15,200.00"); // still due
  return loanNo;
}

test("the dashboard card and the Repayment screen add up right after payout and after a part payment; the result page has a receipt", async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const customer = await paidOutToday(page);
  await signInThroughUi(page, customer.mobile);

  // Day 0: the card's lines add up to what paying in full charges (₹20,000 + the one-day minimum ₹200).
  const card = page.getByRole("region", { name: "Your active loan" });
  const cardLines = await readLines(card.locator("table.repay-lines"));
  expect(cardLines.amount("principal")).toEqual([2_000_000]);
  expect(cardLines.amount("interest")).toEqual([20_000]);
  expect(cardLines.amount("penal")).toEqual([0]);
  expect(cardLines.total).toBe(2_020_000);
  expect(cardLines.sum).toBe(cardLines.total);
  await expect(card).toContainText("The one-day minimum");
  await expectNoAxeViolations(page);
  await shoot(page, "dashboard-day0", info.project.name);

  await card.getByRole("link", { name: "Pay Now" }).click();
  await page.waitForURL(/\/my-dashboard\/repayment$/);
  const screen = page.getByRole("region", { name: "Loan Repayment Details" });
  const day0 = await readLines(screen.locator("table.repay-lines"));
  expect(day0.lines).toEqual(cardLines.lines);
  // ₹25,000 on the repayment date (₹20,000 + 25 × ₹200) against ₹20,200 today.
  await expect(screen.locator(".repay-save")).toContainText("closing today costs ₹20,200.00");
  await expect(screen.locator(".repay-save")).toContainText("it will be ₹25,000.00. You save ₹4,800.00.");
  // Blank pays the total shown.
  await expect(page.getByLabel("Amount to pay (₹)")).toHaveAttribute("placeholder", "20200");
  await expect(page.locator(".repay-charge")).toHaveText("You will pay ₹20,200 (closes your loan).");
  await expectNoAxeViolations(page);
  await shoot(page, "repayment-day0", info.project.name);

  await payWithRazorpay(page, "5000");
  await expectResultWithReceipt(page);
  await expect(page.getByRole("link", { name: "Go to Dashboard" })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, "result-part", info.project.name);

  // After the part payment: the payment is a line with its date, and the sum is still right.
  await page.goto("/my-dashboard/repayment");
  const after = await readLines(page.getByRole("region", { name: "Loan Repayment Details" }).locator("table.repay-lines"));
  expect(after.amount("principal")).toEqual([2_000_000]);
  expect(after.amount("interest")).toEqual([20_000]);
  expect(after.amount("payment")).toEqual([-500_000]);
  expect(after.total).toBe(1_520_000);
  expect(after.sum).toBe(after.total);
  await expect(page.locator("tr[data-line=payment] th")).toContainText("₹200.00 to interest, ₹4,800.00 to principal");
  await expectNoAxeViolations(page);
  await shoot(page, "repayment-part", info.project.name);

  await page.goto("/my-dashboard");
  const cardAfter = await readLines(page.getByRole("region", { name: "Your active loan" }).locator("table.repay-lines"));
  expect(cardAfter.lines).toEqual(after.lines);
  await shoot(page, "dashboard-part", info.project.name);
});

test("Pay Now shows the same lines; its result leads back to Pay Now and gives the payer the receipt", async ({ page, browser }, info) => {
  test.setTimeout(180_000);
  const customer = await paidOutToday(page);
  await page.goto("/repayloan");
  await page.getByLabel("PAN number").fill(customer.pan);
  await page.getByLabel(/I accept the Terms and Conditions/).check();
  await page.getByRole("button", { name: "Get OTP" }).click();
  await expect(page.getByRole("heading", { name: "Enter the OTP" })).toBeVisible();
  let code = "";
  await expect
    .poll(async () => {
      const messages = (await (await page.request.get("/dev/outbox.json")).json()) as { to: string; text: string }[];
      code = messages.find((m) => m.to === customer.mobile && /repayment code/.test(m.text))?.text.match(/^(\d{4})/)?.[1] ?? "";
      return code;
    })
    .not.toBe("");
  await page.getByLabel("OTP", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Verify OTP" }).click();
  const details = page.getByRole("region", { name: "Loan Repayment Details" });
  await expect(details).toBeVisible();
  const lines = await readLines(details.locator("table.repay-lines"));
  expect(lines.total).toBe(2_020_000);
  expect(lines.sum).toBe(lines.total);
  await expectNoAxeViolations(page);
  await shoot(page, "paynow-day0", info.project.name);

  await payWithRazorpay(page, "5000");
  await expectResultWithReceipt(page);
  await expect(page.getByRole("link", { name: "Back to Pay Now" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in to your dashboard" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to Home" })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, "paynow-result", info.project.name);

  // The receipt is the payer's: another browser with no session gets Status 4, not the PDF.
  const href = (await page.getByRole("link", { name: "Download receipt (PDF)" }).getAttribute("href"))!;
  const other = await browser.newContext();
  const reply = await other.request.get(new URL(href, page.url()).toString());
  expect(reply.headers()["content-type"]).not.toBe("application/pdf");
  expect(((await reply.json()) as { Status: number }).Status).toBe(4);
  await other.close();
});

test("paying in full: the result says the loan is closed and offers the No Dues Certificate and Re-Loan; a cancel says cancelled", async ({ page }, info) => {
  test.setTimeout(180_000);
  const mobile = randomMobile();
  expect((await page.request.post("/dev/demo-customer", { data: { mobile, user_type: "UNPAID-REPEAT" } })).status()).toBe(200);
  await signInThroughUi(page, mobile);
  await page.goto("/my-dashboard/repayment");
  const total = await readLines(page.getByRole("region", { name: "Loan Repayment Details" }).locator("table.repay-lines"));
  // The demo loan, day 10 of 25: ₹20,000 + 10 × ₹200.
  expect(total.total).toBe(2_200_000);
  expect(total.sum).toBe(total.total);

  // A cancelled checkout: the same word whichever gateway, and the facts of the attempt.
  await page.getByLabel(/I accept the Terms and Conditions and confirm this payment/).check();
  await page.getByRole("button", { name: "Proceed to Pay" }).click();
  await page.getByRole("dialog", { name: "Choose how to pay" }).getByRole("button", { name: "Pay with Razorpay" }).click();
  await page.getByRole("dialog", { name: /^Pay / }).getByRole("button", { name: "Cancel payment" }).click();
  await page.waitForURL(/\/thanku$/);
  await expect(page.getByRole("heading", { name: "Oops!" })).toBeVisible();
  await expect(page.getByText("Your payment was cancelled. Nothing has changed on your loan.")).toBeVisible();
  await expect(page.locator(".pay-result-facts div", { hasText: "Still due today" }).locator("dd")).toHaveText("₹22,000.00");
  await expect(page.getByRole("link", { name: "Download receipt (PDF)" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shoot(page, "result-cancelled", info.project.name);

  await page.goto("/my-dashboard/repayment");
  await payWithRazorpay(page, "22000");
  await expect(page.getByText("Your loan is closed: nothing is due on it.")).toBeVisible();
  await expect(page.locator(".pay-result-facts div", { hasText: "Still due today" })).toHaveCount(0);
  const [ndc] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "No Dues Certificate" }).click()]);
  expect(ndc.suggestedFilename()).toMatch(/^No-Dues-Certificate-SOTDEMO\d+\.pdf$/);
  await expect(page.getByText("You can apply for a new loan with Re-Loan on your dashboard.")).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, "result-closed", info.project.name);
});

test("overdue: interest and penal charges are lines of their own and the sum is still the total", async ({ page }, info) => {
  const mobile = randomMobile();
  const reply = await page.request.post("/dev/demo-customer", { data: { mobile, user_type: "UNPAID-REPEAT", overdue_days: 5 } });
  expect(reply.status()).toBe(200);
  await signInThroughUi(page, mobile);
  await page.goto("/my-dashboard/repayment");
  const lines = await readLines(page.getByRole("region", { name: "Loan Repayment Details" }).locator("table.repay-lines"));
  // ₹20,000 for 25 days, 5 days late: 30 × ₹200 interest, 5 × ₹100 penal; ₹26,500.
  expect(lines.amount("principal")).toEqual([2_000_000]);
  expect(lines.amount("interest")).toEqual([600_000]);
  expect(lines.amount("penal")).toEqual([50_000]);
  expect(lines.total).toBe(2_650_000);
  expect(lines.sum).toBe(lines.total);
  // Past the repayment date there is nothing to save by paying early.
  await expect(page.locator(".repay-save")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shoot(page, "repayment-overdue", info.project.name);
});

// Repayment in the browser (decision 29): an anonymous customer repays a demo loan in full through
// Pay Now with each gateway's sandbox, a signed-in customer pays part then the rest from the
// dashboard, and failed or cancelled payments show the failure view and change nothing.
// Customers come from the sandbox-only POST /dev/demo-customer (UNPAID-REPEAT: one active loan).
import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoAxeViolations, randomMobile, signInThroughUi } from "./support.ts";
import { expect, test } from "./fixtures.ts";

// A missing control fails in seconds, not at the whole test's timeout.
test.use({ actionTimeout: 20_000, navigationTimeout: 30_000 });
// A failed payment is answered 400 by the sandbox Razorpay checkout (as by the real one); the test chooses it.
test.use({ allowedConsoleErrors: [/status of 400 \(Bad Request\) at \S+\/sandbox\/razorpay\/checkout\/payments$/] });

const LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ";

/** The demo customer's PAN: the reply's `pancard` when the route gives it, else createDemoCustomer's formula. */
function demoPan(mobile: string, reply: { pancard?: string }): string {
  if (reply.pancard) return reply.pancard;
  const n = Number(mobile);
  const letter = (k: number) => LETTERS[Math.floor(n / k) % LETTERS.length];
  return `DM${letter(1)}P${letter(7)}${1000 + (n % 9000)}${letter(13)}`;
}

async function demoCustomer(page: Page) {
  const mobile = randomMobile();
  const reply = await page.request.post("/dev/demo-customer", { data: { mobile, user_type: "UNPAID-REPEAT" } });
  expect(reply.status()).toBe(200);
  return { mobile, pan: demoPan(mobile, await reply.json()) };
}

/** The newest repayment code sent to this number (other messages, e.g. the closure notice, are skipped). */
async function repaymentCode(request: APIRequestContext, mobile: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const messages = (await (await request.get("/dev/outbox.json")).json()) as { to: string; text: string }[];
      code = messages.find((m) => m.to === mobile && /repayment code/.test(m.text))?.text.match(/^(\d{4})/)?.[1];
      return code !== undefined;
    })
    .toBe(true);
  return code!;
}

/** Pay Now as an anonymous visitor, up to the amountfetched stage. */
async function openPayNow(page: Page, customer: { mobile: string; pan: string }) {
  await page.goto("/repayloan");
  await page.getByLabel("PAN number").fill(customer.pan.toLowerCase());
  await expect(page.getByLabel("PAN number")).toHaveValue(customer.pan);
  await page.getByLabel(/I accept the Terms and Conditions/).check();
  await page.getByRole("button", { name: "Get OTP" }).click();
  await expect(page.getByRole("heading", { name: "Enter the OTP" })).toBeVisible();
  await expect(page.getByLabel("OTP", { exact: true })).toBeFocused();
  await page.getByLabel("OTP", { exact: true }).fill(await repaymentCode(page.request, customer.mobile));
  await page.getByRole("button", { name: "Verify OTP" }).click();
  await expect(page.getByRole("heading", { name: "Loan Repayment Details" })).toBeVisible();
}

/** "Total due today" on the repayment details card (the lines' total), in rupees. */
async function totalDue(page: Page): Promise<number> {
  const text = (await page.locator(".repay-summary tr[data-line=total] td").textContent()) ?? "";
  return Number(text.replace(/[₹,]/g, ""));
}

async function chooseGateway(page: Page, options: { amount?: string; gateway: "Razorpay" | "PayU" | "PhonePe" }) {
  if (options.amount !== undefined) await page.getByLabel("Amount to pay (₹)").fill(options.amount);
  await page.getByLabel(/I accept the Terms and Conditions and confirm this payment/).check();
  await page.getByRole("button", { name: "Proceed to Pay" }).click();
  const choice = page.getByRole("dialog", { name: "Choose how to pay" });
  await expect(choice).toBeVisible();
  await choice.getByRole("button", { name: `Pay with ${options.gateway}` }).click();
}

/** The sandbox Razorpay overlay: succeed, fail or cancel. */
async function razorpayOverlay(page: Page, outcome: "success" | "failure" | "cancel") {
  const overlay = page.getByRole("dialog", { name: /^Pay / });
  await expect(overlay).toBeVisible();
  if (outcome === "cancel") return overlay.getByRole("button", { name: "Cancel payment" }).click();
  if (outcome === "failure") await overlay.getByLabel("Payment fails").check();
  await overlay.getByRole("button", { name: /^Pay ₹/ }).click();
}

async function expectThankYou(page: Page) {
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Your payment was successful.")).toBeVisible();
}

async function expectOops(page: Page) {
  await expect(page.getByRole("heading", { name: "Oops!" })).toBeVisible({ timeout: 20_000 });
}

/** Signed in: Loan History lists no active loan, only closed ones, and the dashboard offers Re-Loan. */
async function expectLoanClosed(page: Page, mobile: string) {
  await signInThroughUi(page, mobile);
  await expect(page.getByRole("heading", { name: "Your active loan" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Re-Loan" })).toBeVisible();
  await page.goto("/my-dashboard/leads");
  await expect(page.locator(".lead-card")).toHaveCount(2);
  await expect(page.locator(".lead-card").filter({ hasText: "Closed" })).toHaveCount(2);
}

test.describe("Pay Now (anonymous)", () => {
  test("checks the PAN, terms and code, and shows the bank-transfer account", async ({ page }) => {
    await page.goto("/repayloan");
    await expect(page.getByRole("heading", { name: "Pay Now" })).toBeVisible();
    const bank = page.getByRole("region", { name: "Or pay by bank transfer" });
    await expect(bank).toContainText("SalaryOnTime Finance Private Limited");
    await expect(bank).toContainText("920020000000001");
    await expect(bank).toContainText("SAMP0000001");
    await expect(bank).toContainText("45 MG Road, Bengaluru");
    await page.getByRole("button", { name: "Get OTP" }).click();
    await expect(page.getByText("PAN card is required.")).toBeVisible();
    await expect(page.getByLabel("PAN number")).toBeFocused();
    await expect(page.getByText("Please accept the terms and conditions to proceed.")).toBeVisible();
    await expectNoAxeViolations(page);

    // A PAN with no loan is told the same words as any other, and nothing that says a code was sent.
    // (Its own random digits: the other width's run must not meet this PAN's resend limit.)
    await page.getByLabel("PAN number").fill(`ZZZPZ${1000 + Math.floor(Math.random() * 9000)}Z`);
    await page.getByLabel(/I accept the Terms and Conditions/).check();
    await page.getByRole("button", { name: "Get OTP" }).click();
    await expect(page.getByRole("heading", { name: "Enter the OTP" })).toBeVisible();
    await expect(page.locator(".repay-card .hint")).toHaveText(
      "If this PAN has a loan with us, a code has been sent to the mobile number registered with it. Change PAN",
    );
    await expect(page.getByText(/We sent a 4-digit code/)).toHaveCount(0);
    await page.getByRole("button", { name: "Change PAN" }).click();

    const customer = await demoCustomer(page);
    await page.getByLabel("PAN number").fill(customer.pan);
    await page.getByRole("button", { name: "Get OTP" }).click();
    await expect(page.getByRole("heading", { name: "Enter the OTP" })).toBeVisible();
    await page.getByRole("button", { name: "Verify OTP" }).click();
    await expect(page.getByText("OTP is required.")).toBeVisible();
    // Letters never enter the code field.
    await page.getByLabel("OTP", { exact: true }).fill("12ab");
    await expect(page.getByLabel("OTP", { exact: true })).toHaveValue("12");
    const code = await repaymentCode(page.request, customer.mobile);
    await page.getByLabel("OTP", { exact: true }).fill(code === "0000" ? "1111" : "0000");
    await page.getByRole("button", { name: "Verify OTP" }).click();
    await expect(page.locator(".repay-card .alert-error")).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel("OTP", { exact: true }).fill(code);
    await page.getByRole("button", { name: "Verify OTP" }).click();
    await expect(page.getByRole("heading", { name: "Loan Repayment Details" })).toBeVisible();
    const details = page.getByRole("region", { name: "Loan Repayment Details" });
    for (const label of [
      "Loan number",
      "Disbursal date",
      "Repayment date",
      "Principal (loan amount)",
      "Interest to date",
      "Penal charges",
      "Total due today",
    ]) {
      await expect(details.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(details.getByText("Paying this closes your loan.")).toBeVisible();
    await expect(details.getByText("Where your payment goes")).toBeVisible();
    // Amount rules: a part payment is at least ₹100; the terms box is required.
    await page.getByLabel("Amount to pay (₹)").fill("50");
    await page.getByRole("button", { name: "Proceed to Pay" }).click();
    await expect(page.getByText("The minimum payment is ₹100.")).toBeVisible();
    await expect(page.getByLabel("Amount to pay (₹)")).toBeFocused();
    await page.getByLabel("Amount to pay (₹)").fill("");
    await page.getByRole("button", { name: "Proceed to Pay" }).click();
    await expect(page.getByText("You must accept the terms and conditions to proceed.")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("repays a loan in full with Razorpay; the loan is closed", async ({ page }) => {
    test.setTimeout(180_000);
    const customer = await demoCustomer(page);
    await openPayNow(page, customer);
    await expectNoAxeViolations(page);
    await chooseGateway(page, { gateway: "Razorpay" });
    await razorpayOverlay(page, "success");
    await page.waitForURL(/\/thanku$/);
    await expectThankYou(page);
    await expect(page.getByRole("link", { name: "Go to Home" })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectLoanClosed(page, customer.mobile);
  });

  test("repays a loan in full with PayU; the loan is closed", async ({ page }) => {
    test.setTimeout(180_000);
    const customer = await demoCustomer(page);
    await openPayNow(page, customer);
    await chooseGateway(page, { gateway: "PayU" });
    await page.waitForURL(/\/sandbox\/payu\//);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(/\/thank-you\/[^/]+\/[^/]+$/);
    await expectThankYou(page);
    await expectNoAxeViolations(page);
    await expectLoanClosed(page, customer.mobile);
  });

  test("repays a loan in full with PhonePe; the loan is closed", async ({ page }) => {
    test.setTimeout(180_000);
    const customer = await demoCustomer(page);
    await openPayNow(page, customer);
    await chooseGateway(page, { gateway: "PhonePe" });
    await page.waitForURL(/\/sandbox\/phonepe\//);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(/\/thank-you\/[^/]+\/[^/]+$/);
    await expectThankYou(page);
    await expectLoanClosed(page, customer.mobile);
  });
});

test.describe("Repayment from the dashboard", () => {
  test("a signed-in customer pays part, then the rest, then sees Re-Loan", async ({ page }) => {
    test.setTimeout(180_000);
    const customer = await demoCustomer(page);
    await signInThroughUi(page, customer.mobile);
    const active = page.getByRole("region", { name: "Your active loan" });
    await expect(active).toBeVisible();
    await active.getByRole("link", { name: "Pay Now" }).click();
    await page.waitForURL(/\/my-dashboard\/repayment$/);
    await expect(page.getByRole("heading", { name: "Loan Repayment", exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    const before = await totalDue(page);
    expect(before).toBeGreaterThan(1000);

    await chooseGateway(page, { amount: "1000", gateway: "Razorpay" });
    await razorpayOverlay(page, "success");
    await page.waitForURL(/\/thanku$/);
    await expectThankYou(page);
    await page.getByRole("link", { name: "Go to Dashboard" }).click();
    await page.waitForURL(/\/my-dashboard\/?$/);
    await page.goto("/my-dashboard/repayment");
    expect(await totalDue(page)).toBeCloseTo(before - 1000, 2);

    await chooseGateway(page, { gateway: "Razorpay" });
    await razorpayOverlay(page, "success");
    await page.waitForURL(/\/thanku$/);
    await expectThankYou(page);
    await page.getByRole("link", { name: "Go to Dashboard" }).click();
    await page.waitForURL(/\/my-dashboard\/?$/);
    await expect(page.getByRole("button", { name: "Re-Loan" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Your active loan" })).toHaveCount(0);
    await page.goto("/my-dashboard/repayment");
    await expect(page.getByText("You have no loan due. Thank you!")).toBeVisible();
  });

  test("failed and cancelled Razorpay payments show the failure view and change nothing", async ({ page }) => {
    test.setTimeout(180_000);
    const customer = await demoCustomer(page);
    await signInThroughUi(page, customer.mobile);
    await page.goto("/my-dashboard/repayment");
    const before = await totalDue(page);

    await chooseGateway(page, { gateway: "Razorpay" });
    await razorpayOverlay(page, "failure");
    await page.waitForURL(/\/thanku$/);
    await expectOops(page);
    await expect(page.getByText("Failed", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto("/my-dashboard/repayment");
    expect(await totalDue(page)).toBe(before);

    await chooseGateway(page, { gateway: "Razorpay" });
    await razorpayOverlay(page, "cancel");
    await page.waitForURL(/\/thanku$/);
    await expectOops(page);
    await expect(page.getByText("Cancelled", { exact: true })).toBeVisible();
    await page.goto("/my-dashboard/repayment");
    expect(await totalDue(page)).toBe(before);
  });

  test("a PayU payment the customer cancels shows the failure view and changes nothing", async ({ page }) => {
    const customer = await demoCustomer(page);
    await signInThroughUi(page, customer.mobile);
    await page.goto("/my-dashboard/repayment");
    const before = await totalDue(page);
    await chooseGateway(page, { gateway: "PayU" });
    await page.waitForURL(/\/sandbox\/payu\//);
    await page.getByLabel("Customer cancels").check();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(/\/thank-you\/[^/]+\/[^/]+$/);
    await expectOops(page);
    // The same word as Razorpay's cancel (issue 21): PayU's userCancelled is "Cancelled", not FAILED.
    await expect(page.getByText("Cancelled", { exact: true })).toBeVisible();
    await expect(page.getByText("Your payment was cancelled. Nothing has changed on your loan.")).toBeVisible();
    await page.goto("/my-dashboard/repayment");
    expect(await totalDue(page)).toBe(before);
  });
});

test("the payment pages: /thanku without state, /fail and an unknown /thank-you order fail plainly", async ({ page }) => {
  await page.goto("/thanku");
  await expectOops(page);
  await expect(page.getByText("N/A", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to Home" })).toBeVisible();
  await page.goto("/fail");
  await expectOops(page);
  await expectNoAxeViolations(page);
  await page.goto("/thank-you/order_unknown/txn_unknown");
  await expectOops(page);
  await expect(page.getByText("txn_unknown")).toBeVisible();
});

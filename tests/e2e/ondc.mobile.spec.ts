// ONDC in a browser at 360 px (issue 32): a person uses the sandbox buyer app at /dev/ondc, which searches us over
// signed HTTP, shows our F01 page inside itself (its posts go through the buyer app), sends the selects, shows the
// offer and F02, then the offer for the amount with F03, our own KYC page: the offer accepted with the KFS,
// employment, DigiLocker, then the documents stage (the statement through the account aggregator, the other
// documents uploaded). The buyer app then shows our signed on_status, sends init, shows our F04 (the bank account)
// from on_init inside itself, then sends the person to our F05 (AutoPay) and F06 (the agreement's eSign) pages,
// each reported back, and confirms: the order awaits our sanction. Our back office sanctions and pays it out as
// any loan; the buyer app hears DISBURSED, asks us to close the loan, and the person pays on our Pay Now page with
// the amount filled in; the buyer app hears it paid and the loan COMPLETED. Every page passes axe and fits 360 px.
import type { Page } from "@playwright/test";
import { expectNoAxeViolations, expectNoHorizontalOverflow, randomMobile, signInThroughUi } from "./support.ts";
import { recommendSanctionAndPayOut, staffAccount, staffSignIn, staffSignOut } from "./loan-life-support.ts";
import { ondcLoanThroughBuyerApp } from "./ondc-support.ts";
import { expect, test } from "./fixtures.ts";

test.use({ actionTimeout: 20_000, navigationTimeout: 30_000 });

/** The application's id, as a credit head finds it on the credit queue by the customer's mobile. */
async function leadIdOf(page: Page, baseURL: string, mobile: string): Promise<string> {
  const head = await staffAccount(page, baseURL, "credit_head");
  await staffSignIn(page, baseURL, head);
  await page.goto("/admin/credit");
  await page.getByLabel("Loan number, mobile or PAN").fill(mobile);
  await page.getByRole("button", { name: "Search" }).click();
  await page.waitForURL(new RegExp(`q=${mobile}`));
  await page
    .getByRole("row")
    .filter({ hasText: `XXXXXX${mobile.slice(-4)}` })
    .getByRole("link")
    .first()
    .click();
  await page.waitForURL(/\/admin\/credit\/[0-9a-f-]{36}$/);
  const leadId = new URL(page.url()).pathname.split("/").at(-1)!;
  await staffSignOut(page);
  return leadId;
}

/** The buyer app's page once the lender's callbacks job has run (every minute; run now through the sandbox). */
async function buyerAppShows(page: Page, buyerAppPage: string, text: string | RegExp) {
  await expect(async () => {
    await page.request.post("/dev/ondc/lender-callbacks");
    await page.goto(buyerAppPage);
    await expect(page.getByText(text)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
}

/** The newest Pay Now code sent to this number. */
async function repaymentCode(page: Page, mobile: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const messages = (await (await page.request.get("/dev/outbox.json")).json()) as { to: string; text: string }[];
      code = messages.find((m) => m.to === mobile && /repayment code/.test(m.text))?.text.match(/^(\d{4})/)?.[1];
      return code !== undefined;
    })
    .toBe(true);
  return code!;
}

test("a person takes a loan through the sandbox buyer app, is paid out by our back office, and closes it from the buyer app on our Pay Now page", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(480_000);
  const mobile = randomMobile();
  const { pan, buyerAppPage } = await ondcLoanThroughBuyerApp(page, mobile, expectNoAxeViolations);

  // Our back office decides and pays out, as for any loan.
  const leadId = await leadIdOf(page, baseURL!, mobile);
  await signInThroughUi(page, mobile, { recentCode: true });
  await recommendSanctionAndPayOut(page, baseURL!, mobile, leadId);
  await buyerAppShows(page, buyerAppPage, /the loan is DISBURSED\./);
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);

  // The buyer app asks us to close the loan today: our on_update names the amount and links to Pay Now.
  await page.getByLabel("Close the loan today").check();
  await page.getByRole("button", { name: "Ask the lender" }).click();
  const pay = page.getByRole("link", { name: "Pay on the lender's page" });
  await buyerAppShows(page, buyerAppPage, /Close the loan today: ₹[\d,]+\.\d\d\./);
  const asked = ((await page.getByText(/Close the loan today: ₹/).textContent()) ?? "").match(/₹([\d,]+\.\d\d)/)![1].replace(/,/g, "");
  await pay.click();

  // Pay Now: the PAN, the code, then the amount already filled in, paid at the sandbox PhonePe.
  await page.waitForURL(/\/repayloan\?amount=/);
  await page.getByLabel("PAN number").fill(pan);
  await page.getByLabel(/I accept the Terms and Conditions/).check();
  await page.getByRole("button", { name: "Get OTP" }).click();
  await page.getByLabel("OTP", { exact: true }).fill(await repaymentCode(page, mobile));
  await page.getByRole("button", { name: "Verify OTP" }).click();
  await expect(page.getByRole("heading", { name: "Loan Repayment Details" })).toBeVisible();
  await expect(page.getByLabel("Amount to pay (₹)")).toHaveValue(asked);
  await expectNoAxeViolations(page);
  await page.getByLabel(/I accept the Terms and Conditions and confirm this payment/).check();
  await page.getByRole("button", { name: "Proceed to Pay" }).click();
  await page.getByRole("dialog", { name: "Choose how to pay" }).getByRole("button", { name: "Pay with PhonePe" }).click();
  await page.waitForURL(/\/sandbox\/phonepe\//);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL(/\/thank-you\/[^/]+\/[^/]+$/);
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible({ timeout: 20_000 });

  // The buyer app hears it paid, and the loan COMPLETED.
  await buyerAppShows(page, buyerAppPage, /The lender reports it paid\. Close the loan today/);
  await buyerAppShows(page, buyerAppPage, /the loan is COMPLETED\./);
  await expectNoAxeViolations(page);
});

import { expectNoAxeViolations, signInThroughUi } from "./support.ts";
import { esignCodeFromOutbox, reachBankingByApi, reachRepeatBankingByApi, skipAutopayOnScreen } from "./bank-esign-support.ts";
import { expect, test } from "./fixtures.ts";

const ACCOUNT = "502000123456";

test("bank details verified, agreement signed on the sandbox eSign page, congratulations", async ({ page }) => {
  const mobile = await signInThroughUi(page);
  const { lead_id } = await reachBankingByApi(page);

  await page.goto("/my-dashboard/bank-detail");
  await expect(page.getByRole("heading", { name: "Banking Details" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Skip" })).toBeVisible();
  // Skip says what it means: the account is checked before payout, and a mismatch stops the payout.
  await expect(page.getByRole("button", { name: "Skip" })).toHaveAccessibleDescription(
    "Skip saves your account without checking it now. We check it before we pay out your loan: if the name at the bank does not match the name on your PAN, the payout stops until you give an account in your own name.",
  );
  await expectNoAxeViolations(page);

  // Every field is required.
  await page.getByLabel("Account Holder Name").fill("");
  await page.getByRole("button", { name: "Verify & Continue" }).click();
  await expect(page.getByText("Account Holder Name is required!")).toBeVisible();

  await page.getByLabel("Account Holder Name").fill("Meera Account");
  await page.getByLabel("Account Number", { exact: true }).fill(ACCOUNT);
  // Pasting into the confirmation is blocked.
  const pasteBlocked = await page.getByLabel("Confirm Account Number").evaluate((el) => {
    const data = new DataTransfer();
    data.setData("text/plain", "502000123456");
    const paste = new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true });
    el.dispatchEvent(paste);
    return paste.defaultPrevented;
  });
  expect(pasteBlocked).toBe(true);
  await page.getByLabel("Confirm Account Number").pressSequentially("502000123457");
  await page.getByLabel("IFSC Code").fill("hdfc0000001");
  await expect(page.getByRole("status").filter({ hasText: "HDFC Bank" })).toBeVisible();
  await page.getByLabel("Branch").fill("Worli, Mumbai");
  await page.getByRole("button", { name: "Verify & Continue" }).click();
  await expect(page.getByText("Account numbers do not match")).toBeVisible();

  // An IFSC that is not in the dataset is named at once and refused by the server.
  await page.getByLabel("IFSC Code").fill("ABCD0123456");
  await expect(page.getByText("We could not find this IFSC code.", { exact: false }).first()).toBeVisible();
  await page.getByLabel("IFSC Code").fill("HDFC0000001");
  await page.getByLabel("Confirm Account Number").fill("");
  await page.getByLabel("Confirm Account Number").pressSequentially(ACCOUNT);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Verify & Continue" }).click();
  await skipAutopayOnScreen(page);

  // The sandbox eSign provider's page: both documents, then a code by SMS.
  await page.waitForURL(/\/sandbox\/esign\//);
  await expect(page.getByRole("heading", { name: "Sign your loan documents" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Loan Agreement (PDF)" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Key Fact Statement (PDF)" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel(/I have read the Loan Agreement/).check();
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText(/We sent a 6-digit code to XXXXXX\d{4}/)).toBeVisible();
  // The consent stays ticked after the code is sent.
  await expect(page.getByLabel(/I have read the Loan Agreement/)).toBeChecked();
  const code = await esignCodeFromOutbox(page, mobile);
  // Signing without the consent is refused by the provider, even when the browser's check is bypassed.
  const signUrl = `${new URL(page.url()).pathname.replace(/\/send-code$/, "")}/sign`;
  const unticked = await page.request.post(signUrl, { form: { code }, maxRedirects: 0 });
  expect(unticked.status()).toBe(422);
  expect(await unticked.text()).toContain("Please confirm that you have read the documents.");
  await page.getByLabel(/I have read the Loan Agreement/).uncheck();
  await page.getByLabel(/6-digit code sent to/).fill(code);
  await page.getByRole("button", { name: "Sign documents" }).click();
  expect(await page.getByLabel(/I have read the Loan Agreement/).evaluate((box: HTMLInputElement) => box.validity.valueMissing)).toBe(true);
  await expect(page).toHaveURL(/\/sandbox\/esign\//);
  await page.getByLabel(/I have read the Loan Agreement/).check();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Sign documents" }).click();

  await page.waitForURL(/\/my-dashboard\/congratulations$/);
  await expect(page.getByRole("heading", { name: "Congratulations!" })).toBeVisible();
  await expectNoAxeViolations(page);
  // The signed agreement can be downloaded by its owner.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download signed agreement" }).click();
  expect((await downloading).suggestedFilename()).toBe("salaryontime-signed-loan-agreement.pdf");
  const download = await page.request.get(`/Api/Website/RepeatInstantJourneyController/getSignedAgreement?lead_id=${lead_id}`);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("application/pdf");
  const dashboard = await (await page.request.post("/Api/Website/RepeatInstantJourneyController/getDashboardData", { data: {} })).json();
  expect(dashboard.Data.next_event_name).toBe("completed");
  expect(dashboard.Data.lead_details.status).toBe("SUBMITTED");
});

test("a bank account in another name is refused with a clear message", async ({ page }) => {
  await signInThroughUi(page);
  await reachBankingByApi(page);
  await page.goto("/my-dashboard/bank-detail");
  await page.getByLabel("Account Number", { exact: true }).fill("888888888888");
  await page.getByLabel("Confirm Account Number").pressSequentially("888888888888");
  await page.getByLabel("IFSC Code").fill("SBIN0000001");
  await page.getByLabel("Branch").fill("Main Branch");
  await page.getByRole("button", { name: "Verify & Continue" }).click();
  await expect(page.getByText("The name on this bank account does not match the name on your PAN.", { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/my-dashboard\/bank-detail$/);
  await expectNoAxeViolations(page);
});

test("a REPEAT customer re-loans on the earlier account: masked, read-only, no Skip", async ({ page }) => {
  const mobile = await signInThroughUi(page);
  await reachRepeatBankingByApi(page, mobile);
  await page.goto("/my-dashboard/bank-detail");
  await expect(page.getByRole("heading", { name: "Banking Details" })).toBeVisible();
  await expect(page.getByLabel("Account Number")).toHaveValue("XXXXXX5432");
  await expect(page.getByLabel("Account Number")).not.toBeEditable();
  await expect(page.getByLabel("IFSC Code")).toHaveValue("ICIC0000002");
  await expect(page.getByLabel("Bank", { exact: true })).toHaveValue("ICICI Bank");
  await expect(page.getByRole("button", { name: "Skip" })).toHaveCount(0);
  await expect(page.getByLabel("Confirm Account Number")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Verify & Continue" }).click();
  await skipAutopayOnScreen(page);
  await page.waitForURL(/\/sandbox\/esign\//);
  await page.getByLabel(/I have read the Loan Agreement/).check();
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText(/We sent a 6-digit code to XXXXXX\d{4}/)).toBeVisible();
  const code = await esignCodeFromOutbox(page, mobile);
  await page.getByLabel(/6-digit code sent to/).fill(code);
  await page.getByRole("button", { name: "Sign documents" }).click();
  await page.waitForURL(/\/my-dashboard\/congratulations$/);
  await expect(page.getByRole("heading", { name: "Congratulations!" })).toBeVisible();
});

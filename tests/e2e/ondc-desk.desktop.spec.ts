// The ONDC desk (issue 32): the sandbox buyer app sends a signed search and receives our on_search; an
// accountant finds the transaction under ONDC, opens it and reads both messages with their signature results
// and bodies. One width (the desk is a desktop tool; its table reflows at 360 as every AdminTable does).
import { expectNoAxeViolations, expectNoHorizontalOverflow } from "./support.ts";
import { staffAccount, staffSignIn } from "./loan-life-support.ts";
import { expect, test } from "./fixtures.ts";

test.use({ actionTimeout: 20_000, navigationTimeout: 30_000 });

test("an accountant reads an ONDC transaction's messages with their signature results", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const started = await page.request.post("/dev/ondc/search", { maxRedirects: 0 });
  expect(started.status()).toBe(303);
  const transactionId = started.headers().location!.split("/").at(-1)!;

  const accountant = await staffAccount(page, baseURL!, "accounts");
  await staffSignIn(page, baseURL!, accountant);
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "ONDC" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "ONDC" })).toBeVisible();
  const row = page.getByTestId(`ondc-${transactionId}`);
  // The on_search goes out right after the search's commit; the list shows it once the buyer app ACKed it.
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText("on_search", { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row.locator("td[data-label=Customer]")).toHaveText("Not named yet");
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);

  await row.getByRole("link", { name: `Open transaction ${transactionId}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "ONDC transaction" })).toBeVisible();
  const search = page.getByTestId("ondc-message-in-search");
  await expect(search).toContainText("Received search");
  await expect(search).toContainText("Verified against the registry");
  const onSearch = page.getByTestId("ondc-message-out-on_search");
  await expect(onSearch).toContainText("Sent on_search");
  await expect(onSearch).toContainText("Signed by us, ACKed by the buyer app");
  await onSearch.getByText("Body of on_search").click();
  await expect(onSearch.locator("pre")).toContainText(`"transaction_id": "${transactionId}"`);
  await expect(onSearch.locator("pre")).toContainText('"code": "PERSONAL_LOAN"');
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);

  // An id that is not a transaction: the page says so, not an error.
  await page.goto("/admin/ondc/no-such-transaction");
  await expect(page.getByRole("alert")).toHaveText("No ONDC transaction with that id.");
});

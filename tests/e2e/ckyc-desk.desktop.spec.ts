// The CKYC desk (issue 33): a customer's first loan is paid out and the upload job refuses their KYC record
// (no father's or spouse's name, no photograph: our own checks, so nothing reached CKYCR). The data
// protection officer finds it on CKYC uploads with the reasons, corrects the name and sends it again: the
// reason for the name is gone, the photograph's stays. Names masked. One width (the desk is a desktop tool;
// its table reflows at 360 as every AdminTable does).
import { expectNoAxeViolations, expectNoHorizontalOverflow, randomMobile } from "./support.ts";
import { staffAccount, staffSignIn } from "./loan-life-support.ts";
import { expect, test } from "./fixtures.ts";

test.use({ actionTimeout: 20_000, navigationTimeout: 30_000 });

test("the data protection officer corrects a refused CKYC record and sends it again", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const mobile = randomMobile();
  expect((await page.request.post("/dev/demo-customer", { data: { mobile, user_type: "UNPAID-REPEAT", paid_out_days_ago: 12 } })).status()).toBe(200);
  const upload = await page.request.post("/dev/ckyc/upload", { data: { mobile } });
  const { state } = (await upload.json()) as { state: { reference: string; status: string; reasons: { message: string }[] } };
  expect(state.status).toBe("NOT_SENT");
  expect(state.reasons.map((r) => r.message)).toContain("The father's or spouse's name is missing (CKYCR's template asks for one).");

  const dpo = await staffAccount(page, baseURL!, "data_protection");
  await staffSignIn(page, baseURL!, dpo);
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "CKYC uploads" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "CKYC uploads" })).toBeVisible();
  const row = page.getByTestId(`ckyc-${state.reference}`);
  await expect(row).toContainText("Not sent: our checks refused it");
  await expect(row).toContainText("The father's or spouse's name is missing");
  // Paid out 12 days ago: past the 10 days.
  await expect(row).toContainText("(overdue)");
  // The name masked: never the full name on the desk.
  await expect(row.locator("td[data-label=Customer]")).toHaveText(/^\S+( [A-Z]\.)?, PAN ending [A-Z0-9]{4}$/);
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);

  await row.getByLabel("Field").selectOption("relative_name");
  await row.getByLabel("Corrected value").fill("R4mesh");
  await row.getByRole("button", { name: `Correct: ${state.reference}` }).click();
  await expect(page.getByRole("alert")).toContainText("That value is not allowed for this field.");

  await page.getByTestId(`ckyc-${state.reference}`).getByLabel("Field").selectOption("relative_name");
  await page.getByTestId(`ckyc-${state.reference}`).getByLabel("Corrected value").fill("Ramesh Kumar");
  await page
    .getByTestId(`ckyc-${state.reference}`)
    .getByRole("button", { name: `Correct: ${state.reference}` })
    .click();
  await expect(page.getByRole("status")).toContainText("Corrected: Father's or spouse's name.");

  await page
    .getByTestId(`ckyc-${state.reference}`)
    .getByRole("button", { name: `Send again: ${state.reference}` })
    .click();
  await expect(page.getByRole("status")).toContainText(`Sent ${state.reference}:`);
  const after = page.getByTestId(`ckyc-${state.reference}`);
  await expect(after).toContainText("Corrected: Father's or spouse's name");
  await expect(after).not.toContainText("The father's or spouse's name is missing");
  await expectNoAxeViolations(page);
});

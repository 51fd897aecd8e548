// Issue 20, payouts that cannot pay twice: a payout to the sandbox's 555555555555 is accepted by the
// provider but the call times out. The disbursal desk shows it as unknown and being checked (never
// failed, never a Retry); Check with provider finds it paid, and the provider has paid it once
// (/dev/payouts.json). The sandbox's own webhook for it comes 2 minutes later and changes nothing.
import { bankAndSignByApi, reachBankingByApi } from "./bank-esign-support.ts";
import { recommendAndSanction, staffAccount, staffSignIn } from "./loan-life-support.ts";
import { expectNoAxeViolations, expectNoHorizontalOverflow, signInThroughUi } from "./support.ts";
import { expect, test } from "./fixtures.ts";

type ProviderPayout = { accountLast4: string; amountPaise: number; idempotencyKey: string; status: string; utr: string | null };

test("a payout that times out is shown as unknown, then found paid, once", async ({ page, baseURL }, info) => {
  test.setTimeout(240_000);
  const base = baseURL!;

  // A signed application whose payout account is the sandbox's timeout account.
  const mobile = await signInThroughUi(page);
  const { lead_id: leadId } = await reachBankingByApi(page);
  await bankAndSignByApi(page, mobile, "555555555555");
  // Recommended and sanctioned by two people.
  await recommendAndSanction(page, base, leadId);

  // Disbursal: Disburse; the provider takes the payout but the call times out.
  const payer = await staffAccount(page, base, "disbursal");
  await staffSignIn(page, base, payer);
  await page.goto("/admin/disbursal");
  await page.getByLabel("Loan number, mobile or PAN").fill(mobile);
  await page.getByRole("button", { name: "Search" }).click();
  await page.waitForURL(new RegExp(`q=${mobile}`));
  // This customer's row only (the other width's run may have a loan on the list too).
  const row = page
    .getByRole("table")
    .getByRole("row")
    .filter({ hasText: `XXXXXX${mobile.slice(-4)}` });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: /^Disburse / }).click();
  await expect(page.getByRole("status")).toHaveText(
    "The payout provider did not answer, so we do not know whether the money went out. The payout is marked unknown: check with the provider before anything else. It will never be sent twice.",
  );
  await expect(row).toContainText("Payout unknown: the provider did not answer. Being checked with the provider (attempt 1)");
  await expect(row.getByRole("button", { name: /^Retry / })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ fullPage: true, path: info.outputPath(`payout-unknown-${info.project.name}.png`) });

  // Check with provider: found paid; the loan is active; the provider paid it once.
  await row.getByRole("button", { name: /^Check with provider / }).click();
  await expect(page.getByRole("status")).toHaveText("The provider confirms the payout was paid. The loan is now active.");
  await expect(page.getByText("No application matches this search.")).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ fullPage: true, path: info.outputPath(`payout-found-${info.project.name}.png`) });
  await page.goto(`/admin/credit/${leadId}`);
  await expect(page.getByTestId("lead-status")).toHaveText("DISBURSED");
  await expect(page.getByTestId("payout-state")).toContainText("Payout paid (attempt 1)");
  const mine = async () =>
    ((await (await page.request.get("/dev/payouts.json")).json()) as ProviderPayout[]).filter((p) => p.idempotencyKey.startsWith(leadId));
  expect(await mine()).toEqual([
    { accountLast4: "5555", amountPaise: expect.any(Number), idempotencyKey: leadId, status: "SUCCESS", utr: expect.stringMatching(/^SBXN/) },
  ]);
});

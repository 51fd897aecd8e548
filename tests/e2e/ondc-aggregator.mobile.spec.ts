// ONDC's flow with account aggregator in a browser at 360 px (issue 32): the person picks it on the sandbox buyer
// app and names their aggregator id on our F01; our first answer carries our aggregator's consent, which they
// approve on the sandbox aggregator's page (our "return to the app" page after it) before the buyer app's
// go-ahead brings the offer; F03's page fetches the bank statement with that consent instead of asking for it;
// F04 to F06 and the confirm as in the main flow. Every page passes axe.
import { expectNoAxeViolations, expectNoHorizontalOverflow, randomMobile } from "./support.ts";
import { ondcLoanThroughBuyerApp } from "./ondc-support.ts";
import { expect, test } from "./fixtures.ts";

test.use({ actionTimeout: 20_000, navigationTimeout: 30_000 });

test("ONDC with account aggregator at 360 px: the consent approved at the aggregator before the offer, the statement fetched with it", async ({ page }) => {
  test.setTimeout(240_000);
  const mobile = randomMobile();
  const { buyerAppPage } = await ondcLoanThroughBuyerApp(page, mobile, expectNoAxeViolations, { withAggregator: true });
  await page.goto(buyerAppPage);
  await expect(page.getByText(/The lender has the order SOT-\d{8}-[0-9A-Z]{8}: the loan is PENDING\./)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: test.info().outputPath("aggregator-pending-360.png"), fullPage: true });
});

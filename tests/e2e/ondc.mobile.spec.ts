// ONDC in a browser at 360 px (issue 32), as far as the flow is built: a person uses the sandbox buyer app at
// /dev/ondc, which searches us over signed HTTP, shows our F01 page inside itself (its posts go through the
// buyer app), sends the selects, shows the offer and F02, then the offer for the amount with F03, our own KYC
// page: the offer accepted with the KFS, employment, DigiLocker, then the documents stage (the statement through
// the account aggregator, the other documents uploaded). The buyer app then shows our signed on_status, sends
// init, shows our F04 (the bank account) from on_init inside itself, then sends the person to our F05 (AutoPay)
// and F06 (the agreement's eSign) pages, each reported back, and confirms: the order awaits our sanction. Every
// page passes axe and fits 360 px.

import { expectNoAxeViolations, randomMobile } from "./support.ts";
import { ondcLoanThroughBuyerApp } from "./ondc-support.ts";
import { test } from "./fixtures.ts";

test.use({ actionTimeout: 20_000, navigationTimeout: 30_000 });

test("a person takes the ONDC flow through the sandbox buyer app from search to the signed loan agreement", async ({ page }) => {
  test.setTimeout(240_000);
  await ondcLoanThroughBuyerApp(page, randomMobile(), expectNoAxeViolations);
});

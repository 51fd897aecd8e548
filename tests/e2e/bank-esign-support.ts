// Helpers for the bank-details and eSign browser tests: reach banking_details through the API and the
// dev route, and read the eSign code from the sandbox outbox.
import { expect, type Page } from "@playwright/test";
import { completeProfileByApi } from "./onboarding-support.ts";
import { expectNoAxeViolations } from "./support.ts";

const JOURNEY = "/Api/Website/RepeatInstantJourneyController/appCustomerRegisteration";

/** The signed-in page's customer: five profile steps, Check Eligibility, then the dev route to banking_details. */
export async function reachBankingByApi(page: Page) {
  await completeProfileByApi(page);
  const eligible = await (await page.request.post(JOURNEY, { data: { event_name: "register_now" } })).json();
  expect(eligible.Status, eligible.Message).toBe(1);
  const moved = await (await page.request.post("/dev/journey/banking-details", { data: {} })).json();
  expect(moved.Status, moved.Message).toBe(1);
  return moved.Data as { lead_id: string };
}

/** Waits for the 6-digit signing code the sandbox eSign sent to this number. */
export async function esignCodeFromOutbox(page: Page, mobile: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const messages = (await (await page.request.get("/dev/outbox.json")).json()) as { to: string; text: string }[];
      code = messages.find((m) => m.to === mobile && /^\d{6}\b/.test(m.text))?.text.match(/^(\d{6})/)?.[1];
      return code !== undefined;
    })
    .toBe(true);
  return code!;
}

/** Sends valid bank details through the API; the journey is then at AutoPay's step (issue 24). */
export async function bankDetailsByApi(page: Page, account = "502000765432") {
  const bank = await (
    await page.request.post(JOURNEY, {
      data: {
        event_name: "banking_details",
        account_number: account,
        confirm_account_number: account,
        account_ifsc: "ICIC0000002",
        account_branch: "Bandra West",
        account_name: "Account Holder",
        account_type_id: 1,
        verification_consent: 1,
      },
    })
  ).json();
  expect(bank.Status, bank.Message).toBe(1);
  expect(bank.Data?.next_step).toBe("autopay_setup");
}

/** Sends valid bank details and signs on the sandbox eSign provider through the API (no screens). */
export async function bankAndSignByApi(page: Page, mobile: string, account = "502000765432") {
  await bankDetailsByApi(page, account);
  // Issue 24: AutoPay's step comes between; skipped here (autopay.clock.spec.ts sets it up).
  const path = new URL(await skipAutopayByApi(page), "http://x").pathname;
  expect((await page.request.post(`${path}/send-code`, { form: { consent: "1" } })).status()).toBe(200);
  const code = await esignCodeFromOutbox(page, mobile);
  const signed = await page.request.post(`${path}/sign`, { form: { code, consent: "1" }, maxRedirects: 0 });
  expect(signed.status()).toBe(303);
}

/** Skips the AutoPay step through the API; answers the eSign page's url. */
export async function skipAutopayByApi(page: Page): Promise<string> {
  const skip = await (await page.request.post(JOURNEY, { data: { event_name: "autopay_setup", skip: 1 } })).json();
  expect(skip.Status, skip.Message).toBe(1);
  return skip.Data.url as string;
}

/** On the AutoPay screen in the browser: choose Skip (the eSign page follows). */
export async function skipAutopayOnScreen(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Set up AutoPay" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Skip AutoPay and sign the agreement" }).click();
}

/** First loan signed and closed, then Re-Loan: a REPEAT customer at banking_details. */
export async function reachRepeatBankingByApi(page: Page, mobile: string) {
  await reachBankingByApi(page);
  await bankAndSignByApi(page, mobile);
  const closed = await (await page.request.post("/dev/journey/close-loan", { data: {} })).json();
  expect(closed.Data?.user_type, closed.Message).toBe("REPEAT");
  const again = await (await page.request.post(JOURNEY, { data: { event_name: "register_now" } })).json();
  expect(again.Status, again.Message).toBe(1);
  const moved = await (await page.request.post("/dev/journey/banking-details", { data: {} })).json();
  expect(moved.Status, moved.Message).toBe(1);
  return moved.Data as { lead_id: string };
}

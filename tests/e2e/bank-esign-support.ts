// Helpers for the bank-details and eSign browser tests: reach banking_details through the API and the
// dev route, and read the eSign code from the sandbox outbox.
import { expect, type Page } from "@playwright/test";
import { completeProfileByApi } from "./onboarding-support.ts";

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
      code = messages.find((m) => m.to === mobile && /signing/.test(m.text))?.text.match(/^(\d{6})/)?.[1];
      return code !== undefined;
    })
    .toBe(true);
  return code!;
}

// Issue 34 in the browser: a customer who ticked WhatsApp updates at sign-in gets the overdue notice on
// WhatsApp (the sandbox outbox, /dev/whatsapp) when the day's jobs run in contact hours, and no SMS for it.
// Accounts sees it on the loan's page with its channel and status, and collections on the desk.
// It moves the server's clock, so it runs on the clock specs' own server (projects clock-360, clock-1280).
import type { Page, TestInfo } from "@playwright/test";
import { apiPath } from "../../core/contract/paths.ts";
import { staffAccount, staffSignIn } from "./loan-life-support.ts";
import { codeFromOutbox, expectNoAxeViolations, expectNoHorizontalOverflow, randomMobile, typeCode } from "./support.ts";
import { expect, test } from "./fixtures.ts";

type WhatsAppMessage = { to: string; template: string; lang: string; status: string; text: string };

async function checked(page: Page, info: TestInfo, name: string) {
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ fullPage: true, path: info.outputPath(`${name}-${info.project.name}.png`) });
}

test("an opted-in customer's overdue notice goes on WhatsApp; the loan's page and the collections desk show how it reached them", async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(180_000);
  // 11:00 India time today: within the contact hours, so the day's reminders go.
  const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  expect((await page.request.post("/dev/clock", { data: { now: `${today}T11:00:00+05:30` } })).status()).toBe(200);
  const mobile = randomMobile();
  // A loan one day past its repayment date.
  expect((await page.request.post("/dev/demo-customer", { data: { mobile, user_type: "UNPAID-REPEAT", overdue_days: 1 } })).status()).toBe(200);

  // Sign in, ticking WhatsApp updates (never pre-ticked).
  await page.goto("/apply-now");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("Mobile number").fill(mobile);
  await page.getByLabel(/I accept the Terms and Conditions/).check();
  const whatsapp = page.getByLabel("Send my loan updates on WhatsApp instead of SMS (optional).");
  await expect(whatsapp).not.toBeChecked();
  await whatsapp.check();
  await page.getByRole("button", { name: "Get OTP" }).click();
  await expect(page.getByRole("heading", { name: "Enter the OTP" })).toBeVisible();
  await typeCode(page, await codeFromOutbox(page.request, mobile));
  await page.getByRole("button", { name: "Verify OTP" }).click();
  await page.waitForURL(/\/my-dashboard/);
  const leadId = await page.evaluate(async (path) => {
    const reply = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    return ((await reply.json()) as { Data: { active_loan_details: { lead_id: string } } }).Data.active_loan_details.lead_id;
  }, apiPath("getDashboardData"));
  const smsBefore = ((await (await page.request.get("/dev/outbox.json")).json()) as { to: string }[]).filter((m) => m.to === mobile).length;

  const jobs = await page.request.post("/dev/jobs/run", { data: {} });
  expect(jobs.status()).toBe(200);
  await expect
    .poll(async () => {
      const { messages } = (await (await page.request.get("/dev/whatsapp.json")).json()) as { messages: WhatsAppMessage[] };
      return messages
        .filter((m) => m.to === mobile)
        .map((m) => `${m.template} ${m.lang} ${m.status}`)
        .sort();
    })
    // The day after the date: the overdue reminder, and the notice before the loan is first reported overdue to the bureaus.
    .toEqual(["sot_bureau_notice en delivered", "sot_overdue en delivered"]);
  expect(((await (await page.request.get("/dev/outbox.json")).json()) as { to: string }[]).filter((m) => m.to === mobile)).toHaveLength(smsBefore);
  await page.goto("/dev/whatsapp");
  const sent = page.getByRole("row").filter({ hasText: mobile }).filter({ hasText: "sot_overdue" });
  await expect(sent).toContainText(/SalaryOnTime: your loan SOT\w+ is overdue by 1 day\(s\)\./);
  await checked(page, info, "whatsapp-outbox");

  // Back to real time: the staff's codes are made from it. Accounts: the loan's page lists the messages with their channel and Meta's status; never their text.
  expect((await page.request.post("/dev/clock", { data: { reset: true } })).status()).toBe(200);
  await page.context().clearCookies();
  await staffSignIn(page, baseURL!, await staffAccount(page, baseURL!, "accounts"));
  await page.goto(`/admin/loans/${leadId}`);
  // Each notice on WhatsApp, and the e-mail that goes with it (the demo customer has an address).
  const messages = page.getByRole("region", { name: "Messages (4)" });
  await expect(messages.getByTestId("customer-message")).toHaveCount(4);
  for (const notice of ["Overdue", "Before bureau reporting"]) {
    const rows = messages.getByTestId("customer-message").filter({ has: page.locator('td[data-label="Notice"]', { hasText: notice }) });
    await expect(rows.locator('td[data-label="Channel"]')).toHaveText(["E-mail", "WhatsApp"], { useInnerText: true });
    await expect(rows.locator('td[data-label="Status"]')).toHaveText(["handed to the provider", "delivered"]);
  }
  await expect(page.getByText(/overdue by 1 day/)).toHaveCount(0);
  await checked(page, info, "loan-messages");

  // Collections: the overdue loan's row says the notice reached them on WhatsApp.
  await page.context().clearCookies();
  await staffSignIn(page, baseURL!, await staffAccount(page, baseURL!, "collections"));
  await page.goto("/admin/collections");
  const loan = page.getByRole("row").filter({ hasText: `XXXXXX${mobile.slice(-4)}` });
  await expect(loan.locator('td[data-label="Reminders sent"]')).toContainText(/Overdue, .+: WhatsApp: delivered/);
  await expect(loan.locator('td[data-label="Reminders sent"]')).toContainText(/Before bureau reporting, .+: WhatsApp: delivered/);
  await checked(page, info, "collections-messages");
});

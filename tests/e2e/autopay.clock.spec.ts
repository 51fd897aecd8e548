// Issue 24, "Done when": a new customer sets up UPI Autopay on the sandbox's hosted approval page, signs
// and is paid out; the sandbox clock moves to the day before the repayment date and the pre-debit notice
// is in the outbox; then to the repayment date, where the debit closes the loan (the customer sees it
// closed) and the mandate is cancelled (on screen and at the provider, /dev/mandates.json).
// It moves the server's clock, so it runs on the clock specs' own server (projects clock-360, clock-1280).
import type { Page, TestInfo } from "@playwright/test";
import { apiPath } from "../../core/contract/paths.ts";
import { bankDetailsByApi, esignCodeFromOutbox, reachBankingByApi } from "./bank-esign-support.ts";
import { recommendSanctionAndPayOut } from "./loan-life-support.ts";
import { openNewestLoanDetails } from "./loan-support.ts";
import { expectNoAxeViolations, signInThroughUi } from "./support.ts";
import { expect, test } from "./fixtures.ts";

const ACCOUNT = "502000246810";
const DAY_MS = 24 * 60 * 60 * 1000;

type ProviderState = {
  mandates: { reference: string; token_id: string | null; method: string; status: string; account_last4: string | null }[];
  debits: { token_id: string; amount_paise: number; status: string }[];
};
type Details = { lead_id: string; mandate: { id: string; status: string } | null; figures: { debit_on: string } | null };

/** The day before an ISO date (YYYY-MM-DD). */
const dayBefore = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
/** "₹10,450.00" → 1045000 paise. */
const paiseOf = (text: string) => Math.round(Number(text.replace(/[₹,\s]/g, "")) * 100);

async function setClock(page: Page, data: Record<string, unknown>) {
  const reply = await page.request.post("/dev/clock", { data });
  expect(reply.status(), await reply.text()).toBe(200);
}

async function runJobs(page: Page) {
  const reply = await page.request.post("/dev/jobs/run", { data: {} });
  expect(reply.status()).toBe(200);
  const { jobs } = (await reply.json()) as { jobs: Record<string, { ok: boolean; error?: string }> };
  expect(jobs["autopay-debits"], JSON.stringify(jobs["autopay-debits"])).toMatchObject({ ok: true });
}

async function details(page: Page): Promise<Details> {
  const reply = await (await page.request.post(apiPath("getAutopayDetails"), { data: {} })).json();
  expect(reply.Status, reply.Message).toBe(1);
  return reply.Data as Details;
}

async function providerState(page: Page): Promise<ProviderState> {
  return (await (await page.request.get("/dev/mandates.json")).json()) as ProviderState;
}

async function photograph(page: Page, info: TestInfo, name: string) {
  // Web fonts settled before the picture is taken.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ fullPage: true, path: info.outputPath(`${name}-${info.project.name}.png`) });
  if (process.env.AUTOPAY_SCREENS_DIR) await page.screenshot({ fullPage: true, path: `${process.env.AUTOPAY_SCREENS_DIR}/${name}-${info.project.name}.png` });
}

test("UPI Autopay set up on the journey: the notice the day before, the debit on the repayment date closes the loan and ends the mandate", async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(300_000);
  // This width's run starts from real time, whatever the other width's run left.
  await setClock(page, { reset: true });

  // A new customer at AutoPay's step: profile and eligibility through the API, bank details verified.
  const mobile = await signInThroughUi(page);
  const { lead_id: leadId } = await reachBankingByApi(page);
  await bankDetailsByApi(page, ACCOUNT);

  // The step in plain words with the figures; UPI Autopay goes to the provider's hosted page.
  await page.goto("/my-dashboard/autopay");
  await expect(page.getByRole("heading", { level: 1, name: "Set up AutoPay" })).toBeVisible();
  const facts = page.locator(".autopay-facts");
  await expect(facts).toContainText(`Only your verified bank account ending ${ACCOUNT.slice(-4)} can be used.`);
  await expect(facts).toContainText("We send you an SMS and e-mail 24 hours before, with the amount and the date.");
  const factMax = (await facts.getByText(/^At most /).textContent()) ?? "";
  const [, max, total, penal] =
    factMax.match(/^At most (₹[\d,.]+) can be taken in one debit: the total you repay \((₹[\d,.]+)\) plus the cap on penal charges \((₹[\d,.]+)\)/) ?? [];
  expect(paiseOf(max)).toBe(paiseOf(total) + paiseOf(penal));
  const debitOn = (await details(page)).figures!.debit_on;
  const debitDate = ((await facts.getByText(/^The debit is made on your repayment date, /).textContent()) ?? "").match(/repayment date, (.+)\.$/)?.[1] ?? "";
  expect(debitDate).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
  await expectNoAxeViolations(page);
  await photograph(page, info, "autopay-step");
  await page.getByRole("button", { name: "UPI Autopay (recommended)" }).click();

  // The sandbox's hosted approval page: the mandate's terms, then Approve.
  await page.waitForURL(/\/sandbox\/mandates\//);
  await expect(page.getByRole("heading", { name: "Approve your AutoPay mandate" })).toBeVisible();
  await expect(page.getByText(`XXXXXXXX${ACCOUNT.slice(-4)}`)).toBeVisible();
  expect(paiseOf((await page.getByRole("definition").filter({ hasText: /^₹/ }).textContent()) ?? "")).toBe(paiseOf(max));
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Approve mandate" }).click();

  // Back with the mandate active, on to the eSign page: sign, congratulations.
  await page.waitForURL(/\/sandbox\/esign\//);
  await expect(page.getByRole("heading", { name: "Sign your loan documents" })).toBeVisible();
  await page.getByLabel(/I have read the Loan Agreement/).check();
  await page.getByRole("button", { name: "Send code" }).click();
  await page.getByLabel(/6-digit code sent to/).fill(await esignCodeFromOutbox(page, mobile));
  await page.getByRole("button", { name: "Sign documents" }).click();
  await page.waitForURL(/\/my-dashboard\/congratulations$/);
  const before = await details(page);
  expect(before.mandate?.status).toBe("ACTIVE");
  const mandateId = before.mandate!.id;
  const atProvider = (await providerState(page)).mandates.find((m) => m.reference === mandateId);
  expect(atProvider).toMatchObject({ method: "upi", status: "confirmed", account_last4: ACCOUNT.slice(-4) });

  // Recommended, sanctioned and paid out by the back office.
  await recommendSanctionAndPayOut(page, baseURL!, mobile, leadId);

  // Repayment shows the mandate and its next debit: the repayment date.
  await page.goto("/my-dashboard/repayment");
  const card = page.getByRole("region", { name: "AutoPay" });
  await expect(card).toContainText("State: Active");
  await expect(card).toContainText(`Next debit: ${debitDate}`);
  await expect(card.getByRole("link", { name: "Manage or cancel AutoPay" })).toHaveAttribute("href", "/my-dashboard/autopay");
  const totalDue = paiseOf((await page.locator(".repay-summary tr[data-line=total] td").textContent()) ?? "");
  await expectNoAxeViolations(page);
  await photograph(page, info, "repayment-autopay");

  // The day before the repayment date: the day's jobs send the pre-debit notice (SMS), and take nothing yet.
  await setClock(page, { now: `${dayBefore(debitOn)}T10:00` });
  await runJobs(page);
  const notice = ((await (await page.request.get("/dev/outbox.json")).json()) as { to: string; text: string }[]).find(
    (m) => m.to === mobile && m.text.startsWith("SalaryOnTime AutoPay:"),
  );
  // Notices write the month short, as every notice does (issue 30): "7 Dec 2026".
  const shortDate = debitDate.replace(/^(\d+) ([A-Z][a-z]{2})[a-z]* /, "$1 $2 ");
  expect(notice?.text).toMatch(
    new RegExp(`^SalaryOnTime AutoPay: (₹[\\d,.]+) will be debited from your bank account ending ${ACCOUNT.slice(-4)} on ${shortDate} for your loan\\.`),
  );
  // What the loan will owe on the repayment date: the total repayable (no payment yet), at least today's total.
  const noticed = paiseOf(notice!.text.match(/AutoPay: (₹[\d,.]+)/)![1]);
  expect(noticed).toBe(paiseOf(total));
  expect(noticed).toBeGreaterThanOrEqual(totalDue);
  expect((await providerState(page)).debits.filter((d) => d.token_id === atProvider!.token_id)).toEqual([]);

  // The repayment date: the debit is presented for the morning's total, captured, and closes the loan.
  await setClock(page, { now: `${debitOn}T10:00` });
  await runJobs(page);
  await expect.poll(async () => (await providerState(page)).mandates.find((m) => m.reference === mandateId)?.status, { timeout: 30_000 }).toBe("cancelled");
  const debits = (await providerState(page)).debits.filter((d) => d.token_id === atProvider!.token_id);
  expect(debits).toEqual([expect.objectContaining({ amount_paise: noticed, status: "captured" })]);

  // The customer (the session has timed out on the moved clock) signs in again and sees it all.
  await page.context().clearCookies();
  await signInThroughUi(page, mobile);
  await openNewestLoanDetails(page);
  await expect(page.getByText("This loan is fully repaid and closed.")).toBeVisible();
  await expectNoAxeViolations(page);
  await photograph(page, info, "loan-closed");
  await page.goto("/my-dashboard/repayment");
  await expect(page.getByText("You have no loan due. Thank you!")).toBeVisible();
  await page.goto("/my-dashboard/autopay");
  // Issue 30: the screen names the mandate's state and why, and its history with the debit's amount and date.
  await expect(page.getByRole("heading", { level: 1, name: "Your AutoPay" })).toBeVisible();
  await expect(page.locator(".step-card").getByRole("status")).toContainText("AutoPay is off");
  await expect(page.locator(".step-card").getByRole("status")).toContainText(`It ended on ${debitDate}, when your loan was repaid and closed.`);
  const history = page.getByRole("region", { name: "What has happened" }).getByRole("listitem");
  await expect(history).toHaveText([
    /You asked for a UPI Autopay mandate of up to ₹[\d,.]+ on your account ending 6810\./,
    /Your bank approved the mandate/,
    new RegExp(`We told you by SMS and e-mail that ₹[\\d,.]+ would be debited on ${debitDate}\\.`),
    new RegExp(`^${debitDate} ₹[\\d,.]+ was debited for your loan\\.`),
    /AutoPay ended: your loan was repaid and closed\./,
  ]);
  await expect(page.getByRole("button", { name: "Cancel AutoPay" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await photograph(page, info, "autopay-cancelled");
  expect((await details(page)).mandate?.status).toBe("CANCELLED");
  // The same in Hindi: the state, its reason and the history in Hindi words and dates.
  await page.context().addCookies([{ name: "lang", value: "hi", url: baseURL! }]);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "आपका AutoPay" })).toBeVisible();
  await expect(page.locator(".step-card").getByRole("status")).toContainText("AutoPay बंद है");
  await expect(page.getByRole("region", { name: "अब तक क्या हुआ" }).getByRole("listitem")).toHaveCount(5);
  await photograph(page, info, "autopay-cancelled-hi");
});

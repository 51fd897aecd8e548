// Staff for the loan-life browser test: made through POST /dev/staff, enrolled and signed in through the
// /admin screens with codes from `otpauth`. The credit manager's e-mail is a seeded credit_managers row
// (queues follow the e-mail), so the 360 px and 1280 px runs may meet the same one on one server:
// its password and key are kept in a temp file for that server's port and reused when the e-mail is taken.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import * as OTPAuth from "otpauth";
import type { StaffRole } from "../../core/staff.ts";
import { openNewestLoanDetails } from "./loan-support.ts";
import { expect } from "./support.ts";

const STEP_MS = 30_000;

export interface LoanLifeStaff {
  email: string;
  password: string;
  key: string;
  /** The time of the code used last: the server accepts each 30-second step once. */
  lastCodeAt: number;
  /** A given (seeded) e-mail the other width's run may meet again: kept in a temp file. Random ones are not. */
  shared: boolean;
}

const cacheFile = (baseURL: string, email: string) => join(tmpdir(), `sot-e2e-staff-${new URL(baseURL).port}-${email.replace(/[^a-z0-9.@-]/gi, "_")}.json`);
const totp = (s: LoanLifeStaff) =>
  new OTPAuth.TOTP({ issuer: "SalaryOnTime", label: s.email, algorithm: "SHA1", digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(s.key) });

/** A code from a later step than the last one used; the server's ±1 step window accepts the next step at once. */
async function nextCode(s: LoanLifeStaff): Promise<string> {
  const lastStep = Math.floor(s.lastCodeAt / STEP_MS);
  // Two steps ahead of the clock would be refused: wait for the clock to reach the last one used.
  await expect.poll(() => Math.floor(Date.now() / STEP_MS) >= lastStep, { timeout: 65_000, intervals: [1000] }).toBe(true);
  const step = Math.max(lastStep + 1, Math.floor(Date.now() / STEP_MS));
  s.lastCodeAt = step * STEP_MS + 1_000;
  return totp(s).generate({ timestamp: s.lastCodeAt });
}

/** A signed-up staff account for `email` (random when omitted): created and enrolled, or read back if this server has it. */
export async function staffAccount(page: Page, baseURL: string, role: StaffRole, given?: string): Promise<LoanLifeStaff> {
  const email = given ?? `${role}-${randomBytes(4).toString("hex")}@example.com`;
  const reply = await page.request.post("/dev/staff", { data: { email, role } });
  const file = cacheFile(baseURL, email);
  if (reply.status() !== 200) {
    expect(existsSync(file), `POST /dev/staff answered ${reply.status()} for ${email}`).toBe(true);
    return JSON.parse(readFileSync(file, "utf8")) as LoanLifeStaff;
  }
  const { enrolment_path } = (await reply.json()) as { enrolment_path: string };
  await page.goto(enrolment_path);
  await expect(page.getByRole("heading", { level: 1, name: "Set up your back office sign-in" })).toBeVisible();
  const key = ((await page.getByTestId("totp-key").textContent()) ?? "").replace(/\s+/g, "");
  const staff: LoanLifeStaff = { email, password: `pw-${randomBytes(12).toString("base64url")}`, key, lastCodeAt: Date.now(), shared: given !== undefined };
  await page.getByLabel(/Choose a password/).fill(staff.password);
  await page.getByLabel(/Enter the 6-digit code/).fill(totp(staff).generate({ timestamp: staff.lastCodeAt }));
  await page.getByRole("button", { name: "Finish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Done." })).toBeVisible();
  if (staff.shared) writeFileSync(file, JSON.stringify(staff));
  return staff;
}

/** Password, then the TOTP code; lands on the back office home. */
export async function staffSignIn(page: Page, baseURL: string, staff: LoanLifeStaff) {
  await page.goto("/admin/sign-in");
  await expect(page.getByRole("heading", { level: 1, name: "Back office sign-in" })).toBeVisible();
  await page.getByLabel("E-mail").fill(staff.email);
  await page.getByLabel("Password").fill(staff.password);
  await page.getByRole("button", { name: "Continue" }).click();
  const code = page.getByLabel("Code from your authenticator app");
  await expect(code).toBeVisible();
  await code.fill(await nextCode(staff));
  if (staff.shared) writeFileSync(cacheFile(baseURL, staff.email), JSON.stringify(staff));
  const signedIn = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/sign-in"));
  await page.getByRole("button", { name: "Sign in" }).click();
  expect((await (await signedIn).allHeaders())["set-cookie"] ?? "").toMatch(/sot_staff=/);
  // A fresh document load of the home, whatever client-side move the sign-in made.
  await page.goto("/admin");
  await expect(page.getByRole("navigation", { name: "Back office" })).toBeVisible();
}

/** The next staff member signs in on the same page: the staff cookies go; the customer's stay. */
export async function staffSignOut(page: Page) {
  await page.context().clearCookies({ name: /^sot_staff/ });
  await page.goto("/admin");
  await page.waitForURL(/\/admin\/sign-in$/);
}

/**
 * A signed application recommended by its credit manager (read from Loan Details) and sanctioned by a
 * credit head, through the back office. Ends with no staff signed in; the customer's cookies stay.
 */
export async function recommendAndSanction(page: Page, baseURL: string, leadId: string) {
  await openNewestLoanDetails(page);
  const managerEmail = ((await page.getByRole("region", { name: "Credit Manager" }).getByRole("link", { name: /@/ }).textContent()) ?? "").trim();
  const manager = await staffAccount(page, baseURL, "credit_manager", managerEmail);
  await staffSignIn(page, baseURL, manager);
  await page.goto(`/admin/credit/${leadId}`);
  const recommend = page.getByRole("form", { name: "Recommend sanction" });
  await recommend.getByLabel("Reason").selectOption({ label: "All policy checks met" });
  await recommend.getByRole("button", { name: "Recommend sanction" }).click();
  await expect(page.getByRole("status")).toContainText("Recommended for sanction.");
  await staffSignOut(page);
  const head = await staffAccount(page, baseURL, "credit_head");
  await staffSignIn(page, baseURL, head);
  await page.goto(`/admin/credit/${leadId}`);
  const sanction = page.getByRole("form", { name: "Sanction" });
  await sanction.getByLabel("Reason").selectOption({ label: "All policy checks met" });
  await sanction.getByRole("button", { name: "Sanction" }).click();
  await expect(page.getByTestId("lead-status")).toHaveText("SANCTIONED");
  await staffSignOut(page);
}

/**
 * `recommendAndSanction`, then disbursal pays it out from the desk; waits for DISBURSED (the sandbox
 * payout's webhook). Ends with no staff signed in; the customer's cookies stay.
 */
export async function recommendSanctionAndPayOut(page: Page, baseURL: string, mobile: string, leadId: string) {
  await recommendAndSanction(page, baseURL, leadId);
  await payOutFromDesk(page, baseURL, mobile, leadId);
}

/** The disbursal desk's Disburse on this customer's sanctioned loan; waits for DISBURSED. Ends signed out. */
export async function payOutFromDesk(page: Page, baseURL: string, mobile: string, leadId: string) {
  const payer = await staffAccount(page, baseURL, "disbursal");
  await staffSignIn(page, baseURL, payer);
  await page.goto("/admin/disbursal");
  await page.getByLabel("Loan number, mobile or PAN").fill(mobile);
  await page.getByRole("button", { name: "Search" }).click();
  await page.waitForURL(new RegExp(`q=${mobile}`));
  // This customer's row only (another run's loan may be on the list too).
  const row = page
    .getByRole("table")
    .getByRole("row")
    .filter({ hasText: `XXXXXX${mobile.slice(-4)}` });
  await row.getByRole("button", { name: /^Disburse / }).click();
  await expect(page.getByRole("status")).toContainText(/Payout requested \(attempt 1\)|already/);
  await page.goto(`/admin/credit/${leadId}`);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("lead-status")).toHaveText("DISBURSED", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await staffSignOut(page);
}

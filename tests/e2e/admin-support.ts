// Helpers for the back office browser tests: staff made through the sandbox route, enrolled and signed in through the UI.
import { randomBytes } from "node:crypto";
import type { Page, TestInfo } from "@playwright/test";
import * as OTPAuth from "otpauth";
import type { StaffRole } from "../../core/staff.ts";
import { expect, expectNoAxeViolations } from "./support.ts";

export interface TestStaff {
  email: string;
  password: string;
  /** The authenticator app: codes for any moment. */
  totp: OTPAuth.TOTP;
  /** The moment of the code used last; the next code must be from a later 30-second step (a code is accepted once). */
  lastCodeAt: number;
}

/** A new staff account through POST /dev/staff (sandbox only); answers its one-time enrolment path. */
export async function createStaff(page: Page, role: StaffRole, info: TestInfo) {
  const email = `${role}-${info.project.name}-${randomBytes(4).toString("hex")}@example.com`;
  const reply = await page.request.post("/dev/staff", { data: { email, role } });
  expect(reply.status()).toBe(200);
  const body = (await reply.json()) as { email: string; enrolment_path: string };
  expect(body.email).toBe(email);
  return { email, enrolmentPath: body.enrolment_path };
}

/** The key an authenticator app would read; the enrolment page shows it as text for typing. */
export async function keyFromEnrolmentPage(page: Page) {
  const key = (await page.getByTestId("totp-key").textContent())?.replace(/\s+/g, "") ?? "";
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  return key;
}

export function authenticator(email: string, key: string) {
  return new OTPAuth.TOTP({ issuer: "SalaryOnTime", label: email, algorithm: "SHA1", digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(key) });
}

/** Enrols on the open enrolment page: a password and a code from the key shown there. */
export async function enrol(page: Page, email: string, password = `pw-${randomBytes(9).toString("base64url")}`): Promise<TestStaff> {
  const totp = authenticator(email, await keyFromEnrolmentPage(page));
  await page.getByLabel(/Choose a password/).fill(password);
  const at = Date.now();
  await page.getByLabel(/Enter the 6-digit code/).fill(totp.generate({ timestamp: at }));
  await page.getByRole("button", { name: "Finish" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Done. Sign in with ${email}` })).toBeVisible();
  return { email, password, totp, lastCodeAt: at };
}

/**
 * The code of the 30-second step after the last one used. The server accepts ±1 step for clock drift,
 * so this is valid now and never a replay, with no waiting for the clock.
 */
export function nextCode(staff: TestStaff) {
  staff.lastCodeAt += 30_000;
  return staff.totp.generate({ timestamp: staff.lastCodeAt });
}

/** Both sign-in steps with the mouse-free path: Tab between fields, Enter to send. */
export async function signInWithKeyboard(page: Page, staff: TestStaff, check?: () => Promise<void>) {
  await page.goto("/admin/sign-in");
  await expect(page.getByRole("heading", { level: 1, name: "Back office sign-in" })).toBeVisible();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("E-mail")).toBeFocused();
  await page.keyboard.type(staff.email);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Password")).toBeFocused();
  await page.keyboard.type(staff.password);
  await check?.();
  await page.keyboard.press("Enter");
  const code = page.getByLabel("Code from your authenticator app");
  await expect(code).toBeFocused();
  await check?.();
  await page.keyboard.type(nextCode(staff));
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/admin$/);
  await expect(page.getByRole("navigation", { name: "Back office" })).toBeVisible();
}

/** Every admin screen visited: axe clean, not wider than the viewport, and a full-page screenshot in the report. */
export async function checkScreen(page: Page, info: TestInfo, name: string) {
  await expectNoAxeViolations(page);
  await info.attach(`${name}-${info.project.name}`, { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
  if (process.env.ADMIN_SCREENS_DIR) await page.screenshot({ fullPage: true, path: `${process.env.ADMIN_SCREENS_DIR}/${info.project.name}-${name}.png` });
}

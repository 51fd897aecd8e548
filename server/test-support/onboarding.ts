// Helpers for onboarding tests: valid payloads and a walk through the five steps.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestApp } from "./test-app.ts";

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A test app whose uploads go to a fresh temporary DATA_DIR. */
export function createOnboardingApp(options: Parameters<typeof createTestApp>[0] = {}) {
  return createTestApp({ ...options, env: { DATA_DIR: mkdtempSync(join(tmpdir(), "sot-onb-")), ...options.env } });
}

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const letter = (n: number) => LETTERS[n % 26];

/** A fresh individual PAN; `digits` picks the sandbox bureau outcome (see credit-bureau/sandbox.ts). */
export function randomPan(digits = String(1000 + (randomBytes(2).readUInt16BE() % 9000))): string {
  const b = randomBytes(5);
  return `${letter(b[0])}${letter(b[1])}${letter(b[2])}P${letter(b[3])}${digits.padStart(4, "0")}${letter(b[4])}`;
}

/** A minimal real PNG (1×1). */
export const PNG_BYTES = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a2d6c0ea0000000049454e44ae426082",
  "hex",
);

export const payloads = {
  pan: (pancard = randomPan(), monthly_income = "50000") => ({ event_name: "pancard_verification", pancard, monthly_income }),
  personal: (over: Record<string, unknown> = {}) => ({
    event_name: "personal_details",
    gender: 1,
    personal_email: "asha@example.com",
    dob: "1990-05-20",
    marital_status_id: 1,
    spouse_name: "",
    spouse_number: "",
    ...over,
  }),
  residence: (over: Record<string, unknown> = {}) => ({
    event_name: "residence_details",
    residence_type_id: 2,
    residence_address_1: "Flat 12, Green Apartments",
    residence_address_2: "Sector 62",
    residence_landmark: "Near the metro",
    residence_pincode: "201301",
    ...over,
  }),
  income: (over: Record<string, unknown> = {}) => ({
    event_name: "income_details",
    income_type_id: 1,
    monthly_income: "50000",
    salary_date: "2026-11-01",
    salary_mode_id: 1,
    ...over,
  }),
  selfie: (bytes: Buffer = PNG_BYTES, file_ext = "PNG") => ({ event_name: "selfie_upload", file: bytes.toString("base64"), file_ext }),
};

/** Signs a customer in and sends the first `steps` profile steps (0-5) with the given overrides. */
export async function onboard(
  t: TestApp,
  options: { steps?: number; pan?: string; personal?: Record<string, unknown>; residence?: Record<string, unknown>; income?: Record<string, unknown> } = {},
) {
  const user = await t.signIn();
  const headers = { "auth-token": user.token };
  const send = (body: unknown) => t.post(body, { headers });
  const pan = options.pan ?? randomPan();
  const sequence = [
    payloads.pan(pan),
    payloads.personal(options.personal),
    payloads.residence(options.residence),
    payloads.income(options.income),
    payloads.selfie(),
  ];
  for (const body of sequence.slice(0, options.steps ?? 5)) {
    const reply = await send(body);
    if (reply.body.Status !== 1) throw new Error(`${(body as { event_name: string }).event_name} failed: ${reply.body.Message}`);
  }
  return { ...user, headers, send, pan };
}

// Helpers for the onboarding browser tests: PANs, a real PNG, and steps sent through the API.
import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";

const JOURNEY = "/Api/Website/RepeatInstantJourneyController/appCustomerRegisteration";
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** A fresh individual PAN whose sandbox bureau score passes (digits 1000-9999). */
export function randomPan(): string {
  const b = randomBytes(7);
  const l = (i: number) => LETTERS[b[i] % 26];
  return `${l(0)}${l(1)}${l(2)}P${l(3)}${1000 + (b.readUInt16BE(4) % 9000)}${l(6)}`;
}

/** A valid 1×1 PNG. */
export const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

type Overrides = Partial<Record<"pan" | "personal" | "residence" | "income", Record<string, unknown>>>;

/** Sends the five profile steps with the browser's own session cookie (the page must be signed in). */
export async function completeProfileByApi(page: Page, over: Overrides = {}) {
  const steps = [
    { event_name: "pancard_verification", pancard: randomPan(), monthly_income: "50000", ...over.pan },
    { event_name: "personal_details", gender: 2, personal_email: "meera@example.com", dob: "1992-03-14", marital_status_id: 1, ...over.personal },
    {
      event_name: "residence_details",
      residence_type_id: 2,
      residence_address_1: "12 Lake View Road",
      residence_address_2: "Koramangala",
      residence_landmark: "",
      residence_pincode: "560034",
      ...over.residence,
    },
    { event_name: "income_details", income_type_id: 1, monthly_income: "50000", salary_date: "2025-10-01", salary_mode_id: 1, ...over.income },
    { event_name: "selfie_upload", file: PNG.toString("base64"), file_ext: "PNG" },
  ];
  for (const step of steps) {
    const reply = await page.request.post(JOURNEY, { data: step });
    expect((await reply.json()).Status, step.event_name).toBe(1);
  }
}

/** Types a PAN into the ten boxes from the first one; auto-advance moves along. */
export async function typePan(page: Page, pan: string) {
  await page.getByLabel("PAN character 1 of 10 (letter)").pressSequentially(pan);
}

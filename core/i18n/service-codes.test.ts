// Each code's English is exactly its area's message constant: coding a service changes no English text.
import { describe, expect, it } from "vitest";
import {
  BANKING_CODES,
  CAPTCHA_CODES,
  DATA_RIGHTS_CODES,
  GRIEVANCE_CODES,
  JOURNEY_CODES,
  KYC_CODES,
  MANDATE_CODES,
  ONBOARDING_CODES,
  QUOTE_CODES,
} from "./service-codes.ts";
import { messageText, type CodedMessage } from "./translate.ts";
import { fileTooLargeMessage, MESSAGES } from "../validation/messages.ts";
import { KYC_MESSAGES } from "../validation/documents.ts";
import { BANKING_MESSAGES } from "../banking.ts";
import { QUOTE_MESSAGES } from "../validation/loan.ts";
import { DATA_RIGHTS_MESSAGES } from "../data-rights/rights.ts";
import { MANDATE_MESSAGES } from "../mandates.ts";
import { GRIEVANCE_MESSAGES } from "../grievances.ts";
import { ENQUIRY_MESSAGES } from "../validation/enquiry.ts";

const english = (code: CodedMessage) => messageText("en", code);

/** Every fixed code of `codes` against the constant of the same name. */
function sameEnglish(codes: Record<string, unknown>, texts: Record<string, unknown>) {
  for (const [name, code] of Object.entries(codes)) {
    if (typeof code === "function") continue;
    expect([name, english(code as CodedMessage)]).toEqual([name, texts[name]]);
  }
}

describe("service codes speak the spec's English", () => {
  it("journey", () => {
    const { checkDetails, ...fixed } = JOURNEY_CODES;
    sameEnglish(fixed, MESSAGES);
    // The spec's English by hand: the refusal of an input with no field message has no constant besides the catalogue.
    expect(english(checkDetails)).toBe("Please check the details you entered.");
  });
  it("onboarding", () => {
    // The spec's and issue 3's English, by hand: there is no English constant besides the catalogue.
    expect(english(ONBOARDING_CODES.panLocked)).toBe("Your PAN is already verified and cannot be changed.");
    expect(english(ONBOARDING_CODES.pinNotServed)).toBe("We do not serve this PIN code yet.");
    expect(english(ONBOARDING_CODES.eligible("₹25,000"))).toBe("Congratulations! You are eligible for a loan of up to ₹25,000.");
  });
  it("kyc and documents", () => {
    sameEnglish(KYC_CODES, KYC_MESSAGES);
    expect(english(KYC_CODES.fileTooLarge(5))).toBe(fileTooLargeMessage(5));
  });
  it("banking and eSign", () => sameEnglish(BANKING_CODES, BANKING_MESSAGES));
  it("quote", () => sameEnglish(QUOTE_CODES, QUOTE_MESSAGES));
  it("data rights", () => {
    sameEnglish(DATA_RIGHTS_CODES, DATA_RIGHTS_MESSAGES);
    expect(english(DATA_RIGHTS_CODES.requestReceived("2026-12-26"))).toBe(DATA_RIGHTS_MESSAGES.requestReceived("2026-12-26"));
  });
  it("mandates", () => sameEnglish(MANDATE_CODES, MANDATE_MESSAGES));
  it("grievances", () => {
    sameEnglish(GRIEVANCE_CODES, GRIEVANCE_MESSAGES);
    sameEnglish(CAPTCHA_CODES, ENQUIRY_MESSAGES);
  });
});

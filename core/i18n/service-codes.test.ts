// Each code's English is the spec's text: coding a service changes no English text.
import { describe, expect, it } from "vitest";
import {
  BANKING_CODES,
  CAPTCHA_CODES,
  DATA_RIGHTS_CODES,
  ENQUIRY_CODES,
  GRIEVANCE_CODES,
  JOURNEY_CODES,
  KYC_CODES,
  MANDATE_CODES,
  ONBOARDING_CODES,
  QUOTE_CODES,
} from "./service-codes.ts";
import { messageText, type CodedMessage } from "./translate.ts";
import { fileTooLargeMessage, MESSAGES } from "../validation/messages.ts";

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
  // Each area's English by hand, the spec's or the decision's text: the catalogue is the only English.
  it("kyc and documents", () => {
    expect(english(KYC_CODES.ekycVerified)).toBe("Your Aadhaar number has been verified.");
    expect(english(KYC_CODES.documentSaved)).toBe("Document uploaded successfully.");
    expect(english(KYC_CODES.fileTooLarge(5))).toBe(fileTooLargeMessage(5));
  });
  it("banking and eSign", () => {
    expect(english(BANKING_CODES.ifscFound)).toBe("IFSC code found.");
    expect(english(BANKING_CODES.repeatNoSkip)).toBe("Verification cannot be skipped for your account.");
  });
  it("quote", () => {
    expect(english(QUOTE_CODES.accepted)).toBe("Loan quote accepted.");
    expect(english(QUOTE_CODES.quoteFirst)).toBe("Please open your loan quote first.");
  });
  it("data rights", () => {
    expect(english(DATA_RIGHTS_CODES.textTooLong)).toBe("Please keep it under 1000 characters.");
    expect(english(DATA_RIGHTS_CODES.requestReceived("26 Dec 2026"))).toBe("Your request is received. We will answer by 26 Dec 2026.");
  });
  it("mandates", () => {
    expect(english(MANDATE_CODES.started)).toBe("Please approve the AutoPay mandate on the next page.");
    expect(english(MANDATE_CODES.revoked)).toBe("AutoPay is cancelled. Please repay by the repayment date with Pay Now.");
  });
  it("grievances and the enquiry", () => {
    expect(english(GRIEVANCE_CODES.notYourLoan)).toBe("This loan number is not one of your loans.");
    expect(english(GRIEVANCE_CODES.raised("GRV-2026-000123"))).toBe("Your complaint is registered. Your reference number is GRV-2026-000123.");
    expect(messageText("hi", GRIEVANCE_CODES.raised("GRV-2026-000123"))).toBe("आपकी शिकायत दर्ज हो गई है। आपका रेफ़रेंस नंबर GRV-2026-000123 है।");
    expect(english(CAPTCHA_CODES.captchaUsed)).toBe("This image has already been used. Please type the characters in the new image.");
    expect(english(ENQUIRY_CODES.sent)).toBe("Thank you. Your enquiry has reached us and our team will contact you within one working day.");
  });
});

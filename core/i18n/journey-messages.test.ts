import { describe, expect, it } from "vitest";
import {
  FIELD_LABELS,
  MESSAGES,
  ONBOARDING_MESSAGES,
  ELIGIBILITY_REASONS,
  NOT_ELIGIBLE_MESSAGE,
  notEligibleMessage,
  requiredMessage,
  rangeMessage,
  fileTooLargeMessage,
} from "../validation/messages.ts";
import { KYC_MESSAGES, DOCUMENT_TYPES } from "../validation/documents.ts";
import { QUOTE_MESSAGES } from "../validation/loan.ts";
import { BANKING_MESSAGES } from "../banking.ts";
import { JOURNEY_MESSAGES } from "../contract/journey-events.ts";
import {
  COMPANY_TYPES,
  DEPARTMENTS,
  GENDERS,
  INCOME_TYPES,
  LOAN_PURPOSES,
  MARITAL_STATUSES,
  RESIDENCE_TYPES,
  SALARY_MODES,
  WORK_MODES,
} from "../journey/masters.ts";
import { REGISTRATION_CARDS } from "../journey/cards.ts";
import { APPLICATION_STAGE_CARDS } from "../journey/stage-cards.ts";
import { applyAgain } from "../eligibility.ts";
import { journeyEn } from "./journey.en.ts";
import { codeOf, localizeErrors, localizeText, termText } from "./journey-messages.ts";

const SOURCES: Record<string, unknown>[] = [
  { notEligible: NOT_ELIGIBLE_MESSAGE },
  MESSAGES,
  ONBOARDING_MESSAGES,
  KYC_MESSAGES,
  QUOTE_MESSAGES,
  BANKING_MESSAGES,
  JOURNEY_MESSAGES,
];

describe("the journey's coded messages", () => {
  it("copies each service text exactly from its constant", () => {
    for (const [key, text] of Object.entries(journeyEn)) {
      if (!key.startsWith("journey.msg.") || text.includes("{")) continue;
      const name = key.slice("journey.msg.".length);
      const source = SOURCES.find((s) => typeof s[name] === "string");
      if (name === "invalidSession" || name === "expiredSession") continue;
      expect(source?.[name], key).toBe(text);
    }
  });

  it("leaves English as it is and words a known text in Hindi", () => {
    expect(localizeText("en", MESSAGES.panInvalid)).toBe(MESSAGES.panInvalid);
    expect(localizeText("hi", MESSAGES.minAge)).toBe("आपकी उम्र कम से कम 18 साल होनी चाहिए।");
    expect(localizeText("hi", MESSAGES.panInvalid)).toBe("कृपया सही PAN नंबर डालें");
    expect(localizeText("hi", "Something nobody coded.")).toBe("Something nobody coded.");
    expect(localizeText("hi", "")).toBe("");
  });

  it("words the message functions with their values, the field's label in Hindi", () => {
    expect(codeOf(requiredMessage(FIELD_LABELS.gender))).toEqual(expect.objectContaining({ key: "journey.msg.required", values: { field: "Gender" } }));
    expect(localizeText("hi", requiredMessage(FIELD_LABELS.gender))).toBe("लिंग भरना ज़रूरी है!");
    expect(localizeText("hi", rangeMessage("Tenure", "7 days", "40 days"))).toBe("अवधि 7 दिन से 40 दिन के बीच होना चाहिए।");
    expect(localizeText("hi", fileTooLargeMessage(5))).toBe("फ़ाइल बहुत बड़ी है। ज़्यादा से ज़्यादा 5 MB की फ़ाइल चलेगी।");
    expect(localizeText("hi", ONBOARDING_MESSAGES.eligible("₹1,00,000"))).toBe("बधाई हो! आप ₹1,00,000 तक के लोन के लिए पात्र हैं।");
    expect(localizeText("hi", QUOTE_MESSAGES.amountOutsideOffer("₹10,000", "₹45,000", "₹1,000"))).toBe(
      "कृपया ₹10,000 से ₹45,000 के बीच लोन की रकम चुनें, ₹1,000 के अंतर पर।",
    );
  });

  it("words an eligibility refusal sentence by sentence, and the date to apply again in words", () => {
    const message = notEligibleMessage([ELIGIBILITY_REASONS.minIncome("₹25,000")]);
    expect(localizeText("hi", message)).toBe("माफ़ कीजिए, अभी आप लोन के लिए पात्र नहीं हैं। आपकी मासिक आय कम से कम ₹25,000 होनी चाहिए। आपकी जानकारी सेव है।");
    const again = applyAgain("bureauScore", { dob: null, checkedOn: "2026-11-26" });
    expect(localizeText("hi", again.text)).toBe("आप 26 दिसंबर 2026 से फिर आवेदन कर सकते हैं, जब हम क्रेडिट ब्यूरो से आपका स्कोर दोबारा लेंगे।");
    expect(localizeErrors("hi", { age: ELIGIBILITY_REASONS.age(21, 55) })).toEqual({ age: "आपकी उम्र 21 से 55 साल के बीच होनी चाहिए।" });
  });

  it("has Hindi for every label kept in core", () => {
    const labels = [
      ...Object.values(FIELD_LABELS).filter((l) => !["Profile ID", "OTP", "Captcha", "Captcha ID", "Tracking Parameter", "Password", "Message"].includes(l)),
      ...[COMPANY_TYPES, GENDERS, INCOME_TYPES, LOAN_PURPOSES, MARITAL_STATUSES, RESIDENCE_TYPES, SALARY_MODES, WORK_MODES].flatMap((list) =>
        list.map((o) => o.label),
      ),
      ...DEPARTMENTS,
      ...REGISTRATION_CARDS.map((c) => c.title),
      ...APPLICATION_STAGE_CARDS.map((c) => c.title),
      ...DOCUMENT_TYPES.map((d) => d.name),
    ].filter((l) => !["LLP", "Nbfc"].includes(l));
    for (const label of labels) expect(termText("hi", label), label).not.toBe(label);
  });
});

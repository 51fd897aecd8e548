import { describe, expect, it } from "vitest";
import {
  FIELD_LABELS,
  MESSAGES,
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
import { journeyRulesEn } from "./journey-rules.en.ts";
import { applicationStatus } from "../application-status.ts";
import { codeOf, localizeErrors, localizeText, sentences, termText } from "./journey-messages.ts";

const SOURCES: Record<string, unknown>[] = [{ notEligible: NOT_ELIGIBLE_MESSAGE }, MESSAGES, KYC_MESSAGES, QUOTE_MESSAGES, BANKING_MESSAGES, JOURNEY_MESSAGES];

describe("the journey's coded messages", () => {
  it("copies each service text exactly from its constant, where one remains", () => {
    for (const [key, text] of Object.entries(journeyRulesEn)) {
      if (!key.startsWith("journey.msg.") || text.includes("{")) continue;
      const name = key.slice("journey.msg.".length);
      const source = SOURCES.find((s) => typeof s[name] === "string");
      // Onboarding's answers have no English constant: the catalogue's text is the only one (decision 60).
      if (!source || name === "invalidSession" || name === "expiredSession") continue;
      expect(source[name], key).toBe(text);
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
    expect(localizeText("hi", "Congratulations! You are eligible for a loan of up to ₹1,00,000.")).toBe("बधाई हो! आप ₹1,00,000 तक के लोन के लिए पात्र हैं।");
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
    ].filter((l) => !["LLP", "NBFC"].includes(l));
    for (const label of labels) expect(termText("hi", label), label).not.toBe(label);
  });
});

describe("an application's status in Hindi (core/application-status.ts's sentences)", () => {
  const base = {
    status: "SUBMITTED",
    quoteDecision: "ACCEPTED",
    rejectionReason: null,
    statusDay: "2027-03-12",
    recommended: false,
    requoteRequested: false,
    quoteIssuedOn: "2027-03-12",
    repaymentDate: "2027-04-05",
    repaymentAmount: 10450,
    loanNo: "SOT2703000123",
  } as const;
  const hindi = (text: string) => sentences("hi", text);
  // What may stay in Latin letters: the loan number, SMS and PDF-style names.
  const english = (text: string) => text.replace(/SOT\d+|SMS/g, "").match(/[A-Za-z]{2,}/g);

  it("words every stage's next step and its when, with no English left", () => {
    const facts = [
      { status: "IN_PROCESS" },
      {},
      { recommended: true },
      { requoteRequested: true },
      { status: "SANCTIONED" },
      { status: "DISBURSED" },
      { status: "CLOSED" },
      { status: "REJECTED" },
      { status: "REJECTED", rejectionReason: "BUREAU_RISK" },
      { status: "REJECTED", quoteDecision: "DECLINED" },
    ];
    for (const f of facts) {
      const s = applicationStatus({ ...base, ...f });
      expect(english(hindi(s.next)), `${s.stage} next`).toBeNull();
      expect(english(hindi(s.when)), `${s.stage} when`).toBeNull();
    }
  });

  it("gives dates in words and amounts with Indian grouping", () => {
    const submitted = applicationStatus(base);
    expect(hindi(submitted.when)).toBe("फ़ैसला 15 मार्च 2027 तक आने की उम्मीद है");
    const paid = applicationStatus({ ...base, status: "DISBURSED", repaymentAmount: 104500 });
    expect(hindi(paid.next)).toBe("आपका लोन SOT2703000123 आपके बैंक खाते में भेज दिया गया है। चुकाने की तारीख तक ₹1,04,500 चुका दें; उससे पहले हम आपको SMS से याद दिलाएँगे।");
    expect(hindi(paid.when)).toBe("5 अप्रैल 2027 तक चुकाएँ");
    expect(sentences("en", paid.when)).toBe("Repay by 5 Apr 2027");
  });

  it("words a credit rejection's sentence and its reason", () => {
    const rejected = applicationStatus({ ...base, status: "REJECTED", rejectionReason: "EMPLOYMENT_NOT_VERIFIED" });
    expect(rejected.next).toBe(
      "We could not approve this application because we could not confirm your employment. Your details are saved; you can check your eligibility again when something changes.",
    );
    expect(hindi(rejected.next)).toBe(
      "हम यह आवेदन मंज़ूर नहीं कर पाए, क्योंकि हम आपकी नौकरी की पुष्टि नहीं कर पाए। आपकी जानकारी सेव है; कुछ बदलने पर आप फिर से अपनी योग्यता जाँच सकते हैं।",
    );
    expect(sentences("en", rejected.next)).toBe(rejected.next);
  });
});

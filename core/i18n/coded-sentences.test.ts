import { describe, expect, it } from "vitest";
import { FIELD_LABELS, ELIGIBILITY_REASONS } from "../validation/messages.ts";
import { DOCUMENT_TYPES, documentNameKey } from "../validation/documents.ts";
import {
  COMPANY_TYPES,
  DEPARTMENT_OPTIONS,
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
import { applyAgain, notEligibleCode, reasonCode } from "../eligibility.ts";
import { PRODUCT } from "../product.ts";
import { applicationStatus, type ApplicationFacts } from "../application-status.ts";
import { QUOTE_CODES } from "./service-codes.ts";
import { messageText, translate, type MessageKey } from "./translate.ts";

describe("the journey's coded messages (decision 60)", () => {
  it("words the eligibility refusal and its reason by code, English as the apps read it", () => {
    const refusal = notEligibleCode(reasonCode("minIncome", { ...PRODUCT.eligibility, minMonthlyIncome: 25_000 }));
    expect(messageText("en", refusal)).toBe(
      "Sorry, you are not eligible for a loan right now. Your monthly income must be at least ₹25,000. Your details are saved.",
    );
    expect(messageText("hi", refusal)).toBe("माफ़ कीजिए, अभी आप लोन के लिए पात्र नहीं हैं। आपकी मासिक आय कम से कम ₹25,000 होनी चाहिए। आपकी जानकारी सेव है।");
    expect(messageText("en", reasonCode("age"))).toBe(ELIGIBILITY_REASONS.age(21, 60));
    expect(messageText("hi", reasonCode("age", { ...PRODUCT.eligibility, age: { min: 21, max: 55 } }))).toBe("आपकी उम्र 21 से 55 साल के बीच होनी चाहिए।");
  });

  it("words the day to apply again in words in Hindi, and as the short date in English", () => {
    const again = applyAgain("bureauScore", { dob: null, checkedOn: "2026-11-26" });
    expect(messageText("en", again.code)).toBe("You can apply again from 26 Dec 2026, when we ask the credit bureau for your score again.");
    expect(messageText("hi", again.code)).toBe("आप 26 दिसंबर 2026 से फिर आवेदन कर सकते हैं, जब हम क्रेडिट ब्यूरो से आपका स्कोर दोबारा लेंगे।");
  });

  it("words the quote's refusals with their values", () => {
    expect(messageText("en", QUOTE_CODES.amountOutsideOffer("₹10,000", "₹45,000", "₹1,000"))).toBe(
      "Please choose a loan amount between ₹10,000 and ₹45,000, in steps of ₹1,000.",
    );
    expect(messageText("hi", QUOTE_CODES.amountOutsideOffer("₹10,000", "₹45,000", "₹1,000"))).toBe(
      "कृपया ₹10,000 से ₹45,000 के बीच लोन की रकम चुनें, ₹1,000 के अंतर पर।",
    );
    expect(messageText("en", QUOTE_CODES.tenureFixed(30))).toBe("The tenure is fixed at 30 days, up to your next salary date.");
    expect(messageText("en", QUOTE_CODES.tenureOutsideOffer(7, 40))).toBe("Please choose a tenure between 7 and 40 days.");
  });

  /** Core's labels by key, each with the English its list gives (the API's and the export's words). */
  const untermed = ["profileId", "otp", "captcha", "captchaId", "utm", "password"];
  const labels: [MessageKey, string][] = [
    ...Object.entries(FIELD_LABELS)
      .filter(([name]) => !untermed.includes(name))
      .map(([name, label]): [MessageKey, string] => [`journey.term.${name}` as MessageKey, label]),
    ...[COMPANY_TYPES, GENDERS, INCOME_TYPES, LOAN_PURPOSES, MARITAL_STATUSES, RESIDENCE_TYPES, SALARY_MODES, WORK_MODES, DEPARTMENT_OPTIONS].flatMap((list) =>
      list.map((o): [MessageKey, string] => [o.labelKey, o.label]),
    ),
    ...DOCUMENT_TYPES.map((d): [MessageKey, string] => [documentNameKey(d.doc_type)!, d.name]),
  ];

  it("words each label kept in core from its key, in English exactly as its list gives it", () => {
    for (const [key, label] of labels) expect(translate("en", key), key).toBe(label);
    expect(labels.find(([key]) => key === "journey.term.HUMAN_RESOURCES")?.[1]).toBe("HUMAN RESOURCES");
  });

  it("has Hindi for every label kept in core", () => {
    const keys = [...labels.map(([key]) => key), ...REGISTRATION_CARDS.map((c) => c.titleKey), ...APPLICATION_STAGE_CARDS.map((c) => c.titleKey)];
    const same = ["journey.term.llp", "journey.term.nbfc"];
    for (const key of keys.filter((k) => !same.includes(k))) expect(translate("hi", key), key).not.toBe(translate("en", key));
    expect(translate("hi", "journey.term.nbfc")).toBe("NBFC");
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
  } satisfies ApplicationFacts;
  const hindi = (facts: ApplicationFacts) => applicationStatus(facts, "hi");
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
      const s = hindi({ ...base, ...f });
      expect(english(s.next), `${s.stage} next`).toBeNull();
      expect(english(s.when), `${s.stage} when`).toBeNull();
    }
  });

  it("gives dates in words and amounts with Indian grouping", () => {
    expect(hindi(base).when).toBe("फ़ैसला 15 मार्च 2027 तक आने की उम्मीद है");
    const paidFacts = { ...base, status: "DISBURSED", repaymentAmount: 104500 };
    const paid = hindi(paidFacts);
    expect(paid.next).toBe("आपका लोन SOT2703000123 आपके बैंक खाते में भेज दिया गया है। चुकाने की तारीख तक ₹1,04,500 चुका दें; उससे पहले हम आपको SMS से याद दिलाएँगे।");
    expect(paid.when).toBe("5 अप्रैल 2027 तक चुकाएँ");
    expect(applicationStatus(paidFacts).when).toBe("Repay by 5 Apr 2027");
    expect(applicationStatus({ ...paidFacts, loanNo: null, repaymentAmount: null }).next).toBe(
      "Your loan has been paid into your bank account. Repay the amount due on or before the repayment date; we remind you by SMS before it.",
    );
  });

  it("words a credit rejection's sentence and its reason", () => {
    const facts = { ...base, status: "REJECTED", rejectionReason: "EMPLOYMENT_NOT_VERIFIED" };
    const rejected = applicationStatus(facts);
    expect(rejected.next).toBe(
      "We could not approve this application because we could not confirm your employment. Your details are saved; you can check your eligibility again when something changes.",
    );
    expect(hindi(facts).next).toBe(
      "हम यह आवेदन मंज़ूर नहीं कर पाए, क्योंकि हम आपकी नौकरी की पुष्टि नहीं कर पाए। आपकी जानकारी सेव है; कुछ बदलने पर आप फिर से अपनी योग्यता जाँच सकते हैं।",
    );
  });
});

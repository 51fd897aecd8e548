// Issue 30: every notice (each SMS template and each e-mail's subject and body) rendered in both
// languages with its values made the way the services make them (dates by noticeDate, words from the
// catalogue): the Hindi has no English words outside the allowed list and no Latin month name, and
// the English names its dates in English.
import { describe, expect, it } from "vitest";
import { formatINR } from "../loan-math/index.ts";
import { englishWordsInHindi, hasLatinMonth } from "./latin-words.ts";
import { messagesEn } from "./messages.en.ts";
import { noticeDate } from "./customer-language.ts";
import { translate, type MessageKey, type MessageValues } from "./translate.ts";
import type { Language } from "./languages.ts";

const keys = Object.keys(messagesEn) as MessageKey[];
const smsKinds = keys.filter((k) => k.startsWith("messages.sms.")).map((k) => k.slice("messages.sms.".length));
const emailKinds = keys.filter((k) => /^messages\.email\.\w+\.subject$/.test(k)).map((k) => k.split(".")[2]);

/** The values a service gives a notice, made as the services make them, in `lang`. */
function valuesFor(lang: Language, kind: string): MessageValues {
  const t = (key: MessageKey, values?: MessageValues) => translate(lang, key, values);
  const date = noticeDate("2026-12-07", lang);
  return {
    loan_no: "SOT2611280001",
    amount: formatINR(24_200),
    total_due: formatINR(24_200),
    close_today: formatINR(22_400),
    penal: formatINR(121),
    days: "3",
    date,
    repayment_date: date,
    cooling_off_until: noticeDate("2026-11-25", lang),
    retry_date: noticeDate("2026-12-08", lang),
    retry: "yes",
    when: "tomorrow",
    last4: "9012",
    pay_link: "https://salaryontime.example/repayloan",
    link: "https://salaryontime.example/my-dashboard",
    paid_on: date,
    receipt_link: "https://salaryontime.example/thank-you/ORD123/pay_123",
    portal: "https://cms.rbi.org.in",
    reason: kind === "loan_rejected" ? t("messages.rejection.INCOME_NOT_VERIFIED") : t("messages.autopayFailure.no_funds"),
    to: t("messages.refundTo.bank", { last4: "9012" }),
    reference: "GRV-2026-000123",
    category: t("messages.grievanceCategory.repayment"),
    officer: t("contact.grievanceOfficer"),
    nodal: t("contact.nodalOfficer"),
    // A person's name and a reply the grievance officer wrote in the customer's language.
    nodal_name: lang === "hi" ? "रमेश" : "Ramesh",
    reply: lang === "hi" ? "हमने आपका रिफ़ंड भेज दिया है।" : "We have sent your refund.",
    online: "yes",
    ombudsman: t("messages.ombudsman", { days: 30, portal: "https://cms.rbi.org.in" }),
    code: "4821",
    purpose: "login",
    // The mandate's method is its product's name (AUTOPAY_METHOD_NAMES), the same in both languages.
    method: "UPI Autopay",
    // Issue 33: CKYCR's 14-digit identifier.
    ckyc_number: "50000012345678",
  };
}

const rendered = (lang: Language) => [
  ...smsKinds.map((kind) => ({ what: `SMS ${kind}`, text: translate(lang, `messages.sms.${kind}` as MessageKey, valuesFor(lang, kind)) })),
  ...emailKinds.flatMap((kind) => [
    { what: `e-mail ${kind} subject`, text: translate(lang, `messages.email.${kind}.subject` as MessageKey, valuesFor(lang, kind)) },
    { what: `e-mail ${kind} body`, text: translate(lang, `messages.email.${kind}.body` as MessageKey, valuesFor(lang, kind)) },
  ]),
  { what: "one-time code", text: translate(lang, "messages.otp", valuesFor(lang, "otp")) },
];

describe("notices in the customer's language", () => {
  it("covers the AutoPay notices as SMS and e-mail", () => {
    expect(smsKinds).toEqual(expect.arrayContaining(["autopay_notice", "autopay_failed"]));
    expect(emailKinds).toEqual(expect.arrayContaining(["autopay_notice", "autopay_failed"]));
  });

  it("dates: '7 Dec 2026' in English, '7 दिसंबर 2026' in Hindi, from one formatter", () => {
    expect(noticeDate("2026-12-07", "en")).toBe("7 Dec 2026");
    expect(noticeDate("2026-12-07", "hi")).toBe("7 दिसंबर 2026");
    expect(noticeDate("2026-09-01", "hi")).toBe("1 सितंबर 2026");
  });

  it.each(rendered("hi").map((r) => [r.what, r.text]))("Hindi %s: no English words outside the allowed list, no Latin month", (_what, text) => {
    expect(englishWordsInHindi(text)).toEqual([]);
    expect(hasLatinMonth(text)).toBe(false);
    expect(text).toMatch(/[\u0900-\u097F]/);
  });

  it.each(rendered("en").map((r) => [r.what, r.text]))("English %s: no Devanagari", (_what, text) => {
    expect(text).not.toMatch(/[\u0900-\u097F]/);
  });

  it("the checker itself finds a Latin month, English words and lets the allowed ones and loan numbers through", () => {
    expect(englishWordsInHindi("7 December 2026 को SalaryOnTime AutoPay, PAN, SOT2611280001, https://x.in/a")).toEqual(["December"]);
    expect(englishWordsInHindi("आपका Key Fact Statement")).toEqual(["Key", "Fact", "Statement"]);
    expect(hasLatinMonth("7 Dec 2026")).toBe(true);
    expect(hasLatinMonth("7 दिसंबर 2026")).toBe(false);
  });
});

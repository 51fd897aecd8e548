// Issue 30: the AutoPay screen after the step says what state the mandate is in and why, and lists its
// history (registration, notices, debits with amounts and dates), in English and in Hindi.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Language } from "../../../core/i18n/index.ts";
import { englishWordsInHindi, hasLatinMonth } from "../../../core/i18n/latin-words.ts";
import type { MandateHistoryEntry } from "../../../core/mandates.ts";
import { LanguageContext } from "../../lib/i18n.tsx";
import { AutopayHistory, AutopayStateNow, type MandateOnScreen } from "./autopay-history.tsx";

const closedByDebit: MandateHistoryEntry[] = [
  { kind: "registered", at: "2026-11-20T05:00:00.000Z", method: "upi", max_amount_paise: 2_470_000, account_last4: "2468" },
  { kind: "activated", at: "2026-11-20T05:02:00.000Z" },
  { kind: "notice", at: "2026-12-06T04:30:00.000Z", amount_paise: 2_420_000, debit_on: "2026-12-07" },
  { kind: "debited", at: "2026-12-07T04:30:00.000Z", amount_paise: 2_420_000, debit_on: "2026-12-07" },
  { kind: "cancelled", at: "2026-12-07T04:30:00.000Z", reason: "loan_closed" },
];
const cancelled: MandateOnScreen = { method: "upi", status: "CANCELLED", max_amount_paise: 2_470_000, failure_reason: null, cancel_reason: "loan_closed" };

const text = (lang: Language, node: React.ReactNode) =>
  renderToStaticMarkup(<LanguageContext.Provider value={lang}>{node}</LanguageContext.Provider>)
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("the AutoPay screen after the step", () => {
  it("a mandate ended by the loan's closure: off, why, and when (English)", () => {
    expect(text("en", <AutopayStateNow mandate={cancelled} history={closedByDebit} dueDate="7 December 2026" />)).toBe(
      "AutoPay is off It ended on 7 December 2026, when your loan was repaid and closed.",
    );
  });

  it("the same in Hindi, with no English words outside the allowed list", () => {
    const hi = text("hi", <AutopayStateNow mandate={cancelled} history={closedByDebit} dueDate="7 दिसंबर 2026" />);
    expect(hi).toBe("AutoPay बंद है आपका लोन पूरा चुकने और बंद होने पर यह 7 दिसंबर 2026 को ख़त्म हो गया।");
    expect(hi).not.toContain("रद्द");
  });

  it("the history: each step with its day, the notice and the debit with their amounts (English)", () => {
    expect(text("en", <AutopayHistory history={closedByDebit} />)).toBe(
      [
        "What has happened",
        "20 November 2026 You asked for a UPI Autopay mandate of up to ₹24,700.00 on your account ending 2468.",
        "20 November 2026 Your bank approved the mandate: AutoPay was on.",
        "6 December 2026 We told you by SMS and e-mail that ₹24,200.00 would be debited on 7 December 2026.",
        "7 December 2026 ₹24,200.00 was debited for your loan.",
        "7 December 2026 AutoPay ended: your loan was repaid and closed.",
      ].join(" "),
    );
  });

  it("the history in Hindi: Hindi dates, the same amounts, no English words outside the allowed list", () => {
    const hi = text("hi", <AutopayHistory history={closedByDebit} />);
    expect(hi).toContain("6 दिसंबर 2026 हमने SMS और ई-मेल से बताया कि 7 दिसंबर 2026 को ₹24,200.00 कटेंगे।");
    expect(hi).toContain("7 दिसंबर 2026 आपके लोन के लिए ₹24,200.00 कटे।");
    expect(hasLatinMonth(hi)).toBe(false);
    expect(englishWordsInHindi(hi)).toEqual([]);
  });

  it("a failed debit names the reason in the reader's language", () => {
    const failed: MandateHistoryEntry[] = [
      { kind: "debit_failed", at: "2026-12-07T04:31:00.000Z", amount_paise: 2_420_000, debit_on: "2026-12-07", reason: "no_funds" },
    ];
    expect(text("en", <AutopayHistory history={failed} />)).toContain("The debit of ₹24,200.00 could not be made: there was not enough money in the account.");
    expect(text("hi", <AutopayHistory history={failed} />)).toContain("₹24,200.00 की कटौती नहीं हो पाई: खाते में पूरे पैसे नहीं थे।");
  });

  it("a registration never approved (past the step): not set up, with the reason", () => {
    const lapsed: MandateOnScreen = { ...cancelled, status: "PENDING", cancel_reason: null };
    expect(text("en", <AutopayStateNow mandate={lapsed} history={[]} dueDate="" />)).toBe(
      "AutoPay was not set up The mandate was not approved, so nothing will be debited automatically.",
    );
  });
});

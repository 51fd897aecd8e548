// The servicing catalogue's copies of core's English words (issue 23) stay the same as core's, so a
// screen that words a code (a status, a category, a purpose) says in English exactly what core says,
// and an English answer the API still sends is recognised and shown in Hindi.
import { describe, expect, it } from "vitest";
import { CONTACT_CHANNEL_LABELS, CONTACT_CHANNELS } from "../admin/collections-desk.ts";
import { REJECTION_REASONS, REJECTION_REASON_CODES } from "../credit.ts";
import { DATA_RIGHTS_MESSAGES } from "../data-rights/index.ts";
import { GRIEVANCE_CATEGORIES, GRIEVANCE_CATEGORY_LABELS, GRIEVANCE_MESSAGES, GRIEVANCE_STATUSES, GRIEVANCE_STATUS_LABELS } from "../grievances.ts";
import { LEAD_STATUS_LABELS, leadStatusExplanation, leadStatusLabel } from "../loan-history.ts";
import { PAYMENT_GATEWAYS } from "../payment-gateways.ts";
import { LOAN_PURPOSES } from "../journey/masters.ts";
import { formatINR } from "../format.ts";
import { en, type MessageKey } from "./en.ts";
import { knownText } from "./known-text.ts";
import { translate, translateRich } from "./translate.ts";

const key = (k: string) => k as MessageKey;

describe("the servicing catalogue", () => {
  it("words every lead status, complaint category and status, and contact channel as core does", () => {
    for (const [status, label] of Object.entries(LEAD_STATUS_LABELS)) {
      expect(en[key(`servicing.lead.status.${status}`)]).toBe(label);
      if (status !== "REJECTED") expect(en[key(`servicing.lead.explain.${status}`)]).toBe(leadStatusExplanation(status));
    }
    expect(en["servicing.lead.status.declined"]).toBe(leadStatusLabel("REJECTED", "DECLINED"));
    expect(en["servicing.lead.explain.declined"]).toBe(leadStatusExplanation("REJECTED", "DECLINED"));
    expect(en["servicing.lead.explain.REJECTED"]).toBe(leadStatusExplanation("REJECTED"));
    for (const code of REJECTION_REASON_CODES) {
      expect(en[key(`servicing.rejection.${code}`)]).toBe(REJECTION_REASONS[code].customer);
      expect(translate("en", "servicing.lead.explain.rejectedBecause", { reason: REJECTION_REASONS[code].customer })).toBe(
        leadStatusExplanation("REJECTED", null, code),
      );
    }
    for (const c of GRIEVANCE_CATEGORIES) expect(en[key(`servicing.complaint.category.${c}`)]).toBe(GRIEVANCE_CATEGORY_LABELS[c]);
    for (const s of GRIEVANCE_STATUSES) expect(en[key(`servicing.complaint.status.${s}`)]).toBe(GRIEVANCE_STATUS_LABELS[s]);
    for (const c of CONTACT_CHANNELS) expect(en[key(`servicing.complaints.channel.${c}`)]).toBe(CONTACT_CHANNEL_LABELS[c]);
    for (const p of LOAN_PURPOSES) expect(knownText("hi", p.label), p.label).toBe(translate("hi", key(`servicing.loanPurpose.${p.id}`)));
  });

  it("recognises the English answers the API still sends, and shows them in Hindi", () => {
    const answers = [
      GRIEVANCE_MESSAGES.category,
      GRIEVANCE_MESSAGES.description,
      GRIEVANCE_MESSAGES.loanNo,
      GRIEVANCE_MESSAGES.notYourLoan,
      GRIEVANCE_MESSAGES.attachment,
      GRIEVANCE_MESSAGES.contactNeeded,
      DATA_RIGHTS_MESSAGES.unknownPurpose,
      DATA_RIGHTS_MESSAGES.notGranted,
      DATA_RIGHTS_MESSAGES.alreadyGranted,
      DATA_RIGHTS_MESSAGES.correctionTextRequired,
      DATA_RIGHTS_MESSAGES.textTooLong,
      DATA_RIGHTS_MESSAGES.openRequestExists,
      DATA_RIGHTS_MESSAGES.erasureActiveLoan,
      ...PAYMENT_GATEWAYS.filter((g) => g.label !== g.title).map((g) => g.label),
    ];
    for (const text of answers) {
      expect(knownText("en", text)).toBe(text);
      expect(knownText("hi", text), text).not.toBe(text);
      expect(knownText("hi", text)).toMatch(/[\u0900-\u097F]/);
    }
    expect(knownText("hi", GRIEVANCE_MESSAGES.description)).toBe("अपनी शिकायत 10 से 2,000 अक्षरों में लिखें।");
    expect(knownText("hi", "The minimum payment is ₹100.")).toBe("कम से कम ₹100 का भुगतान करना होगा।");
    // A text the catalogue does not know stays as it is.
    expect(knownText("hi", "Something new from a service.")).toBe("Something new from a service.");
  });

  it("says a part payment and the lines in both languages with the same figures", () => {
    const values = { amount: formatINR(1000), rest: formatINR(125050.5, { decimals: 2 }), b: (chunks: string[]) => `*${chunks.join("")}*` };
    const part = (lang: "en" | "hi") => translateRich<string>(lang, "servicing.pay.youPayPart", values).join("");
    expect(part("en")).toBe("You will pay *₹1,000* (part payment; about ₹1,25,050.50 stays due).");
    expect(part("hi")).toBe("आप *₹1,000* चुकाएँगे (आंशिक भुगतान; करीब ₹1,25,050.50 बकाया रहेगा)।");
    expect(translate("hi", "servicing.summary.overdue", { days: 1 })).toBe("आपका लोन 1 दिन से बकाया है।");
    expect(translate("en", "servicing.summary.overdue", { days: 3 })).toBe("Your loan is overdue by 3 days.");
  });
});

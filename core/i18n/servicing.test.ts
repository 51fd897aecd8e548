// The servicing catalogue's copies of core's English words (issue 23) stay the same as core's, so a
// screen that words a code (a status, a category, a purpose) says in English exactly what core says,
// and every customer answer sent by code has its Hindi.
import { describe, expect, it } from "vitest";
import { CONTACT_CHANNEL_LABELS, CONTACT_CHANNELS } from "../admin/collections-desk.ts";
import { REJECTION_REASONS, REJECTION_REASON_CODES } from "../credit.ts";
import { GRIEVANCE_CATEGORIES, GRIEVANCE_CATEGORY_LABELS, GRIEVANCE_STATUSES, GRIEVANCE_STATUS_LABELS } from "../grievances.ts";
import { LEAD_STATUS_LABELS, leadStatusExplanation, leadStatusLabel } from "../loan-history.ts";
import { PAYMENT_GATEWAYS } from "../payment-gateways.ts";
import { LOAN_PURPOSES } from "../journey/masters.ts";
import { formatINR } from "../format.ts";
import { en, type MessageKey } from "./en.ts";
import { purposeLabel } from "../kfs.ts";
import { DATA_RIGHTS_CODES, GRIEVANCE_CODES } from "./service-codes.ts";
import { messageText, translate, translateRich, type CodedMessage } from "./translate.ts";

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
    for (const p of LOAN_PURPOSES) {
      expect(purposeLabel(p.id)).toBe(p.label);
      expect(en[key(`servicing.loanPurpose.${p.id}`)]).toBe(p.label);
      expect(purposeLabel(p.id, "hi")).toBe(translate("hi", key(`servicing.loanPurpose.${p.id}`)));
    }
  });

  it("has Hindi for every customer answer sent by code, and for the gateways' labels", () => {
    const all: unknown[] = [...Object.values(GRIEVANCE_CODES), ...Object.values(DATA_RIGHTS_CODES)];
    const fixed = all.filter((c): c is CodedMessage => typeof c !== "function");
    for (const code of fixed) {
      expect(messageText("hi", code), code.key).not.toBe(messageText("en", code));
      expect(messageText("hi", code), code.key).toMatch(/[\u0900-\u097F]/);
    }
    for (const g of PAYMENT_GATEWAYS.filter((g) => g.label !== g.title)) {
      expect(en[key(`servicing.pay.label.${g.name}`)]).toBe(g.label);
      expect(translate("hi", key(`servicing.pay.label.${g.name}`))).toMatch(/[\u0900-\u097F]/);
    }
    expect(translate("hi", "validation.payNowAmountMinimum")).toBe("कम से कम ₹100 का भुगतान करना होगा।");
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

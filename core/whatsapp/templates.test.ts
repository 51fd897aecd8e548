import { describe, expect, it } from "vitest";
import { placeholdersOf, renderWhatsApp, WHATSAPP_LANGUAGES, WHATSAPP_TEMPLATE_KEYS, WHATSAPP_TEMPLATES, type WhatsAppTemplate } from "./templates.ts";

const templates = WHATSAPP_TEMPLATE_KEYS.map((key) => [key, WHATSAPP_TEMPLATES[key] as WhatsAppTemplate] as const);

describe("WhatsApp template catalogue (issue 34)", () => {
  it("has one UTILITY template per notice the issue names", () => {
    expect(WHATSAPP_TEMPLATE_KEYS.sort()).toEqual(
      [
        "autopay_notice",
        "bureau_notice",
        "complaint_received",
        "complaint_resolved",
        "debit_failed",
        "due_reminder",
        "due_today",
        "overdue",
        "payment_received",
        "payout_done",
      ].sort(),
    );
    for (const [, t] of templates) expect(t.category).toBe("UTILITY");
  });

  it.each(templates)("%s: {{1}}..{{n}} in both languages match its parameter list, and every parameter has a sample", (_, t) => {
    const expected = t.params.map((_, i) => i + 1);
    for (const lang of WHATSAPP_LANGUAGES) {
      const used = placeholdersOf(t.text[lang]);
      // Each placeholder once, none missing, none beyond the list.
      expect(
        [...used].sort((a, b) => a - b),
        `${t.name} ${lang}`,
      ).toEqual(expected);
    }
    expect(Object.keys(t.example).sort()).toEqual([...t.params].sort());
  });

  it.each(templates)("%s: a body Meta accepts (name, length, no placeholder at either end or next to another)", (_, t) => {
    expect(t.name).toMatch(/^[a-z0-9_]{1,512}$/);
    for (const lang of WHATSAPP_LANGUAGES) {
      const body = t.text[lang];
      expect(body.length).toBeLessThanOrEqual(1024);
      expect(body.trim()).not.toMatch(/^\{\{\d+\}\}/);
      expect(body.trim()).not.toMatch(/\{\{\d+\}\}[.!?।]?$/);
      expect(body).not.toMatch(/\{\{\d+\}\}[\s,.;:()]*\{\{\d+\}\}/);
      expect(body).not.toMatch(/[\n\t]/);
    }
  });

  it("names the SMS notice each template stands for once, and the same names in both languages", () => {
    const notices = templates.map(([, t]) => t.notice).filter((n) => n !== null);
    expect(new Set(notices).size).toBe(notices.length);
    expect(new Set(templates.map(([, t]) => t.name)).size).toBe(templates.length);
  });

  it("renders the payout notice in Hindi with its parameters in placeholder order", () => {
    const rendered = renderWhatsApp("payout_done", "hi", {
      amount: "₹10,000",
      loan_no: "SOT2611000123",
      total_due: "₹10,900",
      repayment_date: "10 दिसंबर 2026",
      cooling_off_until: "25 नवंबर 2026",
    });
    expect(rendered.name).toBe("sot_payout_done");
    expect(rendered.parameters).toEqual(["₹10,000", "SOT2611000123", "₹10,900", "10 दिसंबर 2026", "25 नवंबर 2026"]);
    expect(rendered.text).toBe(
      "आपका SalaryOnTime लोन SOT2611000123 जारी हो गया है: ₹10,000 आपके बैंक खाते में भेज दिए गए हैं। चुकाने की रकम ₹10,900 है, जो 10 दिसंबर 2026 तक चुकानी है। 25 नवंबर 2026 तक आप यह लोन बिना किसी पेनल्टी के रद्द कर सकते हैं; उसके बाद लोन तय शर्तों पर चलता रहेगा।",
    );
  });

  it("folds new lines in a value (Meta refuses them) and refuses a missing value", () => {
    expect(renderWhatsApp("debit_failed", "en", { reason: "the bank\ndeclined  it", pay_link: "https://x.test/p" }).parameters).toEqual([
      "the bank declined it",
      "https://x.test/p",
    ]);
    expect(() => renderWhatsApp("debit_failed", "en", { reason: " ", pay_link: "https://x.test/p" })).toThrow(/needs a value for reason/);
  });
});

// Issue 34: the WhatsApp message templates, one per notice, in English and Hindi, as submitted to Meta for
// approval (WhatsApp Manager > Message templates): name, category, the body with positional placeholders
// {{1}}, {{2}}, … and a sample value for each (Meta asks for samples with the submission). Our own wording.
// Parameters are named after the variables of the SMS notice of the same kind (server/providers/sms/port.ts),
// so the notice that is sent by SMS can be sent here with the same values. Pure data; no I/O.
import { LANGUAGES, type Language } from "../i18n/languages.ts";

/** Meta's template categories; every notice here is UTILITY (no marketing without the marketing consent). */
export type WhatsAppCategory = "UTILITY";

export interface WhatsAppTemplate {
  /** The template's name at Meta: lower-case letters, digits and underscores; the same name in both languages. */
  name: string;
  category: WhatsAppCategory;
  /** The SMS notice kind it stands for, when there is one (a payment received has no SMS notice). */
  notice: string | null;
  /** Parameter names in order: `params[0]` fills {{1}}. */
  params: readonly string[];
  /** The body as submitted for approval, by language (Meta's codes `en` and `hi`). */
  text: Readonly<Record<Language, string>>;
  /** The sample values submitted with the template (one per parameter). */
  example: Readonly<Record<string, string>>;
}

export const WHATSAPP_TEMPLATES = {
  payout_done: {
    name: "sot_payout_done",
    category: "UTILITY",
    notice: "loan_disbursed",
    params: ["amount", "loan_no", "total_due", "repayment_date", "cooling_off_until"],
    text: {
      en: "Your SalaryOnTime loan {{2}} is paid out: {{1}} has been sent to your bank account. The amount to repay is {{3}}, due on {{4}}. You may cancel this loan without any penalty until {{5}}; after that date it continues on its agreed terms.",
      hi: "आपका SalaryOnTime लोन {{2}} जारी हो गया है: {{1}} आपके बैंक खाते में भेज दिए गए हैं। चुकाने की रकम {{3}} है, जो {{4}} तक चुकानी है। {{5}} तक आप यह लोन बिना किसी पेनल्टी के रद्द कर सकते हैं; उसके बाद लोन तय शर्तों पर चलता रहेगा।",
    },
    example: { amount: "₹10,000", loan_no: "SOT2611000123", total_due: "₹10,900", repayment_date: "10 Dec 2026", cooling_off_until: "25 Nov 2026" },
  },
  due_reminder: {
    name: "sot_due_reminder",
    category: "UTILITY",
    notice: "reminder_upcoming",
    params: ["loan_no", "total_due", "repayment_date"],
    text: {
      en: "A reminder from SalaryOnTime: the amount due on your loan {{1}} is {{2}}, to be repaid by {{3}}. Paying before the due date lowers the interest you pay.",
      hi: "SalaryOnTime की ओर से याद दिलाना: आपके लोन {{1}} की रकम {{2}} है, जिसे {{3}} तक चुकाना है। तय तारीख से पहले चुकाने पर ब्याज कम लगता है।",
    },
    example: { loan_no: "SOT2611000123", total_due: "₹10,900", repayment_date: "10 Dec 2026" },
  },
  due_today: {
    name: "sot_due_today",
    category: "UTILITY",
    notice: "reminder_due_today",
    params: ["loan_no", "total_due"],
    text: {
      en: "SalaryOnTime: your loan {{1}} is due today. Please repay {{2}} today to avoid penal charges.",
      hi: "SalaryOnTime: आपका लोन {{1}} आज चुकाना है। पेनल चार्ज से बचने के लिए आज ही {{2}} चुकाएँ।",
    },
    example: { loan_no: "SOT2611000123", total_due: "₹10,900" },
  },
  autopay_notice: {
    name: "sot_autopay_notice",
    category: "UTILITY",
    notice: "autopay_notice",
    params: ["amount", "date", "last4", "pay_link"],
    text: {
      en: "SalaryOnTime AutoPay notice: {{1}} will be debited on {{2}} from your bank account ending {{3}} towards your loan. To pay it yourself before then, use {{4}} and the debit will be reduced or cancelled.",
      hi: "SalaryOnTime AutoPay सूचना: {{2}} को आपके लोन के लिए आपके बैंक खाते (आखिरी अंक {{3}}) से {{1}} काटे जाएँगे। अगर आप उससे पहले खुद चुकाना चाहें, तो {{4}} पर चुकाएँ; तब यह डेबिट कम या रद्द हो जाएगा।",
    },
    example: { amount: "₹10,900", date: "10 Dec 2026", last4: "4321", pay_link: "https://www.salaryontime.com/repayloan?r=AbC123" },
  },
  debit_failed: {
    name: "sot_debit_failed",
    category: "UTILITY",
    notice: "autopay_failed",
    params: ["reason", "pay_link"],
    text: {
      en: "SalaryOnTime AutoPay: the debit for your loan repayment did not go through ({{1}}). Please pay now at {{2}} to avoid penal charges.",
      hi: "SalaryOnTime AutoPay: आपके लोन की किस्त खाते से नहीं कट सकी ({{1}})। पेनल चार्ज से बचने के लिए अभी {{2}} पर चुकाएँ।",
    },
    example: { reason: "there was not enough money in the account", pay_link: "https://www.salaryontime.com/repayloan?r=AbC123" },
  },
  payment_received: {
    name: "sot_payment_received",
    category: "UTILITY",
    notice: "payment_received",
    params: ["amount", "loan_no", "paid_on", "receipt_link"],
    text: {
      en: "SalaryOnTime: we have received your payment of {{1}} for loan {{2}} on {{3}}. Your receipt is at {{4}} for your records.",
      hi: "SalaryOnTime: लोन {{2}} के लिए आपका {{1}} का भुगतान {{3}} को हमें मिल गया है। आपकी रसीद {{4}} पर है, इसे संभालकर रखें।",
    },
    example: { amount: "₹10,900", loan_no: "SOT2611000123", paid_on: "9 Dec 2026", receipt_link: "https://www.salaryontime.com/my-dashboard/receipts/123" },
  },
  overdue: {
    name: "sot_overdue",
    category: "UTILITY",
    notice: "reminder_overdue",
    params: ["loan_no", "total_due", "penal", "days", "pay_link"],
    text: {
      en: "SalaryOnTime: your loan {{1}} is overdue by {{4}} day(s). The amount due is {{2}}, which includes penal charges of {{3}}. Please pay at {{5}} as soon as you can.",
      hi: "SalaryOnTime: आपके लोन {{1}} की चुकाने की तारीख को {{4}} दिन बीत चुके हैं। बकाया रकम {{2}} है, जिसमें {{3}} पेनल चार्ज शामिल है। कृपया जल्द से जल्द {{5}} पर चुकाएँ।",
    },
    example: { loan_no: "SOT2611000123", total_due: "₹11,020", penal: "₹120", days: "3", pay_link: "https://www.salaryontime.com/repayloan?r=AbC123" },
  },
  complaint_received: {
    name: "sot_complaint_received",
    category: "UTILITY",
    notice: "grievance_received",
    params: ["reference"],
    text: {
      en: "SalaryOnTime: your complaint is registered under reference {{1}}. Our grievance officer will reply to you.",
      hi: "SalaryOnTime: आपकी शिकायत रेफ़रेंस नंबर {{1}} के साथ दर्ज हो गई है। हमारे शिकायत अधिकारी आपको जवाब देंगे।",
    },
    example: { reference: "GRV-2611-0042" },
  },
  complaint_resolved: {
    name: "sot_complaint_resolved",
    category: "UTILITY",
    notice: "grievance_replied",
    params: ["reference", "link"],
    text: {
      en: "SalaryOnTime: we have answered your complaint {{1}}. You can read our reply at {{2}} and tell us if anything is still open.",
      hi: "SalaryOnTime: आपकी शिकायत {{1}} का जवाब हमने दे दिया है। जवाब {{2}} पर पढ़ें और अगर कुछ बाकी हो तो हमें बताएँ।",
    },
    example: { reference: "GRV-2611-0042", link: "https://www.salaryontime.com/my-dashboard/complaints" },
  },
  bureau_notice: {
    name: "sot_bureau_notice",
    category: "UTILITY",
    notice: "bureau_overdue",
    params: ["loan_no", "total_due", "pay_link"],
    text: {
      en: "SalaryOnTime: your loan {{1}} is overdue with {{2}} due. Unless it is repaid, our next report to the credit bureaus will show it as overdue. You can pay at {{3}} now.",
      hi: "SalaryOnTime: आपके लोन {{1}} पर {{2}} बकाया है। अगर यह नहीं चुकाया गया, तो क्रेडिट ब्यूरो को हमारी अगली रिपोर्ट में यह लोन बकाया दिखेगा। आप अभी {{3}} पर चुका सकते हैं।",
    },
    example: { loan_no: "SOT2611000123", total_due: "₹11,020", pay_link: "https://www.salaryontime.com/repayloan?r=AbC123" },
  },
} as const satisfies Record<string, WhatsAppTemplate>;

export type WhatsAppTemplateKey = keyof typeof WHATSAPP_TEMPLATES;
/** The values a template needs, by parameter name. */
export type WhatsAppValues<K extends WhatsAppTemplateKey> = Record<(typeof WHATSAPP_TEMPLATES)[K]["params"][number], string>;

export const WHATSAPP_TEMPLATE_KEYS = Object.keys(WHATSAPP_TEMPLATES) as WhatsAppTemplateKey[];
export const WHATSAPP_LANGUAGES = LANGUAGES;

export function isWhatsAppTemplateKey(value: unknown): value is WhatsAppTemplateKey {
  return typeof value === "string" && Object.hasOwn(WHATSAPP_TEMPLATES, value);
}

/** The placeholder numbers a body uses, in the order they appear ({{2}} … {{1}} → [2, 1]). */
export function placeholdersOf(text: string): number[] {
  return [...text.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1]));
}

/**
 * A parameter as the Cloud API takes it: no new lines or tabs, and no run of more than four spaces (Meta
 * refuses such a parameter), so white space is folded to single spaces.
 */
export function cleanParameter(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

export interface RenderedWhatsApp {
  key: WhatsAppTemplateKey;
  /** The template's name at Meta. */
  name: string;
  lang: Language;
  /** The body parameters in order ({{1}} first), as sent. */
  parameters: string[];
  /** The text the customer reads: the approved body with the parameters filled in. */
  text: string;
}

/** The template filled with `values`: its parameters in order, and the text as WhatsApp shows it. */
export function renderWhatsApp<K extends WhatsAppTemplateKey>(key: K, lang: Language, values: WhatsAppValues<K>): RenderedWhatsApp {
  const template: WhatsAppTemplate = WHATSAPP_TEMPLATES[key];
  const byName = values as Record<string, string | undefined>;
  const parameters = template.params.map((param) => {
    const value = byName[param];
    if (value === undefined || cleanParameter(value) === "") throw new Error(`WhatsApp template ${template.name} needs a value for ${param}`);
    return cleanParameter(value);
  });
  const text = template.text[lang].replace(/\{\{(\d+)\}\}/g, (_, n: string) => parameters[Number(n) - 1]);
  return { key, name: template.name, lang, parameters, text };
}

/** The template's body filled with given parameters (the sandbox shows what a message would read). */
export function fillWhatsAppBody(key: WhatsAppTemplateKey, lang: Language, parameters: readonly string[]): string {
  return WHATSAPP_TEMPLATES[key].text[lang].replace(/\{\{(\d+)\}\}/g, (whole, n: string) => parameters[Number(n) - 1] ?? whole);
}

/** The catalogue's key of a template name at Meta (the webhook and the sandbox see names). */
export function whatsAppTemplateByName(name: string): WhatsAppTemplateKey | null {
  return WHATSAPP_TEMPLATE_KEYS.find((key) => WHATSAPP_TEMPLATES[key].name === name) ?? null;
}

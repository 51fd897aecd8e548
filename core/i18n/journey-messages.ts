// Issue 23: the journey's messages by code. Services and core/validation's rules answer with the
// spec's English texts (their constants, and message functions such as requiredMessage); this names
// each such text by its catalogue key and values, so the HTTP edge (for a client that asks for Hindi)
// and the screens (for a Hindi reader, including the browser's own checks) word it in Hindi. English
// readers and the apps get the very same English as before. A text not recognised stays as it is.
import { en, type MessageKey } from "./en.ts";
import type { Language } from "./languages.ts";
import { translate, type CodedMessage, type MessageValues } from "./translate.ts";
import { formatDateInWords } from "../format.ts";
import { REJECTION_REASON_CODES, REJECTION_REASONS } from "../credit.ts";

/** Keys whose English is a fixed text a service or rule may answer with. */
const CODED = /^((journey\.(msg|reason|again|said)|validation)\.|notice\.needed$)/;
const TERM = /^journey\.term\./;

const byText = new Map<string, MessageKey>();
const byTerm = new Map<string, MessageKey>();
for (const [key, text] of Object.entries(en) as [MessageKey, string][]) {
  if (text.includes("{")) continue;
  if (CODED.test(key) && !byText.has(text)) byText.set(text, key);
  if (TERM.test(key) && !byTerm.has(text)) byTerm.set(text, key);
}

/** A label kept in core (a field, a master list entry, a card, a document) in the reader's language. */
export function termText(lang: Language, english: string): string {
  if (lang === "en") return english;
  const key = byTerm.get(english);
  return key ? translate(lang, key) : english;
}

/**
 * Issue 30: a label as it stands before a postposition (का/की/के/में) in Hindi, its oblique form: "आधार
 * का आगे का हिस्सा" becomes "आधार के आगे के हिस्से" ("… की फ़ोटो"). Masculine labels ending in ा change; the
 * others (PAN कार्ड, सैलरी स्लिप, बैंक स्टेटमेंट) stay as they are. English is the label itself.
 */
const HINDI_OBLIQUE: Partial<Record<MessageKey, string>> = {
  "journey.term.aadhaarFront": "आधार के आगे के हिस्से",
  "journey.term.aadhaarBack": "आधार के पीछे के हिस्से",
  "journey.term.utilityBill": "बिजली/पानी/गैस के बिल",
};

export function termBeforePostposition(lang: Language, english: string): string {
  const key = byTerm.get(english);
  return lang === "hi" && key && HINDI_OBLIQUE[key] ? HINDI_OBLIQUE[key] : termText(lang, english);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "14 Mar 2027" (core/format's formatDate) → the same day in words in the reader's language. */
function dateWords(lang: Language, shown: string): string {
  const m = /^(\d{1,2}) ([A-Z][a-z]{2}) (\d{4})$/.exec(shown);
  const month = m ? MONTHS.indexOf(m[2]) + 1 : 0;
  if (!m || !month) return shown;
  return formatDateInWords(`${m[3]}-${String(month).padStart(2, "0")}-${m[1].padStart(2, "0")}`, lang, shown);
}

/** "7 days" → "7 दिन"; amounts (₹10,000) and plain numbers pass as they are. */
function quantity(lang: Language, shown: string): string {
  const days = /^(\d+) days$/.exec(shown);
  return days ? translate(lang, "journey.msg.days", { n: days[1] }) : shown;
}

type Localize = (lang: Language, value: string) => string;
const same: Localize = (_lang, value) => value;

/** Texts with values: the English shape, its key, and how each captured value is worded per language. */
const PATTERNS: { re: RegExp; key: MessageKey; names: string[]; word?: Record<string, Localize> }[] = [
  { re: /^(.+) is required!$/, key: "journey.msg.required", names: ["field"], word: { field: termText } },
  { re: /^(.+) is invalid!$/, key: "journey.msg.invalidOption", names: ["field"], word: { field: termText } },
  { re: /^(.+) contains characters that are not allowed\.$/, key: "journey.msg.controlCharacter", names: ["field"], word: { field: termText } },
  { re: /^(.+) must be at most ([\d,]+) characters\.$/, key: "journey.msg.tooLong", names: ["field", "max"], word: { field: termText } },
  { re: /^File is too large\. The maximum size is (\d+) MB\.$/, key: "journey.msg.fileTooLarge", names: ["mb"] },
  {
    re: /^Failed to upload (.+?)\. Please try again\. (.+)$/,
    key: "journey.msg.uploadFailedWhy",
    names: ["document", "reason"],
    word: { document: termText, reason: (lang, text) => localizeText(lang, text) },
  },
  { re: /^Failed to upload (.+)\. Please try again\.$/, key: "journey.msg.uploadFailed", names: ["document"], word: { document: termText } },
  { re: /^File for (.+) not found\.$/, key: "journey.msg.fileNotFound", names: ["document"], word: { document: termText } },
  { re: /^Please choose a file for (.+)\.$/, key: "journey.msg.fileNotChosen", names: ["document"], word: { document: termText } },
  { re: /^Unknown error uploading (.+)$/, key: "journey.msg.uploadUnknown", names: ["document"], word: { document: termText } },
  { re: /^Congratulations! You are eligible for a loan of up to (.+)\.$/, key: "journey.msg.eligible", names: ["max"] },
  { re: /^The loan we can offer on your income is below the minimum of (.+)\.$/, key: "journey.msg.offerBelowMinimum", names: ["min"] },
  {
    re: /^Please choose a loan amount between (.+) and (.+), in steps of (.+)\.$/,
    key: "journey.msg.amountOutsideOffer",
    names: ["min", "max", "step"],
  },
  { re: /^The tenure is fixed at (\d+) days, up to your next salary date\.$/, key: "journey.msg.tenureFixed", names: ["days"] },
  { re: /^Please choose a tenure between (\d+) and (\d+) days\.$/, key: "journey.msg.tenureOutsideOffer", names: ["min", "max"] },
  { re: /^Your age must be between (\d+) and (\d+) years\.$/, key: "journey.reason.age", names: ["min", "max"] },
  { re: /^Your monthly income must be at least (.+)\.$/, key: "journey.reason.minIncome", names: ["min"] },
  { re: /^Your credit score must be at least (\d+)\.$/, key: "journey.reason.bureauScore", names: ["min"] },
  { re: /^You can apply again from (.+?), (.+)\.$/, key: "journey.again.from", names: ["date", "why"], word: { date: dateWords, why: whyText } },
  { re: /^We lend to people aged (\d+) to (\d+), so we cannot offer you a loan\.$/, key: "journey.again.ageRange", names: ["min", "max"] },
  {
    re: /^You can apply again once your monthly income is at least (.+): update your Income Details, then check again\.$/,
    key: "journey.again.minIncome",
    names: ["min"],
  },
  {
    re: /^Sorry, you are not eligible for a loan right now\. (.+) Your details are saved\.$/,
    key: "journey.msg.notEligibleWhy",
    names: ["reasons"],
    word: { reasons: sentences },
  },
  // core/application-status.ts: what happens next, and when
  { re: /^Your offer is valid until (.+)\.$/, key: "journey.said.statusOfferUntil", names: ["date"], word: { date: dateWords } },
  { re: /^Decision expected by (.+)$/, key: "journey.said.statusDecisionBy", names: ["date"], word: { date: dateWords } },
  { re: /^Your loan (\S+) has been paid into your bank account\.$/, key: "journey.said.statusPaidOut", names: ["loan"] },
  {
    re: /^Your bank returned the money we paid for loan (\S+), so the loan is not active and you owe nothing\. Any payment you made for it is held for you and refunded; see Loan Details\. We will contact you before paying it out again\.$/,
    key: "journey.said.statusPayoutReturned",
    names: ["loan"],
  },
  {
    re: /^Repay (.+) on or before the repayment date; we remind you by SMS before it\.$/,
    key: "journey.said.statusRepayBy",
    names: ["amount"],
  },
  { re: /^Repay by (.+)$/, key: "journey.said.statusRepayDate", names: ["date"], word: { date: dateWords } },
  // A credit rejection: core/credit's customer words for the reason (the same words as the SMS).
  {
    re: /^We could not approve this application because ([^.]+\.)$/,
    key: "servicing.lead.explain.rejectedBecause",
    names: ["reason"],
    word: { reason: rejectionWords },
  },
  // Last: the generic range message would also match texts above.
  {
    re: /^(.+) must be between (.+) and (.+)\.$/,
    key: "journey.msg.range",
    names: ["field", "min", "max"],
    word: { field: termText, min: quantity, max: quantity },
  },
  { re: /^(.+) must be a (.+) file\.$/, key: "journey.msg.fileType", names: ["document", "allowed"], word: { document: termText } },
];

/** A rejection reason's customer words (core/credit's REJECTION_REASONS) in the reader's language. */
function rejectionWords(lang: Language, english: string): string {
  const code = REJECTION_REASON_CODES.find((c) => REJECTION_REASONS[c].customer === english);
  return code ? translate(lang, `servicing.rejection.${code}`) : english;
}

function whyText(lang: Language, why: string): string {
  const turn = /^when you turn (\d+)$/.exec(why);
  if (turn) return translate(lang, "journey.again.whenTurn", { age: turn[1] });
  if (why === "when we ask the credit bureau for your score again") return translate(lang, "journey.again.whenBureau");
  return why;
}

/** Several sentences, each worded on its own ("Reason one. Reason two."), unless the whole is one known text. */
export function sentences(lang: Language, text: string): string {
  const whole = localizeText(lang, text);
  if (whole !== text) return whole;
  return text
    .split(/(?<=\.) /)
    .map((s) => localizeText(lang, s))
    .join(" ");
}

/** The code of a journey text: its key and its values (still in English), or null when not recognised. */
export function codeOf(text: string): (CodedMessage & { word?: Record<string, Localize> }) | null {
  const key = byText.get(text);
  if (key) return { key };
  for (const p of PATTERNS) {
    const m = p.re.exec(text);
    if (!m) continue;
    const values: MessageValues = {};
    p.names.forEach((name, i) => (values[name] = m[i + 1]));
    return { key: p.key, values, word: p.word };
  }
  return null;
}

/** A journey text in the reader's language: English as it is; Hindi when the text is known. */
export function localizeText(lang: Language, text: string): string {
  if (lang === "en" || !text) return text;
  const code = codeOf(text);
  if (!code) {
    // "Salary slip: File is too large. …": a document's name, then a known message.
    const named = /^([^:]{1,40}): (.+)$/.exec(text);
    return named && codeOf(named[2]) ? `${termText(lang, named[1])}: ${localizeText(lang, named[2])}` : text;
  }
  const values: MessageValues = {};
  for (const [name, value] of Object.entries(code.values ?? {})) values[name] = (code.word?.[name] ?? same)(lang, String(value));
  return translate(lang, code.key, values);
}

/** Field errors ({field: message}) in the reader's language. */
export function localizeErrors(lang: Language, errors: Record<string, string>): Record<string, string> {
  if (lang === "en") return errors;
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, localizeText(lang, message)]));
}

// Issue 30: a catalogue key no code uses fails here, so the catalogue does not collect dead words.
// A key counts as used when the code names it (a string literal), when it falls in a family the code
// builds from a code (the reviewed DYNAMIC list below), or, for the families still reached by their
// English (BY_TEXT below), when that English is a literal in code.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { CONSENT_PURPOSES } from "../data-rights/purposes.ts";
import { RIGHTS_REQUEST_KINDS } from "../data-rights/rights.ts";
import { PAYMENT_GATEWAY_NAMES } from "../payment-gateways.ts";
import { FIELD_LABELS } from "../validation/messages.ts";
import { en } from "./en.ts";

const ROOT = join(import.meta.dirname, "../..");

/**
 * Key families built from a code at run time, each with where and why, and where the family is broad, the
 * codes that may follow the prefix (a key "prefix" + code, then its end, "." or a capital). Reviewed: add with care.
 */
type Family = { why: string; codes?: readonly string[] };
const DYNAMIC: Record<string, Family> = {
  "footer.store.": { why: "site-footer: one badge per app store code" },
  "journey.term.": { why: "core/validation/said.ts: a field's label in a rule's message, by its FIELD_LABELS name", codes: Object.keys(FIELD_LABELS) },
  "autopay.method.": { why: "autopay-history: the mandate's method code (upi, enach)" },
  "autopay.status.": { why: "autopay-state: the mandate's status code" },
  "messages.autopayFailure.": { why: "mandate-debits.service and autopay-history: a failed debit's reason code" },
  "servicing.myData.": { why: "data-right-request: a request card's title, intro and button by kind", codes: RIGHTS_REQUEST_KINDS },
  "servicing.myData.kind.": { why: "my-data: a data-rights request's kind" },
  "servicing.myData.state.": { why: "my-data: a data-rights request's state" },
  "journey.vkyc.card.": {
    why: "video-kyc-card: the customer's video KYC state",
    codes: ["STARTED", "IDENTITY_READ", "WAITING", "IN_CALL", "APPROVED", "REJECTED", "DROPPED"],
  },
  "journey.vkyc.step.": { why: "video-kyc: the steps' names, by step", codes: ["consent", "aadhaar", "devices", "location", "waiting"] },
  "journey.stage.": { why: "application-status and lead-preview: the application's stage code" },
  "servicing.complaint.category.": { why: "complaint-words: a complaint's category code" },
  "servicing.complaint.status.": { why: "complaint-words: a complaint's status code" },
  "servicing.complaints.channel.": { why: "complaint-words: the channel a complaint came by" },
  "home.hl.": { why: "home: the highlights, by id and part" },
  "home.faq": { why: "home: the questions, by number (q and a)" },
  "home.step": { why: "home: the three steps, by number (title and text)" },
  "notice.": { why: "core/data-rights/purposes: each purpose's notice parts", codes: CONSENT_PURPOSES },
  "servicing.rejection.": { why: "core/application-status and loan-history: a credit rejection's customer words, by reason code" },
  "journey.reason.": { why: "core/eligibility reasonCode: a failed rule's reason, by rule", codes: ["incomeType", "salaryMode", "panVerified", "serviceArea"] },
  "journey.again.": { why: "core/eligibility applyAgain: when to apply again, by rule", codes: ["incomeType", "salaryMode", "panVerified", "serviceArea"] },
  "messages.rejection.": { why: "credit.service: the rejection SMS, by reason code" },
  "servicing.loanPurpose.": { why: "core/kfs: the loan purpose by its id" },
  "messages.grievanceCategory.": { why: "grievances.service: a grievance's category in its messages" },
  "documents.myData.": {
    why: "data-export-pdf's word(): the export's coded values, by the kind of value",
    codes: ["autopayMethod", "channel", "check", "complaint", "debit", "kind", "mandate", "status"],
  },
  "documents.myData.role.": { why: "data-export and its PDF: each processor's role" },
  "documents.myData.processor.": { why: "data-export and its PDF: each processor's name" },
  "messages.sms.": { why: "sms port: the SMS text by notice kind" },
  "messages.email.": { why: "customer-email: the e-mail's subject and body by notice kind" },
  "servicing.pay.": { why: "core/payment-gateways gatewayDetailKey: each gateway's line in Pay Now", codes: PAYMENT_GATEWAY_NAMES },
  "documents.statement.channel": {
    why: "core/payment-gateways gatewayChannelKey: each gateway as a statement's channel",
    codes: PAYMENT_GATEWAY_NAMES.map((name) => name.charAt(0).toUpperCase() + name.slice(1)),
  },
};

/** True when `key` is in the family `prefix` (and, when the family lists codes, follows one of them). */
function inFamily(key: string, prefix: string, family: Family): boolean {
  if (!key.startsWith(prefix)) return false;
  const rest = key.slice(prefix.length);
  return !family.codes || family.codes.some((code) => rest === code || (rest.startsWith(code) && /^[.A-Z]/.test(rest.slice(code.length))));
}

/** Key families reached by their English text. */
const BY_TEXT: Record<string, string> = {
  "servicing.pay.label.": "pay-options: core/payment-gateways' labels, by the gateway's name",
};

/** The string literals of the sources (quotes dropped), and the prefixes of template literals that build keys. */
export function literalsOf(sources: string[]): { literals: Set<string>; built: Set<string>; shapes: RegExp[] } {
  const literals = new Set<string>();
  const built = new Set<string>();
  const shapes: RegExp[] = [];
  for (const source of sources) {
    // One pass per quote: a literal inside a template literal's ${…} is still found.
    for (const re of [/"((?:[^"\\\n]|\\.)*)"/g, /'((?:[^'\\\n]|\\.)*)'/g, /`((?:[^`\\]|\\.)*)`/g]) {
      for (const m of source.matchAll(re)) literals.add(m[1].replace(/\\(["'`\\])/g, "$1"));
    }
    for (const m of source.matchAll(/`((?:[^`\\]|\\.)*)`/g)) {
      for (const part of m[1].matchAll(/(?:^|\})([\w-]+\.[\w.-]*)\$\{/g)) built.add(part[1]);
      // A text built with values ("Describe your complaint in ${min} to ${max} characters.") matches its key's English.
      // Only a shape with words of its own: "${a} ${b}" would match any text.
      const parts = m[1].split(/\$\{[^}]*\}/);
      if (parts.length > 1 && parts.join("").replace(/[^A-Za-z]/g, "").length >= 20) shapes.push(new RegExp(`^${parts.map(escapeRegExp).join(".+")}$`));
    }
    for (const m of source.matchAll(/["']([\w-]+\.[\w.-]*)["']\s*\+/g)) built.add(m[1]);
  }
  // A longer literal's sentences, each of which a key's English may be, and the static parts of templates.
  for (const literal of [...literals]) {
    for (const piece of literal.split(/\$\{[^}]*\}|[{}]/)) for (const sentence of piece.trim().split(/(?<=[.!?])\s+/)) literals.add(sentence);
  }
  return { literals, built, shapes };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The key's English is a literal of the code, a sentence of one, or the shape of a template built with values. */
const textInCode = (text: string, literals: Set<string>, shapes: RegExp[]): boolean => literals.has(text) || shapes.some((shape) => shape.test(text));

export type Findings = { unused: string[]; staleDynamic: string[]; unreviewedDynamic: string[] };

/** The keys of `catalogue` the sources do not use, and the DYNAMIC entries that do not match the code. */
export function unusedKeys(
  catalogue: Record<string, string>,
  sources: string[],
  dynamic: Record<string, Family> = DYNAMIC,
  byText: Record<string, string> = BY_TEXT,
): Findings {
  const { literals, built, shapes } = literalsOf(sources);
  const keys = Object.keys(catalogue);
  const dynamicPrefixes = Object.keys(dynamic);
  const unused = keys.filter((key) => {
    if (literals.has(key)) return false;
    if (dynamicPrefixes.some((p) => built.has(p) && inFamily(key, p, dynamic[p]))) return false;
    if (Object.keys(byText).some((p) => key.startsWith(p)) && textInCode(catalogue[key], literals, shapes)) return false;
    return true;
  });
  // A listed family the code no longer builds, and a family the code builds that nobody reviewed.
  const staleDynamic = dynamicPrefixes.filter((p) => !built.has(p));
  const unreviewedDynamic = [...built].filter(
    (p) => keys.some((k) => k.startsWith(p)) && !dynamicPrefixes.some((d) => p.startsWith(d)) && !Object.keys(byText).some((d) => p.startsWith(d)),
  );
  return { unused, staleDynamic, unreviewedDynamic: unreviewedDynamic.sort() };
}

function sourceFiles(dir: string, into: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && !entry.name.startsWith(".")) sourceFiles(path, into);
      continue;
    }
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name) || entry.name.endsWith(".d.ts")) continue;
    // The catalogue itself: en.ts, hi.ts and their parts (servicing.en.ts, …).
    if (/^core\/i18n\/([\w-]+\.)?(en|hi)\.ts$/.test(relative(ROOT, path))) continue;
    into.push(path);
  }
  return into;
}

describe("the catalogue's unused keys", () => {
  const sources = ["app", "core", "server", "scripts"].flatMap((d) => sourceFiles(join(ROOT, d))).map((f) => readFileSync(f, "utf8"));
  const findings = unusedKeys(en, sources);

  it("has no key that no code uses", () => {
    expect(findings.unused).toEqual([]);
  });

  it("lists only families the code builds, and every family it builds", () => {
    expect(findings.staleDynamic).toEqual([]);
    expect(findings.unreviewedDynamic).toEqual([]);
  });

  it("finds a new unused key, and the key once code names it", () => {
    const catalogue = { ...en, "servicing.neverShown": "Never shown" };
    expect(unusedKeys(catalogue, sources).unused).toEqual(["servicing.neverShown"]);
    expect(unusedKeys(catalogue, [...sources, 't("servicing.neverShown")']).unused).toEqual([]);
  });

  it("counts a built family only when the code builds it and the family is listed", () => {
    const catalogue = { "fruit.apple": "Apple", "fruit.pear": "Pear", "veg.leek": "Leek" };
    const code = ["t(`fruit.${name}`)", 'const v = "veg." + name;'];
    expect(unusedKeys(catalogue, code, { "fruit.": { why: "fruit by name" } }, {})).toEqual({
      unused: ["veg.leek"],
      staleDynamic: [],
      unreviewedDynamic: ["veg."],
    });
    expect(unusedKeys(catalogue, [], { "fruit.": { why: "fruit by name" } }, {})).toEqual({
      unused: ["fruit.apple", "fruit.pear", "veg.leek"],
      staleDynamic: ["fruit."],
      unreviewedDynamic: [],
    });
  });

  it("counts a key of a family with codes only when it follows one of them", () => {
    const catalogue = { "notice.reminders.title": "Reminders", "notice.ask.given": "Agreed", "notice.reminders": "x" };
    const code = ["t(`notice.${purpose}.title`)"];
    expect(unusedKeys(catalogue, code, { "notice.": { why: "by purpose", codes: ["reminders"] } }, {}).unused).toEqual(["notice.ask.given"]);
    expect(unusedKeys({ "home.faq1.q": "Q", "home.faq1x": "Q" }, ["`home.faq${n}.q`"], { "home.faq": { why: "by number", codes: ["1"] } }, {}).unused).toEqual([
      "home.faq1x",
    ]);
  });

  it("counts a key reached by its English text only in a listed family", () => {
    const catalogue = { "term.married": "Married", "chrome.menu": "Menu" };
    const code = ['const STATUS = [{ label: "Married" }, { label: "Menu" }];'];
    expect(unusedKeys(catalogue, code, {}, { "term.": "labels" }).unused).toEqual(["chrome.menu"]);
    // A sentence of a longer text, and a text built with values, count; a shape of values alone does not.
    const said = { "said.one": "Your loan is approved.", "said.range": "Describe it in 10 to 2,000 characters.", "said.none": "Nothing here" };
    const built = ['next: "Your loan is approved. We pay it today."', "const m = `Describe it in ${min} to ${max} characters.`;", "`${a} ${b}`"];
    expect(unusedKeys(said, built, {}, { "said.": "status texts" }).unused).toEqual(["said.none"]);
  });
});

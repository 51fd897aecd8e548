// The enquiry form's field messages in the page's language, for the enquiry island (issue 23). The
// island checks the fields with core's rules in the browser and gets their English; it carries no
// catalogue, so the server hands over each message the rules can give, with its words, in the form's
// data-enquiry-words (`errors`). The messages are found by asking the rules themselves, so a rule's
// new wording comes along; a message not in the map is shown as the rule gave it.
import { enquiryFormSchema } from "../../core/validation/enquiry.ts";
import { LIMITS } from "../../core/validation/limits.ts";
import { messageText, type CodedMessage, type Language } from "../../core/i18n/index.ts";

/** Inputs that bring out every refusal of the enquiry rules: empty, a control character, too long, malformed, a wrong first digit. */
const PROBES = ["", " ", "\u0007", "x".repeat(LIMITS.enquiryMessageMax + 1), "@", "12", "5123456789", "a@b"];

/** Every English message of the enquiry form's rules, with its code (decision 60: every rule there is coded). */
export function enquiryRuleMessages(): Map<string, string | CodedMessage> {
  const found = new Map<string, string | CodedMessage>();
  for (const rule of Object.values(enquiryFormSchema.shape)) {
    for (const probe of PROBES) {
      const checked = rule.safeParse(probe);
      if (!checked.success) {
        for (const issue of checked.error.issues) found.set(issue.message, (issue as { params?: { code?: CodedMessage } }).params?.code ?? issue.message);
      }
    }
  }
  return found;
}

/** English message (what the island's rules give) → its words in `lang`, by its code; empty for English. */
export function enquiryErrorWords(lang: Language): Record<string, string> {
  if (lang === "en") return {};
  return Object.fromEntries([...enquiryRuleMessages()].map(([english, code]) => [english, messageText(lang, code)]));
}

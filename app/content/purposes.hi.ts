/**
 * Each purpose page's purpose in Hindi, for its shared blocks (issue 23): "{purpose} के लिए पर्सनल लोन".
 * The page's own intro and benefits stay English for now; the Hindi page says so.
 */
import type { Language } from "../../core/i18n/index.ts";
import type { PurposePage } from "./purposes.ts";

export const PURPOSE_NAMES_HI: Record<string, string> = {
  "personal-loan-for-travel": "यात्रा",
  "personal-loan-for-low-salary": "कम सैलरी वालों",
  "personal-loan-for-teachers": "शिक्षकों",
  "personal-loan-for-medical-emergency": "मेडिकल इमरजेंसी",
  "two-wheeler-loan": "टू-व्हीलर",
};

/** A purpose's name in a language (the page's loan type when no Hindi one is written). */
export const purposeNameIn = (page: PurposePage, lang: Language) => (lang === "hi" ? (PURPOSE_NAMES_HI[page.url] ?? page.loan_type) : page.loan_type);

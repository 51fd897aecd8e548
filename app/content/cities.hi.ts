/**
 * City and state names in Hindi, for the city pages' shared blocks and the city links on Hindi pages
 * (issue 23). Each city's own intro and questions stay English for now; the Hindi page says so.
 */
import type { Language } from "../../core/i18n/index.ts";

export const CITY_NAMES_HI: Record<string, string> = {
  Delhi: "दिल्ली",
  Gurgaon: "गुड़गाँव",
  Noida: "नोएडा",
  Faridabad: "फ़रीदाबाद",
  Bangalore: "बेंगलुरु",
  Pune: "पुणे",
  Thane: "ठाणे",
  Mysore: "मैसूर",
  Ahmedabad: "अहमदाबाद",
  Hyderabad: "हैदराबाद",
  Mumbai: "मुंबई",
  "Greater Noida": "ग्रेटर नोएडा",
  Ghaziabad: "गाज़ियाबाद",
  Bhopal: "भोपाल",
  Coimbatore: "कोयंबटूर",
  Kanchipuram: "कांचीपुरम",
  Vadodara: "वडोदरा",
  Chennai: "चेन्नई",
  Raigarh: "रायगढ़",
  "Ranga Reddy": "रंगारेड्डी",
  Jaipur: "जयपुर",
  Indore: "इंदौर",
  Vellore: "वेल्लोर",
  Guntur: "गुंटूर",
  Tiruvallur: "तिरुवल्लूर",
  Nellore: "नेल्लोर",
};

export const STATE_NAMES_HI: Record<string, string> = {
  Delhi: "दिल्ली",
  Haryana: "हरियाणा",
  "Uttar Pradesh": "उत्तर प्रदेश",
  Karnataka: "कर्नाटक",
  Maharashtra: "महाराष्ट्र",
  Gujarat: "गुजरात",
  Telangana: "तेलंगाना",
  "Madhya Pradesh": "मध्य प्रदेश",
  "Tamil Nadu": "तमिलनाडु",
  Chhattisgarh: "छत्तीसगढ़",
  Rajasthan: "राजस्थान",
  "Andhra Pradesh": "आंध्र प्रदेश",
};

/** A city's name in a language (its English name when no Hindi one is written). */
export const cityNameIn = (name: string, lang: Language) => (lang === "hi" ? (CITY_NAMES_HI[name] ?? name) : name);
/** A state's name in a language. */
export const stateNameIn = (name: string, lang: Language) => (lang === "hi" ? (STATE_NAMES_HI[name] ?? name) : name);

// The one place screens format dates, money and phone numbers (issue 14). Hand-written, not Intl
// or toLocale*, so the server and every browser print the same text (no hydration mismatch), and
// instants are shown on India's calendar (Asia/Kolkata, UTC+5:30, no daylight saving).
import { todayInIndia } from "./calendar.ts";
import { formatINR, formatIndianNumber, type RupeeFormat } from "./loan-math/money.ts";

export { formatINR, formatIndianNumber, type RupeeFormat };

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
const MONTHS_LONG = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;
const IST_OFFSET_MS = 330 * 60_000;

/** A calendar day (YYYY-MM-DD) stays that day; an instant (ISO with a time, or a Date) becomes its day in India. */
function indiaDay(value: string | Date): { y: number; m: number; d: number } | null {
  let day: string;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    day = todayInIndia(value);
  } else {
    const text = value.trim();
    if (/^\d{4}-\d{2}-\d{2}$/.test(text)) day = text;
    else if (/^\d{4}-\d{2}-\d{2}T/.test(text)) {
      const at = new Date(text);
      if (Number.isNaN(at.getTime())) return null;
      day = todayInIndia(at);
    } else return null;
  }
  const [y, m, d] = day.split("-").map(Number);
  if (!y || !m || !d || m > 12 || d > 31) return null;
  return { y, m, d };
}

/**
 * The display date: "14 Mar 1992". Empty input gives `fallback` ("" by default); text that is not a
 * date is returned as it is, so a screen never hides what the server sent.
 */
export function formatDate(value: string | Date | null | undefined, { fallback = "", long = false }: { fallback?: string; long?: boolean } = {}): string {
  if (value === null || value === undefined || value === "") return fallback;
  const day = indiaDay(value);
  if (!day) return typeof value === "string" ? value : fallback;
  return `${day.d} ${(long ? MONTHS_LONG : MONTHS)[day.m - 1]} ${day.y}`;
}

export const MONTHS_HINDI = ["जनवरी", "फ़रवरी", "मार्च", "अप्रैल", "मई", "जून", "जुलाई", "अगस्त", "सितंबर", "अक्टूबर", "नवंबर", "दिसंबर"] as const;

/** A date in words in the reader's language (issue 23): "14 March 1992" or "14 मार्च 1992". */
export function formatDateInWords(value: string | Date | null | undefined, lang: "en" | "hi", fallback = ""): string {
  if (lang === "en") return formatDate(value, { fallback, long: true });
  if (value === null || value === undefined || value === "") return fallback;
  const day = indiaDay(value);
  if (!day) return typeof value === "string" ? value : fallback;
  return `${day.d} ${MONTHS_HINDI[day.m - 1]} ${day.y}`;
}

/** "14 Mar 1992, 3:05 pm" in India's time, for instants (status changes, payments). */
export function formatDateTime(value: string | Date | null | undefined, fallback = ""): string {
  if (value === null || value === undefined || value === "") return fallback;
  const at = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(at.getTime())) return typeof value === "string" ? value : fallback;
  const shifted = new Date(at.getTime() + IST_OFFSET_MS);
  const hours = shifted.getUTCHours();
  const minutes = String(shifted.getUTCMinutes()).padStart(2, "0");
  return `${formatDate(at)}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? "am" : "pm"}`;
}

/**
 * An instant in words in the reader's language, India's time (issue 23): "14 March 1992, 3:05 pm", or in Hindi
 * the part of the day before the time as people say it: "14 मार्च 1992, दोपहर 3:05" (सुबह 4–12, दोपहर 12–4,
 * शाम 4–8, रात 8–4).
 */
export function formatDateTimeInWords(value: string | Date | null | undefined, lang: "en" | "hi", fallback = ""): string {
  if (value === null || value === undefined || value === "") return fallback;
  const at = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(at.getTime())) return typeof value === "string" ? value : fallback;
  const shifted = new Date(at.getTime() + IST_OFFSET_MS);
  const hours = shifted.getUTCHours();
  const clock = `${hours % 12 || 12}:${String(shifted.getUTCMinutes()).padStart(2, "0")}`;
  if (lang === "en") return `${formatDateInWords(at, "en")}, ${clock} ${hours < 12 ? "am" : "pm"}`;
  const part = hours >= 4 && hours < 12 ? "सुबह" : hours >= 12 && hours < 16 ? "दोपहर" : hours >= 16 && hours < 20 ? "शाम" : "रात";
  return `${formatDateInWords(at, "hi")}, ${part} ${clock}`;
}

/** Money for screens: ₹ with Indian grouping (₹1,50,000; paise only when there are some). Null or not a number: `fallback`. */
export function formatMoney(rupees: number | string | null | undefined, options: RupeeFormat & { fallback?: string } = {}): string {
  const { fallback = "—", ...format } = options;
  if (rupees === null || rupees === undefined || rupees === "") return fallback;
  const n = typeof rupees === "number" ? rupees : Number(String(rupees).replace(/,/g, ""));
  return Number.isFinite(n) ? formatINR(n, format) : fallback;
}

/**
 * An Indian mobile number as "+91 98765 43210". Accepts 10 digits, or 12 with the 91 prefix, or
 * 11 with a leading 0, with any spaces or dashes; anything else is returned trimmed, unchanged.
 */
export function formatPhone(value: string | null | undefined): string {
  const text = (value ?? "").trim();
  if (!text) return "";
  let digits = text.replace(/[\s\-()]/g, "").replace(/^\+/, "");
  if (!/^\d+$/.test(digits)) return text;
  if (digits.length === 12 && digits.startsWith("91")) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith("0")) digits = digits.slice(1);
  if (digits.length !== 10) return text;
  return `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
}

/** Plain counts with Indian grouping, e.g. 1,00,000 characters. */
export function formatCount(n: number): string {
  return formatIndianNumber(Math.trunc(n));
}

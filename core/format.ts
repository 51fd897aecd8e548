// The one place screens format dates, money and phone numbers (issue 14). Hand-written, not Intl
// or toLocale*, so the server and every browser print the same text (no hydration mismatch), and
// instants are shown on India's calendar (Asia/Kolkata, UTC+5:30, no daylight saving).
import { todayInIndia } from "./calendar.ts";
import { formatINR, formatIndianNumber, formatPaise, type RupeeFormat } from "./money.ts";

export { formatINR, formatIndianNumber, formatPaise, type RupeeFormat };

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
 * A time of day as Hindi says it (issue 23): the part of the day, then the 12-hour clock and बजे
 * ("रात 1:48 बजे", "सुबह 9:05 बजे", "दोपहर 12:30 बजे", "शाम 5:00 बजे"), not "am"/"pm". Parts of the day:
 * रात 7 pm to 4 am, सुबह 4 am to noon, दोपहर noon to 4 pm, शाम 4 pm to 7 pm.
 */
export function hindiTimeOfDay(hours: number, minutes: number): string {
  const part = hours < 4 || hours >= 19 ? "रात" : hours < 12 ? "सुबह" : hours < 16 ? "दोपहर" : "शाम";
  return `${part} ${hours % 12 || 12}:${String(minutes).padStart(2, "0")} बजे`;
}

/** An instant in India's time in the reader's language: "14 Mar 1992, 3:05 pm" / "14 मार्च 1992, दोपहर 3:05 बजे". */
export function formatDateTimeIn(value: string | Date | null | undefined, lang: "en" | "hi", fallback = ""): string {
  const english = formatDateTime(value, fallback);
  if (lang === "en" || english === fallback) return english;
  const at = value instanceof Date ? value : new Date(value as string);
  if (Number.isNaN(at.getTime())) return english;
  const shifted = new Date(at.getTime() + IST_OFFSET_MS);
  return `${formatDateInWords(at, "hi")}, ${hindiTimeOfDay(shifted.getUTCHours(), shifted.getUTCMinutes())}`;
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

/**
 * A customer's name as staff lists show it (the grievance desk, the video KYC queue): "Ravi Kumar Sharma"
 * → "Ravi S.", enough to address the customer, not to identify them.
 */
export function maskedName(name: string | null | undefined): string {
  const parts = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "—";
  return parts.length === 1 ? parts[0]! : `${parts[0]} ${parts[parts.length - 1]![0]}.`;
}

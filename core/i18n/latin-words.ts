// Issue 30: the Latin-script words a Hindi text may keep: our brand and product names, and the
// abbreviations Indians read as they are (PAN, KYC, OTP, UPI...). Anything else is English left in Hindi.
// Loan numbers (SOT… with digits), web addresses and e-mail addresses are not words and are skipped.

export const LATIN_WORDS_ALLOWED_IN_HINDI: ReadonlySet<string> = new Set([
  "SalaryOnTime",
  "AutoPay",
  "Autopay", // "UPI Autopay", NPCI's product name
  "Pay",
  "Now", // "Pay Now", the name of our payment page
  "PAN",
  "KYC",
  "OTP",
  "UPI",
  "RBI",
  "NBFC",
  "SMS",
  "KFS",
  "NACH", // "e-NACH"
  "DigiLocker",
  "PDF",
  "SHA", // "SHA-256", the hash My data's export prints beside each video KYC snapshot
  "ID",
  "IFSC",
  "EMI",
  "DPDP",
  // The payment gateways' brands, named where the customer chooses how to pay.
  "Razorpay",
  "PayU",
  "PhonePe",
  // The government services a borrower meets by these names (UIDAI's Aadhaar eKYC, the eSign of the agreement),
  // and the abbreviations the KFS and forms print as Indian documents do (GST, APR, QR code).
  "eKYC",
  "eSign",
  "UIDAI",
  "GST",
  "APR",
  "QR",
  // File formats and sizes on the upload and export screens, as the phone's own file picker names them.
  "JPEG",
  "PNG",
  "WebP",
  "WEBP",
  "MB",
  "JSON",
  // Work words an Indian employee writes in English: the ways of working (WFO, WFH), the department (HR) and
  // the company type (LLP), each beside its Hindi.
  // Issue 34: the WhatsApp channel by its brand and its owner's, and STOP, the word a customer types to leave it.
  "WhatsApp",
  "Meta",
  "STOP",
  "WFO",
  "WFH",
  "HR",
  "LLP",
]);

const LATIN_MONTHS = /\b(Jan(uary)?|Feb(ruary)?|Mar(ch)?|Apr(il)?|May|June?|July?|Aug(ust)?|Sept?(ember)?|Oct(ober)?|Nov(ember)?|Dec(ember)?)\b/;

/** The Latin words of a Hindi text that are not on the allowed list (months included), in order of first use. */
export function englishWordsInHindi(text: string): string[] {
  const words = text
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/\S+@\S+/g, " ")
    .replace(/\/[\w/-]+/g, " ")
    .replace(/\S*_\S*/g, " ") // a provider's reference such as pay_OmPUThABqCYNg2
    .match(/[A-Za-z][A-Za-z0-9'-]*/g);
  const out = new Set<string>();
  for (const word of words ?? []) {
    if (/\d/.test(word)) continue; // a loan number or reference such as SOT2611280001
    if (/^[A-Z]$/.test(word)) continue; // a part's letter, as the KFS's "भाग A"
    const bare = word.replace(/^e-/, "");
    if (!LATIN_WORDS_ALLOWED_IN_HINDI.has(bare)) out.add(word);
  }
  return [...out];
}

/** True when the text names a month in English (a date left unformatted for its reader). */
export const hasLatinMonth = (text: string): boolean => LATIN_MONTHS.test(text);

/**
 * The Latin words of a Hindi screen outside the allowed list, leaving out the words of the customer's own
 * data shown on it (`own`: their name, the address and employer they typed, their bank as the IFSC directory
 * names it), which are theirs to write as they like. Used by npm run screenshots:hi on each screen's text.
 */
export function englishWordsOnHindiScreen(text: string, own: readonly string[] = []): string[] {
  const theirs = new Set(own.flatMap((value) => value.match(/[A-Za-z][A-Za-z0-9'-]*/g) ?? []));
  return englishWordsInHindi(text).filter((word) => !theirs.has(word));
}

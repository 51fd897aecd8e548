// Issue 30: what npm run screenshots:hi reports on a Hindi screen: Latin words outside the allowed list,
// not the customer's own data nor loan numbers, addresses of the web or e-mail.
import { describe, expect, it } from "vitest";
import { englishWordsInHindi, englishWordsOnHindiScreen } from "./latin-words.ts";

describe("Latin words on a Hindi screen", () => {
  it("passes the allowed words: brands, PAN, KYC, OTP, UPI, the gateways", () => {
    const screen = "SalaryOnTime पर PAN, KYC और OTP के बाद UPI Autopay या e-NACH से AutoPay चालू करें। Razorpay, PayU या PhonePe से भुगतान करें।";
    expect(englishWordsOnHindiScreen(screen)).toEqual([]);
  });

  it("reports English words and month names left on the screen, each once", () => {
    const screen = "लोन SOT2611280001 की Repayment date 7 December 2026 है। Repayment के लिए support@example.com या https://x.in/help देखें।";
    expect(englishWordsOnHindiScreen(screen)).toEqual(["Repayment", "date", "December"]);
  });

  it("leaves out the words of the customer's own data, and only those", () => {
    const screen = "नमस्ते, Meera Iyer। पता: 12 Lake View Road, Koramangala। कंपनी: Acme Software Pvt Ltd। Status: पैसा भेजा गया";
    const own = ["Meera Iyer", "12 Lake View Road", "Koramangala", "Acme Software Pvt Ltd"];
    expect(englishWordsOnHindiScreen(screen, own)).toEqual(["Status"]);
    expect(englishWordsInHindi(screen)).toEqual(["Meera", "Iyer", "Lake", "View", "Road", "Koramangala", "Acme", "Software", "Pvt", "Ltd", "Status"]);
  });

  it("passes file formats, the government services and work abbreviations, and skips a provider's reference", () => {
    const screen = "JPEG, PNG या WEBP फ़ोटो, 5 MB तक। आधार eKYC (UIDAI) और eSign। APR, GST, QR। ऑफ़िस से काम (WFO), HR, LLP। ट्रांज़ैक्शन ID pay_OmPUThABqCYNg2। भाग A";
    expect(englishWordsOnHindiScreen(screen)).toEqual([]);
    expect(englishWordsOnHindiScreen("फ़ाइल JSON में, स्थिति Pending")).toEqual(["Pending"]);
    expect(englishWordsOnHindiScreen("a लोन")).toEqual(["a"]);
  });
});

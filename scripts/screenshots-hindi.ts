// npm run screenshots:hi: full-page PNGs of every dashboard screen in Hindi (cookie lang=hi) at 360 and 1280 px,
// for issue 23's look at Devanagari (clipped, overflowing or boxed text, English left). A new sandbox customer
// walks the journey through the Hindi screens, with the forms' own errors on the way; a demo customer with an
// open loan reads the servicing screens, pays part to the payment result, raises a complaint and opens My data.
// Needs a running sandbox server: SCREENSHOTS_BASE_URL or the first argument (build, then start it with Node 24).
// Output: SCREENSHOTS_DIR or screenshots-hi/ (gitignored), one folder per width. Each screen also reports the
// Latin words in its <main> outside the allowed list (core/i18n/latin-words.ts; the customer's own data left
// out) and whether the page is wider than the viewport; any such word ends the walk with exit code 1.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "@playwright/test";
import { clientAddress, fromOutbox, launchChromium, png, randomMobile, randomPan } from "./screenshot-kit.ts";
import { PDFDocument } from "pdf-lib";
import { englishWordsOnHindiScreen } from "../core/i18n/latin-words.ts";
import { sandboxPanName } from "../server/providers/pan-verification/sandbox.ts";
import { site } from "../core/site-config.ts";

const WIDTHS = [360, 1280] as const;
const OUT = process.env.SCREENSHOTS_DIR ?? "screenshots-hi";
const AGREE = "मैं अपने डेटा के इस इस्तेमाल के लिए सहमत हूँ";
let count = 0;
const latinFound: string[] = [];
/** Each walk's customer data on its screens (name, what it typed, directory names): theirs, not English left. */
const ownData = new WeakMap<Page, string[]>();
// What the journey types, and the places its PIN codes and IFSC name.
const JOURNEY_DATA = [
  "12 Lake View Road",
  "Koramangala",
  "Bengaluru",
  "Karnataka",
  "Acme Software Pvt Ltd",
  "Engineer",
  "Tower B, Tech Park",
  "Outer Ring Road",
  "HDFC Bank",
  "Koramangala, Bengaluru",
  "Bangalore", // the PIN directory's name for the city
];
// Names, not words: our legal name and grievance officers as the KFS and complaint pages print them, and RBI's
// scheme, named in English beside its Hindi so a borrower can find it. People's names in the screens' markup
// (the credit manager) carry translate="no" and are left out with it.
const OUR_NAMES = [site.company.legalName, site.grievanceOfficer.name, site.nodalOfficer.name, "Integrated Ombudsman"];

async function shoot(page: Page, width: number, name: string) {
  await page.waitForLoadState("load");
  // No system Devanagari font here: the web font loads on demand, so wait for it.
  await page.evaluate(() => document.fonts.ready);
  const { text, wide } = await page.evaluate(() => ({
    text: (() => {
      const main = document.querySelector("main");
      if (!main) return "";
      const copy = main.cloneNode(true) as HTMLElement;
      for (const name of copy.querySelectorAll('[translate="no"]')) name.remove();
      // innerText of a detached node has no layout: put it in the page, hidden, to read it as shown.
      copy.style.cssText = "position:absolute;left:-99999px;top:0";
      document.body.append(copy);
      const shown = copy.innerText;
      copy.remove();
      return shown;
    })(),
    wide: document.documentElement.scrollWidth > document.documentElement.clientWidth,
  }));
  const latin = englishWordsOnHindiScreen(text, [...OUR_NAMES, ...(ownData.get(page) ?? [])]);
  if (latin.length) latinFound.push(`${width}/${name}: ${latin.join(" ")}`);
  console.log(
    `${width}/${name}: ${wide ? "WIDER THAN THE VIEWPORT; " : ""}${latin.length ? `Latin outside the allowed list: ${latin.join(" ")}` : "no Latin outside the allowed list"}`,
  );
  await page.screenshot({ fullPage: true, path: join(OUT, `${width}`, `${name}.png`) });
  count++;
}

async function newPage(browser: Browser, baseUrl: string, width: number) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width, height: width < 768 ? 780 : 800 },
    hasTouch: width < 768,
    extraHTTPHeaders: clientAddress(),
  });
  await context.addCookies([{ name: "lang", value: "hi", url: baseUrl }]);
  context.on("weberror", (error) => console.warn(`page error at ${error.page()?.url() ?? "?"} (${width} px): ${error.error().message}`));
  return context.newPage();
}

async function signIn(page: Page, width: number, mobile: string, shootIt = false) {
  await page.goto("/apply-now");
  await page.waitForURL(/\/hi\/apply-now$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("मोबाइल नंबर").fill(mobile);
  await page.getByLabel(/मानता\/मानती हूँ/).check();
  await page.getByRole("button", { name: "OTP पाएँ" }).click();
  await page.getByLabel("4 में से अंक 1").waitFor();
  if (shootIt) await shoot(page, width, "sign-in-otp");
  await page.getByLabel("4 में से अंक 1").pressSequentially(await fromOutbox(page, mobile, /^(\d{4})/));
  await page.getByRole("button", { name: "OTP जाँचें" }).click();
  await page.waitForURL(/\/my-dashboard/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

async function go(page: Page, path: string) {
  await page.goto(`/my-dashboard/${path}`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

const next = (page: Page) => page.getByRole("button", { name: "आगे बढ़ें" }).click();

/** A new customer walks the journey through the Hindi screens, by job; the steps share its page. */
async function journey(browser: Browser, baseUrl: string, width: number) {
  const page = await newPage(browser, baseUrl, width);
  const mobile = randomMobile();
  const pan = randomPan();
  ownData.set(page, [sandboxPanName(pan), ...JOURNEY_DATA]);
  await signIn(page, width, mobile, true);
  await shoot(page, width, "home-new");

  await profileSteps(page, width, pan);
  await eligibilityAndQuoteSteps(page, width);
  await verificationSteps(page, width);
  await bankAndSigningSteps(page, width, mobile, baseUrl);
  await page.context().close();
}

/** PAN, personal details, address, income and selfie, each with its form's own error first. */
async function profileSteps(page: Page, width: number, pan: string) {
  await go(page, "pan-details");
  await next(page);
  await page.locator("#pan-error").waitFor();
  await shoot(page, width, "pan-error");
  await page.getByLabel("PAN का 1वाँ खाना, 10 में से (अक्षर)").pressSequentially(pan);
  await page.getByLabel("मासिक आय").fill("50000");
  await next(page);

  await page.waitForURL(/personal-information$/);
  await page.getByLabel("लिंग").selectOption("2");
  await page.getByLabel("निजी ईमेल").fill("meera@example.com");
  await page.getByLabel("जन्म तारीख").fill("2015-03-14");
  await page.getByLabel("वैवाहिक स्थिति").selectOption("1");
  await next(page);
  await page.locator("#dob-error").waitFor();
  await shoot(page, width, "personal-error");
  await page.getByLabel("जन्म तारीख").fill("1992-03-14");
  await next(page);

  await page.waitForURL(/captur-address$/);
  await next(page);
  await shoot(page, width, "address-error");
  await page.getByLabel("घर किसका है").selectOption("2");
  await page.getByLabel("पता (पहली लाइन)").fill("12 Lake View Road");
  await page.getByLabel("पता (दूसरी लाइन)").fill("Koramangala");
  await page.getByLabel("पिन कोड").fill("560034");
  await page.waitForFunction(() => (document.querySelector<HTMLInputElement>("input[name=residence_city]")?.value ?? "x") !== "");
  await shoot(page, width, "address");
  await next(page);

  await page.waitForURL(/income-details$/);
  await next(page);
  await shoot(page, width, "income-error");
  await page.getByLabel("रोज़गार का प्रकार").selectOption("1");
  await page.getByLabel("मासिक आय").fill("50000");
  await page.getByLabel("पिछली सैलरी की तारीख").fill("2025-10-01");
  await page.getByLabel("सैलरी कैसे मिलती है").selectOption("1");
  await next(page);

  await page.waitForURL(/upload-picture$/);
  await page.getByRole("button", { name: "अपलोड करें" }).click();
  await page.getByText("कृपया फ़ोटो चुनें").waitFor();
  await shoot(page, width, "selfie-error");
  await page.locator('input[type="file"]').setInputFiles(png("me.png"));
  await shoot(page, width, "selfie-chosen");
  await page.getByRole("button", { name: "अपलोड करें" }).click();
  await page.waitForURL(/profile-preview$/);
  await shoot(page, width, "profile-preview");
}

/** Eligibility with its notice, the quote with its KFS, and the employer. */
async function eligibilityAndQuoteSteps(page: Page, width: number) {
  await go(page, "");
  await page.getByRole("button", { name: "पात्रता जाँचें" }).click();
  await page.getByText("आगे बढ़ने से पहले कृपया नोटिस पढ़ें").first().waitFor();
  await shoot(page, width, "home-bureau-notice-error");
  await page.getByRole("checkbox", { name: AGREE }).check();
  await page.getByRole("button", { name: "पात्रता जाँचें" }).click();
  await page.getByRole("dialog").waitFor();
  await shoot(page, width, "eligibility-dialog");
  await go(page, "eligibility");
  await shoot(page, width, "eligibility");
  await go(page, "lead-preview");
  await shoot(page, width, "lead-preview");

  await go(page, "calculate-loan");
  await page.getByRole("button", { name: "स्वीकार करें" }).click();
  await page.locator("#kfs_acknowledged-error").waitFor();
  await shoot(page, width, "quote-kfs-error");
  await page.getByLabel(/मुख्य तथ्य विवरण \(KFS\), प्रस्ताव .* पढ़ और समझ लिया है/).check();
  await page.getByRole("button", { name: "स्वीकार करें" }).click();

  await page.waitForURL(/about-your-company$/);
  await next(page);
  await shoot(page, width, "employment-error");
  await page.getByLabel(/ऑफ़िस से काम/).check();
  await page.getByLabel("कंपनी/संस्था का नाम").fill("Acme Software Pvt Ltd");
  await page.getByLabel("विभाग").selectOption("TECHNOLOGY");
  await page.getByLabel("कंपनी का प्रकार").selectOption("1");
  await page.getByLabel("पद").fill("Engineer");
  await page.getByLabel("कब से नौकरी कर रहे हैं").fill("2021-04-01");
  await page.getByLabel("ऑफ़िस: पता (पहली लाइन)").fill("Tower B, Tech Park");
  await page.getByLabel("ऑफ़िस: पता (दूसरी लाइन)").fill("Outer Ring Road");
  await page.getByLabel("पिन कोड").fill("560103");
  await next(page);
}

/** Aadhaar e-KYC, the account aggregator and the documents. */
async function verificationSteps(page: Page, width: number) {
  await page.waitForURL(/\/my-dashboard\/adhar$/);
  await shoot(page, width, "home-in-progress-ekyc");
  await page.getByLabel("आपके आधार के आख़िरी 4 अंक").fill("2468");
  await page.getByRole("button", { name: "जमा करें" }).click();
  await page.getByText("आगे बढ़ने से पहले कृपया नोटिस पढ़ें").first().waitFor();
  await shoot(page, width, "ekyc-notice-error");
  await page.getByRole("checkbox", { name: AGREE }).check();
  await page.getByRole("button", { name: "जमा करें" }).click();
  await page.waitForURL(/\/sandbox\/digilocker\//);
  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForURL("**/my-dashboard/aadhaar-verify");
  await page.getByRole("dialog", { name: "बधाई हो!" }).waitFor();
  await shoot(page, width, "aadhaar-verified");
  await page.getByRole("button", { name: "अगले चरण पर चलें" }).click();
  await page.waitForURL("**/my-dashboard/account-aggregator-verify");
  await shoot(page, width, "account-aggregator");
  await page.getByRole("checkbox", { name: AGREE }).check();
  await page.getByRole("button", { name: "अकाउंट एग्रीगेटर से शेयर करें" }).click();
  await page.waitForURL(/\/sandbox\/account-aggregator\/consent\//);
  await page.getByRole("button", { name: "Approve" }).click();

  await page.waitForURL("**/my-dashboard/adhar-upload");
  await shoot(page, width, "documents");
  await page.getByRole("button", { name: "अपलोड करें और आगे बढ़ें" }).click();
  await page.getByText("कृपया सभी ज़रूरी दस्तावेज़ अपलोड करें।").waitFor();
  await shoot(page, width, "documents-error");
  for (const legacy of ["pan-upload", "bank-upload", "upload-salaryslip", "upload-utilitybill"]) {
    await go(page, legacy);
    await shoot(page, width, `legacy-${legacy}`);
  }
  await go(page, "adhar-upload");
  await page.getByLabel("आधार का आगे का हिस्सा (फ़ोटो)").setInputFiles(png("front.png"));
  await page.getByLabel("आधार का पीछे का हिस्सा (फ़ोटो)").setInputFiles(png("back.png"));
  await page.getByLabel("PAN कार्ड (फ़ोटो)").setInputFiles(png("pan.png"));
  const doc = await PDFDocument.create();
  doc.addPage([300, 300]).drawText("Salary slip", { x: 20, y: 150, size: 12 });
  await page.getByLabel("सैलरी स्लिप (PDF)").setInputFiles({ name: "slip.pdf", mimeType: "application/pdf", buffer: Buffer.from(await doc.save()) });
  await page.getByLabel("बिजली/पानी/गैस का बिल (फ़ोटो)").setInputFiles(png("bill.png"));
  await page.getByRole("button", { name: "अपलोड करें और आगे बढ़ें" }).click();
}

/** Bank details, AutoPay skipped, the agreement signed, and the screens once the application is in. */
async function bankAndSigningSteps(page: Page, width: number, mobile: string, baseUrl: string) {
  await page.waitForURL("**/my-dashboard/bank-detail");
  await page.getByLabel("अकाउंट नंबर", { exact: true }).fill("502000246810");
  await page.getByLabel("अकाउंट नंबर दोबारा डालें").pressSequentially("502000246811");
  await page.getByLabel("IFSC कोड").fill("HDFC0000001");
  await page.getByRole("status").filter({ hasText: "HDFC Bank" }).waitFor();
  await page.getByLabel("ब्रांच").fill("Koramangala, Bengaluru");
  await page.getByRole("button", { name: "जाँचें और आगे बढ़ें" }).click();
  await page.locator("#confirm_account_number-error").waitFor();
  await shoot(page, width, "bank-error");
  await page.getByLabel("अकाउंट नंबर दोबारा डालें").fill("");
  await page.getByLabel("अकाउंट नंबर दोबारा डालें").pressSequentially("502000246810");
  await page.getByRole("button", { name: "जाँचें और आगे बढ़ें" }).click();

  await page.waitForURL("**/my-dashboard/autopay");
  await page.getByRole("heading", { name: "AutoPay चालू करें", level: 1 }).waitFor();
  await shoot(page, width, "autopay");
  await page.getByRole("button", { name: "AutoPay छोड़ें और एग्रीमेंट साइन करें" }).click();
  await page.waitForURL(/\/sandbox\/esign\//);
  await page.getByLabel(/I have read the Loan Agreement/).check();
  await page.getByRole("button", { name: "Send code" }).click();
  await page.getByLabel(/6-digit code sent to/).fill(await fromOutbox(page, mobile, /^(\d{6})[\s\S]*(?:signing|साइन)/));
  await page.getByRole("button", { name: "Sign documents" }).click();
  await page.waitForURL(/\/my-dashboard\/congratulations$/);
  await shoot(page, width, "congratulations");
  // The page the SMS after signing points to: the loan's documents.
  const href = (await page.locator('a[href*="lead_id="]').first().getAttribute("href")) ?? "";
  await go(page, `loan-documents/${new URL(href, baseUrl).searchParams.get("lead_id")}`);
  await shoot(page, width, "loan-documents");

  await go(page, "");
  await shoot(page, width, "home-submitted-status");
  await go(page, "user-profile");
  await shoot(page, width, "account-submitted-status");
  await go(page, "leads");
  await shoot(page, width, "leads-submitted");
  await page
    .locator(".lead-card")
    .first()
    .getByRole("button", { name: /ब्योरा देखें/ })
    .click();
  await page.waitForURL(/\/my-dashboard\/details$/);
  await shoot(page, width, "details-submitted");
  // A refused step: the journey's screens once the application is in (the server sends the customer on).
  await go(page, "pan-details");
  await shoot(page, width, "refused-step-after-submission");
}

async function servicing(browser: Browser, baseUrl: string, width: number) {
  const page = await newPage(browser, baseUrl, width);
  const mobile = randomMobile();
  const made = await page.request.post("/dev/demo-customer", { data: { mobile, user_type: "UNPAID-REPEAT" } });
  if (!made.ok()) throw new Error(`POST /dev/demo-customer answered ${made.status()}`);
  const demo = (await made.json()) as { full_name?: string };
  ownData.set(page, [demo.full_name ?? "", "Bangalore", "Karnataka"]); // the demo's address, from the PIN directory
  await signIn(page, width, mobile);
  await shoot(page, width, "home-active-loan");
  await go(page, "repayment");
  await shoot(page, width, "repayment");
  await page.getByLabel("कितना चुकाना है (₹)").fill("50");
  await page.getByRole("button", { name: "भुगतान के लिए आगे बढ़ें" }).click();
  await page.getByText("कम से कम ₹100 का भुगतान करना होगा।").waitFor();
  await shoot(page, width, "repayment-error");
  await page.getByLabel("कितना चुकाना है (₹)").fill("500");
  await page.getByLabel(/मेरे अपने लोन के लिए है/).check();
  await page.getByRole("button", { name: "भुगतान के लिए आगे बढ़ें" }).click();
  const choice = page.getByRole("dialog", { name: "भुगतान का तरीका चुनें" });
  await choice.waitFor();
  await shoot(page, width, "repayment-choose");
  await choice.getByRole("button", { name: "Razorpay से भुगतान करें" }).click();
  await page
    .getByRole("dialog", { name: /^Pay / })
    .getByRole("button", { name: /^Pay ₹/ })
    .click();
  await page.waitForURL(/\/hi\/thanku$/);
  await page.getByRole("heading", { name: "धन्यवाद!" }).waitFor({ timeout: 20_000 });
  await shoot(page, width, "payment-result");
  await go(page, "repayment");
  await shoot(page, width, "repayment-after-payment");
  await go(page, "leads");
  await shoot(page, width, "loan-history");
  await page
    .locator(".lead-card", { hasText: "पैसा भेजा गया" })
    .getByRole("button", { name: /ब्योरा देखें/ })
    .click();
  await page.waitForURL(/\/my-dashboard\/details$/);
  await shoot(page, width, "loan-details");
  await go(page, "complaints");
  await page.getByLabel("आपकी शिकायत किस बारे में है?").selectOption("repayment");
  await page.getByLabel("बताइए क्या हुआ").fill("छोटा");
  await page.getByRole("button", { name: "शिकायत भेजें" }).click();
  await page.locator("#description-error").waitFor();
  await shoot(page, width, "complaints-error");
  await page.getByLabel("आपकी शिकायत किस बारे में है?").selectOption("repayment");
  await page.getByLabel("बताइए क्या हुआ").fill("मेरा आंशिक भुगतान लोन में देर से दिखा।");
  await page.getByRole("button", { name: "शिकायत भेजें" }).click();
  await page.getByRole("status").filter({ hasText: "आपकी शिकायत दर्ज हो गई है।" }).waitFor();
  await shoot(page, width, "complaints-filed");
  await go(page, "my-data");
  await shoot(page, width, "my-data");
  await page.getByRole("button", { name: "सहमति वापस लें: लोन चुकाने की याद" }).click();
  await page.getByRole("status").first().waitFor();
  for (const summary of await page.locator("details > summary").all()) await summary.click();
  await shoot(page, width, "my-data-withdrawn-open");
  // The failed payment result.
  await page.goto("/hi/fail");
  await shoot(page, width, "payment-failed");
  await page.context().close();
}

async function main() {
  const baseUrl = (process.env.SCREENSHOTS_BASE_URL ?? process.argv[2] ?? "").replace(/\/$/, "");
  if (!baseUrl) throw new Error("Give the running sandbox server: SCREENSHOTS_BASE_URL or the first argument");
  const browser = await launchChromium();
  try {
    for (const width of WIDTHS) {
      mkdirSync(join(OUT, `${width}`), { recursive: true });
      if (process.env.SCREENSHOTS_PART !== "servicing") await journey(browser, baseUrl, width);
      if (process.env.SCREENSHOTS_PART !== "journey") await servicing(browser, baseUrl, width);
    }
    console.log(`${count} screenshots in ${OUT}/360 and ${OUT}/1280`);
    if (latinFound.length) {
      console.log(`Latin words outside the allowed list on ${latinFound.length} screens:\n${latinFound.join("\n")}`);
      process.exitCode = 1;
    } else console.log("No Latin words outside the allowed list.");
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

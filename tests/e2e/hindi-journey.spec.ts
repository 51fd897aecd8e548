// Issue 23: a NEW customer applies in Hindi, from sign-in to a signed, submitted application, through
// the screens (the five profile steps, the profile preview, eligibility, quote and KFS, employment,
// DigiLocker eKYC, account aggregator, documents, bank details, AutoPay, eSign, congratulations). Each screen: Hindi words, no English
// left in its own text, axe clean, and a full-page photograph (both projects: 360 and 1280 px).
import type { Page, TestInfo } from "@playwright/test";
import { PNG, randomPan } from "./onboarding-support.ts";
import { png, samplePdf } from "./kyc-support.ts";
import { esignCodeFromOutbox } from "./bank-esign-support.ts";
import { agreeToStepNotice, codeFromOutbox, expectNoAxeViolations, randomMobile } from "./support.ts";
import { expect, test } from "./fixtures.ts";

/** Latin words a Hindi screen may show: names of things, codes, units, and what the customer typed. */
const ALLOWED = new Set(
  (
    "SalaryOnTime PAN OTP KYC eKYC DigiLocker UIDAI RBI GST APR PDF JPEG PNG WEBP WebP MB IFSC EMI HDFC Bank HR SOT Allow Skip " +
    "Acme Software Pvt Ltd Tower Tech Park Outer Ring Road Lake View Koramangala Bengaluru Bangalore Karnataka Engineer meera example com " +
    "LLP NBFC WFO WFH KFS SMS XXXX Ombudsman https www rbi org cms gov"
  ).split(" "),
);

/** The English words left in the page's main content (outside the allowed names and the customer's own data). */
async function englishLeft(page: Page, own: RegExp[] = []): Promise<string[]> {
  // E-mail addresses are data, not words.
  const text = (await page.locator("main").innerText()).replace(/\S+@\S+/g, "");
  const words = text.match(/[A-Za-z][A-Za-z'-]{2,}/g) ?? [];
  return [...new Set(words.filter((w) => !ALLOWED.has(w) && !own.some((re) => re.test(w))))];
}

async function screen(page: Page, testInfo: TestInfo, name: string, heading: string | RegExp, own: RegExp[] = []) {
  await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
  await page.evaluate(() => document.fonts.ready);
  expect(await englishLeft(page, own), `English on ${name}`).toEqual([]);
  await expectNoAxeViolations(page);
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
}

/** The five profile steps in Hindi, each with its form's or the server's message in Hindi. */
async function profileStepsInHindi(page: Page, testInfo: TestInfo) {
  // PAN: the browser's own check speaks Hindi, then the PAN is verified.
  await page.getByRole("link", { name: /PAN की जाँच/ }).click();
  await expect(page).toHaveURL(/pan-details$/, { timeout: 30_000 });
  await page.getByRole("button", { name: "आगे बढ़ें" }).click();
  await expect(page.locator("#pan-error")).toHaveText("कृपया सही PAN नंबर डालें");
  await screen(page, testInfo, "pan", "PAN की जाँच");
  await page.getByLabel("PAN का 1वाँ खाना, 10 में से (अक्षर)").pressSequentially(randomPan());
  await page.getByLabel("मासिक आय").fill("50000");
  await page.getByRole("button", { name: "आगे बढ़ें" }).click();

  // Personal information: the server's notice in Hindi; a rule's message in Hindi.
  await expect(page).toHaveURL(/personal-information$/, { timeout: 30_000 });
  await expect(page.getByRole("status").filter({ hasText: "PAN की जाँच हो गई।" })).toBeVisible();
  await page.getByLabel("लिंग").selectOption("2");
  await page.getByLabel("निजी ईमेल").fill("meera@example.com");
  await page.getByLabel("जन्म तारीख").fill("2015-03-14");
  await page.getByLabel("वैवाहिक स्थिति").selectOption("1");
  await page.getByRole("button", { name: "आगे बढ़ें" }).click();
  await expect(page.locator("#dob-error")).toHaveText("आपकी उम्र कम से कम 18 साल होनी चाहिए।");
  await screen(page, testInfo, "personal", "निजी जानकारी");
  await page.getByLabel("जन्म तारीख").fill("1992-03-14");
  await page.getByRole("button", { name: "आगे बढ़ें" }).click();

  // Residence address.
  await expect(page).toHaveURL(/captur-address$/, { timeout: 30_000 });
  await page.getByLabel("घर किसका है").selectOption("2");
  await page.getByLabel("पता (पहली लाइन)").fill("12 Lake View Road");
  await page.getByLabel("पता (दूसरी लाइन)").fill("Koramangala");
  await page.getByLabel("पिन कोड").fill("560034");
  await expect(page.getByLabel("शहर")).not.toHaveValue("");
  await screen(page, testInfo, "address", "अभी का पता");
  await page.getByRole("button", { name: "आगे बढ़ें" }).click();

  // Income.
  await expect(page).toHaveURL(/income-details$/, { timeout: 30_000 });
  await page.getByLabel("रोज़गार का प्रकार").selectOption("1");
  await page.getByLabel("मासिक आय").fill("50000");
  await page.getByLabel("पिछली सैलरी की तारीख").fill("2025-10-01");
  await page.getByLabel("सैलरी कैसे मिलती है").selectOption("1");
  await screen(page, testInfo, "income", "आय की जानकारी");
  await page.getByRole("button", { name: "आगे बढ़ें" }).click();

  // Selfie.
  await expect(page).toHaveURL(/upload-picture$/, { timeout: 30_000 });
  await page.getByRole("button", { name: "अपलोड करें" }).click();
  await expect(page.getByText("कृपया फ़ोटो चुनें")).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByRole("img", { name: "आपकी चुनी हुई फ़ोटो" })).toBeVisible();
  await screen(page, testInfo, "selfie", "फ़ोटो अपलोड करें");
  await page.getByRole("button", { name: "अपलोड करें" }).click();
}

/** Aadhaar eKYC, the account aggregator and the documents, in Hindi. */
async function verificationInHindi(page: Page, testInfo: TestInfo) {
  // Aadhaar eKYC through the sandbox DigiLocker page (the provider's page is its own, in English).
  await expect(page).toHaveURL(/\/my-dashboard\/adhar$/, { timeout: 30_000 });
  await screen(page, testInfo, "ekyc", "आधार से अपनी पहचान सुरक्षित तरीके से जाँचें");
  await page.getByLabel("आपके आधार के आख़िरी 4 अंक").fill("2468");
  await expect(page.getByRole("region", { name: "आगे बढ़ने से पहले: पहचान की जाँच (PAN और DigiLocker)" })).toBeVisible();
  await page.getByRole("button", { name: "जमा करें" }).click();
  await expect(page.getByText("आगे बढ़ने से पहले कृपया नोटिस पढ़ें और सहमति के लिए बॉक्स पर टिक करें।")).toBeVisible();
  await agreeToStepNotice(page, "hi");
  await page.getByRole("button", { name: "जमा करें" }).click();
  await page.waitForURL(/\/sandbox\/digilocker\//);
  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForURL("**/my-dashboard/aadhaar-verify");
  const verified = page.getByRole("dialog", { name: "बधाई हो!" });
  await expect(verified).toContainText("XXXX-XXXX-2468");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`aadhaar-verified-${page.viewportSize()?.width}.png`), fullPage: true });
  await verified.getByRole("button", { name: "अगले चरण पर चलें" }).click();

  // Account aggregator.
  await page.waitForURL("**/my-dashboard/account-aggregator-verify");
  await screen(page, testInfo, "aggregator", "अकाउंट एग्रीगेटर");
  await expect(page.getByRole("region", { name: "आगे बढ़ने से पहले: अकाउंट एग्रीगेटर से बैंक स्टेटमेंट" })).toBeVisible();
  await agreeToStepNotice(page, "hi");
  await page.getByRole("button", { name: "अकाउंट एग्रीगेटर से शेयर करें" }).click();
  await page.waitForURL(/\/sandbox\/account-aggregator\/consent\//);
  await page.getByRole("button", { name: "Approve" }).click();

  // Documents: the server's notice, then the screen.
  await page.waitForURL("**/my-dashboard/adhar-upload");
  await expect(page.getByRole("status").filter({ hasText: "पिछले छह महीनों के आपके बैंक स्टेटमेंट मिल गए।" })).toBeVisible();
  await page.getByRole("button", { name: "अपलोड करें और आगे बढ़ें" }).click();
  await expect(page.getByText("कृपया सभी ज़रूरी दस्तावेज़ अपलोड करें।")).toBeVisible();
  await expect(page.getByText("आधार का आगे का हिस्सा: कृपया फ़ाइल चुनें।")).toBeVisible();
  await screen(page, testInfo, "documents", "अपना KYC पूरा करें");
  await page.getByLabel("आधार का आगे का हिस्सा (फ़ोटो)").setInputFiles(png("front.png"));
  await page.getByLabel("आधार का पीछे का हिस्सा (फ़ोटो)").setInputFiles(png("back.png"));
  await page.getByLabel("PAN कार्ड (फ़ोटो)").setInputFiles(png("pan.png"));
  await page.getByLabel("सैलरी स्लिप (PDF)").setInputFiles({ name: "slip.pdf", mimeType: "application/pdf", buffer: await samplePdf() });
  await page.getByLabel("बिजली/पानी/गैस का बिल (फ़ोटो)").setInputFiles(png("bill.png"));
  await page.getByRole("button", { name: "अपलोड करें और आगे बढ़ें" }).click();
}

test("a new customer applies in Hindi, from sign-in to a submitted application", async ({ page, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  await page.context().addCookies([{ name: "lang", value: "hi", url: baseURL! }]);

  // Sign-in on the Hindi Apply Now.
  await page.goto("/apply-now");
  await expect(page).toHaveURL(/\/hi\/apply-now$/, { timeout: 30_000 });
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const mobile = randomMobile();
  await page.getByLabel("मोबाइल नंबर").fill(mobile);
  await page.getByLabel(/मानता\/मानती हूँ/).check();
  await page.getByRole("button", { name: "OTP पाएँ" }).click();
  const code = await codeFromOutbox(page.request, mobile);
  await page.getByLabel("4 में से अंक 1").pressSequentially(code);
  await page.getByRole("button", { name: "OTP जाँचें" }).click();
  await page.waitForURL(/\/my-dashboard/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await screen(page, testInfo, "dashboard", "SalaryOnTime में आपका स्वागत है");
  await expect(page.getByRole("list", { name: "प्रोफ़ाइल रजिस्ट्रेशन के चरण" })).toBeVisible();

  await profileStepsInHindi(page, testInfo);

  await expect(page).toHaveURL(/profile-preview$/, { timeout: 30_000 });

  // The profile preview: its cards in Hindi, the date of birth in words, the income with Indian grouping.
  // The heading is the customer's name from the PAN check, so its words are the customer's own.
  const name = (await page.getByRole("heading", { level: 1 }).innerText()).trim();
  await expect(page.getByRole("heading", { name: "बुनियादी जानकारी", level: 2 })).toBeVisible();
  await expect(page.getByRole("button", { name: "आय की जानकारी बदलें" })).toBeVisible();
  await expect(page.getByText("14 मार्च 1992", { exact: true })).toBeVisible();
  await expect(page.getByText("₹50,000", { exact: true })).toBeVisible();
  await screen(
    page,
    testInfo,
    "profile-preview",
    name,
    // The PAN shows masked (XXXXXX1234X).
    [...name.split(/\s+/).map((word) => new RegExp(`^${word}$`)), /^X{6}$/],
  );

  // Eligibility from the dashboard: the dialog's message comes from the server, in Hindi.
  await page.goto("/my-dashboard");
  // Issue 23: the credit bureau notice in Hindi, its box unticked; without the tick nothing is sent.
  const bureau = page.getByRole("region", { name: "आगे बढ़ने से पहले: क्रेडिट ब्यूरो से जाँच" });
  await expect(bureau.getByRole("checkbox", { name: "मैं अपने डेटा के इस इस्तेमाल के लिए सहमत हूँ" })).not.toBeChecked();
  await expect(bureau).toContainText("कब तक रखेंगे");
  await page.getByRole("button", { name: "पात्रता जाँचें" }).click();
  await expect(bureau.getByText("आगे बढ़ने से पहले कृपया नोटिस पढ़ें और सहमति के लिए बॉक्स पर टिक करें।")).toBeVisible();
  await screen(
    page,
    testInfo,
    "bureau-notice",
    /^नमस्ते/,
    // The application's step cards name eSign as it is known.
    [...name.split(/\s+/).map((word) => new RegExp(`^${word}$`)), /^eSign$/],
  );
  await agreeToStepNotice(page, "hi");
  await page.getByRole("button", { name: "पात्रता जाँचें" }).click();
  const eligible = page.getByRole("dialog");
  await expect(eligible).toContainText(/बधाई हो! आप ₹[\d,]+ तक के लोन के लिए पात्र हैं।/);
  await expectNoAxeViolations(page);
  await eligible.getByRole("button", { name: "आगे बढ़ें" }).click();

  // Quote and KFS in Hindi: the figures as in English (Indian grouping), the dates in words.
  await expect(page).toHaveURL(/calculate-loan$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "मुख्य तथ्य विवरण (KFS)" })).toBeVisible();
  await expect(page.getByTestId("kfs-loan_amount")).toHaveText(/^₹\d{1,2},\d{3}$/);
  await expect(page.getByTestId("kfs-issued_on")).toHaveText(/^\d{1,2} (जनवरी|फ़रवरी|मार्च|अप्रैल|मई|जून|जुलाई|अगस्त|सितंबर|अक्टूबर|नवंबर|दिसंबर) \d{4}$/);
  // The purpose and the grievance officer's title in Hindi too (they were English once).
  await expect(page.getByTestId("kfs-purpose")).toHaveText("यात्रा");
  await expect(page.getByTestId("kfs-grievance_officer")).toContainText(", शिकायत निवारण अधिकारी;");
  await page.getByRole("button", { name: "स्वीकार करें" }).click();
  await expect(page.locator("#kfs_acknowledged-error")).toHaveText("कृपया मुख्य तथ्य विवरण (KFS) पढ़ें और पुष्टि के लिए बॉक्स पर टिक करें।");
  await screen(page, testInfo, "quote", "लोन का हिसाब", [
    // Names in the KFS: the borrower's (from the PAN), the lender's and its officers' (configuration), and e-mail addresses.
    /^[A-Z][a-z]+$/,
    /^[A-Z0-9]+-?$/,
    /^(grievance|salaryontime|support|care)$/,
  ]);
  await page.getByLabel(/मुख्य तथ्य विवरण \(KFS\), प्रस्ताव .* पढ़ और समझ लिया है/).check();
  await page.getByRole("button", { name: "स्वीकार करें" }).click();

  // Employment.
  await expect(page).toHaveURL(/about-your-company$/, { timeout: 30_000 });
  await page.getByLabel(/ऑफ़िस से काम/).check();
  await page.getByLabel("कंपनी/संस्था का नाम").fill("Acme Software Pvt Ltd");
  await page.getByLabel("विभाग").selectOption("TECHNOLOGY");
  await page.getByLabel("कंपनी का प्रकार").selectOption("1");
  await page.getByLabel("पद").fill("Engineer");
  await page.getByLabel("कब से नौकरी कर रहे हैं").fill("2021-04-01");
  await page.getByLabel("ऑफ़िस: पता (पहली लाइन)").fill("Tower B, Tech Park");
  await page.getByLabel("ऑफ़िस: पता (दूसरी लाइन)").fill("Outer Ring Road");
  await page.getByLabel("पिन कोड").fill("560103");
  await screen(page, testInfo, "employment", "नौकरी की जानकारी");
  await page.getByRole("button", { name: "आगे बढ़ें" }).click();

  await verificationInHindi(page, testInfo);

  // Bank details, verified by the sandbox penny drop.
  await page.waitForURL("**/my-dashboard/bank-detail");
  await page.getByLabel("अकाउंट नंबर", { exact: true }).fill("502000246810");
  await page.getByLabel("अकाउंट नंबर दोबारा डालें").pressSequentially("502000246811");
  await page.getByLabel("IFSC कोड").fill("HDFC0000001");
  await expect(page.getByRole("status").filter({ hasText: "HDFC Bank" })).toBeVisible();
  await page.getByLabel("ब्रांच").fill("Koramangala, Bengaluru");
  await page.getByRole("button", { name: "जाँचें और आगे बढ़ें" }).click();
  await expect(page.locator("#confirm_account_number-error")).toHaveText("दोनों अकाउंट नंबर एक जैसे नहीं हैं");
  await screen(page, testInfo, "bank", "बैंक की जानकारी", [/^[A-Z]+$/, /^[A-Z][a-z]+$/]);
  await page.getByLabel("अकाउंट नंबर दोबारा डालें").fill("");
  await page.getByLabel("अकाउंट नंबर दोबारा डालें").pressSequentially("502000246810");
  await page.getByRole("button", { name: "जाँचें और आगे बढ़ें" }).click();

  // AutoPay (issue 24), in Hindi: the mandate's terms, then the customer skips it.
  await page.waitForURL("**/my-dashboard/autopay");
  await screen(page, testInfo, "autopay", "AutoPay चालू करें", [/^Auto[Pp]ay$/, /^UPI$/, /^e-NACH$/, /^Pay$/, /^Now$/, /^QR$/]);
  await page.getByRole("button", { name: "AutoPay छोड़ें और एग्रीमेंट साइन करें" }).click();

  // eSign on the sandbox provider's page.
  await page.waitForURL(/\/sandbox\/esign\//);
  await page.getByLabel(/I have read the Loan Agreement/).check();
  await page.getByRole("button", { name: "Send code" }).click();
  await page.getByLabel(/6-digit code sent to/).fill(await esignCodeFromOutbox(page, mobile));
  await page.getByRole("button", { name: "Sign documents" }).click();

  // Congratulations, in Hindi, with the credit manager named.
  await expect(page).toHaveURL(/\/my-dashboard\/congratulations$/, { timeout: 30_000 });
  await expect(page.getByText(/आपके क्रेडिट मैनेजर हैं/)).toBeVisible();
  await screen(page, testInfo, "congratulations", "बधाई हो!", [/^[A-Z][a-z]+$/, /@/, /^salaryontime$/, /^in$/]);
});

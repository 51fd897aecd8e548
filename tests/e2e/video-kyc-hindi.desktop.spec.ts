// Issue 33: the video KYC page in Hindi at 1280 px: the offer on the Aadhaar page, the consent, a stale
// offline e-KYC file refused with its Hindi message, then the camera step (axe clean, no overflow).
import { test, expect } from "./fixtures.ts";
import { reachEkycInBrowser } from "./kyc-support.ts";
import { agreeToStepNotice, expectNoAxeViolations, expectNoHorizontalOverflow } from "./support.ts";

test("video KYC in Hindi: offered beside DigiLocker, consent, a stale file refused in Hindi, then the camera step", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await reachEkycInBrowser(page);
  await page.context().addCookies([{ name: "lang", value: "hi", url: baseURL! }]);
  await page.goto("/my-dashboard/adhar");
  await page.getByRole("link", { name: "इसके बजाय वीडियो KYC करें" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "हमारे अधिकारी के साथ वीडियो KYC" })).toBeVisible();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await agreeToStepNotice(page, "hi");
  await page.getByRole("button", { name: "सहमत हूँ, शुरू करें" }).click();

  const zip = async (hoursAgo: string) => {
    const reply = await page.request.post("/sandbox/uidai/offline-ekyc", {
      form: {
        name: "Ravi Kumar",
        dob: "1990-01-02",
        gender: "M",
        last4: "4321",
        mobile: "",
        shareCode: "1357",
        house: "1",
        street: "Civil Lines",
        city: "Delhi",
        state: "Delhi",
        pincode: "110054",
        hoursAgo,
      },
    });
    expect(reply.status()).toBe(200);
    return { name: "offlineaadhaar4321.zip", mimeType: "application/zip", buffer: await reply.body() };
  };
  await page.getByLabel("ऑफ़लाइन e-KYC ज़िप फ़ाइल").setInputFiles(await zip("80"));
  await page.getByLabel("शेयर कोड (4 अंक)").fill("1357");
  await page.getByRole("button", { name: "अपलोड करें और जाँचें" }).click();
  await expect(page.getByText("यह फ़ाइल 3 दिन से ज़्यादा पुरानी है। कृपया UIDAI से नई फ़ाइल डाउनलोड करें।")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("ऑफ़लाइन e-KYC ज़िप फ़ाइल").setInputFiles(await zip("1"));
  await page.getByRole("button", { name: "अपलोड करें और जाँचें" }).click();
  await expect(page.getByRole("heading", { name: "अपना कैमरा और माइक्रोफ़ोन जाँचें" })).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

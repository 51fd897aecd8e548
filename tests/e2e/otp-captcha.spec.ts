// Decision 15 as amended by issue 21: past 20 codes an hour from one address (sign-in and Pay Now
// together), Apply Now and Pay Now show the image captcha the server's refusal carried, and a right
// answer sends the code. The test server trusts one proxy (TRUST_PROXY=1 in playwright.config.ts) and
// each test presents its own client address in X-Forwarded-For (fixtures.ts), so the 20 sends before
// the screens come from this test's address only; they go through the API to keep the test short.
import { OTP_POLICY } from "../../core/security-policy.ts";
import { apiPath, JOURNEY_PATH } from "../../core/contract/index.ts";
import { codeFromOutbox, expectNoAxeViolations, randomMobile } from "./support.ts";
import { expect, test } from "./fixtures.ts";

test.use({ actionTimeout: 20_000, navigationTimeout: 30_000 });

test("Apply Now and Pay Now ask for the captcha past 20 codes an hour from one address, and send the code once it is typed", async ({ page }, info) => {
  // Twenty sends from this test's address (sign-ins and Pay Now together).
  for (let i = 0; i < OTP_POLICY.sendsPerIpPerHourWithoutCaptcha; i++) {
    const reply =
      i % 4 === 3
        ? await page.request.post(apiPath("repaySendOtp"), { data: { pancard: `ZZZPZ${1000 + Math.floor(Math.random() * 8999)}Z` } })
        : await page.request.post(JOURNEY_PATH, { data: { event_name: "login", mobile: randomMobile() } });
    expect((await reply.json()).Status).toBe(1);
  }

  // Apply Now: the 21st send is answered with a captcha, shown on the form.
  const mobile = randomMobile();
  await page.goto("/apply-now");
  await page.getByLabel("Mobile number").fill(mobile);
  await page.getByLabel(/I accept the Terms and Conditions/).check();
  const asked = page.waitForResponse((r) => r.url().endsWith(JOURNEY_PATH) && r.request().method() === "POST");
  await page.getByRole("button", { name: "Get OTP" }).click();
  const refusal = await (await asked).json();
  expect(refusal.captcha.captcha_id).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByRole("alert").filter({ hasText: "Please type the characters in the image to get your code." })).toBeVisible();
  await expect(page.getByRole("img", { name: /Captcha image/ })).toBeVisible();
  expect(await page.getByRole("img", { name: /Captcha image/ }).getAttribute("src")).toBe(refusal.captcha.captcha_image);
  await expectNoAxeViolations(page);
  await page.screenshot({ fullPage: true, path: info.outputPath(`h21a-apply-captcha-${info.project.name}.png`) });
  const answer = ((await (await page.request.get(`/dev/captcha/${refusal.captcha.captcha_id}`)).json()) as { answer: string }).answer;
  await page.getByLabel("Type the characters in the image").fill(answer);
  await page.getByRole("button", { name: "Get OTP" }).click();
  await expect(page.getByRole("heading", { name: "Enter the OTP" })).toBeVisible();
  expect(await codeFromOutbox(page.request, mobile)).toMatch(/^\d{4}$/);

  // Pay Now, same address: the captcha again, and the code once it is typed.
  await page.goto("/repayloan");
  // A PAN of this test alone (a PAN may have one code each 30 seconds).
  await page.getByLabel("PAN number").fill(`ZZZPZ${1000 + Math.floor(Math.random() * 8999)}Z`);
  await page.getByLabel(/I accept the Terms and Conditions/).check();
  const payAsked = page.waitForResponse((r) => r.url().endsWith(apiPath("repaySendOtp")));
  await page.getByRole("button", { name: "Get OTP" }).click();
  const payRefusal = await (await payAsked).json();
  await expect(page.getByRole("img", { name: /Captcha image/ })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Please type the characters in the image to get your code." })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ fullPage: true, path: info.outputPath(`h21a-paynow-captcha-${info.project.name}.png`) });
  const payAnswer = ((await (await page.request.get(`/dev/captcha/${payRefusal.captcha.captcha_id}`)).json()) as { answer: string }).answer;
  await page.getByLabel("Type the characters in the image").fill(payAnswer);
  await page.getByRole("button", { name: "Get OTP" }).click();
  await expect(page.getByRole("heading", { name: "Enter the OTP" })).toBeVisible();
});

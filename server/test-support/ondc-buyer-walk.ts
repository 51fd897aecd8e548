// Issue 32: the sandbox buyer app's tests' app and walks: a test app whose ONDC callbacks and form fetches are
// carried to itself in process, as the network would carry them, and the walk a person takes through the buyer
// app and our pages from the search to the lender's on_confirm.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, vi } from "vitest";
import { customerProfiles, ondcFormSubmissions } from "../db/schema/index.ts";
import { moveToBankingForDev } from "../modules/dev/dev-journey.ts";
import type { OndcCallbackPort } from "../providers/ondc-callbacks/port.ts";
import { KNOWN_IFSC, signOnSandbox } from "./banking.ts";
import { browse } from "./kyc.ts";
import { createOnboardingApp, PNG_BYTES } from "./onboarding.ts";
import { F03_EMPLOYMENT, f01Fields } from "./ondc-forms.ts";

export type BuyerAppTestApp = Awaited<ReturnType<typeof createOnboardingApp>>;

/**
 * Registers the file's hooks: the app on a public origin without a port (ONDC's validator wants bpp_id, its host,
 * to be bpp_uri's host name), every POST either side makes and every fetch of our pages carried to it in process.
 * `holder.t` is the app once the hooks ran.
 */
export function buyerAppTestApp() {
  const holder = {} as { t: BuyerAppTestApp };
  const network: OndcCallbackPort = {
    async post({ url, body, authorization }) {
      const response = await holder.t.app.request(new URL(url).pathname, {
        method: "POST",
        body: body as Uint8Array<ArrayBuffer>,
        headers: { "Content-Type": "application/json", Authorization: authorization },
      });
      return { status: response.status, text: await response.text() };
    },
  };
  const realFetch = globalThis.fetch;
  beforeAll(async () => {
    holder.t = await createOnboardingApp({ providers: { ondcCallbacks: network }, env: { PUBLIC_ORIGIN: "https://sandbox.salaryontime.test" } });
    const origin = holder.t.services.env.PUBLIC_ORIGIN;
    vi.stubGlobal("fetch", (async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input));
      if (url.origin !== origin) return realFetch(input, init);
      return holder.t.app.request(`${url.pathname}${url.search}`, init);
    }) as typeof fetch);
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await holder.t.services.ondcOutbox!.idle();
    await holder.t.close();
  });
  return holder;
}

/**
 * F03 on the lender's own page, as the person's browser follows the buyer app's link: the offer accepted with the
 * KFS acknowledged, employment, Aadhaar's last 4 and the sandbox DigiLocker; the lender then reports F03 by an
 * unsolicited on_status, which the buyer app verifies and shows.
 */
export async function walkF03(t: BuyerAppTestApp, buyerAppPage: string) {
  const f03Link = new URL(buyerAppPage.match(/href="(https:\/\/sandbox\.salaryontime\.test\/ondc\/forms\/F03[^"]+)"/)![1].replaceAll("&#38;", "&"));
  const f03 = `${f03Link.pathname}${f03Link.search}`;
  const screens: Record<string, string>[] = [{ screen: "accept", kfs_acknowledged: "on" }, F03_EMPLOYMENT];
  for (const fields of screens) expect((await browse(t, f03, { form: fields })).status).toBe(303);
  const toDigiLocker = await browse(t, f03, { form: { screen: "aadhaar", aadhaar_no: "4321" } });
  const state = new URL(toDigiLocker.location!).searchParams.get("state")!;
  const consent = await browse(t, "/sandbox/digilocker/consent", { form: { state, last4: "4321", decision: "allow" } });
  // Verified: on to the documents stage on F03's page.
  expect((await browse(t, consent.location!)).location).toBe(f03);
  // The browser follows to F03's page: the documents stage (in the flow with account aggregator, the statement
  // fetched with the consent the person approved in the buyer app's flow, then the uploads).
  const documentsStage = await browse(t, f03);
  if (documentsStage.location) expect(documentsStage.location).toBe(f03);
  await t.services.ondcOutbox!.idle();
}

/**
 * From on_init_1 (F04) to the signed agreement, as the buyer app and the person take it: F04 inside the buyer
 * app (the documents stage stood in for by the dev shortcut), init_2 → F05 on our page (the sandbox mandate
 * approved), its on_status, init_3 → F06 on our page (signed on the sandbox eSign page), its on_status.
 */
export async function walkToAgreement(t: BuyerAppTestApp, location: string, transactionId: string, step: () => void) {
  const pageOf = async () => (await t.app.request(location)).text();
  const [f03] = (await t.services.db.select().from(ondcFormSubmissions).where(eq(ondcFormSubmissions.transactionId, transactionId))).filter(
    (s) => s.formId === "F03",
  );
  await moveToBankingForDev(t.services, f03.profileId);
  const f04Html = await (await t.app.request(`${location}/form`)).text();
  const f04To = new URL(f04Html.match(/<form method="post" action="([^"]+)"/)![1].replace(/&amp;/g, "&"));
  const account = { formId: "F04", accHolderName: "Asha Verma", acctype: "saving", accNo: "123456789012", ifscCode: KNOWN_IFSC };
  const f04 = await t.app.request(`${f04To.pathname}${f04To.search}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(account).toString(),
  });
  expect(f04.status).toBe(303);

  // init_2 → on_init_2: F05 on our own page; the mandate approved; the buyer app hears it from on_status.
  step();
  await t.app.request(`${location}/send`, { method: "POST" });
  await t.services.ondcOutbox!.idle();
  const f05Link = (await pageOf()).match(/Next, on the lender's own page: <a href="([^"]+)">E-mandate<\/a>/)![1].replaceAll("&#38;", "&");
  const f05 = `${new URL(f05Link).pathname}${new URL(f05Link).search}`;
  const mandate = await browse(t, f05, { form: { screen: "choose", mandate_method: "upi" } });
  const approved = await browse(t, `${new URL(mandate.location!, "http://x").pathname}/answer`, { form: { choice: "approve" } });
  const mandateBack = new URL(approved.location!);
  await browse(t, `${mandateBack.pathname}${mandateBack.search}`);
  await t.services.ondcOutbox!.idle();
  expect(await pageOf()).toMatch(/The lender reports form F05: SUCCESS/);

  // init_3 → on_init_3: F06, the agreement, signed on the sandbox eSign page.
  step();
  await t.app.request(`${location}/send`, { method: "POST" });
  await t.services.ondcOutbox!.idle();
  const f06Link = (await pageOf()).match(/Next, on the lender's own page: <a href="([^"]+)">Loan Agreement<\/a>/)![1].replaceAll("&#38;", "&");
  const f06 = `${new URL(f06Link).pathname}${new URL(f06Link).search}`;
  const esign = await browse(t, f06, { form: { screen: "sign" } });
  const [profile] = await t.services.db.select().from(customerProfiles).where(eq(customerProfiles.id, f03.profileId));
  const signed = await signOnSandbox(t, esign.location!, profile.mobile);
  const esignBack = new URL(signed.location!, "http://x");
  await browse(t, `${esignBack.pathname}${esignBack.search}`);
  await t.services.ondcOutbox!.idle();
  expect(await pageOf()).toMatch(/The lender reports form F06: SUCCESS/);

  // The confirm: our on_confirm has the order, awaiting our credit team's decision.
  step();
  await t.app.request(`${location}/send`, { method: "POST" });
  await t.services.ondcOutbox!.idle();
  expect(await pageOf()).toMatch(/The lender has the order SOT-\d{8}-[0-9A-Z]{8}: the loan is PENDING\./);
}

/** The whole walk through the buyer app and our pages, search to on_confirm (PENDING); its page, transaction and borrower. */
export async function walkToConfirm(t: BuyerAppTestApp, options: { withAccountAggregator?: boolean } = {}) {
  const step = () => t.clock.advance(1_000);
  const started = await t.app.request("/dev/ondc/search", {
    method: "POST",
    ...(options.withAccountAggregator ? { headers: { "content-type": "application/x-www-form-urlencoded" }, body: "flow=with-account-aggregator" } : {}),
  });
  const location = started.headers.get("location")!;
  const transactionId = location.split("/").at(-1)!;
  await t.services.ondcOutbox!.idle();
  const pageOf = async () => (await t.app.request(location)).text();

  // The buyer app shows our F01 page with its posts coming back to the buyer app, which submits them to us.
  const f01 = await t.app.request(`${location}/form`);
  expect(f01.status).toBe(200);
  const f01Html = await f01.text();
  expect(f01Html).toContain("<h1>Personal Information</h1>");
  const proxied = (html: string) => new URL(html.match(/<form method="post" action="([^"]+)"/)![1].replace(/&amp;/g, "&"));
  const sendTo = proxied(f01Html);
  expect(sendTo.pathname).toBe(`${location}/form`);
  expect(sendTo.searchParams.get("to")).toBe(`/ondc/forms/F01?transaction_id=${transactionId}`);

  const mobile = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
  const codeStep = await t.app.request(`${sendTo.pathname}${sendTo.search}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ step: "send", contactNumber: mobile }).toString(),
  });
  const codeHtml = await codeStep.text();
  expect(codeStep.status, codeHtml).toBe(200);
  const otpRef = codeHtml.match(/name="otpRef" value="([^"]+)"/)![1];
  const submitTo = proxied(codeHtml);
  const form = new FormData();
  // The flow with account aggregator: the person's handle at their aggregator (the sandbox's: the mobile @sandbox).
  const aaId = options.withAccountAggregator ? { aa_id: `${mobile}@sandbox` } : {};
  for (const [k, v] of Object.entries({ step: "submit", otpRef, otp: (await t.latestCode(mobile))!, ...f01Fields(mobile), ...aaId })) form.set(k, v);
  form.set("selfie", new Blob([new Uint8Array(PNG_BYTES)], { type: "image/png" }), "me.png");
  const submitted = await t.app.request(`${submitTo.pathname}${submitTo.search}`, { method: "POST", body: form });
  expect(submitted.status).toBe(303);
  expect(submitted.headers.get("location")).toBe(location);
  expect(await pageOf()).toContain('<button type="submit">Send the form to the lender</button>');

  // select_1 → on_select_1 (F01 acknowledged), select_2 (APPROVED) → on_select_2 (the offer and F02).
  step();
  expect((await t.app.request(`${location}/send`, { method: "POST" })).status).toBe(303);
  await t.services.ondcOutbox!.idle();
  if (options.withAccountAggregator) {
    // on_select_1 carries our aggregator's consent (CONSENT_HANDLER); the person approves it at the aggregator.
    const consentLink = (await pageOf()).match(
      /<a href="(\/sandbox\/account-aggregator\/consent\/[0-9a-f-]{36})">Review the consent at the account aggregator<\/a>/,
    )![1];
    const approved = await t.app.request(consentLink, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "decision=approve",
    });
    const back = new URL(approved.headers.get("location")!);
    expect(back.pathname).toBe("/ondc/forms/F01/consent");
    expect(await (await t.app.request(`${back.pathname}${back.search}`)).text()).toContain("Return to the app to go on with your loan.");
    expect(await pageOf()).toContain('<button type="submit">Tell the lender the consent is approved</button>');
  } else expect(await pageOf()).toContain('<button type="submit">Ask the lender for the offer</button>');
  step();
  await t.app.request(`${location}/send`, { method: "POST" });
  await t.services.ondcOutbox!.idle();
  const offered = await pageOf();
  expect(offered).toContain("<dt>Loan amount</dt><dd>₹24,000.00</dd>");
  expect(offered).toContain(`<a href="/dev/ondc/transactions/${transactionId}/form">Open the form: Set Loan Amount</a>`);

  // F02 on our page through the buyer app, then select_3 → on_select_3: the offer for ₹15,000 and F03.
  const f02To = proxied(await (await t.app.request(`${location}/form`)).text());
  const amount = await t.app.request(`${f02To.pathname}${f02To.search}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ requestAmount: "15000", requestTerm: "9" }).toString(),
  });
  expect(amount.status).toBe(303);
  step();
  await t.app.request(`${location}/send`, { method: "POST" });
  await t.services.ondcOutbox!.idle();
  const final = await pageOf();
  expect(final).toContain("<dt>Loan amount</dt><dd>₹15,000.00</dd>");
  // ₹15,000 − fee ₹1,500 − GST ₹270 = ₹13,230 paid out; ₹15,000 + 9 days at 1 % = ₹16,350 repaid.
  expect(final).toContain("<dt>Paid to you</dt><dd>₹13,230.00</dd>");
  expect(final).toContain("<dt>To repay</dt><dd>₹16,350.00</dd>");
  expect(final).toContain(`Next, on the lender's own page: <a href="https://sandbox.salaryontime.test/ondc/forms/F03?transaction_id=${transactionId}&#38;ref=`);
  expect(final).toContain(`">Know your Customer</a>`);

  await walkF03(t, final);
  expect(await pageOf()).toMatch(/The lender reports form F03: SUCCESS \(reference [0-9a-f-]{36}\)/);

  // init_1 quotes F03 with the finder fee for this offer: ₹15,000 × 1 % × 9 / 365 = ₹3.70; on_init_1 asks F04.
  step();
  await t.app.request(`${location}/send`, { method: "POST" });
  await t.services.ondcOutbox!.idle();
  expect(await pageOf()).toContain(`<a href="/dev/ondc/transactions/${transactionId}/form">Open the form: Account Information</a>`);
  await walkToAgreement(t, location, transactionId, step);
  return { location, transactionId, mobile, pageOf, step };
}

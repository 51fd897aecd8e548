// npm run screenshots: full-page PNGs of every public page and every dashboard screen at 360 and 1280 px.
// Builds nothing: it starts the built server (run `npm run build` first) on a fresh data dir, or uses a
// running sandbox server given by SCREENSHOTS_BASE_URL (or the first argument). Output: screenshots/ (gitignored),
// or SCREENSHOTS_DIR; SCREENSHOTS_PREFIX=/hi (with SCREENSHOTS_PART=public) takes the Hindi public pages only.
// The dashboard is walked by a new sandbox customer through the real screens and sandbox pages (profile
// steps by the journey API, as the browser tests do); the repayment screens by a demo customer.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "@playwright/test";
import { clientAddress, fromOutbox, launchChromium, png, randomMobile, randomPan } from "./screenshot-kit.ts";
import { PDFDocument } from "pdf-lib";
import { fillEmploymentDetails, openNewestLoanDetails } from "../tests/e2e/loan-support.ts";

const JOURNEY = "/Api/Website/RepeatInstantJourneyController/appCustomerRegisteration";
const WIDTHS = [360, 1280] as const;
const OUT = process.env.SCREENSHOTS_DIR ?? "screenshots";

let count = 0;

async function startServer(): Promise<{ baseUrl: string; server?: ChildProcess }> {
  const given = process.env.SCREENSHOTS_BASE_URL ?? process.argv[2];
  if (given) return { baseUrl: given.replace(/\/$/, "") };
  const port = process.env.SCREENSHOTS_PORT ?? "3190";
  const baseUrl = `http://localhost:${port}`;
  const server = spawn(process.execPath, ["server/main.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: port,
      PUBLIC_ORIGIN: baseUrl,
      DATA_DIR: mkdtempSync(join(tmpdir(), "sot-screenshots-")),
      LOG_LEVEL: "warn",
      TRUST_PROXY: "1",
    },
  });
  for (let i = 0; i < 120; i++) {
    if (server.exitCode !== null) throw new Error("The server stopped (did you run `npm run build`?)");
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return { baseUrl, server };
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill();
  throw new Error("The server did not answer /healthz within a minute");
}

async function shoot(page: Page, width: number, name: string) {
  // Images and fonts loaded, so the full-page height is final.
  await page.waitForLoadState("load");
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
  // Browser errors are reported (the browser tests fail on them; here they are only listed).
  context.on("console", (message) => {
    // The missing page answers 404 on purpose.
    if (message.type() === "error" && !message.location().url.endsWith("/no-such-page"))
      console.warn(`console error at ${message.page()?.url() ?? "?"} (${width} px): ${message.text()}`);
  });
  context.on("weberror", (error) => console.warn(`page error at ${error.page()?.url() ?? "?"} (${width} px): ${error.error().message}`));
  return context.newPage();
}

async function signIn(page: Page, width: number, mobile: string, shootApplyNow = false) {
  await page.goto("/apply-now");
  await page.getByLabel("Mobile number").fill(mobile);
  await page.getByLabel(/I accept the Terms and Conditions/).check();
  await page.getByRole("button", { name: "Get OTP" }).click();
  await page.getByRole("heading", { name: "Enter the OTP" }).waitFor();
  if (shootApplyNow) await shoot(page, width, "public-apply-now-otp");
  await page.getByLabel("Digit 1 of 4").pressSequentially(await fromOutbox(page, mobile, /^(\d{4})/));
  await page.getByRole("button", { name: "Verify OTP" }).click();
  await page.waitForURL(/\/my-dashboard/);
}

async function step(page: Page, data: Record<string, unknown>) {
  const reply = (await (await page.request.post(JOURNEY, { data })).json()) as { Status: number; Message: string };
  if (reply.Status !== 1) throw new Error(`${String(data.event_name)}: ${reply.Message}`);
}

/** Opens a dashboard screen and shoots it under its path's name. */
async function screen(page: Page, width: number, path: string, name = path) {
  await page.goto(`/my-dashboard/${path}`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await shoot(page, width, `dashboard-${name || "home"}`);
}

async function walkDashboard(browser: Browser, baseUrl: string, width: number) {
  const page = await newPage(browser, baseUrl, width);
  const mobile = randomMobile();
  await signIn(page, width, mobile, true);
  await screen(page, width, "", "home-new");
  await screen(page, width, "pan-details");
  await step(page, { event_name: "pancard_verification", pancard: randomPan(), monthly_income: "50000" });
  await screen(page, width, "captur-personal-information");
  await step(page, { event_name: "personal_details", gender: 2, personal_email: "meera@example.com", dob: "1992-03-14", marital_status_id: 1 });
  await screen(page, width, "captur-address");
  const address = { residence_type_id: 2, residence_address_1: "12 Lake View Road", residence_address_2: "Koramangala", residence_landmark: "" };
  await step(page, { event_name: "residence_details", ...address, residence_pincode: "560034" });
  await screen(page, width, "captur-income-details");
  await step(page, { event_name: "income_details", income_type_id: 1, monthly_income: "50000", salary_date: "2025-10-01", salary_mode_id: 1 });
  await screen(page, width, "upload-picture");
  await step(page, { event_name: "selfie_upload", file: png("me.png").buffer.toString("base64"), file_ext: "PNG" });
  await screen(page, width, "profile-preview");
  await screen(page, width, "", "home-profile-done");
  await page.goto("/my-dashboard/profile-preview");
  await page.getByRole("button", { name: "Check Eligibility" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Process" }).waitFor();
  await shoot(page, width, "dashboard-eligibility-dialog");
  await screen(page, width, "eligibility");
  await screen(page, width, "lead-preview");

  await screen(page, width, "calculate-loan");
  // What a phone shows halfway down the KFS: the sticky decision bar.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
  await page.screenshot({ path: join(OUT, `${width}`, "dashboard-calculate-loan-scrolled.png") });
  count++;
  await page.getByLabel(/I have read and understood the Key Fact Statement/).check();
  await page.getByRole("button", { name: "Accept" }).click();
  await page.waitForURL(/\/my-dashboard\/about-your-company$/);
  await screen(page, width, "about-your-company");
  await fillEmploymentDetails(page);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL(/\/my-dashboard\/adhar$/);

  await screen(page, width, "", "home-in-progress");
  await screen(page, width, "adhar");
  await page.getByLabel("Last 4 digits of your Aadhaar").fill("2468");
  await page.getByRole("button", { name: "Submit" }).click();
  await page.waitForURL(/\/sandbox\/digilocker\//);
  await shoot(page, width, "sandbox-digilocker");
  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForURL("**/my-dashboard/aadhaar-verify");
  await page.getByRole("dialog", { name: "Congratulations!" }).waitFor();
  await shoot(page, width, "dashboard-aadhaar-verify");
  await page.getByRole("button", { name: "Go to Next Step" }).click();
  await page.waitForURL("**/my-dashboard/account-aggregator-verify");
  await shoot(page, width, "dashboard-account-aggregator-verify");
  await page.getByRole("button", { name: "Share via Account Aggregator" }).click();
  await page.waitForURL(/\/sandbox\/account-aggregator\/consent\//);
  await shoot(page, width, "sandbox-account-aggregator");
  await page.getByRole("button", { name: "Approve" }).click();
  await page.waitForURL("**/my-dashboard/adhar-upload");
  await screen(page, width, "adhar-upload");
  for (const legacy of ["pan-upload", "bank-upload", "upload-salaryslip", "upload-utilitybill"]) await screen(page, width, legacy);
  await page.goto("/my-dashboard/adhar-upload");
  await page.getByLabel("Aadhaar front (image)").setInputFiles(png("front.png"));
  await page.getByLabel("Aadhaar back (image)").setInputFiles(png("back.png"));
  await page.getByLabel("PAN card (image)").setInputFiles(png("pan.png"));
  const doc = await PDFDocument.create();
  doc.addPage([300, 300]).drawText("Salary slip", { x: 20, y: 150, size: 12 });
  await page.getByLabel("Salary slip (PDF)").setInputFiles({ name: "slip.pdf", mimeType: "application/pdf", buffer: Buffer.from(await doc.save()) });
  await page.getByLabel("Utility bill (image)").setInputFiles(png("bill.png"));
  await page.getByRole("button", { name: "Upload and Continue" }).click();
  await page.waitForURL("**/my-dashboard/bank-detail");

  await screen(page, width, "bank-detail");
  await page.getByLabel("Account Number", { exact: true }).fill("502000246810");
  await page.getByLabel("Confirm Account Number").pressSequentially("502000246810");
  await page.getByLabel("IFSC Code").fill("HDFC0000001");
  await page.getByRole("status").filter({ hasText: "HDFC Bank" }).waitFor();
  await page.getByLabel("Branch").fill("Koramangala, Bengaluru");
  await page.getByRole("button", { name: "Verify & Continue" }).click();
  // Issue 24: the AutoPay step comes between the bank account and the eSign.
  await page.waitForURL("**/my-dashboard/autopay");
  await shoot(page, width, "autopay");
  await page.getByRole("button", { name: "Skip AutoPay and sign the agreement" }).click();
  await page.waitForURL(/\/sandbox\/esign\//);
  await shoot(page, width, "sandbox-esign");
  await page.getByLabel(/I have read the Loan Agreement/).check();
  await page.getByRole("button", { name: "Send code" }).click();
  await page.getByLabel(/6-digit code sent to/).fill(await fromOutbox(page, mobile, /^(\d{6})[\s\S]*signing/));
  await page.getByRole("button", { name: "Sign documents" }).click();
  await page.waitForURL(/\/my-dashboard\/congratulations$/);
  await shoot(page, width, "dashboard-congratulations");
  await screen(page, width, "leads");
  await screen(page, width, "", "home-submitted");
  await openNewestLoanDetails(page);
  await shoot(page, width, "dashboard-details");
  await screen(page, width, "details", "details-opened-directly");
  await page.context().close();

  // A customer with an active loan: the home page with its dues, and Repayment.
  const repeat = await newPage(browser, baseUrl, width);
  const demo = randomMobile();
  const made = await repeat.request.post("/dev/demo-customer", { data: { mobile: demo, user_type: "UNPAID-REPEAT" } });
  if (!made.ok()) throw new Error(`POST /dev/demo-customer answered ${made.status()}`);
  await signIn(repeat, width, demo);
  await screen(repeat, width, "", "home-active-loan");
  await screen(repeat, width, "repayment");
  await screen(repeat, width, "leads", "leads-repeat");
  await repeat.context().close();
}

async function publicPages(browser: Browser, baseUrl: string, width: number) {
  const page = await newPage(browser, baseUrl, width);
  const xml = await (await page.request.get("/sitemap.xml")).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  // Pages outside the sitemap: the payment result pages and a missing page. SCREENSHOTS_PREFIX=/hi takes
  // only the pages under that prefix (the Hindi ones).
  const prefix = process.env.SCREENSHOTS_PREFIX ?? "";
  const extra = ["/repayloan", "/thankyouvkyc", "/fail", "/no-such-page"].map((p) => `${prefix}${p}`);
  for (const path of [...paths, ...extra].filter((p) => p === prefix || p.startsWith(`${prefix}/`) || !prefix)) {
    await page.goto(path);
    await shoot(page, width, `public-${path === "/" ? "home" : path.slice(1).replaceAll("/", "--")}`);
  }
  await page.context().close();
}

async function main() {
  const { baseUrl, server } = await startServer();
  const browser = await launchChromium();
  try {
    // SCREENSHOTS_PART=public or =dashboard takes one half only.
    const part = process.env.SCREENSHOTS_PART;
    for (const width of WIDTHS) {
      mkdirSync(join(OUT, `${width}`), { recursive: true });
      if (part !== "dashboard") await publicPages(browser, baseUrl, width);
      if (part !== "public") await walkDashboard(browser, baseUrl, width);
    }
    console.log(`${count} screenshots in ${OUT}/360 and ${OUT}/1280`);
  } finally {
    await browser.close();
    server?.kill("SIGTERM");
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

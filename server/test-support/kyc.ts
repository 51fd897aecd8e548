// Helpers for eKYC, account-aggregator and document tests: reach ekyc_initiated without the quote
// screens, walk the sandbox DigiLocker and aggregator pages in-process, and make real test files.
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { customerProfiles } from "../db/schema/index.ts";
import { moveToEkycForDev } from "../modules/dev/dev-journey.ts";
import { insertLead } from "./loan.ts";
import { onboard, PNG_BYTES, type TestApp } from "./onboarding.ts";

export type KycCustomer = Awaited<ReturnType<typeof reachEkyc>>;

/**
 * Signs a new customer in, completes the profile and register_now, then moves them to ekyc_initiated
 * through the same service the dev route /dev/journey/ekyc uses. `repeat` gives them a closed loan
 * first, so they are REPEAT.
 */
export async function reachEkyc(t: TestApp, options: { repeat?: boolean } = {}) {
  const c = await onboard(t);
  if (options.repeat) {
    await insertLead(t.services.db, {
      profileId: c.profileId,
      status: "CLOSED",
      userType: "NEW",
      monthlyIncome: 50000,
      offerMinAmount: 10000,
      offerMaxAmount: 20000,
    });
  }
  const eligible = await c.send({ event_name: "register_now" });
  if (eligible.body.Status !== 1) throw new Error(`register_now failed: ${eligible.body.Message}`);
  const { lead_id } = await moveToEkycForDev(t.services, c.profileId);
  return { ...c, leadId: lead_id };
}

export async function nextStepOf(t: TestApp, profileId: string) {
  const [row] = await t.services.db.select({ nextStep: customerProfiles.nextStep }).from(customerProfiles).where(eq(customerProfiles.id, profileId));
  return row?.nextStep;
}

/** A GET or form POST through the app, with the customer's token; redirects are not followed. */
export async function browse(t: TestApp, url: string, init: { token?: string; form?: Record<string, string> } = {}) {
  const u = new URL(url, "http://localhost");
  const response = await t.app.request(`${u.pathname}${u.search}`, {
    method: init.form ? "POST" : "GET",
    headers: { ...(init.token ? { "auth-token": init.token } : {}), ...(init.form ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
    body: init.form ? new URLSearchParams(init.form).toString() : undefined,
    redirect: "manual",
  });
  return { status: response.status, location: response.headers.get("location"), text: await response.text() };
}

/**
 * ekyc_initiated with `typed` last 4, then the sandbox consent page (Allow or Deny, with the
 * sandbox Aadhaar's last 4), then DigiLocker's redirect back to our callback. Returns the callback's target.
 */
export async function throughDigiLocker(t: TestApp, c: KycCustomer, options: { typed?: string; consentLast4?: string; deny?: boolean } = {}) {
  const typed = options.typed ?? "4321";
  const start = await c.send({ event_name: "ekyc_initiated", aadhaar_no: typed, run_ekyc_flag: 1 });
  if (start.body.Status !== 1) throw new Error(`ekyc_initiated failed: ${start.body.Message}`);
  const url = new URL(start.body.Data.ekyc_url);
  const consentPage = await browse(t, url.toString());
  if (consentPage.status !== 200) throw new Error(`consent page answered ${consentPage.status}`);
  const state = url.searchParams.get("state")!;
  const back = await browse(t, "/sandbox/digilocker/consent", {
    form: { state, last4: options.consentLast4 ?? typed, decision: options.deny ? "deny" : "allow" },
  });
  const callback = await browse(t, back.location!, { token: c.token });
  return { start, state, redirect: new URL(back.location!), callback };
}

/** Starts consent and answers the sandbox aggregator page; returns the consent handle. */
export async function throughAccountAggregator(t: TestApp, c: KycCustomer, decision: "approve" | "reject") {
  const start = await c.send({ event_name: "account_aggregator_verify", action: "consent" });
  if (start.body.Status !== 1) throw new Error(`consent failed: ${start.body.Message}`);
  const page = await browse(t, start.body.Data.aa_url);
  if (page.status !== 200) throw new Error(`aggregator page answered ${page.status}`);
  const answer = await browse(t, new URL(start.body.Data.aa_url).pathname, { form: { decision } });
  return { handle: start.body.Data.consent_handle as string, redirect: new URL(answer.location!) };
}

/** A real one-page PDF. */
export async function pdfBytes(options: { classicTrailer?: boolean } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText("Salary slip", { x: 20, y: 100, size: 12 });
  return Buffer.from(await doc.save({ useObjectStreams: !options.classicTrailer }));
}

/** A PDF whose trailer names an encryption dictionary, as password-protected PDFs do. */
export async function protectedPdfBytes(): Promise<Buffer> {
  const plain = (await pdfBytes({ classicTrailer: true })).toString("latin1");
  if (!/trailer\s*<</.test(plain)) throw new Error("expected a classic trailer");
  return Buffer.from(plain.replace(/trailer\s*<</, "trailer\n<<\n/Encrypt 99 0 R"), "latin1");
}

export const JPEG_BYTES = Buffer.from("ffd8ffe000104a46494600010100000100010000ffd9", "hex");
export { PNG_BYTES };

/** A dynamic-page upload payload. */
export const docPayload = (event_name: string, file: Buffer, file_ext: string, over: Record<string, unknown> = {}) => ({
  event_name,
  file: file.toString("base64"),
  file_ext,
  file_password: "",
  doc_type: "",
  ...over,
});

/** Uploads every document still required, through the dynamic page's events. */
export async function uploadAllDocuments(t: TestApp, c: KycCustomer) {
  const list = await t.post(
    { profile_id: c.profileId },
    { headers: c.headers, path: "/Api/Website/RepeatInstantJourneyController/check_customer_mandatory_documents" },
  );
  const pdf = await pdfBytes();
  const replies = [];
  for (const d of list.body.Data as { doc_type: string; event_name: string; allowed_format: string }[]) {
    const [file, ext] = d.allowed_format === "pdf" ? [pdf, "PDF"] : [PNG_BYTES, "PNG"];
    replies.push(await c.send(docPayload(d.event_name, file, ext, { doc_type: d.doc_type })));
  }
  return replies;
}

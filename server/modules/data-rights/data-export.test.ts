// Issue 30: "download all my data" gives everything we hold (bank account masked, employer, AutoPay, Aadhaar
// e-KYC, bureau score and report date, every SMS and e-mail sent, gender as a word) and with whom it was shared,
// in JSON and in the PDF (English and Hindi); and every table that holds a customer's data is exported or
// named with a reason, read from the schema itself.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOURNEY_CONTROLLER } from "../../../core/contract/index.ts";
import {
  aadhaarKyc,
  customerEmploymentDetails,
  customerProfiles,
  eligibilityChecks,
  leads,
  mandateDebits,
  mandates,
  sentMessages,
} from "../../db/schema/index.ts";
import { pdfText } from "../../test-support/pdf-text.ts";
import { createTestApp, randomMobile } from "../../test-support/test-app.ts";
import { createDemoCustomer } from "../dev/demo-customers.ts";
import { EXPORT_COVERAGE } from "./export-coverage.ts";
import { selectLeads } from "../loans/loan-account.service.ts";

type T = Awaited<ReturnType<typeof createTestApp>>;
const path = (name: string) => `${JOURNEY_CONTROLLER}/${name}`;
const rows = <R>(result: unknown) => (result as { rows: R[] }).rows;

// One customer with one of everything, for the describes below.
let t: T;
let mobile: string;
let profileId: string;
let token: string;
let loanNo: string;
beforeAll(async () => {
  t = await createTestApp();
  mobile = randomMobile();
  await createDemoCustomer(t.services, { mobile, userType: "REPEAT" });
  ({ profileId, token } = await t.signIn(mobile));
  const [loan] = await selectLeads(t.services.db).where(eq(leads.profileId, profileId));
  loanNo = loan.loanNo!;
  const at = t.clock.now();
  const db = t.services.db;
  await db.insert(customerEmploymentDetails).values({
    profileId,
    leadId: loan.id,
    workMode: "WFO",
    companyName: "Acme Software Pvt Ltd",
    department: "TECHNOLOGY",
    companyTypeId: 1,
    designation: "Engineer",
    empSince: "2021-04-01",
    address1: "2 Park Street",
    address2: "Indiranagar",
    pincode: "560038",
    city: "Bengaluru",
    state: "Karnataka",
    officeEmail: "asha@acme.example",
  });
  await db.insert(aadhaarKyc).values({
    profileId,
    leadId: loan.id,
    aadhaarLast4: "4321",
    aadhaarMasked: "XXXX XXXX 4321",
    name: "Demo Aadhaar Name",
    dob: "1990-06-15",
    gender: "Female",
    address: "14 Demo Residency, Koramangala, Bengaluru 560034",
    digilockerReference: "DL-REF-77",
    verifiedAt: new Date("2026-09-01T05:00:00Z"),
  });
  await db.insert(eligibilityChecks).values({
    profileId,
    eligible: true,
    bureauStatus: "SCORE",
    bureauScore: 742,
    bureauReference: "CIBIL-REF-9",
    offerMaxAmount: 24_000,
    // 11:30 pm UTC is 5 am the next day in India: the report date is India's.
    checkedAt: new Date("2026-08-31T23:30:00Z"),
  });
  const [mandate] = await db
    .insert(mandates)
    .values({
      profileId,
      leadId: loan.id,
      method: "upi",
      status: "CANCELLED",
      provider: "razorpay",
      providerCustomerId: "cust_1",
      registrationId: "reg_1",
      maxAmountPaise: 2_000_000,
      accountLast4: "5678",
      cancelReason: "loan_closed",
      createdAt: new Date("2026-09-01T06:00:00Z"),
      updatedAt: at,
      activatedAt: new Date("2026-09-01T06:05:00Z"),
      cancelledAt: new Date("2026-10-01T06:00:00Z"),
    })
    .returning();
  await db.insert(mandateDebits).values({
    mandateId: mandate.id,
    leadId: loan.id,
    attempt: 1,
    debitOn: "2026-10-01",
    status: "SUCCESS",
    noticeAmountPaise: 1_845_000,
    amountPaise: 1_845_000,
    notifiedAt: new Date("2026-09-30T06:00:00Z"),
  });
  // An e-mail to the customer goes through the e-mail port like any module's.
  await t.services.email.send({
    to: `DEMO${mobile}@example.com`,
    subject: "Your complaint SOT-C-1",
    text: "We received your complaint.",
    lang: "en",
  });
});
afterAll(() => t.close());

const json = async () => (await t.app.request(path("getMyDataJson"), { headers: { "auth-token": token } })).json();
const pdf = async () =>
  (await pdfText(new Uint8Array(await (await t.app.request(path("getMyDataPdf"), { headers: { "auth-token": token } })).arrayBuffer()))).text.replace(
    /\s+/g,
    " ",
  );

describe("the data export (issue 30): what the JSON holds", () => {
  it("exports the bank account masked, the employer, AutoPay, Aadhaar e-KYC, the bureau score and date, and gender as a word", async () => {
    const data = await json();
    expect(data.profile.gender).toBe("Female");
    expect(data.profile.marital_status).toBe("Single");
    expect(data.employment).toMatchObject({
      company_name: "Acme Software Pvt Ltd",
      company_type: "Private",
      designation: "Engineer",
      employed_since: "2021-04-01",
    });
    expect(data.bank_accounts).toHaveLength(1);
    expect(data.bank_accounts[0].account).toMatch(/^XXXXXX\d{4}$/);
    expect(JSON.stringify(data)).not.toMatch(/"account_number/);
    expect(data.aadhaar_ekyc.verified).toMatchObject({ aadhaar: "XXXX XXXX 4321", name: "Demo Aadhaar Name", digilocker_reference: "DL-REF-77" });
    expect(data.bureau_checks).toEqual([
      { report_date: "2026-09-01", score: 742, result: "SCORE", bureau_reference: "CIBIL-REF-9", eligible: true, offer_max_amount: 24_000, rules: [] },
    ]);
    expect(data.autopay).toHaveLength(1);
    expect(data.autopay[0]).toMatchObject({ loan_no: loanNo, method: "upi", status: "CANCELLED", account: "XXXXXX5678", cancel_reason: "loan_closed" });
    expect(data.autopay[0].debits).toEqual([
      { debit_on: "2026-10-01", status: "SUCCESS", notice_amount_paise: 1_845_000, amount_paise: 1_845_000, failure_reason: null },
    ]);
  });

  it("records and exports every SMS and e-mail sent to the customer, the one-time code masked", async () => {
    const code = await t.latestCode(mobile);
    const data = await json();
    const sms = data.messages.filter((m: { channel: string }) => m.channel === "sms");
    expect(sms.length).toBeGreaterThanOrEqual(1);
    expect(sms.at(-1)).toMatchObject({ kind: "otp_login", to: mobile, language: "en" });
    expect(sms.at(-1).text).toContain("XXXX");
    expect(JSON.stringify(data.messages)).not.toContain(code);
    const mails = data.messages.filter((m: { channel: string }) => m.channel === "email");
    expect(mails).toEqual([
      {
        channel: "email",
        kind: "email",
        to: `DEMO${mobile}@example.com`,
        language: "en",
        subject: "Your complaint SOT-C-1",
        text: "We received your complaint.",
        attachments: [],
        at: t.clock.now().toISOString(),
      },
    ]);
    // A message to a number with no profile is not kept.
    const before = (await t.services.db.select().from(sentMessages)).length;
    await t.services.email.send({ to: "nobody@example.com", subject: "x", text: "y" });
    expect((await t.services.db.select().from(sentMessages)).length).toBe(before);
  });

  it("names every processor and whether the customer's data went to it", async () => {
    const data = await json();
    const byId = Object.fromEntries(data.shared_with.map((p: { id: string; used_for_you: boolean }) => [p.id, p.used_for_you]));
    expect(Object.keys(byId)).toEqual([
      "credit_bureau",
      "pan_verification",
      "digilocker",
      "account_aggregator",
      "bank_verification",
      "esign",
      "payment_gateways",
      "autopay",
      "payout",
      "sms",
      "email",
      "whatsapp",
      "storage",
      "tracking",
    ]);
    expect(byId).toMatchObject({ credit_bureau: true, digilocker: true, autopay: true, sms: true, email: true, account_aggregator: false, tracking: false });
    expect(data.shared_with.find((p: { id: string }) => p.id === "credit_bureau")).toMatchObject({ name: "TransUnion CIBIL", role: "Credit bureau" });
  });
});

describe("the data export (issue 30): the PDF, and every table covered", () => {
  it("prints the same in the PDF, in English and in Hindi", async () => {
    const english = await pdf();
    for (const text of [
      "Gender Female",
      "Company type Private",
      "Your work",
      "Acme Software Pvt Ltd",
      "Your bank accounts",
      "Aadhaar e-KYC (from DigiLocker)",
      "XXXX XXXX 4321",
      "Credit bureau checks",
      "1 Sep 2026 742 Eligible",
      "AutoPay",
      "UPI AutoPay XXXXXX5678 Cancelled",
      "₹18,450.00",
      "Messages we sent you",
      "Your complaint SOT-C-1",
      "Who we shared your data with",
      "TransUnion CIBIL",
      "MSG91",
    ])
      expect(english).toContain(text);
    expect(english).toMatch(/XXXXXX\d{4}/);

    await t.services.db.update(customerProfiles).set({ preferredLanguage: "hi" }).where(eq(customerProfiles.id, profileId));
    const hindi = await pdf();
    await t.services.db.update(customerProfiles).set({ preferredLanguage: null }).where(eq(customerProfiles.id, profileId));
    for (const text of [
      "लिंग महिला",
      "कंपनी का प्रकार प्राइवेट",
      "आपका काम",
      "आपके बैंक खाते",
      "आधार e-KYC (DigiLocker से)",
      "क्रेडिट ब्यूरो की जाँच",
      "1 सितंबर 2026 742 योग्य",
      "UPI AutoPay XXXXXX5678 रद्द",
      "हमने आपको जो संदेश भेजे",
      "हमने आपका डेटा किसके साथ साझा किया",
      "क्रेडिट ब्यूरो",
    ])
      expect(hindi).toContain(text);
    for (const english of ["Your work", "Credit bureau checks", "Messages we sent you", "Who we shared your data with", "Eligible"])
      expect(hindi).not.toContain(english);
  });

  it("covers every table that refers to a customer or a loan: exported under a section the export has, or named with a reason", async () => {
    const db = t.services.db;
    const direct = rows<{ table_name: string }>(
      await db.execute(sql`select distinct table_name from information_schema.columns
        where table_schema = current_schema() and column_name in ('profile_id', 'lead_id', 'loan_id', 'customer_id', 'cust_profile_id')`),
    ).map((r) => r.table_name);
    const edges = rows<{ child: string; parent: string }>(
      await db.execute(sql`select tc.table_name as child, ccu.table_name as parent
        from information_schema.table_constraints tc
        join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
        where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()`),
    );
    // The customer's tables, then every table that points at one of them, until nothing new is found.
    const found = new Set(["customer_profiles", ...direct]);
    for (let grew = true; grew;) {
      grew = false;
      for (const { child, parent } of edges)
        if (found.has(parent) && !found.has(child)) {
          found.add(child);
          grew = true;
        }
    }
    const views = rows<{ table_name: string }>(
      await db.execute(sql`select table_name from information_schema.views where table_schema = current_schema()`),
    ).map((r) => r.table_name);
    const tables = [...found].filter((name) => !views.includes(name)).sort();
    expect(tables).toEqual(Object.keys(EXPORT_COVERAGE).sort());

    const data = await json();
    for (const [table, coverage] of Object.entries(EXPORT_COVERAGE)) {
      if ("section" in coverage) expect(data, `${table} → ${coverage.section}`).toHaveProperty(coverage.section);
      else expect(coverage.notExported.length, table).toBeGreaterThan(20);
    }
  });
});

// Writes the customer's PDFs in English and Hindi to a folder and, where poppler's pdftoppm is
// installed, the first page of each as a PNG, to look at the Devanagari by eye (not a test):
//   node server/test-support/hindi-pdf-preview.ts [folder]
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PROCESSORS } from "../../core/data-rights/processors.ts";
import { buildKfs } from "../../core/kfs.ts";
import { kfsLender } from "../../core/lender.ts";
import { translate } from "../../core/i18n/index.ts";
import { kfsPdf } from "../modules/offer/loan-documents.ts";
import { noDuesCertificatePdf } from "../modules/payments/no-dues-certificate.ts";
import { paymentReceiptPdf } from "../modules/payments/payment-receipt.ts";
import { loanStatementPdf, sanctionLetterPdf } from "../modules/statements/statement-pdfs.ts";
import { renderDataExportPdf } from "../modules/data-rights/data-export-pdf.ts";
import type { DataExport } from "../modules/data-rights/data-rights.service.ts";

const out = process.argv[2] ?? "/tmp/hindi-pdf-preview";
mkdirSync(out, { recursive: true });
const input = {
  proposalNumber: "SOT-20261123-ABCDEFGH",
  issuedOn: "2026-11-23",
  principal: 25_000,
  tenureDays: 21,
  repaymentDate: "2026-12-14",
  borrowerName: "Asha Rao",
  lender: kfsLender,
};
const files: Record<string, Uint8Array> = {};
for (const lang of ["en", "hi"] as const) {
  const kfs = buildKfs(input, undefined, lang);
  files[`kfs-${lang}`] = await kfsPdf(kfs);
  files[`sanction-${lang}`] = await sanctionLetterPdf({
    kfs,
    borrower: "Asha Rao",
    sanctionedOn: "2026-11-23",
    loanNo: "SOT2611230001",
    disbursedOn: "2026-11-23",
  });
  files[`no-dues-${lang}`] = await noDuesCertificatePdf({
    fullName: "Asha Rao",
    loanNo: "SOT2611230001",
    principalRupees: 25_000,
    disbursalDate: "2026-11-23",
    closedOn: "2026-12-14",
    totalPaidRupees: 30_250,
    issuedOn: "2026-12-14",
    language: lang,
  });
  files[`receipt-${lang}`] = await paymentReceiptPdf({
    receiptNo: "ORD-20261201-0001",
    fullName: "Asha Rao",
    loanNo: "SOT2611230001",
    receivedOn: "2026-12-01",
    method: "PhonePe",
    transactionId: "T2612011234",
    amountPaise: 1_000_000,
    split: { interest: 175_000, principal: 825_000, penal: 0, excess: 0 },
    loanClosed: false,
    stillDuePaise: 1_675_000,
    repaymentDate: "2026-12-14",
    issuedOn: "2026-12-01",
    language: lang,
  });
  const line = (date: string, key: Parameters<typeof translate>[1], values: Record<string, string>, added: number, paid: number, balance: number) => ({
    date,
    description: translate(lang, key, values),
    added,
    paid,
    balance,
  });
  files[`statement-${lang}`] = await loanStatementPdf({
    borrower: "Asha Rao",
    loanNo: "SOT2611230001",
    principalPaise: 2_500_000,
    disbursalDate: "2026-11-23",
    repaymentDate: "2026-12-14",
    status: "DISBURSED",
    issuedOn: "2026-12-01",
    language: lang,
    lines: [
      line("2026-11-23", "documents.statement.loanAmount", {}, 2_500_000, 0, 2_500_000),
      { ...line("2026-11-23", "documents.statement.lineFeeKept", { fee: "₹2,500.00", gst: "₹450.00" }, 0, 0, 2_500_000), note: true },
      line("2026-11-30", "documents.statement.lineInterest", { period: lang === "hi" ? "24–30 नवंबर" : "24–30 Nov" }, 175_000, 0, 2_675_000),
      line("2026-12-01", "documents.statement.linePayment", { channel: translate(lang, "documents.statement.channelPhonepe") }, 0, 1_000_000, 1_675_000),
    ],
    totals: { loanAmount: 2_500_000, interest: 175_000, penal: 0, feeAndGst: 295_000, paidOut: 2_205_000, paid: 1_000_000, refunded: 0, balance: 1_675_000 },
  });
  const myData: DataExport = {
    generated_at: "2026-12-15T06:00:00.000Z",
    profile: {
      mobile: "9876543210",
      full_name: "Asha Rao",
      pan: "XXXXXX1234",
      pan_verified: true,
      date_of_birth: "1990-06-15",
      gender: "Female",
      marital_status: "Single",
      email: "asha@example.com",
      preferred_language: lang,
      residence: { address_1: "14 MG Road", address_2: null, landmark: null, pincode: "462001", city: "Bhopal", state: "Madhya Pradesh", type: "Rented" },
      income_type: "Salaried",
      salary_paid_by: "Bank",
      monthly_income: 60_000,
      salary_date: "2026-11-30",
      spouse_name: null,
      spouse_mobile: null,
      campaign: { utm_source: null, utm_medium: null, utm_campaign: null, click_id: null },
      registered_at: "2026-11-20T06:00:00.000Z",
    },
    loans: [
      {
        loan_no: "SOT2611230001",
        status: "CLOSED",
        applied_at: "2026-11-22T06:00:00.000Z",
        status_changed_at: "2026-12-14T06:00:00.000Z",
        monthly_income: 60_000,
        rejection_reason: null,
        decisions: [{ stage: "DECISION", outcome: "SANCTION", reason: null, at: "2026-11-22T08:00:00.000Z" }],
        classification: [],
        payouts: [{ amount_paise: 2_205_000, status: "SUCCESS", utr: "UTR0001", at: "2026-11-23T06:00:00.000Z", settled_at: "2026-11-23T06:01:00.000Z" }],
      },
      {
        loan_no: null,
        status: "IN_PROCESS",
        applied_at: "2026-12-15T05:00:00.000Z",
        status_changed_at: "2026-12-15T05:00:00.000Z",
        monthly_income: 60_000,
        rejection_reason: null,
        decisions: [],
        classification: [],
        payouts: [],
      },
    ],
    employment: {
      company_name: "Acme Software Pvt Ltd",
      company_type: "Private",
      department: "TECHNOLOGY",
      designation: "Engineer",
      work_mode: "Work from office",
      employed_since: "2021-04-01",
      office_address: "2 Park Street, Bhopal, Madhya Pradesh, 462001",
      office_email: null,
    },
    bank_accounts: [
      {
        loan_no: "SOT2611230001",
        account: "XXXXXX7890",
        ifsc: "HDFC0001234",
        bank: "HDFC Bank",
        branch: "Bhopal",
        account_holder: "Asha Rao",
        name_at_bank: "ASHA RAO",
        verification: "VERIFIED",
        verified_at: "2026-11-22T06:30:00.000Z",
      },
    ],
    aadhaar_ekyc: {
      verified: {
        aadhaar: "XXXX XXXX 4321",
        name: "Asha Rao",
        date_of_birth: "1990-06-15",
        gender: "Female",
        address: "14 MG Road, Bhopal, Madhya Pradesh 462001",
        digilocker_reference: "DL-1",
        verified_at: "2026-11-22T06:10:00.000Z",
      },
      attempts: [],
      video_kyc: [],
      ckyc: null,
    },
    account_aggregator: [],
    bureau_checks: [
      { report_date: "2026-11-20", score: 742, result: "SCORE", bureau_reference: "CIBIL-1", eligible: true, offer_max_amount: 50_000, rules: [] },
    ],
    quotes: [],
    esign: [],
    autopay: [
      {
        loan_no: "SOT2611230001",
        method: "upi",
        status: "CANCELLED",
        provider: "razorpay",
        account: "XXXXXX7890",
        max_amount_paise: 3_500_000,
        registered_at: "2026-11-22T06:40:00.000Z",
        activated_at: "2026-11-22T06:41:00.000Z",
        cancelled_at: "2026-12-14T06:00:00.000Z",
        cancel_reason: "loan_closed",
        failure_reason: null,
        debits: [{ debit_on: "2026-12-14", status: "SUCCESS", notice_amount_paise: 3_025_000, amount_paise: 3_025_000, failure_reason: null }],
      },
    ],
    refunds: [],
    messages: [
      {
        channel: "sms",
        kind: "autopay_notice",
        to: "9876543210",
        language: lang,
        subject: null,
        text: translate(lang, "messages.sms.autopay_notice", {
          amount: "₹30,250",
          date: "14 Dec 2026",
          last4: "7890",
          pay_link: "https://salaryontime.in/pay",
        }),
        attachments: [],
        at: "2026-12-13T06:00:00.000Z",
      },
    ],
    reminders: [],
    complaints: [],
    shared_with: PROCESSORS.map((p) => ({ id: p.id, name: p.name, role: "", shares: "", used_for_you: p.id !== "tracking" })),
    payments: [{ loan_no: "SOT2611230001", amount_paise: 3_025_000, received_on: "2026-12-14", method: "razorpay", reference: "pay_X1" }],
    documents: [
      { kind: "selfie", loan_no: null, content_type: "image/jpeg", bytes: 20_000, uploaded_at: "2026-11-20T06:00:00.000Z" },
      { kind: "bank_statement", loan_no: "SOT2611230001", content_type: "application/pdf", bytes: 90_000, uploaded_at: "2026-11-22T06:00:00.000Z" },
    ],
    consents: [
      { purpose: "lending_servicing", action: "grant", noticeVersion: 1, language: lang, source: "sign_in", at: "2026-11-20T06:00:00.000Z" },
      { purpose: "marketing", action: "withdraw", noticeVersion: 1, language: lang, source: "my_data", at: "2026-12-01T06:00:00.000Z" },
    ],
    contacts: [{ loan_no: "SOT2611230001", channel: "call", outcome: null, note: "Promised to pay on the 14th.", at: "2026-12-10T06:00:00.000Z" }],
    requests: [],
    retention: { openLoan: false, lastClosedOn: "2026-12-14", keptUntil: "2031-12-14" },
  };
  files[`my-data-${lang}`] = await renderDataExportPdf(myData);
}

for (const [name, bytes] of Object.entries(files)) {
  const pdf = join(out, `${name}.pdf`);
  writeFileSync(pdf, bytes);
  try {
    execFileSync("pdftoppm", ["-png", "-r", "110", "-f", "1", "-l", "1", pdf, join(out, name)]);
  } catch {
    console.warn("pdftoppm not found: PDFs only");
  }
  console.log(pdf);
}

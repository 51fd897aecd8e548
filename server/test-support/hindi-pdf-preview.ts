// Writes the customer's PDFs in English and Hindi to a folder and, where poppler's pdftoppm is
// installed, the first page of each as a PNG, to look at the Devanagari by eye (not a test):
//   node server/test-support/hindi-pdf-preview.ts [folder]
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildKfs } from "../../core/kfs.ts";
import { kfsLender } from "../../core/lender.ts";
import { translate } from "../../core/i18n/index.ts";
import { kfsPdf } from "../modules/loan/loan-documents.ts";
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
    principalRupees: 25_000,
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
      gender: 2,
      email: "asha@example.com",
      preferred_language: lang,
      residence: { address_1: "14 MG Road", address_2: null, landmark: null, pincode: "462001", city: "Bhopal", state: "Madhya Pradesh" },
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
      },
      {
        loan_no: null,
        status: "IN_PROCESS",
        applied_at: "2026-12-15T05:00:00.000Z",
        status_changed_at: "2026-12-15T05:00:00.000Z",
        monthly_income: 60_000,
        rejection_reason: null,
      },
    ],
    payments: [{ loan_no: "SOT2611230001", amount_paise: 3_025_000, received_on: "2026-12-14", method: "razorpay", reference: "pay_X1" }],
    documents: [
      { kind: "selfie", loan_no: null, content_type: "image/jpeg", bytes: 20_000, uploaded_at: "2026-11-20T06:00:00.000Z" },
      { kind: "bank_statement", loan_no: "SOT2611230001", content_type: "application/pdf", bytes: 90_000, uploaded_at: "2026-11-22T06:00:00.000Z" },
    ],
    consents: [
      { purpose: "lending_servicing", action: "grant", noticeVersion: 1, language: lang, source: "sign_in", at: "2026-11-20T06:00:00.000Z" },
      { purpose: "marketing", action: "withdraw", noticeVersion: 1, language: lang, source: "my_data", at: "2026-12-01T06:00:00.000Z" },
    ],
    contacts: [{ loan_no: "SOT2611230001", channel: "call", note: "Promised to pay on the 14th.", at: "2026-12-10T06:00:00.000Z" }],
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

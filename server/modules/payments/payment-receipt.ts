// The payment receipt (issue 20): one page in the shipped font, so amounts carry ₹. It states the
// payment as received and applied (from its ledger entry) and the loan's position when issued.
import { isIsoDate } from "../../../core/calendar.ts";
import { translator, type Language } from "../../../core/i18n/index.ts";
import { kfsDate } from "../../../core/kfs.ts";
import { formatPaise } from "../../../core/money.ts";
import { site } from "../../../core/site-config.ts";
import { PdfWriter } from "../../pdf/pdf-writer.ts";

export type PaymentReceiptFacts = {
  receiptNo: string;
  fullName: string;
  loanNo: string;
  receivedOn: string;
  method: string;
  transactionId: string;
  amountPaise: number;
  /** How the payment was applied (decision 28), paise. */
  split: { interest: number; principal: number; penal: number; excess: number };
  loanClosed: boolean;
  /** What closes the loan on the issue date, paise (0 when closed). */
  stillDuePaise: number;
  repaymentDate: string;
  issuedOn: string;
  language?: Language;
};

const paise = (n: number) => formatPaise(n, { decimals: 2 });

/** In `f.language` (the payer's preferred language when made; English by default). */
export async function paymentReceiptPdf(f: PaymentReceiptFacts): Promise<Uint8Array> {
  const lang = f.language ?? "en";
  const t = translator(lang);
  /** 2026-11-24 → 24 Nov 2026 (24 नवंबर 2026); anything else as given. */
  const day = (d: string) => (isIsoDate(d) ? kfsDate(d, lang) : d);
  const w = await PdfWriter.create({
    title: `Payment Receipt ${f.receiptNo}`,
    subject: "Payment Receipt",
    footer: t("documents.receipt.footer", { brand: site.brand, receiptNo: f.receiptNo }),
    language: lang,
    pageLabel: (page, of) => t("documents.pageOf", { page, of }),
  });
  w.text(site.company.legalName, { size: 14, bold: true, gap: 8 });
  w.text(t("documents.receipt.title"), { size: 20, bold: true, gap: 14 });
  w.text(t("documents.date", { date: day(f.issuedOn) }), { size: 11, gap: 12 });
  w.text(t("documents.receipt.received", { name: f.fullName, amount: paise(f.amountPaise), loanNo: f.loanNo }), { size: 11, gap: 14 });
  w.row(t("documents.receipt.receiptNumber"), f.receiptNo);
  w.row(t("documents.statement.loanNumber"), f.loanNo);
  w.row(t("documents.receipt.amountReceived"), paise(f.amountPaise));
  w.row(t("documents.receipt.receivedOn"), day(f.receivedOn));
  w.row(t("documents.receipt.paidThrough"), f.method);
  w.row(t("documents.receipt.transactionId"), f.transactionId);
  w.space(10);
  w.text(t("documents.receipt.applied"), { size: 12, bold: true, gap: 8 });
  w.row(t("documents.receipt.interest"), paise(f.split.interest));
  w.row(t("documents.receipt.principal"), paise(f.split.principal));
  w.row(t("documents.receipt.penal"), paise(f.split.penal));
  if (f.split.excess > 0) w.row(t("documents.receipt.excess"), paise(f.split.excess));
  w.space(10);
  if (f.loanClosed) {
    w.text(t("documents.receipt.closed"), { size: 11, gap: 10 });
  } else {
    w.row(t("documents.receipt.stillDue", { date: day(f.issuedOn) }), paise(f.stillDuePaise));
    w.row(t("documents.statement.repaymentDate"), day(f.repaymentDate));
  }
  w.space(16);
  w.text(t("documents.receipt.noSignature"), { size: 9 });
  return w.save();
}

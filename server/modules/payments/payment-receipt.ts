// The payment receipt (issue 20): one page in the shipped font, so amounts carry ₹. It states the
// payment as received and applied (from its ledger entry) and the loan's position when issued.
import { isIsoDate } from "../../../core/calendar.ts";
import { formatKfsDate } from "../../../core/kfs.ts";
import { formatINR } from "../../../core/loan-math/index.ts";
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
};

const paise = (n: number) => formatINR(n / 100, { decimals: 2 });
/** 2026-11-24 → 24 Nov 2026; anything else as given. */
const day = (d: string) => (isIsoDate(d) ? formatKfsDate(d) : d);

export async function paymentReceiptPdf(f: PaymentReceiptFacts): Promise<Uint8Array> {
  const w = await PdfWriter.create({
    title: `Payment Receipt ${f.receiptNo}`,
    subject: "Payment Receipt",
    footer: `${site.brand} · Payment Receipt ${f.receiptNo}`,
  });
  w.text(site.company.legalName, { size: 14, bold: true, gap: 8 });
  w.text("Payment Receipt", { size: 20, bold: true, gap: 14 });
  w.text(`Date: ${day(f.issuedOn)}`, { size: 11, gap: 12 });
  w.text(`Received with thanks from ${f.fullName} the sum of ${paise(f.amountPaise)} towards loan ${f.loanNo}.`, { size: 11, gap: 14 });
  w.row("Receipt number", f.receiptNo);
  w.row("Loan number", f.loanNo);
  w.row("Amount received", paise(f.amountPaise));
  w.row("Received on", day(f.receivedOn));
  w.row("Paid through", f.method);
  w.row("Transaction ID", f.transactionId);
  w.space(10);
  w.text("How it was applied", { size: 12, bold: true, gap: 8 });
  w.row("Interest", paise(f.split.interest));
  w.row("Principal", paise(f.split.principal));
  w.row("Penal charges", paise(f.split.penal));
  if (f.split.excess > 0) w.row("Held for refund (paid above what was due)", paise(f.split.excess));
  w.space(10);
  if (f.loanClosed) {
    w.text("Your loan is closed: nothing is due on it. Your No Dues Certificate is in your dashboard.", { size: 11, gap: 10 });
  } else {
    w.row(`Still due on ${day(f.issuedOn)}`, paise(f.stillDuePaise));
    w.row("Repayment date", day(f.repaymentDate));
  }
  w.space(16);
  w.text("This receipt is generated electronically and needs no signature.", { size: 9 });
  return w.save();
}

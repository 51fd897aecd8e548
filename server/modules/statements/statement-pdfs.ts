// The loan statement and the sanction letter as PDFs, set in the shipped font (₹ prints as ₹).
import { formatKfsDate, type Kfs } from "../../../core/kfs.ts";
import { site } from "../../../core/site-config.ts";
import { PRODUCT } from "../../../core/product.ts";
import { coolingOffUntil } from "../../../core/kfs-at-disbursal.ts";
import type { IsoDate } from "../../../core/calendar.ts";
import { PdfWriter } from "../../pdf/pdf-writer.ts";
import { formatPaise, type StatementLine, type StatementTotals } from "./loan-statement.ts";

export type StatementFacts = {
  borrower: string;
  loanNo: string;
  principalRupees: number;
  disbursalDate: IsoDate;
  repaymentDate: IsoDate;
  status: string;
  issuedOn: IsoDate;
  lines: StatementLine[];
  totals: StatementTotals;
};

const STATUS_WORDS: Record<string, string> = { DISBURSED: "Active", CLOSED: "Closed (repaid in full)" };

export async function loanStatementPdf(f: StatementFacts): Promise<Uint8Array> {
  const w = await PdfWriter.create({ title: `Loan statement ${f.loanNo}`, subject: "Loan statement", footer: `${site.brand} · Loan statement ${f.loanNo}` });
  w.text(site.company.legalName, { size: 12, bold: true, gap: 2 });
  w.text("Loan statement", { size: 18, bold: true, gap: 10 });
  w.row("Borrower", f.borrower);
  w.row("Loan number", f.loanNo);
  w.row("Loan amount", formatPaise(f.principalRupees * 100));
  w.row("Disbursed on", formatKfsDate(f.disbursalDate));
  w.row("Repayment date", formatKfsDate(f.repaymentDate));
  w.row("Status", STATUS_WORDS[f.status] ?? f.status);
  w.row("Statement date", formatKfsDate(f.issuedOn));
  w.space(12);
  w.text("Every entry on your loan", { size: 12, bold: true, gap: 6 });
  // Loans closed before the ledger existed (sandbox demo data) have no entries to list.
  if (f.lines.length === 0) w.text("No entries are recorded for this loan.", { gap: 10 });
  else
    w.table(
      [
        { title: "Date", width: 70 },
        { title: "Details", width: 210 },
        { title: "Added", width: 72, align: "right" },
        { title: "Paid", width: 72, align: "right" },
        { title: "Balance", width: 78, align: "right" },
      ],
      f.lines.map((l) => ({
        cells: [
          formatKfsDate(l.date),
          l.description,
          l.added ? formatPaise(l.added) : "",
          l.paid ? formatPaise(l.paid) : "",
          l.note ? "" : formatPaise(l.balance),
        ],
      })),
    );
  const t = f.totals;
  w.text("Totals", { size: 12, bold: true, gap: 6 });
  w.row("Loan amount", formatPaise(t.loanAmount));
  w.row("Processing fee and GST (kept from the loan amount)", formatPaise(t.feeAndGst));
  w.row("Paid to your bank account", formatPaise(t.paidOut));
  w.row("Interest charged", formatPaise(t.interest));
  w.row("Penal charges for late payment", formatPaise(t.penal));
  w.row("Total you paid", formatPaise(t.paid));
  if (t.refunded) w.row("Refunded to you", formatPaise(t.refunded));
  w.row(t.balance < 0 ? "We hold for refund to you" : "Balance you owe (as posted)", formatPaise(Math.abs(t.balance)));
  w.space(8);
  w.text(
    "Interest is added to your loan day by day and appears here once it is posted. The amount to pay today is on the Repayment page of your dashboard and on Pay Now.",
    { size: 8.5 },
  );
  w.text(`Questions: ${site.support.email}, ${site.support.phone}. This statement is generated electronically and needs no signature.`, { size: 8.5 });
  return w.save();
}

/** disbursedOn: the payout date, from which the cooling-off period runs (decision 35); null before payout. */
export type SanctionFacts = { kfs: Kfs; borrower: string; sanctionedOn: IsoDate; loanNo: string | null; disbursedOn?: IsoDate | null };

/** The cooling-off line of the sanction letter: counted from the payout, never from the quote. */
export function coolingOffText(disbursedOn: IsoDate | null | undefined): string {
  const days = PRODUCT.singleLoan.coolingOffDays;
  const when = disbursedOn
    ? `${days} days from the payout on ${formatKfsDate(disbursedOn)}, until ${formatKfsDate(coolingOffUntil(disbursedOn))}`
    : `${days} days from the day the loan is paid out to your bank account`;
  return `${when}: you may exit the loan without any penalty by repaying the loan amount and the interest for the days you kept it (the proportionate APR). The processing fee and its GST are not refunded.`;
}

/**
 * The sanction letter (RBI Fair Practices Code: the amount sanctioned with its terms, the
 * annualised rate, and the penal charges set out separately): the terms of the KFS the customer
 * accepted, with the date of sanction.
 */
export async function sanctionLetterPdf(f: SanctionFacts): Promise<Uint8Array> {
  const { kfs } = f;
  const q = kfs.quote;
  const w = await PdfWriter.create({
    title: `Sanction letter ${kfs.proposalNumber}`,
    subject: "Sanction letter",
    footer: `${site.brand} · Sanction letter · proposal ${kfs.proposalNumber}`,
  });
  w.text(site.company.legalName, { size: 12, bold: true, gap: 2 });
  w.text("Sanction Letter", { size: 18, bold: true, gap: 10 });
  w.text(`Date: ${formatKfsDate(f.sanctionedOn)}`, { gap: 2 });
  w.text(`Proposal number: ${kfs.proposalNumber}${f.loanNo ? ` · Loan number: ${f.loanNo}` : ""}`, { gap: 10 });
  w.text(`Dear ${f.borrower || "Customer"},`, { gap: 6 });
  w.text(
    `We are pleased to tell you that your application for a personal loan of ${formatPaise(q.principal * 100)} has been sanctioned on ${formatKfsDate(f.sanctionedOn)}, on the terms below. They are the terms of the Key Fact Statement you accepted; nothing has changed.`,
    { gap: 10 },
  );
  w.text("Terms of the loan", { size: 12, bold: true, gap: 6 });
  const rate = PRODUCT.singleLoan.interestPercentPerDay;
  for (const section of kfs.sections) {
    for (const item of section.items) {
      if (item.id === "proposal_number" || item.id === "issued_on") continue;
      w.row(item.label, item.id === "cooling_off" ? coolingOffText(f.disbursedOn) : item.value);
      if (item.id === "interest_rate") w.row("Annualised rate of interest", `${rate * 365}% a year, flat, on the loan amount (${rate}% a day × 365 days)`);
    }
  }
  w.space(10);
  w.text(
    `The net amount is paid only into your verified bank account. Please repay ${formatPaise(q.totalRepayable * 100)} on ${formatKfsDate(kfs.repaymentDate)} (or less if you repay earlier: you pay interest only for the days you keep the money).`,
    { gap: 8 },
  );
  w.text(`Yours faithfully,\n${site.company.legalName}`, { gap: 10 });
  w.text("This letter is generated electronically and needs no signature.", { size: 8.5 });
  return w.save();
}

// The loan statement and the sanction letter as PDFs, set in the shipped font (₹ prints as ₹).
import { kfsDate, type Kfs } from "../../../core/kfs.ts";
import { translator, type Language } from "../../../core/i18n/index.ts";
import { site } from "../../../core/site-config.ts";
import { addDays, type IsoDate } from "../../../core/calendar.ts";
import { PdfWriter } from "../../pdf/pdf-writer.ts";
import { statementAmount, type StatementLine, type StatementTotals } from "./loan-statement.ts";

export type StatementFacts = {
  borrower: string;
  loanNo: string;
  principalPaise: number;
  disbursalDate: IsoDate;
  repaymentDate: IsoDate;
  status: string;
  issuedOn: IsoDate;
  lines: StatementLine[];
  totals: StatementTotals;
  language?: Language;
};

const STATUS_WORDS = { DISBURSED: "documents.statement.statusActive", CLOSED: "documents.statement.statusClosed" } as const;

/** The statement in `f.language` (the borrower's preferred language when made; English by default). */
export async function loanStatementPdf(f: StatementFacts): Promise<Uint8Array> {
  const lang = f.language ?? "en";
  const t = translator(lang);
  const date = (d: IsoDate) => kfsDate(d, lang);
  const w = await PdfWriter.create({
    title: `Loan statement ${f.loanNo}`,
    subject: "Loan statement",
    footer: t("documents.statement.footer", { brand: site.brand, loanNo: f.loanNo }),
    language: lang,
    pageLabel: (page, of) => t("documents.pageOf", { page, of }),
  });
  w.text(site.company.legalName, { size: 12, bold: true, gap: 2 });
  w.text(t("documents.statement.title"), { size: 18, bold: true, gap: 10 });
  w.row(t("documents.statement.borrower"), f.borrower);
  w.row(t("documents.statement.loanNumber"), f.loanNo);
  w.row(t("documents.statement.loanAmount"), statementAmount(f.principalPaise));
  w.row(t("documents.statement.disbursedOn"), date(f.disbursalDate));
  w.row(t("documents.statement.repaymentDate"), date(f.repaymentDate));
  w.row(t("documents.statement.status"), f.status in STATUS_WORDS ? t(STATUS_WORDS[f.status as keyof typeof STATUS_WORDS]) : f.status);
  w.row(t("documents.statement.statementDate"), date(f.issuedOn));
  w.space(12);
  w.text(t("documents.statement.everyEntry"), { size: 12, bold: true, gap: 6 });
  // Loans closed before the ledger existed (sandbox demo data) have no entries to list.
  if (f.lines.length === 0) w.text(t("documents.statement.noEntries"), { gap: 10 });
  else
    w.table(
      [
        { title: t("documents.statement.colDate"), width: 70 },
        { title: t("documents.statement.colDetails"), width: 210 },
        { title: t("documents.statement.colAdded"), width: 72, align: "right" },
        { title: t("documents.statement.colPaid"), width: 72, align: "right" },
        { title: t("documents.statement.colBalance"), width: 78, align: "right" },
      ],
      f.lines.map((l) => ({
        cells: [
          date(l.date),
          l.description,
          l.added ? statementAmount(l.added) : "",
          l.paid ? statementAmount(l.paid) : "",
          l.note ? "" : statementAmount(l.balance),
        ],
      })),
    );
  const totals = f.totals;
  w.text(t("documents.statement.totals"), { size: 12, bold: true, gap: 6 });
  w.row(t("documents.statement.loanAmount"), statementAmount(totals.loanAmount));
  w.row(t("documents.statement.feeAndGst"), statementAmount(totals.feeAndGst));
  w.row(t("documents.statement.paidOut"), statementAmount(totals.paidOut));
  w.row(t("documents.statement.interestCharged"), statementAmount(totals.interest));
  w.row(t("documents.statement.penalCharged"), statementAmount(totals.penal));
  w.row(t("documents.statement.totalPaid"), statementAmount(totals.paid));
  if (totals.refunded) w.row(t("documents.statement.refunded"), statementAmount(totals.refunded));
  w.row(t(totals.balance < 0 ? "documents.statement.weHold" : "documents.statement.balanceOwed"), statementAmount(Math.abs(totals.balance)));
  w.space(8);
  w.text(t("documents.statement.interestNote"), { size: 8.5 });
  w.text(t("documents.statement.questions", { email: site.support.email, phone: site.support.phone }), { size: 8.5 });
  return w.save();
}

/** disbursedOn: the payout date, from which the cooling-off period runs (decision 35); null before payout. */
export type SanctionFacts = { kfs: Kfs; borrower: string; sanctionedOn: IsoDate; loanNo: string | null; disbursedOn?: IsoDate | null };

/** The cooling-off line of the sanction letter: counted from the payout, never from the quote. */
/** `days`: the loan's own cooling-off period, from its terms row (through its KFS). */
export function coolingOffText(disbursedOn: IsoDate | null | undefined, lang: Language, days: number): string {
  const t = translator(lang);
  const when = disbursedOn
    ? t("documents.sanction.coolingOffAfterPayout", { days, payout: kfsDate(disbursedOn, lang), until: kfsDate(addDays(disbursedOn, days), lang) })
    : t("documents.sanction.coolingOffBeforePayout", { days });
  return t("documents.sanction.coolingOffRest", { when });
}

/**
 * The sanction letter (RBI Fair Practices Code: the amount sanctioned with its terms, the
 * annualised rate, and the penal charges set out separately): the terms of the KFS the customer
 * accepted, with the date of sanction. In the KFS's language (the borrower's when it was made).
 */
export async function sanctionLetterPdf(f: SanctionFacts): Promise<Uint8Array> {
  const { kfs } = f;
  const lang = kfs.language;
  const t = translator(lang);
  const date = (d: IsoDate) => kfsDate(d, lang);
  const q = kfs.quote;
  const w = await PdfWriter.create({
    title: `Sanction letter ${kfs.proposalNumber}`,
    subject: "Sanction letter",
    footer: t("documents.sanction.footer", { brand: site.brand, number: kfs.proposalNumber }),
    language: lang,
    pageLabel: (page, of) => t("documents.pageOf", { page, of }),
  });
  w.text(site.company.legalName, { size: 12, bold: true, gap: 2 });
  w.text(t("documents.sanction.title"), { size: 18, bold: true, gap: 10 });
  w.text(t("documents.date", { date: date(f.sanctionedOn) }), { gap: 2 });
  const loanNo = f.loanNo ? t("documents.sanction.loanNumberSuffix", { loanNo: f.loanNo }) : "";
  w.text(`${t("documents.sanction.proposalLine", { number: kfs.proposalNumber })}${loanNo}`, { gap: 10 });
  w.text(t("documents.sanction.dear", { name: f.borrower || t("documents.sanction.customer") }), { gap: 6 });
  w.text(t("documents.sanction.intro", { amount: statementAmount(q.principalPaise), date: date(f.sanctionedOn) }), { gap: 10 });
  w.text(t("documents.sanction.terms"), { size: 12, bold: true, gap: 6 });
  // The rate the loan's own KFS states (decision 34), never today's product.
  const rate = kfs.interestPercentPerDay;
  for (const section of kfs.sections) {
    for (const item of section.items) {
      if (item.id === "proposal_number" || item.id === "issued_on") continue;
      w.row(item.label, item.id === "cooling_off" ? coolingOffText(f.disbursedOn, lang, kfs.coolingOffDays) : item.value);
      if (item.id === "interest_rate")
        w.row(t("documents.sanction.annualRate"), t("documents.sanction.annualRateValue", { yearly: String(rate * 365), rate: String(rate) }));
    }
  }
  w.space(10);
  w.text(t("documents.sanction.repay", { amount: statementAmount(q.totalRepayablePaise), date: date(kfs.repaymentDate) }), { gap: 8 });
  w.text(t("documents.sanction.signOff", { company: site.company.legalName }), { gap: 10 });
  w.text(t("documents.sanction.noSignature"), { size: 8.5 });
  return w.save();
}

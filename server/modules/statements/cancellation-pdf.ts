// How a loan may be cancelled, as a PDF (issue 32: FIS12's LOAN_CANCELLATION document once a loan is paid out):
// the cooling-off exit with its dates and cost, then early repayment with no foreclosure charge, in the KFS's
// language. The figures and dates are the loan's own (its KFS, its payout date).
import { kfsDate, type Kfs } from "../../../core/kfs.ts";
import { translator } from "../../../core/i18n/index.ts";
import { site } from "../../../core/site-config.ts";
import type { IsoDate } from "../../../core/calendar.ts";
import { PdfWriter } from "../../pdf/pdf-writer.ts";
import { statementAmount } from "./loan-statement.ts";
import { coolingOffText } from "./statement-pdfs.ts";

export type CancellationFacts = { kfs: Kfs; borrower: string; loanNo: string | null; disbursedOn: IsoDate | null };

export async function loanCancellationPdf(f: CancellationFacts): Promise<Uint8Array> {
  const { kfs } = f;
  const lang = kfs.language;
  const t = translator(lang);
  const w = await PdfWriter.create({
    title: `Cancelling the loan ${kfs.proposalNumber}`,
    subject: "Loan cancellation",
    footer: t("documents.cancellation.footer", { brand: site.brand, number: kfs.proposalNumber }),
    language: lang,
    pageLabel: (page, of) => t("documents.pageOf", { page, of }),
  });
  w.text(site.company.legalName, { size: 12, bold: true, gap: 2 });
  w.text(t("documents.cancellation.title"), { size: 18, bold: true, gap: 10 });
  const loanNo = f.loanNo ? t("documents.sanction.loanNumberSuffix", { loanNo: f.loanNo }) : "";
  w.text(`${t("documents.sanction.proposalLine", { number: kfs.proposalNumber })}${loanNo}`, { gap: 10 });
  w.text(t("documents.sanction.dear", { name: f.borrower || t("documents.sanction.customer") }), { gap: 6 });
  w.text(t("documents.cancellation.coolingOff"), { size: 12, bold: true, gap: 4 });
  w.text(coolingOffText(f.disbursedOn, lang, kfs.coolingOffDays), { gap: 8 });
  w.text(t("documents.cancellation.later"), { size: 12, bold: true, gap: 4 });
  w.text(t("documents.cancellation.laterText", { amount: statementAmount(kfs.quote.totalRepayablePaise), date: kfsDate(kfs.repaymentDate, lang) }), { gap: 8 });
  w.text(t("documents.cancellation.how"), { size: 12, bold: true, gap: 4 });
  w.text(t("documents.cancellation.howText", { site: site.siteUrl }), { gap: 10 });
  w.text(t("documents.sanction.noSignature"), { size: 8.5 });
  return w.save();
}

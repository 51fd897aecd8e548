// The No Dues Certificate (decision 30): a one-page PDF in the shipped font, so amounts carry ₹.
import { isIsoDate } from "../../../core/calendar.ts";
import { translator, type Language } from "../../../core/i18n/index.ts";
import { kfsDate } from "../../../core/kfs.ts";
import { formatINR } from "../../../core/loan-math/index.ts";
import { site } from "../../../core/site-config.ts";
import { PdfWriter } from "../../pdf/pdf-writer.ts";

export type NoDuesFacts = {
  fullName: string;
  loanNo: string;
  principalRupees: number;
  disbursalDate: string;
  closedOn: string;
  totalPaidRupees: number;
  issuedOn: string;
  language?: Language;
};

const rupees = (n: number) => formatINR(n, { decimals: 2 });

/** In `f.language` (the borrower's preferred language when made; English by default). */
export async function noDuesCertificatePdf(f: NoDuesFacts): Promise<Uint8Array> {
  const lang = f.language ?? "en";
  const t = translator(lang);
  /** 2026-11-24 → 24 Nov 2026 (24 नवंबर 2026); anything else as given. */
  const day = (d: string) => (isIsoDate(d) ? kfsDate(d, lang) : d);
  const w = await PdfWriter.create({
    title: `No Dues Certificate ${f.loanNo}`,
    subject: "No Dues Certificate",
    footer: t("documents.noDues.footer", { brand: site.brand, loanNo: f.loanNo }),
    language: lang,
    pageLabel: (page, of) => t("documents.pageOf", { page, of }),
  });
  w.text(site.company.legalName, { size: 14, bold: true, gap: 8 });
  w.text(t("documents.noDues.title"), { size: 20, bold: true, gap: 14 });
  w.text(t("documents.date", { date: day(f.issuedOn) }), { size: 11, gap: 12 });
  w.text(t("documents.noDues.certify", { name: f.fullName, brand: site.brand }), { size: 11, gap: 14 });
  w.row(t("documents.statement.loanNumber"), f.loanNo);
  w.row(t("documents.statement.loanAmount"), rupees(f.principalRupees));
  w.row(t("documents.statement.disbursedOn"), day(f.disbursalDate));
  w.row(t("documents.noDues.closedOn"), day(f.closedOn));
  w.row(t("documents.noDues.totalRepaid"), rupees(f.totalPaidRupees));
  w.space(16);
  w.text(t("documents.noDues.noSignature"), { size: 9 });
  return w.save();
}

// The No Dues Certificate (decision 30): a one-page PDF in the shipped font, so amounts carry ₹.
import { isIsoDate } from "../../../core/calendar.ts";
import { formatKfsDate } from "../../../core/kfs.ts";
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
};

const rupees = (n: number) => formatINR(n, { decimals: 2 });
/** 2026-11-24 → 24 Nov 2026; anything else as given. */
const day = (d: string) => (isIsoDate(d) ? formatKfsDate(d) : d);

export async function noDuesCertificatePdf(f: NoDuesFacts): Promise<Uint8Array> {
  const w = await PdfWriter.create({
    title: `No Dues Certificate ${f.loanNo}`,
    subject: "No Dues Certificate",
    footer: `${site.brand} · No Dues Certificate ${f.loanNo}`,
  });
  w.text(site.company.legalName, { size: 14, bold: true, gap: 8 });
  w.text("No Dues Certificate", { size: 20, bold: true, gap: 14 });
  w.text(`Date: ${day(f.issuedOn)}`, { size: 11, gap: 12 });
  w.text(`This is to certify that ${f.fullName} has repaid in full the loan below, and that nothing is due to ${site.brand} on it. The loan is closed.`, {
    size: 11,
    gap: 14,
  });
  w.row("Loan number", f.loanNo);
  w.row("Loan amount", rupees(f.principalRupees));
  w.row("Disbursed on", day(f.disbursalDate));
  w.row("Closed on", day(f.closedOn));
  w.row("Total repaid", rupees(f.totalPaidRupees));
  w.space(16);
  w.text("This certificate is generated electronically and needs no signature.", { size: 9 });
  return w.save();
}

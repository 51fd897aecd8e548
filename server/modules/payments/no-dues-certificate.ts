// The No Dues Certificate (decision 30): a one-page PDF with standard fonts ("Rs." for ₹, as the KFS).
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import { site } from "../../../core/site-config.ts";

export type NoDuesFacts = {
  fullName: string;
  loanNo: string;
  principalRupees: number;
  disbursalDate: string;
  closedOn: string;
  totalPaidRupees: number;
  issuedOn: string;
};

const safe = (text: string) => text.replace(/₹\s?/g, "Rs. ").replace(/[^\x20-\x7E\xA0-\xFF]/g, "?");
const rupees = (n: number) => `Rs. ${n.toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export async function noDuesCertificatePdf(f: NoDuesFacts): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`No Dues Certificate ${f.loanNo}`);
  doc.setAuthor(site.company.legalName);
  const page = doc.addPage([595.28, 841.89]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = 780;
  const line = (text: string, options: { size?: number; strong?: boolean; gap?: number } = {}) => {
    page.drawText(safe(text), { x: 56, y, size: options.size ?? 11, font: options.strong ? bold : font, color: rgb(0.1, 0.1, 0.1), maxWidth: 480 });
    y -= options.gap ?? 20;
  };
  line(site.company.legalName, { size: 16, strong: true, gap: 28 });
  line("No Dues Certificate", { size: 20, strong: true, gap: 36 });
  line(`Date: ${f.issuedOn}`, { gap: 28 });
  line(`This is to certify that ${f.fullName} has repaid in full the loan below, and that nothing`);
  line(`is due to ${site.brand} on it. The loan is closed.`, { gap: 30 });
  line(`Loan number: ${f.loanNo}`);
  line(`Loan amount: ${rupees(f.principalRupees)}`);
  line(`Disbursed on: ${f.disbursalDate}`);
  line(`Closed on: ${f.closedOn}`);
  line(`Total repaid: ${rupees(f.totalPaidRupees)}`, { gap: 36 });
  line("This certificate is generated electronically and needs no signature.", { size: 9 });
  return doc.save();
}

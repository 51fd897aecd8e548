// The account aggregator's statements as a real, small PDF (pdf-lib), stored as the bank-statement document.
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import type { DepositStatement } from "../../providers/account-aggregator/port.ts";

const rupees = (n: number) => `Rs ${n.toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export async function statementPdf(statements: DepositStatement[], generatedAt: Date): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle("Bank statement (account aggregator)");
  pdf.setProducer("SalaryOnTime");
  pdf.setCreationDate(generatedAt);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (const s of statements) {
    let page = pdf.addPage([595, 842]);
    let y = 800;
    const line = (text: string, x = 40, f = font, size = 9) => page.drawText(text, { x, y, size, font: f, color: rgb(0.1, 0.1, 0.1) });
    line("Bank statement fetched through the account aggregator", 40, bold, 13);
    y -= 20;
    line(`${s.bankName}  |  Account ${s.maskedAccountNumber}  |  ${s.holderName}`);
    y -= 14;
    line(`Period ${s.from} to ${s.to}  |  Opening balance ${rupees(s.openingBalance)}`);
    y -= 24;
    const header = () => {
      for (const [text, x] of [
        ["Date", 40],
        ["Narration", 110],
        ["Debit", 330],
        ["Credit", 410],
        ["Balance", 490],
      ] as const)
        line(text, x, bold);
      y -= 14;
    };
    header();
    for (const t of s.transactions) {
      if (y < 50) {
        page = pdf.addPage([595, 842]);
        y = 800;
        header();
      }
      line(t.date, 40);
      line(t.narration.slice(0, 40), 110);
      line(t.type === "DEBIT" ? rupees(t.amount) : "", 330);
      line(t.type === "CREDIT" ? rupees(t.amount) : "", 410);
      line(rupees(t.balance), 490);
      y -= 13;
    }
  }
  return pdf.save();
}

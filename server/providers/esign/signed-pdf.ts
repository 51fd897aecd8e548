// The signed copy an eSign provider returns: the documents as shown, a signature line on each page,
// and a signature certificate page naming the signer, the method, the time and each document's hash.
import { createHash } from "node:crypto";
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";

export interface SignatureDetails {
  signerName: string;
  /** Already masked, e.g. XXXXXX3210. */
  signerMobile: string;
  signedAt: Date;
  method: string;
  provider: string;
  reference: string;
}

const ascii = (s: string) => s.replace(/₹/g, "Rs. ").replace(/[^\x20-\x7E]/g, "?");
const ist = (d: Date) => `${d.toLocaleString("en-IN", { timeZone: "Asia/Kolkata", dateStyle: "medium", timeStyle: "medium" })} IST`;

export async function buildSignedPdf(documents: { title: string; pdf: Uint8Array }[], sig: SignatureDetails): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  out.setTitle(ascii(`Signed loan documents - ${sig.signerName}`));
  out.setProducer(ascii(sig.provider));
  const font = await out.embedFont(StandardFonts.Helvetica);
  const bold = await out.embedFont(StandardFonts.HelveticaBold);
  const stamp = ascii(`Signed electronically by ${sig.signerName} on ${ist(sig.signedAt)} - ref ${sig.reference}`);

  for (const doc of documents) {
    const source = await PDFDocument.load(doc.pdf);
    const pages = await out.copyPages(source, source.getPageIndices());
    for (const page of pages) {
      out.addPage(page);
      page.drawText(stamp, { x: 36, y: 14, size: 7, font, color: rgb(0.1, 0.3, 0.6) });
    }
  }

  const page = out.addPage([595.28, 841.89]);
  let y = 790;
  const line = (text: string, options: { size?: number; bold?: boolean; gap?: number } = {}) => {
    page.drawText(ascii(text), { x: 50, y, size: options.size ?? 11, font: options.bold ? bold : font, color: rgb(0.1, 0.1, 0.1) });
    y -= options.gap ?? 18;
  };
  line("Electronic Signature Certificate", { size: 18, bold: true, gap: 30 });
  line(`Signer: ${sig.signerName}`);
  line(`Signed at: ${ist(sig.signedAt)}`);
  line(`Method: ${sig.method}`);
  line(`Registered mobile: ${sig.signerMobile}`);
  line(`Signing service: ${sig.provider}`);
  line(`Reference: ${sig.reference}`, { gap: 28 });
  line("Documents signed (SHA-256 of each document as shown to the signer):", { bold: true, gap: 20 });
  for (const doc of documents) {
    line(`${doc.title}`, { gap: 14 });
    line(createHash("sha256").update(doc.pdf).digest("hex"), { size: 8, gap: 20 });
  }
  y -= 10;
  line("The signer read the documents above and confirmed the signature with a one-time code", { size: 10, gap: 14 });
  line("sent to the registered mobile number. Any change to the documents breaks the hashes above.", { size: 10 });
  return out.save();
}

// Writes the customer's PDFs in English and Hindi to a folder and, where poppler's pdftoppm is
// installed, the first page of each as a PNG, to look at the Devanagari by eye (not a test):
//   node server/test-support/hindi-pdf-preview.ts [folder]
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildKfs } from "../../core/kfs.ts";
import { kfsLender } from "../../core/lender.ts";
import { kfsPdf } from "../modules/loan/loan-documents.ts";

const out = process.argv[2] ?? "/tmp/hindi-pdf-preview";
mkdirSync(out, { recursive: true });
const input = {
  proposalNumber: "SOT-20261123-ABCDEFGH",
  issuedOn: "2026-11-23",
  principal: 25_000,
  tenureDays: 21,
  repaymentDate: "2026-12-14",
  borrowerName: "Asha Rao",
  lender: kfsLender,
};
const files: Record<string, Uint8Array> = {};
for (const lang of ["en", "hi"] as const) files[`kfs-${lang}`] = await kfsPdf(buildKfs(input, undefined, lang));

for (const [name, bytes] of Object.entries(files)) {
  const pdf = join(out, `${name}.pdf`);
  writeFileSync(pdf, bytes);
  try {
    execFileSync("pdftoppm", ["-png", "-r", "110", "-f", "1", "-l", "1", pdf, join(out, name)]);
  } catch {
    console.warn("pdftoppm not found: PDFs only");
  }
  console.log(pdf);
}

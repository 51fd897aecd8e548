// The readable copy of "download all my data" (issue 23), set with the project's PDF writer.
import { formatKfsDate } from "../../../core/kfs.ts";
import { PURPOSE_NOTICES } from "../../../core/data-rights/index.ts";
import { formatINR } from "../../../core/format.ts";
import { paiseToRupees } from "../../../core/loan-math/index.ts";
import { site } from "../../../core/site-config.ts";
import { PdfWriter } from "../../pdf/pdf-writer.ts";
import type { DataExport } from "./data-rights.service.ts";

const dash = (value: unknown) => (value === null || value === undefined || value === "" ? "—" : String(value));
const onDay = (iso: string) => formatKfsDate(iso.slice(0, 10));

export async function renderDataExportPdf(d: DataExport): Promise<Uint8Array> {
  const w = await PdfWriter.create({ title: "Your data", subject: "Everything we hold about you", footer: `${site.brand} · Your data` });
  w.text(site.company.legalName, { size: 12, bold: true, gap: 2 });
  w.text("Your data", { size: 18, bold: true, gap: 4 });
  w.text(`Prepared on ${onDay(d.generated_at)}. A machine-readable copy (JSON) is also on the My data page.`, { gap: 10 });

  w.text("Your profile", { size: 12, bold: true, gap: 6 });
  const p = d.profile;
  w.row("Mobile", p.mobile);
  w.row("Name", dash(p.full_name));
  w.row("PAN", dash(p.pan));
  w.row("Date of birth", p.date_of_birth ? formatKfsDate(p.date_of_birth) : "—");
  w.row("E-mail", dash(p.email));
  const r = p.residence;
  w.row("Address", dash([r.address_1, r.address_2, r.landmark, r.city, r.state, r.pincode].filter(Boolean).join(", ")));
  w.row("Monthly income", p.monthly_income ? formatINR(p.monthly_income) : "—");
  w.row("Registered on", onDay(p.registered_at));
  w.space(8);

  w.text("Your loans", { size: 12, bold: true, gap: 6 });
  if (d.loans.length === 0) w.text("No loan applications.", { gap: 8 });
  else
    w.table(
      [
        { title: "Loan", width: 140 },
        { title: "Status", width: 110 },
        { title: "Applied", width: 120 },
        { title: "Last change", width: 120 },
      ],
      d.loans.map((l) => ({ cells: [dash(l.loan_no), l.status, onDay(l.applied_at), onDay(l.status_changed_at)] })),
    );

  w.text("Your payments", { size: 12, bold: true, gap: 6 });
  if (d.payments.length === 0) w.text("No payments.", { gap: 8 });
  else
    w.table(
      [
        { title: "Date", width: 90 },
        { title: "Loan", width: 130 },
        { title: "Method", width: 110 },
        { title: "Amount", width: 100, align: "right" },
      ],
      d.payments.map((x) => ({ cells: [formatKfsDate(x.received_on), dash(x.loan_no), x.method, formatINR(paiseToRupees(x.amount_paise), { decimals: 2 })] })),
    );

  w.text("Documents you gave us", { size: 12, bold: true, gap: 6 });
  if (d.documents.length === 0) w.text("No documents.", { gap: 8 });
  else
    w.table(
      [
        { title: "Document", width: 180 },
        { title: "Loan", width: 130 },
        { title: "Uploaded", width: 120 },
      ],
      d.documents.map((x) => ({ cells: [x.kind, dash(x.loan_no), onDay(x.uploaded_at)] })),
    );

  w.text("Your consents", { size: 12, bold: true, gap: 6 });
  if (d.consents.length === 0) w.text("No consent recorded.", { gap: 8 });
  else
    w.table(
      [
        { title: "Date", width: 90 },
        { title: "Purpose", width: 220 },
        { title: "Choice", width: 80 },
        { title: "Notice", width: 60 },
      ],
      d.consents.map((c) => ({ cells: [onDay(c.at), PURPOSE_NOTICES[c.purpose].title, c.action === "grant" ? "Given" : "Withdrawn", `v${c.noticeVersion}`] })),
    );

  w.text("Our contacts with you", { size: 12, bold: true, gap: 6 });
  if (d.contacts.length === 0) w.text("No calls or visits recorded.", { gap: 8 });
  else
    w.table(
      [
        { title: "Date", width: 90 },
        { title: "Loan", width: 120 },
        { title: "How", width: 80 },
        { title: "Note", width: 200 },
      ],
      d.contacts.map((c) => ({ cells: [onDay(c.at), dash(c.loan_no), c.channel, c.note] })),
    );

  w.text("How long we keep it", { size: 12, bold: true, gap: 6 });
  w.text(
    d.retention.keptUntil
      ? `Your loan and identity records are kept until ${formatKfsDate(d.retention.keptUntil)}, five years after your last loan closed, as the anti-money-laundering rules and RBI's KYC directions require.`
      : d.retention.openLoan
        ? "Your loan is open: its records are kept while it is open and for five years after it closes."
        : "We hold no loan records for you.",
  );
  return w.save();
}

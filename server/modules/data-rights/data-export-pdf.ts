// The readable copy of "download all my data" (issue 23), set with the project's PDF writer in the
// customer's language (their preferred_language, as every customer PDF; English when unset). Its words
// are the catalogue's `documents.myData.*`; figures are formatted once (Indian grouping in both
// languages), dates in words in Hindi; names, numbers, payment methods and staff notes print as they are.
import { kfsDate } from "../../../core/kfs.ts";
import { purposeNotice } from "../../../core/data-rights/index.ts";
import { formatINR, formatPaise } from "../../../core/format.ts";
import { catalogues, documentLanguage, translator, type Language, type MessageKey } from "../../../core/i18n/index.ts";
import { site } from "../../../core/site-config.ts";
import { documentNameKey } from "../../../core/validation/documents.ts";
import type { IsoDate } from "../../../core/calendar.ts";
import { PdfWriter } from "../../pdf/pdf-writer.ts";
import type { DataExport } from "./data-rights.service.ts";
import {
  aadhaarSection,
  autopaySection,
  bankAccountsSection,
  bureauSection,
  videoKycSection,
  complaintsSection,
  employmentSection,
  genderWord,
  messagesSection,
  sharedWithSection,
} from "./data-export-pdf-sections.ts";

const dash = (value: unknown) => (value === null || value === undefined || value === "" ? "—" : String(value));

export async function renderDataExportPdf(d: DataExport): Promise<Uint8Array> {
  const lang: Language = documentLanguage({ preferredLanguage: d.profile.preferred_language });
  const t = translator(lang);
  const date = (iso: string) => kfsDate(iso.slice(0, 10) as IsoDate, lang);
  /** A coded value's words when the catalogue has them (statuses, channels), else the value itself. */
  const word = (prefix: string, value: string) => {
    const key = `documents.myData.${prefix}.${value}`;
    return key in catalogues[lang] ? t(key as MessageKey) : value;
  };
  const documentName = (kind: string) => {
    const key = documentNameKey(kind);
    return key ? t(key) : word("kind", kind);
  };

  const w = await PdfWriter.create({
    title: "Your data",
    subject: "Everything we hold about you",
    footer: t("documents.myData.footer", { brand: site.brand }),
    language: lang,
    pageLabel: (page, of) => t("documents.pageOf", { page, of }),
  });
  w.text(site.company.legalName, { size: 12, bold: true, gap: 2 });
  w.text(t("documents.myData.title"), { size: 18, bold: true, gap: 4 });
  w.text(t("documents.myData.preparedOn", { date: date(d.generated_at) }), { gap: 10 });

  w.text(t("documents.myData.profile"), { size: 12, bold: true, gap: 6 });
  const p = d.profile;
  w.row(t("documents.myData.mobile"), p.mobile);
  w.row(t("documents.myData.name"), dash(p.full_name));
  w.row(t("documents.myData.pan"), dash(p.pan));
  w.row(t("documents.myData.dateOfBirth"), p.date_of_birth ? kfsDate(p.date_of_birth as IsoDate, lang) : "—");
  w.row(t("documents.myData.gender"), p.gender ? genderWord(t, p.gender) : "—");
  w.row(t("documents.myData.email"), dash(p.email));
  const r = p.residence;
  w.row(t("documents.myData.address"), dash([r.address_1, r.address_2, r.landmark, r.city, r.state, r.pincode].filter(Boolean).join(", ")));
  w.row(t("documents.myData.monthlyIncome"), p.monthly_income ? formatINR(p.monthly_income) : "—");
  w.row(t("documents.myData.registeredOn"), date(p.registered_at));
  w.space(8);
  const f = { w, t, lang, date, word, dash };
  employmentSection(f, d);
  bankAccountsSection(f, d);
  aadhaarSection(f, d);
  videoKycSection(f, d);
  bureauSection(f, d);

  w.text(t("documents.myData.loans"), { size: 12, bold: true, gap: 6 });
  if (d.loans.length === 0) w.text(t("documents.myData.noLoans"), { gap: 8 });
  else
    w.table(
      [
        { title: t("documents.myData.colLoan"), width: 140 },
        { title: t("documents.myData.colStatus"), width: 110 },
        { title: t("documents.myData.colApplied"), width: 120 },
        { title: t("documents.myData.colLastChange"), width: 120 },
      ],
      d.loans.map((l) => ({ cells: [dash(l.loan_no), word("status", l.status), date(l.applied_at), date(l.status_changed_at)] })),
    );

  w.text(t("documents.myData.payments"), { size: 12, bold: true, gap: 6 });
  if (d.payments.length === 0) w.text(t("documents.myData.noPayments"), { gap: 8 });
  else
    w.table(
      [
        { title: t("documents.myData.colDate"), width: 90 },
        { title: t("documents.myData.colLoan"), width: 130 },
        { title: t("documents.myData.colMethod"), width: 110 },
        { title: t("documents.myData.colAmount"), width: 100, align: "right" },
      ],
      d.payments.map((x) => ({ cells: [date(x.received_on), dash(x.loan_no), x.method, formatPaise(x.amount_paise, { decimals: 2 })] })),
    );

  autopaySection(f, d);

  w.text(t("documents.myData.documents"), { size: 12, bold: true, gap: 6 });
  if (d.documents.length === 0) w.text(t("documents.myData.noDocuments"), { gap: 8 });
  else
    w.table(
      [
        { title: t("documents.myData.colDocument"), width: 180 },
        { title: t("documents.myData.colLoan"), width: 130 },
        { title: t("documents.myData.colUploaded"), width: 120 },
      ],
      d.documents.map((x) => ({ cells: [documentName(x.kind), dash(x.loan_no), date(x.uploaded_at)] })),
    );

  w.text(t("documents.myData.consents"), { size: 12, bold: true, gap: 6 });
  if (d.consents.length === 0) w.text(t("documents.myData.noConsents"), { gap: 8 });
  else
    w.table(
      [
        { title: t("documents.myData.colDate"), width: 90 },
        { title: t("documents.myData.colPurpose"), width: 220 },
        { title: t("documents.myData.colChoice"), width: 80 },
        { title: t("documents.myData.colNotice"), width: 60 },
      ],
      d.consents.map((c) => ({
        cells: [
          date(c.at),
          purposeNotice(c.purpose, lang).title,
          t(c.action === "grant" ? "documents.myData.given" : "documents.myData.withdrawn"),
          `v${c.noticeVersion}`,
        ],
      })),
    );

  w.text(t("documents.myData.contacts"), { size: 12, bold: true, gap: 6 });
  if (d.contacts.length === 0) w.text(t("documents.myData.noContacts"), { gap: 8 });
  else
    w.table(
      [
        { title: t("documents.myData.colDate"), width: 90 },
        { title: t("documents.myData.colLoan"), width: 120 },
        { title: t("documents.myData.colHow"), width: 80 },
        { title: t("documents.myData.colNote"), width: 200 },
      ],
      d.contacts.map((c) => ({ cells: [date(c.at), dash(c.loan_no), word("channel", c.channel), c.note] })),
    );

  messagesSection(f, d);
  complaintsSection(f, d);
  sharedWithSection(f, d);

  w.text(t("documents.myData.keptTitle"), { size: 12, bold: true, gap: 6 });
  w.text(
    d.retention.keptUntil
      ? t("documents.myData.keptUntil", { date: kfsDate(d.retention.keptUntil, lang) })
      : d.retention.openLoan
        ? t("documents.myData.keptOpen")
        : t("documents.myData.keptNone"),
  );
  return w.save();
}

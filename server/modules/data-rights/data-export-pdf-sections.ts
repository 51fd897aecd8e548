// The export PDF's sections added by issue 30: work, bank accounts, Aadhaar e-KYC, bureau checks, AutoPay,
// the messages we sent, complaints, and with whom the data was shared. Words from the catalogue
// (documents.myData.*); values print as they are, amounts in rupees with Indian grouping.
import { formatDateTimeIn } from "../../../core/format.ts";
import { PROCESSORS } from "../../../core/data-rights/processors.ts";
import type { IsoDate } from "../../../core/calendar.ts";
import type { Language, MessageKey } from "../../../core/i18n/index.ts";
import { COMPANY_TYPES, GENDERS, type LabelledOption } from "../../../core/journey/masters.ts";
import { formatPaise } from "../../../core/format.ts";
import { kfsDate } from "../../../core/kfs.ts";
import type { PdfWriter } from "../../pdf/pdf-writer.ts";
import type { DataExport } from "./data-rights.service.ts";

export type SectionKit = {
  w: PdfWriter;
  t: (key: MessageKey, values?: Record<string, string | number>) => string;
  lang: Language;
  /** An instant's day in words. */
  date: (iso: string) => string;
  /** A coded value's words when the catalogue has them, else the value. */
  word: (prefix: string, value: string) => string;
  dash: (value: unknown) => string;
};

const heading = ({ w, t }: SectionKit, key: MessageKey) => w.text(t(key), { size: 12, bold: true, gap: 6 });
const none = ({ w, t }: SectionKit, key: MessageKey) => w.text(t(key), { gap: 8 });
/** A master-list choice the export holds by its English label, worded from the entry's key (a value not listed prints as it is). */
export function choiceWord(t: SectionKit["t"], list: readonly LabelledOption<number | string>[], value: string): string {
  const entry = list.find((o) => o.label === value);
  return entry ? t(entry.labelKey) : value;
}
/** A gender as the export holds it (the profile's choice, DigiLocker's word): a listed one worded, another ("F") as it is. */
export const genderWord = (t: SectionKit["t"], value: string) => choiceWord(t, GENDERS, value);

const rupees = (paise: number | null | undefined) => (paise === null || paise === undefined ? "—" : formatPaise(paise, { decimals: 2 }));

export function employmentSection(k: SectionKit, d: DataExport) {
  const { w, t, lang, dash } = k;
  heading(k, "documents.myData.employment");
  const e = d.employment;
  if (!e) return none(k, "documents.myData.noEmployment");
  w.row(t("documents.myData.employer"), e.company_name);
  w.row(t("documents.myData.companyType"), e.company_type ? choiceWord(t, COMPANY_TYPES, e.company_type) : "—");
  w.row(t("documents.myData.designation"), e.designation);
  w.row(t("documents.myData.department"), e.department);
  w.row(t("documents.myData.employedSince"), kfsDate(e.employed_since as IsoDate, lang));
  w.row(t("documents.myData.officeAddress"), dash(e.office_address));
  w.row(t("documents.myData.officeEmail"), dash(e.office_email));
  w.space(8);
}

export function bankAccountsSection(k: SectionKit, d: DataExport) {
  const { w, t, word, dash } = k;
  heading(k, "documents.myData.bankAccounts");
  if (d.bank_accounts.length === 0) return none(k, "documents.myData.noBankAccounts");
  w.table(
    [
      { title: t("documents.myData.colLoan"), width: 110 },
      { title: t("documents.myData.colAccount"), width: 100 },
      { title: t("documents.myData.colIfsc"), width: 90 },
      { title: t("documents.myData.colBank"), width: 130 },
      { title: t("documents.myData.colChecked"), width: 80 },
    ],
    d.bank_accounts.map((a) => ({ cells: [dash(a.loan_no), dash(a.account), dash(a.ifsc), dash(a.bank), word("check", a.verification)] })),
  );
}

export function aadhaarSection(k: SectionKit, d: DataExport) {
  const { w, t, date, dash, lang } = k;
  heading(k, "documents.myData.aadhaar");
  const a = d.aadhaar_ekyc.verified;
  if (!a) return none(k, "documents.myData.noAadhaar");
  w.row(t("documents.myData.aadhaarNumber"), a.aadhaar);
  w.row(t("documents.myData.name"), a.name);
  w.row(t("documents.myData.dateOfBirth"), a.date_of_birth ? kfsDate(a.date_of_birth as IsoDate, lang) : "—");
  w.row(t("documents.myData.gender"), a.gender ? genderWord(t, a.gender) : "—");
  w.row(t("documents.myData.address"), dash(a.address));
  w.row(t("documents.myData.verifiedOn"), date(a.verified_at));
  w.space(8);
}

/** Issue 33: the words of a video KYC's state. */
const VIDEO_KYC_WORDS: Record<string, MessageKey> = {
  STARTED: "documents.myData.vkyc.STARTED",
  IDENTITY_READ: "documents.myData.vkyc.IDENTITY_READ",
  WAITING: "documents.myData.vkyc.WAITING",
  IN_CALL: "documents.myData.vkyc.IN_CALL",
  APPROVED: "documents.myData.vkyc.APPROVED",
  REJECTED: "documents.myData.vkyc.REJECTED",
  DROPPED: "documents.myData.vkyc.DROPPED",
};

/** Issue 33: each video KYC, with its state and the official's reason. */
export function videoKycSection(k: SectionKit, d: DataExport) {
  const { w, t, date, dash } = k;
  heading(k, "documents.myData.videoKyc");
  if (d.aadhaar_ekyc.video_kyc.length === 0) return none(k, "documents.myData.noVideoKyc");
  w.table(
    [
      { title: t("documents.myData.colLoan"), width: 110 },
      { title: t("documents.myData.colStarted"), width: 100 },
      { title: t("documents.myData.colStatus"), width: 120 },
      { title: t("documents.myData.colNote"), width: 170 },
    ],
    d.aadhaar_ekyc.video_kyc.map((v) => ({
      cells: [dash(v.loan_no), date(v.started_at), VIDEO_KYC_WORDS[v.status] ? t(VIDEO_KYC_WORDS[v.status]!) : v.status, dash(v.decision?.reason ?? null)],
    })),
  );
  // The snapshots our official took in the calls: which, when, and the SHA-256 (the images are not in the file).
  const shots = d.aadhaar_ekyc.video_kyc.flatMap((v) => v.snapshots.map((s) => ({ ...s, loan_no: v.loan_no })));
  if (shots.length === 0) return;
  w.text(t("documents.myData.vkycSnapshots"), { bold: true, gap: 4 });
  w.table(
    [
      { title: t("documents.myData.colLoan"), width: 90 },
      { title: t("documents.myData.colSnapshot"), width: 80 },
      { title: t("documents.myData.colTaken"), width: 90 },
      { title: t("documents.myData.colSha256"), width: 240 },
    ],
    // The hash in two halves: a cell wraps only at spaces, and 64 characters are wider than the column.
    shots.map((s) => ({ cells: [dash(s.loan_no), t(SNAPSHOT_WORDS[s.kind]), date(s.taken_at), `${s.sha256.slice(0, 32)} ${s.sha256.slice(32)}`] })),
  );
}

/** Issue 33: the words of a snapshot's kind. */
const SNAPSHOT_WORDS: Record<"face" | "pan", MessageKey> = { face: "documents.myData.snapshot.face", pan: "documents.myData.snapshot.pan" };

export function bureauSection(k: SectionKit, d: DataExport) {
  const { w, t, lang } = k;
  heading(k, "documents.myData.bureau");
  if (d.bureau_checks.length === 0) return none(k, "documents.myData.noBureau");
  w.table(
    [
      { title: t("documents.myData.colReportDate"), width: 120 },
      { title: t("documents.myData.colScore"), width: 140 },
      { title: t("documents.myData.colResult"), width: 120 },
    ],
    d.bureau_checks.map((c) => ({
      cells: [
        kfsDate(c.report_date, lang),
        c.score === null ? t("documents.myData.noHistory") : String(c.score),
        t(c.eligible ? "documents.myData.eligible" : "documents.myData.notEligible"),
      ],
    })),
  );
}

export function autopaySection(k: SectionKit, d: DataExport) {
  const { w, t, date, word, dash, lang } = k;
  heading(k, "documents.myData.autopay");
  if (d.autopay.length === 0) return none(k, "documents.myData.noAutopay");
  w.table(
    [
      { title: t("documents.myData.colLoan"), width: 110 },
      { title: t("documents.myData.colMethod"), width: 90 },
      { title: t("documents.myData.colAccount"), width: 90 },
      { title: t("documents.myData.colStatus"), width: 100 },
      { title: t("documents.myData.colRegistered"), width: 100 },
    ],
    d.autopay.map((m) => ({ cells: [dash(m.loan_no), word("autopayMethod", m.method), dash(m.account), word("mandate", m.status), date(m.registered_at)] })),
  );
  const debits = d.autopay.flatMap((m) => m.debits.map((x) => ({ ...x, loan_no: m.loan_no })));
  if (debits.length === 0) return;
  w.text(t("documents.myData.autopayDebits"), { bold: true, gap: 4 });
  w.table(
    [
      { title: t("documents.myData.colDate"), width: 100 },
      { title: t("documents.myData.colLoan"), width: 120 },
      { title: t("documents.myData.colStatus"), width: 110 },
      { title: t("documents.myData.colAmount"), width: 100, align: "right" },
    ],
    debits.map((x) => ({
      cells: [kfsDate(x.debit_on as IsoDate, lang), dash(x.loan_no), word("debit", x.status), rupees(x.amount_paise ?? x.notice_amount_paise)],
    })),
  );
}

export function messagesSection(k: SectionKit, d: DataExport) {
  const { w, t, word, lang } = k;
  heading(k, "documents.myData.messages");
  if (d.messages.length === 0) return none(k, "documents.myData.noMessages");
  w.table(
    [
      { title: t("documents.myData.colDate"), width: 110 },
      { title: t("documents.myData.colHow"), width: 60 },
      { title: t("documents.myData.colMessage"), width: 330 },
    ],
    d.messages.map((m) => ({ cells: [formatDateTimeIn(m.at, lang), word("channel", m.channel), m.subject ? `${m.subject}\n${m.text}` : m.text] })),
  );
}

export function complaintsSection(k: SectionKit, d: DataExport) {
  const { w, t, date, word } = k;
  heading(k, "documents.myData.complaints");
  if (d.complaints.length === 0) return none(k, "documents.myData.noComplaints");
  w.table(
    [
      { title: t("documents.myData.colReference"), width: 110 },
      { title: t("documents.myData.colDate"), width: 90 },
      { title: t("documents.myData.colStatus"), width: 120 },
      { title: t("documents.myData.colNote"), width: 180 },
    ],
    d.complaints.map((g) => ({ cells: [g.reference, date(g.raised_at), word("complaint", g.status), g.description] })),
  );
}

export function sharedWithSection(k: SectionKit, d: DataExport) {
  const { w, t } = k;
  heading(k, "documents.myData.sharedWith");
  w.text(t("documents.myData.sharedIntro"), { gap: 6 });
  const used = new Map(d.shared_with.map((s) => [s.id, s.used_for_you]));
  w.table(
    [
      { title: t("documents.myData.colWho"), width: 150 },
      { title: t("documents.myData.colWhat"), width: 290 },
      { title: t("documents.myData.colForYou"), width: 60 },
    ],
    PROCESSORS.map((p) => {
      const role = t(`documents.myData.role.${p.id}`);
      return {
        cells: [
          p.name ? `${p.name}\n${role}` : role,
          t(`documents.myData.processor.${p.id}`),
          t(used.get(p.id) ? "documents.myData.yes" : "documents.myData.no"),
        ],
      };
    }),
  );
}

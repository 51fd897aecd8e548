// Issue 32: form F03's page (our KYC for a buyer app's customer), server-rendered in English or Hindi: the offer
// accepted with the KFS acknowledged, our employment step, then Aadhaar's last 4 before DigiLocker. Pure.
import { COMPANY_TYPES, DEPARTMENT_OPTIONS, WORK_MODES } from "../../../core/journey/masters.ts";
import { formatINR } from "../../../core/loan-math/index.ts";
import { formatPaise } from "../../../core/money.ts";
import { escapeHtml } from "../../../core/escape-html.ts";
import { messageText, translate, type CodedMessage, type Language } from "../../../core/i18n/index.ts";
import type { ondcFormSubmissions } from "../../db/schema/index.ts";
import { isDocumentStep, journeyPosition } from "../../../core/journey/index.ts";
import type { MessageKey } from "../../../core/i18n/index.ts";
import { fieldHtml, page, type Field, type PageMessage } from "./form-f01-page.ts";

type Submission = typeof ondcFormSubmissions.$inferSelect;

/** Our employment step's fields, by the website's names, with the page's words. */
const EMPLOYMENT_FIELDS: readonly Field[] = [
  { name: "work_mode", label: "journey.term.workMode", type: "select", required: true, options: WORK_MODES.map((m) => [m.id, m.labelKey] as const) },
  { name: "company_name", label: "journey.term.organisationName", required: true, autocomplete: "organization" },
  { name: "department", label: "journey.term.department", type: "select", required: true, options: DEPARTMENT_OPTIONS.map((d) => [d.id, d.labelKey] as const) },
  {
    name: "company_type_id",
    label: "journey.term.companyType",
    type: "select",
    required: true,
    options: COMPANY_TYPES.map((t) => [String(t.id), t.labelKey] as const),
  },
  { name: "designation", label: "journey.term.designation", required: true },
  { name: "emp_since", label: "journey.term.employmentSince", type: "date", required: true },
  { name: "address_1", label: "journey.term.addressLine1", required: true },
  { name: "address_2", label: "journey.term.addressLine2", required: true },
  { name: "pincode", label: "ondc.f01.pincode", required: true, inputmode: "numeric" },
  { name: "landmark", label: "ondc.f01.landmark" },
  { name: "office_email", label: "ondc.f01.officialemail", type: "email" },
];

export type F03Screen = "accept" | "employment" | "aadhaar" | "statement" | "document" | "ready" | "closed";

/** Which screen of F03 the customer's journey is at: after eKYC, the documents stage, then ready for F04. */
export function f03ScreenOf(nextStep: string | null): F03Screen {
  if (nextStep === "loan_quotation_decision") return "accept";
  if (nextStep === "employment_details") return "employment";
  if (nextStep === "ekyc_initiated" || nextStep === "ekyc_verified") return "aadhaar";
  if (nextStep === "account_aggregator_verify") return "statement";
  if (isDocumentStep(nextStep)) return "document";
  if (journeyPosition(nextStep) >= journeyPosition("banking_details")) return "ready";
  return "closed";
}

/** The document the documents stage asks for next: its code, its name's key and its format. */
export interface F03Document {
  docType: string;
  nameKey: MessageKey;
  format: "pdf" | "image";
}

/** The page for the screen the journey is at, in `lang`. */
export function f03Page(
  lang: Language,
  action: string,
  screen: F03Screen,
  offer: { f02: Submission; kfsLink: string; netPaise: number; totalPaise: number; document?: F03Document | null; kycDone?: boolean },
  values: Record<string, string> = {},
  errors: Record<string, PageMessage> = {},
  notice?: PageMessage,
): string {
  const t = (key: Parameters<typeof translate>[1]) => escapeHtml(translate(lang, key));
  const state = { lang, values, errors };
  const alert =
    Object.keys(errors).length || notice
      ? `<div class="alert" role="alert">${notice ? `<p>${escapeHtml(messageText(lang, notice))}</p>` : ""}${Object.keys(errors).length ? `<p>${t("ondc.form.checkFields")}</p>` : ""}</div>`
      : "";
  const form = (inner: string, button: string, enctype = "") =>
    `${alert}<form method="post" action="${escapeHtml(action)}"${enctype ? ` enctype="${enctype}"` : ""} novalidate><input type="hidden" name="screen" value="${screen}">${inner}<button type="submit">${button}</button></form>`;
  // After DigiLocker, the documents stage runs on: its screens say first that KYC is done.
  const kycDone = offer.kycDone ? `<p role="status">${t("ondc.f03.kycDone")}</p>` : "";
  const { f02 } = offer;
  let body: string;
  if (screen === "accept") {
    const line = messageText(lang, {
      key: "ondc.f03.offerLine",
      values: {
        amount: formatINR(f02.offerPrincipal ?? 0),
        net: formatPaise(offer.netPaise),
        total: formatPaise(offer.totalPaise),
        date: { date: f02.offerRepaymentDate ?? "" },
      },
    });
    body = form(
      `<p>${escapeHtml(line)}</p><p><a href="${escapeHtml(offer.kfsLink)}">${t("ondc.f03.readKfs")}</a></p>${fieldHtml({ name: "kfs_acknowledged", label: "ondc.f03.ack", type: "checkbox", required: true }, state)}`,
      t("ondc.f03.accept"),
    );
  } else if (screen === "employment") {
    body = form(
      `<fieldset><legend>${t("ondc.f03.workLegend")}</legend>${EMPLOYMENT_FIELDS.map((f) => fieldHtml(f, state)).join("")}</fieldset>`,
      t("ondc.f03.continue"),
    );
  } else if (screen === "aadhaar") {
    body = form(
      `<p>${t("ondc.f03.aadhaarIntro")}</p>${fieldHtml({ name: "aadhaar_no", label: "ondc.f03.aadhaarLast4", required: true, inputmode: "numeric", autocomplete: "off" }, state)}`,
      t("ondc.f03.toDigiLocker"),
    );
  } else if (screen === "statement") {
    // The aggregator first (the statement straight from the bank), uploads as the fallback: two buttons, one form.
    body = `${kycDone}${alert}<h2>${t("ondc.f03.statementHeading")}</h2><p>${t("ondc.f03.statementIntro")}</p><form method="post" action="${escapeHtml(action)}" novalidate><input type="hidden" name="screen" value="statement"><button type="submit" name="choice" value="consent">${t("ondc.f03.toAggregator")}</button><button type="submit" name="choice" value="upload" class="secondary">${t("ondc.f03.uploadInstead")}</button></form>`;
  } else if (screen === "document" && offer.document) {
    const { document } = offer;
    const fields: Field[] = [
      {
        name: "file",
        label: document.nameKey,
        type: "file",
        required: true,
        hint: document.format === "pdf" ? "ondc.f03.pdfHint" : "ondc.f03.imageHint",
        accept: document.format === "pdf" ? "application/pdf" : "image/jpeg,image/png,image/webp",
      },
    ];
    if (document.format === "pdf") fields.push({ name: "file_password", label: "ondc.f03.filePassword", autocomplete: "off" });
    body = `${kycDone}<h2>${t("ondc.f03.documentsHeading")}</h2>${form(
      `<input type="hidden" name="doc_type" value="${escapeHtml(document.docType)}">${fields.map((f) => fieldHtml(f, state)).join("")}`,
      t("ondc.f03.upload"),
      "multipart/form-data",
    )}`;
  } else if (screen === "ready") {
    body = `<p role="status">${t("ondc.f03.documentsDone")}</p>`;
  } else {
    body = `<p role="status">${t("ondc.f03.notOpen")}</p>`;
  }
  return page(lang, translate(lang, "ondc.f03.title"), body);
}

/** The page after DigiLocker when eKYC was declined or refused, in the person's words (verified goes on to the documents). */
export function f03DeclinedPage(lang: Language, reason?: CodedMessage | string): string {
  const said = `<div class="alert" role="alert">${reason ? `<p>${escapeHtml(messageText(lang, reason))}</p>` : ""}<p>${escapeHtml(translate(lang, "ondc.f03.rejected"))}</p></div>`;
  return page(lang, translate(lang, "ondc.f03.title"), said);
}

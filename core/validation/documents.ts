// Documents of a lead (spec 2, 3, 7; decision 19) and the eKYC / account-aggregator messages.

import * as z from "zod";
import type { DocumentStep } from "../journey/steps.ts";
import { LIMITS } from "./limits.ts";
import { zodError } from "./field-errors.ts";
import { said } from "./messages.ts";
import { KYC_CODES } from "../i18n/service-codes.ts";
import { saidByCode, type CodedMessage, type MessageKey } from "../i18n/translate.ts";
import { documented, fail, issueOf, ok, optionalText, passThrough, schema, toText, type Check } from "./primitives.ts";
import { DOCUMENTS, PDF_EXTENSIONS, SELFIE_EXTENSIONS, base64FileCheck, fileExtCheck, maxBytesFor, type FileFormat } from "./uploads.ts";
import { eventObject, stepConsentShape } from "./shared.ts";

/** Decision 60: zod's own refusals of a malformed request, by code. */
const INVALID_REQUEST = zodError(said("invalidRequest"));

export type DocType = "aadhaar_front" | "aadhaar_back" | "pan" | "bank_statement" | "salary_slip" | "utility_bill";

/** Every document a lead can need, in the order they are asked for ("Required document" of spec 3). */
export const DOCUMENT_TYPES: readonly { doc_type: DocType; name: string; event_name: DocumentStep; allowed_format: FileFormat }[] = [
  { doc_type: "aadhaar_front", name: "Aadhaar front", event_name: "aadhaar_upload", allowed_format: "image" },
  { doc_type: "aadhaar_back", name: "Aadhaar back", event_name: "aadhaar_upload", allowed_format: "image" },
  { doc_type: "pan", name: "PAN card", event_name: "pan_upload", allowed_format: "image" },
  { doc_type: "bank_statement", name: "Bank statement (last six months)", event_name: "bank_statement_upload", allowed_format: "pdf" },
  { doc_type: "salary_slip", name: "Salary slip", event_name: "pay_slip_upload", allowed_format: "pdf" },
  { doc_type: "utility_bill", name: "Utility bill", event_name: "residence_proof_upload", allowed_format: "image" },
];

/** Each document's label by code (`journey.term.*`), for the messages that name it (decision 60). */
const DOCUMENT_TERMS: Readonly<Record<DocType, MessageKey>> = {
  aadhaar_front: "journey.term.aadhaarFront",
  aadhaar_back: "journey.term.aadhaarBack",
  pan: "journey.term.panCard",
  bank_statement: "journey.term.bankStatement",
  salary_slip: "journey.term.salarySlip",
  utility_bill: "journey.term.utilityBill",
};

/** Each document's name as listed (DOCUMENT_TYPES' name: "Bank statement (last six months)") by code. */
const DOCUMENT_NAMES: Readonly<Record<DocType, MessageKey>> = { ...DOCUMENT_TERMS, bank_statement: "journey.term.bankStatementSix" };

/** A document as a message value: its label by code, or `fallback` (its English) for a type not listed. */
export function documentTerm(docType: string, fallback: string): CodedMessage | string {
  return Object.hasOwn(DOCUMENT_TERMS, docType) ? { key: DOCUMENT_TERMS[docType as DocType] } : fallback;
}

/** A document's name as listed, by code, for a screen or PDF to word it; null for a type not listed. */
export function documentNameKey(docType: string): MessageKey | null {
  return Object.hasOwn(DOCUMENT_NAMES, docType) ? DOCUMENT_NAMES[docType as DocType] : null;
}

/** "Please choose a file for {document}." / "Unknown error uploading {document}" / "Failed to upload {document}. …" by code. */
export const UPLOAD_CODES = {
  fileNotChosen: (document: CodedMessage | string): CodedMessage => ({ key: "journey.msg.fileNotChosen", values: { document } }),
  uploadUnknown: (document: CodedMessage | string): CodedMessage => ({ key: "journey.msg.uploadUnknown", values: { document } }),
  /** `reason`: the server's answer, already in the page's language. */
  uploadFailed: (document: CodedMessage | string, reason: string): CodedMessage =>
    reason ? { key: "journey.msg.uploadFailedWhy", values: { document, reason } } : { key: "journey.msg.uploadFailed", values: { document } },
  /** "{document} must be a {allowed} file." */
  fileType: (document: CodedMessage | string, allowed: string): CodedMessage => ({ key: "journey.msg.fileType", values: { document, allowed } }),
  /** "{document}: File is too large. …" */
  fileTooLargeFor: (document: CodedMessage | string, mb: number): CodedMessage => ({
    key: "journey.msg.namedProblem",
    values: { document, problem: { key: "journey.msg.fileTooLarge", values: { mb: String(mb) } } },
  }),
};

export function documentType(docType: string) {
  return DOCUMENT_TYPES.find((d) => d.doc_type === docType) ?? null;
}

/** The legacy chain's docs_id (spec 7): 4 PAN, 6 bank statement, 16 salary slip, 8 utility bill. */
export const LEGACY_DOCS: Readonly<Record<number, DocType>> = { 4: "pan", 6: "bank_statement", 16: "salary_slip", 8: "utility_bill" };

/** The legacy chain's screens in order (spec 2), each with its title by code. */
export const LEGACY_CHAIN = [
  { screen: "pan-upload", titleKey: "journey.term.uploadPan", docs_id: 4 },
  { screen: "bank-upload", titleKey: "journey.term.uploadBank", docs_id: 6 },
  { screen: "upload-salaryslip", titleKey: "journey.term.uploadSlip", docs_id: 16 },
  { screen: "upload-utilitybill", titleKey: "journey.term.uploadUtility", docs_id: 8 },
] as const satisfies readonly { screen: string; titleKey: MessageKey; docs_id: number }[];

/** The legacy upload's docs_id refusal: the apps' English, no screen shows it (decision 60). */
const LEGACY_DOCS_ID_INVALID = "This document type is not valid.";

const docTypeCheck: Check<string | null> = documented(
  (input: unknown) => {
    const t = toText(input);
    if (t === null || t === "") return ok(null);
    return documentType(t) ? ok(t) : fail(saidByCode(KYC_CODES.documentTypeWrong));
  },
  { type: "string", enum: DOCUMENT_TYPES.map((d) => d.doc_type), description: "Which document of the step; optional when the step has one." },
);

const filePasswordCheck: Check<string | null> = documented(
  (input: unknown) => {
    const r = optionalText({ label: "File Password", max: LIMITS.text.password })(input);
    return r.ok && r.value?.toUpperCase() === "N/A" ? ok(null) : r;
  },
  { type: "string", maxLength: LIMITS.text.password, description: "The PDF's password; 'N/A' when it has none." },
);

/** The legacy single-document upload: lead_id, file, ext, password ('N/A' when none), docs_id. */
export const legacyDocumentUploadSchema = z
  .object({
    lead_id: schema(passThrough),
    docs_id: z.coerce
      .number()
      .int()
      .refine((n) => Object.hasOwn(LEGACY_DOCS, n), LEGACY_DOCS_ID_INVALID),
    file: schema(passThrough),
    ext: schema(passThrough),
    password: schema(filePasswordCheck),
  })
  .transform((v, ctx) => {
    const docType = LEGACY_DOCS[v.docs_id];
    const step = DOCUMENT_TYPES.find((d) => d.doc_type === docType)!;
    const doc = DOCUMENTS[step.event_name];
    const file = base64FileCheck({ required: said(doc.required), maxBytes: maxBytesFor(doc.format) })(v.file);
    const ext = fileExtCheck(doc.label, doc.format === "pdf" ? PDF_EXTENSIONS : SELFIE_EXTENSIONS)(v.ext);
    if (!file.ok) ctx.addIssue(issueOf(file, "file"));
    if (!ext.ok) ctx.addIssue(issueOf(ext, "ext"));
    if (!file.ok || !ext.ok) return z.NEVER;
    return { lead_id: typeof v.lead_id === "string" ? v.lead_id : "", docType, event: step.event_name, file: file.value, ext: ext.value, password: v.password };
  });

export const docTypeField = schema(docTypeCheck);

/** account_aggregator_verify: consent (start), status (after the consent page), skip (upload instead). */
export const accountAggregatorEventSchema = eventObject("account_aggregator_verify", {
  action: z.enum(["consent", "status", "skip"], { error: INVALID_REQUEST }),
  consent_handle: schema(optionalText({ label: "Consent handle", max: 100 })),
  // Issue 23: the account aggregator notice, ticked on the screen with action consent.
  ...stepConsentShape(),
});

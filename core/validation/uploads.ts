// Selfie and document uploads (spec 5, 7, 8; decision 19). Files travel as
// base64 in JSON. The declared extension is checked here; the server also
// checks the content's magic bytes with sniffFileType (never trust the name).

import * as z from "zod";
import { DOCUMENT_STEPS, type DocumentStep } from "../journey/steps.ts";
import { LIMITS } from "./limits.ts";
import { FIELD_LABELS as L, MESSAGES as M, said, type MessageKey, type Said } from "./messages.ts";
import { saidFileTooLarge, saidFileType } from "./said.ts";
import { documented, fail, ok, optionalText, schema, toText, type Check } from "./primitives.ts";
import { eventObject } from "./shared.ts";

export type FileFormat = "image" | "pdf";
export type SniffedType = "jpeg" | "png" | "webp" | "pdf";

export const IMAGE_EXTENSIONS = ["JPEG", "JPG", "PNG"] as const;
/** The camera component captures WEBP by default (spec 9), so a selfie may be WEBP too. */
export const SELFIE_EXTENSIONS = ["JPEG", "JPG", "PNG", "WEBP"] as const;
export const PDF_EXTENSIONS = ["PDF"] as const;
export const DEFAULT_SELFIE_EXT = "JPEG";

export function maxBytesFor(format: FileFormat): number {
  return format === "pdf" ? LIMITS.maxPdfBytes : LIMITS.maxImageBytes;
}

/** Documents of the journey's document stage: what each needs and its spec message. */
export const DOCUMENTS: Readonly<
  Record<DocumentStep, { label: string; format: FileFormat; requiredMessage: string; required: MessageKey; legacyDocsId: number | null }>
> = {
  aadhaar_upload: { label: "Aadhaar", format: "image", requiredMessage: M.aadhaarImageRequired, required: "aadhaarImageRequired", legacyDocsId: null },
  pan_upload: { label: "PAN card", format: "image", requiredMessage: M.panImageRequired, required: "panImageRequired", legacyDocsId: 4 },
  bank_statement_upload: {
    label: "Bank statement",
    format: "pdf",
    requiredMessage: M.bankStatementRequired,
    required: "bankStatementRequired",
    legacyDocsId: 6,
  },
  pay_slip_upload: { label: "Salary slip", format: "pdf", requiredMessage: M.salarySlipRequired, required: "salarySlipRequired", legacyDocsId: 16 },
  residence_proof_upload: {
    label: "Utility bill",
    format: "image",
    requiredMessage: M.utilityImageRequired,
    required: "utilityImageRequired",
    legacyDocsId: 8,
  },
};

const DATA_URL_PREFIX = /^data:[\w.+-]+\/[\w.+-]+;base64,/;

/** Size in bytes of base64 text (no decoding needed). */
export function base64ByteLength(b64: string): number {
  const padding = b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0;
  return (b64.length / 4) * 3 - padding;
}

/** Base64 file content, with or without a data: URL prefix (which is dropped). */
export function base64FileCheck({ required, maxBytes }: { required: string | Said; maxBytes: number }): Check<string> {
  return documented(
    (input: unknown) => {
      if (input === undefined || input === null || input === "") return fail(required);
      if (typeof input !== "string") return fail(said("fileInvalid"));
      const b64 = input.trim().replace(DATA_URL_PREFIX, "");
      if (b64 === "") return fail(required);
      if (b64.length % 4 !== 0) return fail(said("fileInvalid"));
      // Size before the character scan: refuse a huge body without reading it all.
      if (base64ByteLength(b64) > maxBytes) return fail(saidFileTooLarge(maxBytes / (1024 * 1024)));
      return /^[A-Za-z0-9+/]+={0,2}$/.test(b64) ? ok(b64) : fail(said("fileInvalid"));
    },
    {
      type: "string",
      contentEncoding: "base64",
      description: `The file in base64 (a data: URL prefix is dropped), at most ${maxBytes / (1024 * 1024)} MB decoded.`,
    },
  );
}

function listText(exts: readonly string[]): string {
  return exts.length === 1 ? exts[0] : `${exts.slice(0, -1).join(", ")} or ${exts[exts.length - 1]}`;
}

/** File extension, sent upper-cased without a dot; `fallback` fills a blank one. */
export function fileExtCheck(document: string, allowed: readonly string[], fallback?: string): Check<string> {
  return documented(
    (input: unknown) => {
      const t = toText(input);
      if (t === null) return fail(saidFileType(document, listText(allowed)));
      const ext = t.replace(/^\./, "").toUpperCase();
      if (ext === "") return fallback ? ok(fallback) : fail(saidFileType(document, listText(allowed)));
      return allowed.includes(ext) ? ok(ext) : fail(saidFileType(document, listText(allowed)));
    },
    { type: "string", enum: [...allowed], description: `File extension, without the dot (any letter case)${fallback ? `; blank means ${fallback}` : ""}.` },
  );
}

// --- Selfie -----------------------------------------------------------------

const selfieShape = () => ({
  file: schema(base64FileCheck({ required: said("selfieRequired"), maxBytes: LIMITS.maxImageBytes })),
  file_ext: schema(fileExtCheck("Selfie", SELFIE_EXTENSIONS, DEFAULT_SELFIE_EXT)),
});

export const selfieFormSchema = z.object(selfieShape());
export const selfieUploadEventSchema = eventObject("selfie_upload", selfieShape());

// --- Documents (dynamic upload, spec 7) --------------------------------------

/** Legacy clients send 'N/A' when a PDF has no password. */
const filePasswordCheck: Check<string | null> = documented(
  (input: unknown) => {
    const r = optionalText({ label: L.filePassword, max: LIMITS.text.password })(input);
    return r.ok && r.value?.toUpperCase() === "N/A" ? ok(null) : r;
  },
  { type: "string", maxLength: LIMITS.text.password, description: "The PDF's password; empty or 'N/A' when it has none." },
);

export function documentUploadEventSchema<E extends DocumentStep>(event: E) {
  const doc = DOCUMENTS[event];
  // Decision 19 accepts JPEG, PNG and WebP images, so document images may be WEBP too.
  const exts = doc.format === "pdf" ? PDF_EXTENSIONS : SELFIE_EXTENSIONS;
  return eventObject(event, {
    file: schema(base64FileCheck({ required: said(doc.required), maxBytes: maxBytesFor(doc.format) })),
    file_ext: schema(fileExtCheck(doc.label, exts)),
    file_password: schema(filePasswordCheck),
    doc_type: schema(optionalText({ label: L.docType, max: LIMITS.text.docType })),
  });
}

/** Any document upload, chosen by its event_name. */
export const documentUploadSchema = z.discriminatedUnion(
  "event_name",
  DOCUMENT_STEPS.map((e) => documentUploadEventSchema(e)) as unknown as [
    ReturnType<typeof documentUploadEventSchema<DocumentStep>>,
    ...ReturnType<typeof documentUploadEventSchema<DocumentStep>>[],
  ],
);

// --- Content sniffing (decision 19) -----------------------------------------

/** The file type its first bytes show, or null when it is none we accept. */
export function sniffFileType(bytes: Uint8Array): SniffedType | null {
  const at = (i: number, ...sig: number[]) => sig.every((b, k) => bytes[i + k] === b);
  if (at(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "webp";
  if (at(0, 0x25, 0x50, 0x44, 0x46, 0x2d)) return "pdf";
  return null;
}

const EXT_TYPES: Record<string, SniffedType> = { JPEG: "jpeg", JPG: "jpeg", PNG: "png", WEBP: "webp", PDF: "pdf" };

/** True when the declared extension names the type the content really is. */
export function extensionMatchesContent(ext: string, bytes: Uint8Array): boolean {
  const sniffed = sniffFileType(bytes);
  return sniffed !== null && EXT_TYPES[ext.toUpperCase()] === sniffed;
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Decodes the first bytes of base64 text (enough to sniff), in browser and server alike. */
export function decodeBase64Head(b64: string, maxBytes = 16): Uint8Array {
  const chars = b64
    .replace(DATA_URL_PREFIX, "")
    .slice(0, Math.ceil(maxBytes / 3) * 4)
    .replace(/=+$/, "");
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const ch of chars) {
    const v = B64.indexOf(ch);
    if (v < 0) break;
    buffer = ((buffer << 6) | v) & 0xffff; // at most 13 live bits
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((buffer >> bits) & 0xff);
    }
  }
  return Uint8Array.from(out.slice(0, maxBytes));
}

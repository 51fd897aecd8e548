// CERSAI's Central KYC Records Registry (CKYCR), issue 33: search by PAN, download a found record
// (authenticated by the customer's date of birth, or by a code CKYCR sends to their mobile), and upload a
// customer's KYC record in the bulk upload format (core/ckyc/ckyc-file.ts). One customer per upload, so
// a rejection concerns one customer and the upload is answered by its reference (customer and version).
import type { IsoDate } from "../../../core/calendar.ts";
import type { CkycReason } from "../../../core/ckyc/ckyc-reader.ts";

export type CkycSearchResult =
  /** CKYCR masks all but the identifier's last four digits in a search answer; `ckycReference` asks for the download. */
  { found: true; maskedCkycNumber: string; ckycReference: string; name: string } | { found: false };

export type CkycDownloadAuth = { kind: "dob"; dob: IsoDate } | { kind: "mobile-code"; code: string };

/** The record's fields as CKYCR answers them: what the journey can fill (each shown to the customer to confirm). */
export interface CkycDownloadedRecord {
  ckycNumber: string;
  name: string;
  relativeName: string | null;
  gender: "M" | "F" | "T";
  dob: IsoDate;
  pan: string;
  mobile: string | null;
  email: string | null;
  address: { lines: string[]; city: string; stateCode: string; pincode: string };
  /** When the record was last updated at CKYCR. */
  updatedOn: IsoDate;
}

export type CkycDownloadResult =
  | { ok: true; record: CkycDownloadedRecord }
  /** The date of birth or code did not match, or the code expired; nothing is answered. */
  | { ok: false; reason: "AUTH_FAILED" | "NOT_FOUND" };

export type CkycUploadResult =
  | { reference: string; status: "ACCEPTED"; ckycNumber: string }
  /** Nothing is loaded; the reasons are CKYCR's codes and words. */
  | { reference: string; status: "REJECTED"; reasons: CkycReason[] };

export interface CkycPort {
  search(input: { pan: string; requestId: string }): Promise<CkycSearchResult>;
  /** Asks CKYCR to send a download code to the mobile its record holds; answers that mobile masked, or null when not found. */
  sendDownloadCode(input: { ckycReference: string; requestId: string }): Promise<{ sentTo: string } | null>;
  download(input: { ckycReference: string; auth: CkycDownloadAuth; requestId: string }): Promise<CkycDownloadResult>;
  /** The ZIP for one customer; `reference` is the record's (customer and version): sent twice, it is answered the same. */
  upload(input: { reference: string; fileName: string; zip: Uint8Array }): Promise<CkycUploadResult>;
}

/** All but the last four digits hidden, as CKYCR's search answers since 2025. */
export const maskCkycNumber = (ckycNumber: string) => `${"X".repeat(ckycNumber.length - 4)}${ckycNumber.slice(-4)}`;

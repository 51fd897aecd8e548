// A complaint's codes (category, status) and a collections contact's channel as catalogue keys
// (issue 23): the screens word them in the reader's language rather than show the API's English labels.
import { CONTACT_CHANNELS } from "../../core/admin/collections-desk.ts";
import { GRIEVANCE_CATEGORIES, GRIEVANCE_STATUSES } from "../../core/grievances.ts";
import type { MessageKey } from "../../core/i18n/index.ts";

const has = (list: readonly string[], code: string) => list.includes(code);

export const complaintCategoryKey = (code: string): MessageKey | null =>
  has(GRIEVANCE_CATEGORIES, code) ? (`servicing.complaint.category.${code}` as MessageKey) : null;
export const complaintStatusKey = (code: string): MessageKey | null =>
  has(GRIEVANCE_STATUSES, code) ? (`servicing.complaint.status.${code}` as MessageKey) : null;
export const contactChannelKey = (code: string): MessageKey | null =>
  has(CONTACT_CHANNELS, code) ? (`servicing.complaints.channel.${code}` as MessageKey) : null;

/** The file sent with a complaint, as the API tells it (issue 30): a photo or a PDF, and its size in bytes. */
export type AttachedFile = { kind: "photo" | "pdf"; bytes: number } | null | undefined;

/** The confirmation's line ("Your photo is attached to the complaint."), or null when no file went. */
export const attachedConfirmationKey = (file: AttachedFile): MessageKey | null =>
  file ? (file.kind === "pdf" ? "servicing.complaint.attachedPdf" : "servicing.complaint.attachedPhoto") : null;

/** The complaint list's fact ("A photo"), or null when no file went. */
export const attachedFactKey = (file: AttachedFile): MessageKey | null =>
  file ? (file.kind === "pdf" ? "servicing.complaints.attachedPdf" : "servicing.complaints.attachedPhoto") : null;

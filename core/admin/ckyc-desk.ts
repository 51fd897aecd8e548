// What the CKYC screen (/admin/ckyc, issue 33) may ask of the server: accounts and the data protection
// officer list each customer's uploads of their KYC record to CKYCR (status, CKYCR's reasons, the day it is
// due), correct a rejected record and send it again. Names masked, the PAN and identifier to their last four.

export const CKYC_DESK_ROLES = ["accounts", "data_protection"] as const;

export const CKYC_STATUS_LABELS = {
  NOT_SENT: "Not sent: our checks refused it",
  SENDING: "Sending",
  ACCEPTED: "Accepted",
  REJECTED: "Rejected by CKYCR",
  FAILED: "Not answered",
} as const;
export type CkycDeskStatus = keyof typeof CKYC_STATUS_LABELS;

/** The fields a correction may set, with their labels on the screen. */
export const CKYC_CORRECTION_LABELS = {
  relative_kind: "Father or spouse (father / spouse)",
  relative_name: "Father's or spouse's name",
  ckyc_number: "CKYC identifier CKYCR already holds (14 digits)",
  name: "Name",
  address_line1: "Address line 1",
  address_line2: "Address line 2",
  city: "City",
  state: "State",
  pincode: "PIN code",
  email: "E-mail",
} as const;
export type CkycCorrectionField = keyof typeof CKYC_CORRECTION_LABELS;

export const CKYC_DESK_MESSAGES = {
  noSuchCustomer: "No CKYC upload for that customer.",
  accepted: "This version is already accepted by CKYCR: a change of the customer's details makes the next version.",
  unknownField: "Choose a field to correct.",
  badValue: "That value is not allowed for this field.",
  nothingOwed: "Nothing to send: the record has not changed since CKYCR's answer. Correct it first.",
  noPort: "CKYC is not set up here (CKYC_URL).",
  unanswered: "CKYCR did not answer. The record is kept and the daily job sends it again; or try again in a few minutes.",
} as const;

export interface CkycDeskRow {
  customerId: string;
  /** "Asha V.": staff see names masked. */
  name: string;
  panLast4: string | null;
  reference: string;
  version: number;
  status: CkycDeskStatus;
  attempts: number;
  /** The identifier to its last four digits. */
  ckycNumber: string | null;
  reasons: { code: string; message: string }[];
  firstPaidOut: string | null;
  dueBy: string | null;
  overdue: boolean;
  notified: boolean;
  corrections: { field: CkycCorrectionField; label: string }[];
  updatedAt: string;
}

/** The desk's calls, bound to the signed-in staff member (core/admin/admin-api.ts). */
export interface CkycDeskApi {
  list(): Promise<{ rows: CkycDeskRow[] }>;
  correct(input: { customerId: string; field: string; value: string }): Promise<{ field: CkycCorrectionField }>;
  sendAgain(input: { customerId: string }): Promise<{ reference: string; status: CkycDeskStatus; reasons: { code: string; message: string }[] }>;
}

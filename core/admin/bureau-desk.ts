// What the credit-bureau screen (/admin/bureau, issue 22) may ask of the server: accounts lists the
// fortnightly files, builds a period's file, sends it to the bureau and downloads it (audited); the
// auditor reads the list. Records left out show the loan number and the reasons, never personal data.

export const BUREAU_ROLES = { read: ["accounts", "auditor"], act: ["accounts"] } as const;

export const BUREAU_MESSAGES = {
  noSuchFile: "No such bureau file.",
  alreadyBuilt: "The file for that period is already built. A correction goes in the next period's file.",
  built: "The file is built.",
  submitted: "The file was sent to the bureau.",
  noUpload: "Sending files to the bureau is not set up here: download the file and upload it on the bureau's portal.",
  fileMissing: "The stored file could not be read; build the next period's file and tell the engineers.",
} as const;

export const SUBMISSION_STATUS_LABELS = { ACCEPTED: "Accepted", PARTLY_ACCEPTED: "Partly accepted", REJECTED: "Rejected" } as const;
export type BureauSubmissionStatus = keyof typeof SUBMISSION_STATUS_LABELS;

export interface BureauRejectedRecord {
  leadId: string;
  loanNo: string | null;
  problems: string[];
}

export interface BureauSubmissionRow {
  id: string;
  bureau: string;
  status: BureauSubmissionStatus;
  reference: string | null;
  acceptedCount: number;
  rejectedCount: number;
  fileError: string | null;
  recordErrors: { position: number; loanNo: string | null; errors: string[] }[];
  submittedAt: string;
  submittedByEmail: string | null;
}

export interface BureauFileRow {
  id: string;
  periodStart: string;
  periodEnd: string;
  fileName: string;
  recordCount: number;
  rejected: BureauRejectedRecord[];
  byteSize: number;
  builtAt: string;
  builtByEmail: string | null;
  submissions: BureauSubmissionRow[];
}

export interface BureauDesk {
  /**
   * Files newest first, each with its submissions; the latest period that has ended (to build); and
   * the ended periods since the first file that have no file (a gap, oldest first).
   */
  list(): Promise<{ files: BureauFileRow[]; latestEndedPeriodEnd: string; missingPeriodEnds: string[]; canAct: boolean }>;
  build(input: { periodEnd: string }): Promise<{ id: string; recordCount: number; rejectedCount: number }>;
  submit(input: { fileId: string }): Promise<BureauSubmissionRow>;
}

/** The file's name: our member id, the date reported, .tudf (the bureaus' convention). */
export const bureauFileName = (memberId: string, periodEnd: string) => `${memberId.replace(/[^A-Za-z0-9]/g, "")}_${periodEnd.replace(/-/g, "")}.tudf`;

/** Where the screen's download form posts (under /admin, so the staff cookie reaches it). */
export const bureauDownloadPath = (fileId: string) => `/admin/bureau/files/${encodeURIComponent(fileId)}/download`;

// Submitting the fortnightly data file to a credit bureau (issue 22). The bureau answers a file with
// its verdict and a report per record, as CIBIL's data-upload error report does: a record with errors
// is not loaded; the others are.
import type { IsoDate } from "../../../core/calendar.ts";

export type SubmissionStatus = "ACCEPTED" | "PARTLY_ACCEPTED" | "REJECTED";

export interface SubmissionRecordError {
  /** The record's place in the file, from 1. */
  position: number;
  loanNo: string | null;
  errors: string[];
}

export interface SubmissionResult {
  reference: string;
  status: SubmissionStatus;
  acceptedCount: number;
  rejectedCount: number;
  /** Set when the whole file was refused (a broken header or structure); no record is loaded then. */
  fileError: string | null;
  recordErrors: SubmissionRecordError[];
}

export interface BureauSubmissionPort {
  /** The bureau's name as accounts sees it. */
  readonly bureau: string;
  submit(input: { fileName: string; content: string; periodEnd: IsoDate; memberId: string }): Promise<SubmissionResult>;
}

/** A file's verdict from its records' outcome. */
export function statusOf(accepted: number, rejected: number): SubmissionStatus {
  if (rejected === 0) return "ACCEPTED";
  return accepted === 0 ? "REJECTED" : "PARTLY_ACCEPTED";
}

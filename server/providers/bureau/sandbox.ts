// The sandbox bureau: it reads the file as the bureau's loader does (core/bureau/tudf-reader.ts), refuses a
// file whose header or structure is broken, and answers each record that fails its checks with the
// errors, loading the rest. Its reference is derived from the content, so the same file gets the same one.
import { createHash } from "node:crypto";
import { parseTudf, readSubject } from "../../../core/bureau/tudf-reader.ts";
import { statusOf, type BureauSubmissionPort, type SubmissionRecordError } from "./port.ts";

export function createSandboxBureauSubmission(): BureauSubmissionPort {
  return {
    bureau: "TransUnion CIBIL (sandbox)",
    async submit({ content, periodEnd, memberId }) {
      const reference = `SBX-${createHash("sha256").update(content).digest("hex").slice(0, 12).toUpperCase()}`;
      const parsed = parseTudf(content);
      const refuse = (fileError: string) => ({ reference, status: "REJECTED" as const, acceptedCount: 0, rejectedCount: 0, fileError, recordErrors: [] });
      if (!parsed.ok) return refuse(parsed.error);
      if (parsed.header.memberId !== memberId) return refuse("The header's member id is not ours.");
      if (parsed.header.dateReported !== periodEnd) return refuse("The header's date reported is not the period's last day.");
      const recordErrors: SubmissionRecordError[] = [];
      parsed.subjects.forEach((segments, index) => {
        const read = readSubject(segments);
        const errors = read.ok ? [] : read.errors;
        if (read.ok && read.memberId !== memberId) errors.push("TL 01: member code is not the header's.");
        if (read.ok && read.record.dateReported !== periodEnd) errors.push("TL 11: date reported is not the header's.");
        if (errors.length) recordErrors.push({ position: index + 1, loanNo: read.ok ? read.record.loanNo : read.loanNo, errors });
      });
      const rejectedCount = recordErrors.length;
      const acceptedCount = parsed.subjects.length - rejectedCount;
      return { reference, status: statusOf(acceptedCount, rejectedCount), acceptedCount, rejectedCount, fileError: null, recordErrors };
    },
  };
}

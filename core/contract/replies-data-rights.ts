// The Data of the borrower's data-rights answers (issue 23): their consents, what is kept and until when,
// and their correction and erasure requests. replies.ts re-exports these beside the journey's replies.
import * as z from "zod";

const str = z.string();
const int = z.number().int();
const nullableStr = z.string().nullable();
const nullableNum = z.number().nullable();

const retentionReply = z.object({ open_loan: z.boolean(), last_closed_on: nullableStr, kept_until: nullableStr });
export const dataRequestReply = z.object({
  id: str,
  kind: z.enum(["correction", "erasure"]),
  details: nullableStr,
  status: z.enum(["OPEN", "DONE", "REJECTED"]),
  requested_on: str,
  due_on: str,
  handled_on: nullableStr,
  outcome: nullableStr,
  records_kept_until: nullableStr,
});
export const myDataReply = z.object({
  consents: z.array(
    z.object({
      purpose: str,
      granted: z.boolean(),
      at: nullableStr,
      notice_version: nullableNum,
      language: nullableStr,
      notice: z.object({ version: int, title: str, data: str, why: str, kept: str, withdraw: str, needed_by_loan: z.boolean() }),
    }),
  ),
  retention: retentionReply,
  requests: z.array(dataRequestReply),
});
export const saveConsentReply = z.object({ purpose: str, granted: z.boolean(), still_needed_by_loan: z.boolean(), retention: retentionReply });

// The complaint form (issue 22) as a plain form post: the page's action reads the fields and the
// attached file and sends them to the API in-process, where core's rules and the content check run.
import { GRIEVANCE_LIMITS } from "../../core/grievances.ts";
import type { AttachedFile } from "./complaint-words.ts";

/** One 5 MB attachment plus the form's text, as multipart. */
export const COMPLAINT_FORM_LIMIT = GRIEVANCE_LIMITS.attachmentMaxBytes + 64 * 1024;

export type ComplaintFormReply = {
  message: string;
  errors: Record<string, string>;
  values: Record<string, string>;
  reference?: string;
  /** The file that went with the complaint (a photo or a PDF and its size), told on the confirmation. */
  attachment?: AttachedFile;
};

const TEXT_FIELDS = ["category", "loan_no", "description", "name", "mobile", "email", "captcha_id", "captcha"] as const;

/** The form's fields (as typed, to show again on an error) and the API body with the file in base64. */
export async function readComplaintForm(form: FormData): Promise<{ values: Record<string, string>; body: Record<string, unknown> }> {
  const values: Record<string, string> = {};
  for (const name of TEXT_FIELDS) {
    const v = form.get(name);
    if (typeof v === "string") values[name] = v;
  }
  const file = form.get("attachment");
  const attachment = file instanceof File && file.size > 0 ? Buffer.from(await file.arrayBuffer()).toString("base64") : "";
  const { captcha: _answer, ...shown } = values;
  return { values: shown, body: { ...values, attachment } };
}

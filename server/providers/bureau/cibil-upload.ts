// Production skeleton (not run against a live bureau): members send the TUDF data file to TransUnion
// CIBIL's data-upload service, named <member id>_<DDMMYYYY>.tudf, authenticated with the member id and
// the reporting password the bureau issues (the password stays out of the stored file's header), and
// read back the upload's reference and its error report. CIBIL also takes the file by SFTP to a
// per-member folder; this adapter speaks the HTTPS form: one multipart POST, then the report by reference.
import type { BureauSubmissionPort, SubmissionResult } from "./port.ts";
import { statusOf } from "./port.ts";

export function createCibilUpload(config: { url: string; memberId: string; password: string; fetch?: typeof fetch }): BureauSubmissionPort {
  const call = config.fetch ?? fetch;
  const base = config.url.replace(/\/$/, "");
  const auth = `Basic ${Buffer.from(`${config.memberId}:${config.password}`).toString("base64")}`;
  return {
    bureau: "TransUnion CIBIL",
    async submit({ fileName, content }): Promise<SubmissionResult> {
      const form = new FormData();
      form.set("memberId", config.memberId);
      form.set("fileType", "TUDF");
      form.set("file", new Blob([content], { type: "text/plain" }), fileName);
      const upload = await call(`${base}/data-upload`, { method: "POST", headers: { authorization: auth }, body: form, signal: AbortSignal.timeout(60_000) });
      if (!upload.ok) throw new Error(`bureau upload answered ${upload.status}`);
      const { reference } = (await upload.json()) as { reference: string };
      const report = await call(`${base}/data-upload/${encodeURIComponent(reference)}/report`, {
        headers: { authorization: auth },
        signal: AbortSignal.timeout(60_000),
      });
      if (!report.ok) throw new Error(`bureau report answered ${report.status}`);
      const body = (await report.json()) as {
        fileError?: string | null;
        accepted?: number;
        records?: { sequence: number; accountNumber?: string | null; errors: string[] }[];
      };
      const recordErrors = (body.records ?? []).map((r) => ({ position: r.sequence, loanNo: r.accountNumber ?? null, errors: r.errors }));
      const acceptedCount = Number(body.accepted ?? 0);
      if (body.fileError) return { reference, status: "REJECTED", acceptedCount: 0, rejectedCount: 0, fileError: body.fileError, recordErrors: [] };
      return {
        reference,
        status: statusOf(acceptedCount, recordErrors.length),
        acceptedCount,
        rejectedCount: recordErrors.length,
        fileError: null,
        recordErrors,
      };
    },
  };
}

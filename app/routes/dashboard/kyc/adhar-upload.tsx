import { useState } from "react";
import { Form, Link, redirect, useRevalidator, useSubmit } from "react-router";
import type { Route } from "./+types/adhar-upload.ts";
import { screenFor } from "../../../../core/journey/index.ts";
import { MESSAGES, uploadFailedMessage } from "../../../../core/validation/index.ts";
import { FormAlert, SubmitButton } from "../../../components/dashboard/form-bits.tsx";
import { ACCEPT, KycScreen, postWithProgress, readFileAsBase64 } from "../../../components/dashboard/kyc-screen.tsx";
import { useNotices } from "../../../components/dashboard/notices.tsx";
import { JOURNEY_PATH, isSessionEnd, logoutLocally } from "../../../lib/api.ts";
import { CONTROLLER } from "../../../lib/dashboard-data.ts";
import { endOnSessionLoss, loadDashboard, requireApi } from "../../../lib/dashboard.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "Complete Your KYC | SalaryOnTime" }, { name: "robots", content: "noindex" }];

interface RequiredDocument {
  name: string;
  doc_type: string;
  event_name: string;
  allowed_format: "image" | "pdf";
}
type Progress = { percent: number; state: "idle" | "uploading" | "done" | "failed"; message?: string };

/** What check_customer_mandatory_documents still requires (Aadhaar front and back first). */
export async function loader({ context }: Route.LoaderArgs): Promise<{ docs: RequiredDocument[] | null }> {
  const reply = endOnSessionLoss(await requireApi(context).api<RequiredDocument[]>(`${CONTROLLER}/check_customer_mandatory_documents`, {}));
  return { docs: reply.Status === 1 && reply.Data ? reply.Data : null };
}

/** After the uploads (or with none required): on to the screen of the server's next_step. */
export async function action({ context }: Route.ActionArgs) {
  const { dashboard } = await loadDashboard(context);
  throw redirect(screenFor(dashboard?.next_event_name));
}

/**
 * The dynamic documents page (spec 2, 7): lists what check_customer_mandatory_documents requires
 * (Aadhaar front and back first, as 'Complete Your KYC'), and uploads them all in parallel from
 * the browser (the files are read there, with a progress bar each).
 */
function Documents({ docs }: { docs: RequiredDocument[] | null }) {
  const submitNext = useSubmit();
  const revalidator = useRevalidator();
  const { notify } = useNotices();
  const [files, setFiles] = useState<Record<string, File | undefined>>({});
  const [passwords, setPasswords] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<Record<string, Progress>>({});
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  const next = () => submitNext(null, { method: "post" });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!docs) return;
    if (docs.some((d) => !files[d.doc_type])) return setError(MESSAGES.documentsRequired);
    setError("");
    setBusy(true);
    const set = (key: string, p: Progress) => setProgress((all) => ({ ...all, [key]: p }));
    const results = await Promise.all(
      docs.map(async (d) => {
        const file = files[d.doc_type]!;
        set(d.doc_type, { percent: 0, state: "uploading" });
        try {
          const { base64, ext } = await readFileAsBase64(file);
          const reply = await postWithProgress(
            JOURNEY_PATH,
            { event_name: d.event_name, doc_type: d.doc_type, file: base64, file_ext: ext, file_password: passwords[d.doc_type] ?? "" },
            (percent) => set(d.doc_type, { percent, state: "uploading" }),
          );
          if (isSessionEnd(reply.Status)) logoutLocally();
          if (reply.Status === 1) {
            set(d.doc_type, { percent: 100, state: "done" });
            return true;
          }
          const reason = reply.errors ? Object.values(reply.errors)[0] : reply.Message;
          set(d.doc_type, { percent: 0, state: "failed", message: `${uploadFailedMessage(d.name)}${reason ? ` ${reason}` : ""}` });
          return false;
        } catch {
          set(d.doc_type, { percent: 0, state: "failed", message: uploadFailedMessage(d.name) });
          return false;
        }
      }),
    );
    setBusy(false);
    if (results.every(Boolean)) {
      notify(MESSAGES.uploadsSuccess);
      await next();
    } else {
      setError(MESSAGES.uploadsError);
      // Keep only the ones that still need a file.
      await revalidator.revalidate();
    }
  }

  if (!docs)
    return (
      <p className="alert alert-error" role="alert">
        {MESSAGES.documentsFetchFailed}
      </p>
    );
  if (docs.length === 0) {
    return (
      <Form method="post">
        <p>{MESSAGES.noDocumentsRequired}</p>
        <button type="submit" className="btn btn-primary btn-block">
          Continue
        </button>
      </Form>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <p className="hint">Images may be JPEG, PNG or WEBP up to 5 MB; PDFs up to 10 MB. If a PDF is password protected, enter its password.</p>
      <ul className="doc-list">
        {docs.map((d) => {
          const p = progress[d.doc_type];
          const id = `doc-${d.doc_type}`;
          return (
            <li key={d.doc_type} className="field doc-item">
              <label htmlFor={id}>
                {d.name} ({d.allowed_format === "pdf" ? "PDF" : "image"})
              </label>
              <input
                id={id}
                type="file"
                accept={ACCEPT[d.allowed_format]}
                aria-describedby={p?.state === "failed" ? `${id}-error` : undefined}
                onChange={(e) => setFiles((f) => ({ ...f, [d.doc_type]: e.target.files?.[0] }))}
              />
              {d.allowed_format === "pdf" ? (
                <>
                  <label htmlFor={`${id}-password`}>{d.name} password (only if protected)</label>
                  <input
                    id={`${id}-password`}
                    type="password"
                    autoComplete="off"
                    value={passwords[d.doc_type] ?? ""}
                    onChange={(e) => setPasswords((all) => ({ ...all, [d.doc_type]: e.target.value }))}
                  />
                </>
              ) : null}
              {p ? (
                <progress max={100} value={p.percent} aria-label={`${d.name} upload progress`}>
                  {p.percent}%
                </progress>
              ) : null}
              {p?.state === "done" ? <p className="hint">Uploaded</p> : null}
              {p?.state === "failed" ? (
                <p className="field-error" id={`${id}-error`} role="alert">
                  {p.message}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      <FormAlert message={error} />
      <SubmitButton busy={busy}>Upload and Continue</SubmitButton>
      <p className="hint">
        Prefer one document at a time? <Link to="/my-dashboard/pan-upload">Upload them one by one</Link>.
      </p>
    </form>
  );
}

export default function AdharUpload({ loaderData }: Route.ComponentProps) {
  return (
    <KycScreen step="aadhaar_upload" title="Complete Your KYC" back={{ to: "/my-dashboard/eligibility", label: "Back" }}>
      {() => <Documents docs={loaderData.docs} />}
    </KycScreen>
  );
}

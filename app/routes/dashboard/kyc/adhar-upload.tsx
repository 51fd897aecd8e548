import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { Route } from "./+types/adhar-upload.ts";
import { screenFor } from "../../../../core/journey/index.ts";
import { MESSAGES, uploadFailedMessage } from "../../../../core/validation/index.ts";
import { FormAlert, SubmitButton } from "../../../components/dashboard/form-bits.tsx";
import { ACCEPT, KycScreen, postWithProgress, readFileAsBase64 } from "../../../components/dashboard/kyc-screen.tsx";
import { useNotices } from "../../../components/dashboard/notices.tsx";
import { JOURNEY_PATH, isSessionEnd, logoutLocally, postJson } from "../../../lib/api.ts";
import { CONTROLLER, fetchDashboard } from "../../../lib/dashboard-data.ts";

export const meta: Route.MetaFunction = () => [{ title: "Complete Your KYC | SalaryOnTime" }, { name: "robots", content: "noindex" }];

interface RequiredDocument { name: string; doc_type: string; event_name: string; allowed_format: "image" | "pdf" }
type Progress = { percent: number; state: "idle" | "uploading" | "done" | "failed"; message?: string };

/**
 * The dynamic documents page (spec 2, 7): lists what check_customer_mandatory_documents requires
 * (Aadhaar front and back first, as 'Complete Your KYC'), and uploads them all in parallel.
 */
function Documents() {
  const navigate = useNavigate();
  const { notify } = useNotices();
  const [docs, setDocs] = useState<RequiredDocument[] | null>(null);
  const [loadError, setLoadError] = useState("");
  const [files, setFiles] = useState<Record<string, File | undefined>>({});
  const [passwords, setPasswords] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<Record<string, Progress>>({});
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function load() {
    const reply = await postJson<RequiredDocument[]>(`${CONTROLLER}/check_customer_mandatory_documents`, {});
    if (reply.Status !== 1 || !reply.Data) return setLoadError(MESSAGES.documentsFetchFailed);
    setDocs(reply.Data);
  }
  useEffect(() => {
    load();
  }, []);

  async function next() {
    const dashboard = await fetchDashboard();
    navigate(screenFor(dashboard.Data?.next_event_name));
  }

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
      await load();
    }
  }

  if (loadError) return <p className="alert alert-error" role="alert">{loadError}</p>;
  if (!docs) return <p className="loading" role="status">{MESSAGES.documentsLoading}</p>;
  if (docs.length === 0) {
    return (
      <div>
        <p>{MESSAGES.noDocumentsRequired}</p>
        <button type="button" className="btn btn-primary btn-block" onClick={next}>Continue</button>
      </div>
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
              <label htmlFor={id}>{d.name} ({d.allowed_format === "pdf" ? "PDF" : "image"})</label>
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
                  <input id={`${id}-password`} type="password" autoComplete="off" value={passwords[d.doc_type] ?? ""} onChange={(e) => setPasswords((all) => ({ ...all, [d.doc_type]: e.target.value }))} />
                </>
              ) : null}
              {p ? <progress max={100} value={p.percent} aria-label={`${d.name} upload progress`}>{p.percent}%</progress> : null}
              {p?.state === "done" ? <p className="hint">Uploaded</p> : null}
              {p?.state === "failed" ? <p className="field-error" id={`${id}-error`} role="alert">{p.message}</p> : null}
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

export default function AdharUpload() {
  return (
    <KycScreen step="aadhaar_upload" title="Complete Your KYC" back={{ to: "/my-dashboard/eligibility", label: "Back" }}>
      {() => <Documents />}
    </KycScreen>
  );
}

import { useState } from "react";
import { Form, Link, data, redirect, useActionData, useRevalidator, useSubmit } from "react-router";
import { useRichT, useT } from "../../../lib/i18n.tsx";
import { journeyMeta, useBeforePostposition } from "../../../lib/journey-words.ts";
import type { Route } from "./+types/adhar-upload.ts";
import { screenFor } from "../../../../core/journey/index.ts";
import { UPLOAD_CODES, documentNameKey, documentTerm, messageCode } from "../../../../core/validation/index.ts";
import { messageText, type CodedMessage, type MessageKey } from "../../../../core/i18n/index.ts";
import { DocumentDrop, shortName, type UploadState } from "../../../components/dashboard/document-drop.tsx";
import { FormAlert, SubmitButton } from "../../../components/dashboard/form-bits.tsx";
import { KycScreen, postWithProgress, readFileAsBase64 } from "../../../components/dashboard/kyc-screen.tsx";
import { useNotices } from "../../../components/dashboard/notices.tsx";
import { JOURNEY_PATH, isSessionEnd, logoutLocally } from "../../../lib/api.ts";
import { CONTROLLER } from "../../../lib/dashboard-data.ts";
import { endOnSessionLoss, loadDashboard, noticeCookie, requireApi } from "../../../lib/dashboard.server.ts";
import { serverContext } from "../../../lib/server-context.ts";

export const meta: Route.MetaFunction = journeyMeta("journey.docs.title");

interface RequiredDocument {
  name: string;
  doc_type: string;
  event_name: string;
  allowed_format: "image" | "pdf";
}
/** What check_customer_mandatory_documents still requires (Aadhaar front and back first). */
export async function loader({ context }: Route.LoaderArgs): Promise<{ docs: RequiredDocument[] | null }> {
  const reply = endOnSessionLoss(await requireApi(context).api<RequiredDocument[]>(`${CONTROLLER}/check_customer_mandatory_documents`, {}));
  return { docs: reply.Status === 1 && reply.Data ? reply.Data : null };
}

/** What the action answers when the documents were sent without JavaScript and something is missing or refused. */
export interface DocumentsReply {
  error: string | CodedMessage;
  /** doc_type → why that document is not in. */
  problems: Record<string, string | CodedMessage>;
}

/** A document as its messages name it: its label by code (decision 60). */
const named = (d: { doc_type: string; name: string }) => documentTerm(d.doc_type, shortName(d.name));
const DOCUMENTS_REQUIRED = messageCode("documentsRequired");
const isDocumentsRequired = (error: string | CodedMessage) =>
  typeof error !== "string" && typeof DOCUMENTS_REQUIRED !== "string" && error.key === DOCUMENTS_REQUIRED.key;

const fileOf = (form: FormData, key: string) => {
  const value = form.get(key);
  return value instanceof File && value.size > 0 ? value : undefined;
};

/**
 * `intent=next` (the browser has uploaded the files itself): on to the screen of the server's
 * next_step. Otherwise the form was sent without JavaScript, with the files: each is uploaded
 * here, through the same journey event (and the same server checks) as from the browser.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const api = requireApi(context);
  if (form.get("intent") !== "next") {
    const required = endOnSessionLoss(await api.api<RequiredDocument[]>(`${CONTROLLER}/check_customer_mandatory_documents`, {}));
    const docs = required.Status === 1 && required.Data ? required.Data : [];
    const chosen = docs.map((d) => ({ d, file: fileOf(form, `doc-${d.doc_type}`) ?? fileOf(form, `doc-${d.doc_type}-photo`) }));
    const missing = chosen.filter((c) => !c.file);
    if (missing.length) {
      return data<DocumentsReply>(
        { error: DOCUMENTS_REQUIRED, problems: Object.fromEntries(missing.map(({ d }) => [d.doc_type, UPLOAD_CODES.fileNotChosen(named(d))])) },
        { status: 400 },
      );
    }
    const problems: Record<string, CodedMessage> = {};
    for (const { d, file } of chosen) {
      const ext = file!.name.includes(".") ? file!.name.split(".").pop()!.toUpperCase() : "";
      const reply = endOnSessionLoss(
        await api.journey({
          event_name: d.event_name,
          doc_type: d.doc_type,
          file: Buffer.from(await file!.arrayBuffer()).toString("base64"),
          file_ext: ext,
          file_password: String(form.get(`doc-${d.doc_type}-password`) ?? ""),
        }),
      );
      if (reply.Status !== 1) problems[d.doc_type] = failureCode(d, reply);
    }
    if (Object.keys(problems).length) return data<DocumentsReply>({ error: messageCode("uploadsError"), problems }, { status: 400 });
    const { dashboard } = await loadDashboard(context);
    throw redirect(screenFor(dashboard?.next_event_name), {
      headers: { "Set-Cookie": noticeCookie(messageText(context.get(serverContext).language ?? "en", messageCode("uploadsSuccess"))) },
    });
  }
  const { dashboard } = await loadDashboard(context);
  throw redirect(screenFor(dashboard?.next_event_name));
}

/** 'Failed to upload {document}. Please try again.' and the server's reason; 'Unknown error uploading {document}' when there is no answer. */
function failureCode(d: { doc_type: string; name: string }, reply: { Status: number; Message: string; errors?: Record<string, string> }): CodedMessage {
  if (reply.Status === 0) return UPLOAD_CODES.uploadUnknown(named(d));
  const reason = reply.errors ? Object.values(reply.errors)[0] : reply.Message;
  return UPLOAD_CODES.uploadFailed(named(d), reason ?? "");
}

/**
 * The dynamic documents page (spec 2, 7): lists what check_customer_mandatory_documents requires
 * (Aadhaar front and back first, as 'Complete Your KYC'), one drop zone each, and uploads them all
 * in parallel from the browser (with a progress bar each). Without JavaScript the same form posts
 * the files to the action.
 */
function Documents({ docs }: { docs: RequiredDocument[] | null }) {
  const submitNext = useSubmit();
  const revalidator = useRevalidator();
  const reply = useActionData<DocumentsReply>();
  const { notify } = useNotices();
  const [files, setFiles] = useState<Record<string, File | undefined>>({});
  const [passwords, setPasswords] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<Record<string, UploadState>>({});
  const [problems, setProblems] = useState<Record<string, string | CodedMessage>>(reply?.problems ?? {});
  const [error, setError] = useState<string | CodedMessage>(reply?.error ?? "");
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const t = useT();
  const before = useBeforePostposition();
  /** The document's name as listed, worded from its key (as the server sent it for a type not listed). */
  const listed = (d: RequiredDocument, word: (key: MessageKey) => string) => {
    const key = documentNameKey(d.doc_type);
    return key ? word(key) : d.name;
  };
  const rich = useRichT();

  const missing = (docs ?? []).filter((d) => !files[d.doc_type]);
  // 'Please upload all required documents.' goes as soon as the last one is chosen.
  const shownError = isDocumentsRequired(error) && missing.length === 0 ? "" : error;

  function choose(docType: string, file: File | undefined) {
    setFiles((f) => ({ ...f, [docType]: file }));
    setProblems(({ [docType]: _gone, ...rest }) => rest);
    setProgress(({ [docType]: _old, ...rest }) => rest);
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!docs) return;
    setTried(true);
    if (missing.length) {
      setProblems(Object.fromEntries(missing.map((d) => [d.doc_type, UPLOAD_CODES.fileNotChosen(named(d))])));
      return setError(DOCUMENTS_REQUIRED);
    }
    setError("");
    setProblems({});
    setBusy(true);
    const set = (key: string, p: UploadState) => setProgress((all) => ({ ...all, [key]: p }));
    const results: boolean[] = await Promise.all(
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
          set(d.doc_type, { percent: 0, state: "failed", message: failureCode(d, reply) });
          return false;
        } catch {
          set(d.doc_type, { percent: 0, state: "failed", message: UPLOAD_CODES.uploadUnknown(named(d)) });
          return false;
        }
      }),
    );
    setBusy(false);
    if (results.every(Boolean)) {
      notify(t("journey.msg.uploadsSuccess"), "success", { nextPage: true });
      await submitNext({ intent: "next" }, { method: "post" });
    } else {
      setError(messageCode("uploadsError"));
      // Keep only the ones that still need a file (the failed ones keep their message).
      const failed = new Set(docs.filter((_, i) => !results[i]).map((d) => d.doc_type));
      setFiles((all) => Object.fromEntries(Object.entries(all).filter(([k]) => !failed.has(k))));
      await revalidator.revalidate();
    }
  }

  if (!docs)
    return (
      <p className="alert alert-error" role="alert">
        {t("journey.msg.documentsFetchFailed")}
      </p>
    );
  if (docs.length === 0) {
    return (
      <Form method="post">
        <input type="hidden" name="intent" value="next" />
        <p>{t("journey.msg.noDocumentsRequired")}</p>
        <button type="submit" className="btn btn-primary btn-block">
          {t("journey.continue")}
        </button>
      </Form>
    );
  }
  return (
    <form method="post" encType="multipart/form-data" onSubmit={submit} noValidate>
      <p className="hint">{t("journey.docs.hint")}</p>
      <ul className="doc-list">
        {docs.map((d) => {
          const id = `doc-${d.doc_type}`;
          return (
            <li key={d.doc_type} className="field doc-item">
              <label htmlFor={id}>{t("journey.docs.format", { name: listed(d, t), format: d.allowed_format })}</label>
              <DocumentDrop
                id={id}
                docType={d.doc_type}
                name={d.name}
                format={d.allowed_format}
                file={files[d.doc_type]}
                upload={progress[d.doc_type]}
                problem={tried || reply ? problems[d.doc_type] : undefined}
                disabled={busy}
                onFile={(file) => choose(d.doc_type, file)}
              >
                {d.allowed_format === "pdf" ? (
                  <div className="doc-password">
                    <label htmlFor={`${id}-password`}>{t("journey.docs.password", { name: listed(d, before) })}</label>
                    <input
                      id={`${id}-password`}
                      name={`${id}-password`}
                      type="password"
                      autoComplete="off"
                      value={passwords[d.doc_type] ?? ""}
                      onChange={(e) => setPasswords((all) => ({ ...all, [d.doc_type]: e.target.value }))}
                    />
                  </div>
                ) : null}
              </DocumentDrop>
            </li>
          );
        })}
      </ul>
      <FormAlert message={shownError} />
      <SubmitButton busy={busy}>{t("journey.docs.uploadContinue")}</SubmitButton>
      <p className="hint">{rich("journey.docs.oneByOne", { link: (chunks) => <Link to="/my-dashboard/pan-upload">{chunks}</Link> })}</p>
    </form>
  );
}

export default function AdharUpload({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <KycScreen step="aadhaar_upload" title={t("journey.docs.heading")} back={{ to: "/my-dashboard/eligibility", label: t("journey.docs.back") }}>
      {() => <Documents docs={loaderData.docs} />}
    </KycScreen>
  );
}

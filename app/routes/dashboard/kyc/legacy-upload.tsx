import { useState } from "react";
import { redirect, useLocation, useSubmit } from "react-router";
import type { Route } from "./+types/legacy-upload.ts";
import { screenFor } from "../../../../core/journey/index.ts";
import { DOCUMENTS, DOCUMENT_TYPES, LEGACY_CHAIN, LEGACY_DOCS, documentTerm, messageCode } from "../../../../core/validation/index.ts";
import { Field, FormAlert, SubmitButton } from "../../../components/dashboard/form-bits.tsx";
import { DocumentDrop, type UploadState } from "../../../components/dashboard/document-drop.tsx";
import { KycScreen, postWithProgress, readFileAsBase64 } from "../../../components/dashboard/kyc-screen.tsx";
import { useNotices } from "../../../components/dashboard/notices.tsx";
import { errorText, isSessionEnd, logoutLocally } from "../../../lib/api.ts";
import { CONTROLLER, type DashboardData } from "../../../lib/dashboard-data.ts";
import { endOnSessionLoss, loadDashboard, requireApi } from "../../../lib/dashboard.server.ts";
import { translate, type CodedMessage } from "../../../../core/i18n/index.ts";
import { useCodeText, useT } from "../../../lib/i18n.tsx";
import { metaLanguage } from "../../../lib/journey-words.ts";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const link = LEGACY_CHAIN.find((l) => location.pathname.endsWith(`/${l.screen}`));
  const lang = metaLanguage(matches);
  return [
    { title: `${link ? translate(lang, link.titleKey) : translate(lang, "journey.legacy.titleFallback")} | SalaryOnTime` },
    { name: "robots", content: "noindex" },
  ];
};

const chainIndex = (pathname: string) =>
  Math.max(
    0,
    LEGACY_CHAIN.findIndex((l) => pathname.endsWith(`/${l.screen}`)),
  );

/** After an upload: the next legacy screen whose document is still missing; else the server's next_step. */
export async function action({ request, context }: Route.ActionArgs) {
  const index = chainIndex(new URL(request.url).pathname);
  const missing = endOnSessionLoss(await requireApi(context).api<{ doc_type: string }[]>(`${CONTROLLER}/check_customer_mandatory_documents`, {}));
  const need = new Set((missing.Data ?? []).map((d) => d.doc_type));
  const later = LEGACY_CHAIN.slice(index + 1).find((l) => need.has(LEGACY_DOCS[l.docs_id]));
  if (later) throw redirect(`/my-dashboard/${later.screen}`);
  const { dashboard } = await loadDashboard(context);
  throw redirect(screenFor(dashboard?.next_event_name));
}

/**
 * The legacy chain (spec 2, 7): pan-upload → bank-upload → upload-salaryslip → upload-utilitybill,
 * one document each with docs_id 4, 6, 16, 8. It skips what is already in (e.g. a statement the
 * account aggregator fetched) and ends on the server's next_step.
 */
function LegacyForm({ data, index }: { data: DashboardData; index: number }) {
  const link = LEGACY_CHAIN[index];
  const docType = LEGACY_DOCS[link.docs_id];
  const doc = DOCUMENT_TYPES.find((d) => d.doc_type === docType)!;
  const spec = DOCUMENTS[doc.event_name];
  const submitNext = useSubmit();
  const { notify } = useNotices();
  const [file, setFile] = useState<File | undefined>();
  const [upload, setUpload] = useState<UploadState | undefined>();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | CodedMessage>("");
  const [busy, setBusy] = useState(false);
  const t = useT();
  const words = useCodeText();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!file) return setError(messageCode(spec.required));
    setBusy(true);
    setError("");
    const { base64, ext } = await readFileAsBase64(file);
    setUpload({ percent: 0, state: "uploading" });
    const reply = await postWithProgress<{ next_step: string; step_percentage: number }>(
      `${CONTROLLER}/saveCustomerDocument`,
      { lead_id: data.lead_details?.lead_id ?? "", file: base64, ext, password: password || "N/A", docs_id: link.docs_id },
      (percent) => setUpload({ percent, state: "uploading" }),
    );
    if (isSessionEnd(reply.Status)) logoutLocally();
    if (reply.Status !== 1 || !reply.Data) {
      setBusy(false);
      setUpload({ percent: 0, state: "failed" });
      return setError(reply.errors ? Object.values(reply.errors)[0] : errorText(reply));
    }
    setUpload({ percent: 100, state: "done" });
    notify(reply.Message, "success", { nextPage: true });
    // The file went from the browser (read there); where to go next is the action's answer.
    await submitNext(null, { method: "post" });
    setBusy(false);
  }

  return (
    <form onSubmit={submit} noValidate>
      <div className="field doc-item">
        <label htmlFor="legacy-file">{t("journey.legacy.kind", { label: words(documentTerm(docType, spec.label)), format: doc.allowed_format })}</label>
        {docType === "bank_statement" ? <p className="hint">{t("journey.legacy.statementHint")}</p> : null}
        <DocumentDrop
          id="legacy-file"
          docType={docType}
          name={spec.label}
          format={doc.allowed_format}
          file={file}
          upload={upload}
          disabled={busy}
          onFile={setFile}
        />
      </div>
      {doc.allowed_format === "pdf" ? (
        <Field id="legacy-password" label={t("journey.legacy.password")}>
          <input id="legacy-password" type="password" autoComplete="off" value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
      ) : null}
      <FormAlert message={error} />
      <SubmitButton busy={busy}>{t("journey.continue")}</SubmitButton>
    </form>
  );
}

export default function LegacyUpload() {
  const location = useLocation();
  const index = chainIndex(location.pathname);
  const link = LEGACY_CHAIN[index];
  const event = DOCUMENT_TYPES.find((d) => d.doc_type === LEGACY_DOCS[link.docs_id])!.event_name;
  const t = useT();
  return (
    <KycScreen step={event} title={t(link.titleKey)} back={{ to: "/my-dashboard/adhar-upload", label: t("journey.legacy.back") }}>
      {(data) => <LegacyForm key={link.screen} data={data} index={index} />}
    </KycScreen>
  );
}

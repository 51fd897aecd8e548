import { useEffect, useRef, useState } from "react";
import { UPLOAD_CODES, documentTerm, maxBytesFor, type FileFormat } from "../../../core/validation/index.ts";
import { ACCEPT } from "./kyc-screen.tsx";
import { FieldError } from "../field-error.tsx";
import type { CodedMessage, Translate } from "../../../core/i18n/index.ts";
import { useRichT, useT } from "../../lib/i18n.tsx";
import { useBeforePostposition } from "../../lib/journey-words.ts";

/** Where one document's upload stands. */
export type UploadState = { percent: number; state: "idle" | "uploading" | "done" | "failed"; message?: string | CodedMessage };

const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"];
const IMAGE_EXTS = ["jpg", "jpeg", "png", "webp"];

/** "Bank statement (last six months)" → "Bank statement": the name messages use. */
export const shortName = (name: string) => name.replace(/\s*\(.*\)\s*$/, "");

/**
 * Why a chosen file cannot be this document ("Salary slip must be a PDF file."), by code, or "" when it can.
 * A first check only, so the customer hears at once; the server still checks the content (magic bytes).
 */
export function chosenFileProblem(file: File, name: string, format: FileFormat, docType = ""): CodedMessage | "" {
  const ext = file.name.includes(".") ? file.name.split(".").pop()!.toLowerCase() : "";
  const fits =
    format === "pdf"
      ? file.type === "application/pdf" || (!file.type && ext === "pdf")
      : IMAGE_TYPES.includes(file.type) || (!file.type && IMAGE_EXTS.includes(ext));
  const document = documentTerm(docType, shortName(name));
  if (!fits) return UPLOAD_CODES.fileType(document, format === "pdf" ? "PDF" : "JPEG, PNG or WEBP");
  const max = maxBytesFor(format);
  return file.size > max ? UPLOAD_CODES.fileTooLargeFor(document, max / (1024 * 1024)) : "";
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function statusText(t: Translate, file: File | undefined, upload: UploadState | undefined): string {
  if (upload?.state === "uploading") return t("journey.drop.uploading", { percent: upload.percent });
  if (upload?.state === "done") return t("journey.drop.uploaded");
  if (upload?.state === "failed") return t("journey.drop.notUploaded");
  return file ? t("journey.drop.ready") : t("journey.drop.none");
}

/** One document's drop zone: what the page gives it. */
export interface DocumentDropProps {
  id: string;
  /** The document's name as listed, e.g. "Salary slip": shown as it is only for a type not listed. */
  name: string;
  format: FileFormat;
  file: File | undefined;
  upload?: UploadState;
  /** The document's type (aadhaar_front, …): its label by code, on the zone and in the messages. */
  docType: string;
  /** A message the page sets for this document (e.g. 'Please choose a file for Aadhaar front.'). */
  problem?: string | CodedMessage;
  disabled?: boolean;
  onFile: (file: File | undefined) => void;
  children?: React.ReactNode;
}

/**
 * One document's drop zone (issue 14): drag and drop or click to choose (a real, labelled file
 * input, so keyboards and screen readers work as usual), "Take a photo" with the phone's camera
 * for image documents, a preview (thumbnail, or a PDF's name and size), a progress bar and a
 * status line. A file of the wrong type is refused at once with a message naming the document.
 */
export function DocumentDrop(props: DocumentDropProps) {
  const { id, name, format, file, upload } = props;
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [typeError, setTypeError] = useState<CodedMessage | "">("");
  const t = useT();
  const rich = useRichT();
  const before = useBeforePostposition();
  const label = documentTerm(props.docType, shortName(name));
  const shown = typeof label === "string" ? label : t(label.key);
  // "… की फ़ोटो", "… की झलक": the label in the form it takes before a postposition.
  const of = typeof label === "string" ? label : before(label.key);
  const [thumb, setThumb] = useState("");

  // A thumbnail of a chosen image, as a data: URL (the CSP admits data: images; a blob: URL would be
  // fetched by tools that copy the page, which connect-src 'self' refuses).
  useEffect(() => {
    setThumb("");
    if (!file || format !== "image") return;
    const reader = new FileReader();
    reader.onload = () => setThumb(typeof reader.result === "string" ? reader.result : "");
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file, format]);

  function take(chosen: File | undefined) {
    if (!chosen) return;
    const problem = chosenFileProblem(chosen, name, format, props.docType);
    setTypeError(problem);
    props.onFile(problem ? undefined : chosen);
    // The input keeps only an accepted file (without JavaScript the form sends what the input holds).
    if (problem && input.current) input.current.value = "";
  }

  const failed = upload?.state === "failed" ? upload.message : "";
  const error = typeError || failed || props.problem || "";
  const kind = format === "pdf" ? t("journey.drop.kindPdf") : t("journey.drop.kindImage");
  const state = upload?.state === "done" ? " is-done" : error ? " is-failed" : file ? " is-chosen" : "";

  return (
    <div
      className={`doc-drop${dragging ? " is-dragging" : ""}${state}`}
      onDragOver={(e) => {
        e.preventDefault();
        if (!props.disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        if (!props.disabled) take(e.dataTransfer.files[0]);
      }}
      // A click on the zone's empty space opens the chooser too (keyboards use the labelled input itself).
      onClick={(e) => {
        const target = e.target as Element;
        if (!props.disabled && (target === e.currentTarget || target.closest(".doc-drop-text"))) input.current?.click();
      }}
    >
      {file ? (
        <div className="doc-preview">
          {thumb ? (
            // A file that says it is an image but is not (the server will refuse it) shows the plain icon instead.
            <img className="doc-thumb" src={thumb} alt={t("journey.drop.preview", { name: of })} width={72} height={72} onError={() => setThumb("")} />
          ) : format === "image" ? (
            <svg className="doc-pdf-icon" viewBox="0 0 40 48" width="40" height="48" role="img" aria-label={t("journey.drop.imageFile")}>
              <rect x="2" y="6" width="36" height="36" rx="3" fill="#fff" stroke="#4a5561" strokeWidth="2.5" />
              <circle cx="14" cy="18" r="4" fill="#4a5561" />
              <path d="M6 38l10-12 7 8 5-5 8 9z" fill="#4a5561" />
            </svg>
          ) : (
            <svg className="doc-pdf-icon" viewBox="0 0 40 48" width="40" height="48" role="img" aria-label={t("journey.drop.pdfFile")}>
              <path d="M4 2h22l10 10v32a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z" fill="#fff" stroke="#b42318" strokeWidth="2.5" />
              <path d="M26 2v10h10" fill="none" stroke="#b42318" strokeWidth="2.5" />
              <text x="20" y="36" textAnchor="middle" fontSize="11" fontWeight="700" fill="#b42318">
                {/* the format\'s name drawn on the icon, not a word to translate */ "PDF"}
              </text>
            </svg>
          )}
          <div className="doc-file-facts">
            <span className="doc-file-name">{file.name}</span>
            <span className="hint">{formatSize(file.size)}</span>
          </div>
        </div>
      ) : (
        <p className="doc-drop-text" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M12 16V4M7 9l5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
          </svg>
          {t("journey.drop.dragHere")}
        </p>
      )}
      <p className="hint doc-kind" id={`${id}-kind`}>
        {kind}
      </p>
      <div className="drop-actions">
        <label className="btn btn-secondary file-button">
          <span aria-hidden="true">{file ? t("journey.drop.another") : t("journey.drop.choose")}</span>
          <input
            ref={input}
            id={id}
            name={id}
            className="visually-hidden"
            type="file"
            accept={ACCEPT[format]}
            disabled={props.disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-kind ${id}-status${error ? ` ${id}-error` : ""}`}
            onChange={(e) => take(e.target.files?.[0])}
          />
        </label>
        {format === "image" ? (
          // Phones open the camera for this input (capture); desktops without a camera hide it (CSS).
          <label className="btn btn-secondary file-button doc-camera">
            {rich("journey.drop.photo", { name: of, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> })}
            <input
              className="visually-hidden"
              type="file"
              name={`${id}-photo`}
              accept="image/*"
              capture="environment"
              disabled={props.disabled}
              onChange={(e) => take(e.target.files?.[0])}
            />
          </label>
        ) : null}
      </div>
      {props.children}
      {upload && upload.state !== "idle" ? (
        <progress max={100} value={upload.percent} aria-label={t("journey.drop.progress", { name: shown })}>
          {upload.percent}%
        </progress>
      ) : null}
      <p className="doc-status" id={`${id}-status`}>
        {statusText(t, file, upload)}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

// The complaint form's shared fields (issue 22): category, loan number, description and attachment.
import { useEffect, useState } from "react";
import { GRIEVANCE_CATEGORIES, GRIEVANCE_LIMITS } from "../../core/grievances.ts";
import { useT } from "../lib/i18n.tsx";
import { attachedConfirmationKey, complaintCategoryKey, type AttachedFile } from "../lib/complaint-words.ts";
import { Field, describe } from "./dashboard/form-bits.tsx";

export function ComplaintFields({ values, errors, loanHint }: { values: Record<string, string>; errors: Record<string, string>; loanHint: string }) {
  const t = useT();
  return (
    <>
      <Field id="category" label={t("servicing.complaint.category")} error={errors.category}>
        <select {...describe("category", errors.category)} defaultValue={values.category ?? ""} required>
          <option value="">{t("servicing.complaint.choose")}</option>
          {GRIEVANCE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(complaintCategoryKey(c)!)}
            </option>
          ))}
        </select>
      </Field>
      <Field id="loan_no" label={t("servicing.complaint.loanNo")} error={errors.loan_no} hint={loanHint}>
        <input {...describe("loan_no", errors.loan_no, true)} defaultValue={values.loan_no ?? ""} maxLength={GRIEVANCE_LIMITS.loanNoMax} autoComplete="off" />
      </Field>
      <Field id="description" label={t("servicing.complaint.description")} error={errors.description} hint={t("servicing.complaint.descriptionHint")}>
        <textarea
          {...describe("description", errors.description, true)}
          defaultValue={values.description ?? ""}
          rows={6}
          minLength={GRIEVANCE_LIMITS.descriptionMin}
          maxLength={GRIEVANCE_LIMITS.descriptionMax}
          required
        />
      </Field>
      <Field id="attachment" label={t("servicing.complaint.attachment")} error={errors.attachment} hint={t("servicing.complaint.attachmentHint")}>
        <FileChooser error={errors.attachment} />
      </Field>
    </>
  );
}

/**
 * The attachment as a styled button in our words (issue 30), not the browser's "Choose File / No file
 * chosen" in the browser's language. The real file input sits inside the label, visually hidden, so it
 * takes the keyboard focus, keeps the field's label as its name, and posts with no script (the public
 * page loads none). The chosen file's name is shown only where React runs: without a script nothing
 * could update it, and no CSS selector tells an optional file input with a file from an empty one.
 */
function FileChooser({ error }: { error?: string }) {
  const t = useT();
  const [live, setLive] = useState(false);
  const [file, setFile] = useState<{ name: string } | null>(null);
  useEffect(() => setLive(true), []);
  return (
    <div className="file-choice">
      <label className="btn btn-secondary file-button">
        {/* The button's words are for the eye; the input's name is the field's label. */}
        <span aria-hidden="true">{file ? t("servicing.complaint.chooseAnother") : t("servicing.complaint.chooseFile")}</span>
        <input
          {...describe("attachment", error, true)}
          className="visually-hidden"
          type="file"
          accept="application/pdf,image/jpeg,image/png,image/webp"
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            setFile(chosen ? { name: chosen.name } : null);
          }}
        />
      </label>
      {live ? (
        <p className="file-choice-status" aria-live="polite">
          {file ? t("servicing.complaint.fileChosen", { name: file.name }) : t("servicing.complaint.noFile")}
        </p>
      ) : null}
    </div>
  );
}

/** The confirmation's line saying the photo or PDF went with the complaint (issue 30); nothing when none did. */
export function AttachedLine({ file }: { file: AttachedFile }) {
  const t = useT();
  const key = attachedConfirmationKey(file);
  return key ? <p>{t(key)}</p> : null;
}

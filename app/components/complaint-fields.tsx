// The complaint form's shared fields (issue 22): category, loan number, description and attachment.
import { GRIEVANCE_CATEGORIES, GRIEVANCE_LIMITS } from "../../core/grievances.ts";
import { useT } from "../lib/i18n.tsx";
import { complaintCategoryKey } from "../lib/complaint-words.ts";
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
        <input {...describe("attachment", errors.attachment, true)} type="file" accept="application/pdf,image/jpeg,image/png,image/webp" />
      </Field>
    </>
  );
}

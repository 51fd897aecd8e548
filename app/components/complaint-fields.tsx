// The complaint form's shared fields (issue 22): category, loan number, description and attachment.
import { GRIEVANCE_CATEGORIES, GRIEVANCE_CATEGORY_LABELS, GRIEVANCE_LIMITS } from "../../core/grievances.ts";
import { Field, describe } from "./dashboard/form-bits.tsx";

export function ComplaintFields({ values, errors, loanHint }: { values: Record<string, string>; errors: Record<string, string>; loanHint: string }) {
  return (
    <>
      <Field id="category" label="What is your complaint about?" error={errors.category}>
        <select {...describe("category", errors.category)} defaultValue={values.category ?? ""} required>
          <option value="">Choose…</option>
          {GRIEVANCE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {GRIEVANCE_CATEGORY_LABELS[c]}
            </option>
          ))}
        </select>
      </Field>
      <Field id="loan_no" label="Loan number (optional)" error={errors.loan_no} hint={loanHint}>
        <input {...describe("loan_no", errors.loan_no, true)} defaultValue={values.loan_no ?? ""} maxLength={GRIEVANCE_LIMITS.loanNoMax} autoComplete="off" />
      </Field>
      <Field id="description" label="Describe what happened" error={errors.description} hint="What happened, when, and what you would like us to do.">
        <textarea
          {...describe("description", errors.description, true)}
          defaultValue={values.description ?? ""}
          rows={6}
          minLength={GRIEVANCE_LIMITS.descriptionMin}
          maxLength={GRIEVANCE_LIMITS.descriptionMax}
          required
        />
      </Field>
      <Field id="attachment" label="Attachment (optional)" error={errors.attachment} hint="A PDF or a photo (JPEG, PNG or WEBP), up to 5 MB.">
        <input {...describe("attachment", errors.attachment, true)} type="file" accept="application/pdf,image/jpeg,image/png,image/webp" />
      </Field>
    </>
  );
}

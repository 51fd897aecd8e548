import { Form } from "react-router";
import type { Route } from "./+types/about-your-company.ts";
import { Field, FormAlert, Options, SubmitButton, describe } from "../../components/dashboard/form-bits.tsx";
import { StepScreen } from "../../components/dashboard/step-screen.tsx";
import { COMPANY_TYPES, DEPARTMENT_OPTIONS, WORK_MODES } from "../../../core/journey/index.ts";
import { defaultToday } from "../../../core/calendar.ts";
import { employmentFormSchema, filterPinCodeInput } from "../../../core/validation/index.ts";
import { formValues, submitJourneyEvent } from "../../lib/dashboard.server.ts";
import { useJourneyForm } from "../../lib/use-journey-form.ts";
import { FieldError } from "../../components/field-error.tsx";
import { useT } from "../../lib/i18n.tsx";
import { journeyMeta } from "../../lib/journey-words.ts";

export const meta: Route.MetaFunction = journeyMeta("journey.company.title");

const EMPTY = {
  work_mode: "",
  company_name: "",
  department: "",
  company_type_id: "",
  designation: "",
  emp_since: "",
  address_1: "",
  address_2: "",
  landmark: "",
  pincode: "",
  office_email: "",
};

/** employment_details; success goes to next_step's screen (the Adhar page) with the server's message. */
export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const payload = Object.fromEntries(Object.keys(EMPTY).map((key) => [key, values[key] ?? ""]));
  return submitJourneyEvent(context, { event_name: "employment_details", ...payload }, { values });
}

function EmploymentForm() {
  const form = useJourneyForm(EMPTY, { schema: employmentFormSchema() });
  const { values: v, set, error: err } = form;
  const t = useT();

  const text = (key: keyof typeof v, label: string, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <Field id={key} label={label} error={err(key)}>
      <input {...describe(key, err(key))} type="text" value={v[key]} onChange={set(key)} {...extra} />
    </Field>
  );

  return (
    <Form method="post" onSubmit={form.onSubmit} noValidate>
      <fieldset className="pan-fieldset">
        <legend className="label">{t("journey.term.workMode")}</legend>
        <div className="home-actions">
          {WORK_MODES.map((m) => (
            <label key={m.id} className="check">
              <input
                type="radio"
                name="work_mode"
                value={m.id}
                checked={v.work_mode === m.id}
                onChange={set("work_mode")}
                aria-invalid={err("work_mode") ? true : undefined}
                id={m.id === "WFO" ? "work_mode" : undefined}
              />
              {t(m.labelKey)} ({m.id})
            </label>
          ))}
        </div>
        <FieldError message={err("work_mode")} />
      </fieldset>
      {text("company_name", t("journey.term.organisationName"), { autoComplete: "organization" })}
      <Field id="department" label={t("journey.term.department")} error={err("department")}>
        <select {...describe("department", err("department"))} value={v.department} onChange={set("department")}>
          <Options list={DEPARTMENT_OPTIONS} placeholder={t("journey.select", { what: t("journey.term.department") })} />
        </select>
      </Field>
      <Field id="company_type_id" label={t("journey.term.companyType")} error={err("company_type_id")}>
        <select {...describe("company_type_id", err("company_type_id"))} value={v.company_type_id} onChange={set("company_type_id")}>
          <Options list={COMPANY_TYPES} placeholder={t("journey.select", { what: t("journey.term.companyType") })} />
        </select>
      </Field>
      {text("designation", t("journey.term.designation"), { autoComplete: "organization-title" })}
      <Field id="emp_since" label={t("journey.term.employmentSince")} error={err("emp_since")}>
        <input {...describe("emp_since", err("emp_since"))} type="date" max={defaultToday()} value={v.emp_since} onChange={set("emp_since")} />
      </Field>
      {text("address_1", t("journey.company.office", { label: t("journey.term.addressLine1") }))}
      {text("address_2", t("journey.company.office", { label: t("journey.term.addressLine2") }))}
      {text("landmark", t("journey.optional", { label: t("journey.term.landmark") }))}
      <Field id="pincode" label={t("journey.address.pinCode")} error={err("pincode")}>
        <input
          {...describe("pincode", err("pincode"))}
          type="text"
          inputMode="numeric"
          maxLength={6}
          autoComplete="postal-code"
          value={v.pincode}
          onChange={(e) => form.setValues({ ...v, pincode: filterPinCodeInput(e.target.value) })}
        />
      </Field>
      {text("office_email", t("journey.optional", { label: t("journey.term.officialEmail") }), { type: "email", autoComplete: "work email" })}
      <FormAlert message={form.message} />
      <SubmitButton busy={form.busy}>{t("journey.continue")}</SubmitButton>
    </Form>
  );
}

export default function AboutYourCompany() {
  const t = useT();
  return (
    <StepScreen step="employment_details" title={t("journey.company.heading")} intro={t("journey.company.intro")}>
      {() => <EmploymentForm />}
    </StepScreen>
  );
}

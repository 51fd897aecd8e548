import { useState } from "react";
import type { Route } from "./+types/personal-information.ts";
import { Field, FormAlert, Options, SubmitButton, describe } from "../../components/dashboard/form-bits.tsx";
import { StepScreen, useStepSubmit } from "../../components/dashboard/step-screen.tsx";
import { GENDERS, MARITAL_STATUSES, MARRIED_ID } from "../../../core/journey/index.ts";
import { defaultToday } from "../../../core/calendar.ts";
import { filterSpouseNumberInput, personalFormSchema } from "../../../core/validation/index.ts";
import type { DashboardData } from "../../lib/dashboard-data.ts";
import { checkForm, focusFirstError } from "../../lib/form-errors.ts";

export const meta: Route.MetaFunction = () => [{ title: "Personal Information | SalaryOnTime" }, { name: "robots", content: "noindex" }];

function PersonalForm({ data }: { data: DashboardData }) {
  const p = data.profile_details;
  const { submit, busy, error, serverErrors } = useStepSubmit();
  const [v, setV] = useState({
    gender: p.gender ? String(p.gender) : "",
    personal_email: p.personal_email,
    dob: p.dob,
    marital_status_id: p.marital_status_id ? String(p.marital_status_id) : "",
    spouse_name: p.spouse_name,
    spouse_number: p.spouse_mobile,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof v) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setV({ ...v, [key]: e.target.value });
  const married = Number(v.marital_status_id) === MARRIED_ID;
  const err = (key: string) => errors[key] ?? serverErrors[key];

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const checked = checkForm(personalFormSchema(), v);
    if (!checked.ok) {
      setErrors(checked.errors);
      return focusFirstError(checked.errors);
    }
    setErrors({});
    await submit({ event_name: "personal_details", ...v, spouse_name: married ? v.spouse_name : "", spouse_number: married ? v.spouse_number : "" });
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Field id="full_name" label="Full Name (as per PAN)" hint="Taken from your PAN; it cannot be changed.">
        <input id="full_name" value={p.full_name} readOnly aria-describedby="full_name-hint" />
      </Field>
      <Field id="gender" label="Gender" error={err("gender")}>
        <select {...describe("gender", err("gender"))} value={v.gender} onChange={set("gender")}>
          <Options list={GENDERS} placeholder="Select gender" />
        </select>
      </Field>
      <Field id="personal_email" label="Personal Email" error={err("personal_email")}>
        <input {...describe("personal_email", err("personal_email"))} type="email" autoComplete="email" value={v.personal_email} onChange={set("personal_email")} />
      </Field>
      <Field id="dob" label="Date of Birth" error={err("dob")}>
        <input {...describe("dob", err("dob"))} type="date" autoComplete="bday" max={defaultToday()} value={v.dob} onChange={set("dob")} />
      </Field>
      <Field id="marital_status_id" label="Marital Status" error={err("marital_status_id")}>
        <select {...describe("marital_status_id", err("marital_status_id"))} value={v.marital_status_id} onChange={set("marital_status_id")}>
          <Options list={MARITAL_STATUSES} placeholder="Select marital status" />
        </select>
      </Field>
      {married ? (
        <>
          <Field id="spouse_name" label="Spouse Name" error={err("spouse_name")}>
            <input {...describe("spouse_name", err("spouse_name"))} autoComplete="off" value={v.spouse_name} onChange={set("spouse_name")} />
          </Field>
          <Field id="spouse_number" label="Spouse Mobile Number" error={err("spouse_number")}>
            <input
              {...describe("spouse_number", err("spouse_number"))}
              type="tel"
              inputMode="numeric"
              autoComplete="off"
              value={v.spouse_number}
              onChange={(e) => setV({ ...v, spouse_number: filterSpouseNumberInput(e.target.value) })}
            />
          </Field>
        </>
      ) : null}
      <FormAlert message={Object.keys(serverErrors).length ? "" : error} />
      <SubmitButton busy={busy}>Continue</SubmitButton>
    </form>
  );
}

export default function PersonalInformation() {
  return <StepScreen step="personal_details" title="Personal Information">{(data) => <PersonalForm data={data} />}</StepScreen>;
}

import { useState } from "react";
import type { Route } from "./+types/income-details.ts";
import { Field, FormAlert, Options, SubmitButton, describe } from "../../components/dashboard/form-bits.tsx";
import { StepScreen, useStepSubmit } from "../../components/dashboard/step-screen.tsx";
import { INCOME_TYPES, SALARY_MODES } from "../../../core/journey/index.ts";
import { defaultToday } from "../../../core/calendar.ts";
import { filterIncomeInput, incomeFormSchema } from "../../../core/validation/index.ts";
import type { DashboardData } from "../../lib/dashboard-data.ts";
import { checkForm, focusFirstError } from "../../lib/form-errors.ts";

export const meta: Route.MetaFunction = () => [{ title: "Income Details | SalaryOnTime" }, { name: "robots", content: "noindex" }];

function IncomeForm({ data }: { data: DashboardData }) {
  const p = data.profile_details;
  const { submit, busy, error, serverErrors } = useStepSubmit();
  const [v, setV] = useState({
    income_type_id: p.income_type_id ? String(p.income_type_id) : "",
    monthly_income: p.monthly_income ? String(p.monthly_income) : "",
    salary_date: p.salary_date,
    salary_mode_id: p.salary_mode ? String(p.salary_mode) : "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof v) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setV({ ...v, [key]: e.target.value });
  const err = (key: string) => errors[key] ?? serverErrors[key];

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const checked = checkForm(incomeFormSchema(), v);
    if (!checked.ok) {
      setErrors(checked.errors);
      return focusFirstError(checked.errors);
    }
    setErrors({});
    await submit({ event_name: "income_details", ...v });
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Field id="income_type_id" label="Employment Type" error={err("income_type_id")}>
        <select {...describe("income_type_id", err("income_type_id"))} value={v.income_type_id} onChange={set("income_type_id")}>
          <Options list={INCOME_TYPES} placeholder="Select employment type" />
        </select>
      </Field>
      <Field id="monthly_income" label="Monthly Income" error={err("monthly_income")}>
        <input
          {...describe("monthly_income", err("monthly_income"))}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={v.monthly_income}
          onChange={(e) => setV({ ...v, monthly_income: filterIncomeInput(e.target.value) })}
        />
      </Field>
      <Field id="salary_date" label="Last Salary Date" error={err("salary_date")}>
        <input {...describe("salary_date", err("salary_date"))} type="date" max={defaultToday()} value={v.salary_date} onChange={set("salary_date")} />
      </Field>
      <Field id="salary_mode_id" label="Salary Mode" error={err("salary_mode_id")}>
        <select {...describe("salary_mode_id", err("salary_mode_id"))} value={v.salary_mode_id} onChange={set("salary_mode_id")}>
          <Options list={SALARY_MODES} placeholder="Select salary mode" />
        </select>
      </Field>
      <FormAlert message={Object.keys(serverErrors).length ? "" : error} />
      <SubmitButton busy={busy}>Continue</SubmitButton>
    </form>
  );
}

export default function IncomeDetails() {
  return <StepScreen step="income_details" title="Income Details">{(data) => <IncomeForm data={data} />}</StepScreen>;
}

import { Form } from "react-router";
import type { Route } from "./+types/income-details.ts";
import { Field, FormAlert, Options, SubmitButton, describe } from "../../components/dashboard/form-bits.tsx";
import { StepScreen } from "../../components/dashboard/step-screen.tsx";
import { INCOME_TYPES, SALARY_MODES } from "../../../core/journey/index.ts";
import { defaultToday } from "../../../core/calendar.ts";
import { filterIncomeInput, incomeFormSchema } from "../../../core/validation/index.ts";
import type { DashboardData } from "../../lib/dashboard-data.ts";
import { formValues, isUpdate, submitJourneyEvent } from "../../lib/dashboard.server.ts";
import { useJourneyForm } from "../../lib/use-journey-form.ts";
import { useT } from "../../lib/i18n.tsx";
import { journeyMeta } from "../../lib/journey-words.ts";

export const meta: Route.MetaFunction = journeyMeta("journey.income.title");

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const payload = {
    event_name: "income_details",
    income_type_id: values.income_type_id ?? "",
    monthly_income: values.monthly_income ?? "",
    salary_date: values.salary_date ?? "",
    salary_mode_id: values.salary_mode_id ?? "",
  };
  return submitJourneyEvent(context, payload, { values, update: isUpdate(request) });
}

function IncomeForm({ data }: { data: DashboardData }) {
  const p = data.profile_details;
  const form = useJourneyForm(
    {
      income_type_id: p.income_type_id ? String(p.income_type_id) : "",
      monthly_income: p.monthly_income ? String(p.monthly_income) : "",
      salary_date: p.salary_date,
      salary_mode_id: p.salary_mode ? String(p.salary_mode) : "",
    },
    { schema: incomeFormSchema() },
  );
  const { values: v, set, error: err } = form;
  const t = useT();

  return (
    <Form method="post" onSubmit={form.onSubmit} noValidate>
      <Field id="income_type_id" label={t("journey.term.incomeType")} error={err("income_type_id")}>
        <select {...describe("income_type_id", err("income_type_id"))} value={v.income_type_id} onChange={set("income_type_id")}>
          <Options list={INCOME_TYPES} placeholder={t("journey.select", { what: t("journey.term.incomeType") })} />
        </select>
      </Field>
      <Field id="monthly_income" label={t("journey.term.monthlyIncome")} error={err("monthly_income")}>
        <input
          {...describe("monthly_income", err("monthly_income"))}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={v.monthly_income}
          onChange={(e) => form.setValues({ ...v, monthly_income: filterIncomeInput(e.target.value) })}
        />
      </Field>
      <Field id="salary_date" label={t("journey.term.salaryDate")} error={err("salary_date")}>
        <input {...describe("salary_date", err("salary_date"))} type="date" max={defaultToday()} value={v.salary_date} onChange={set("salary_date")} />
      </Field>
      <Field id="salary_mode_id" label={t("journey.term.salaryMode")} error={err("salary_mode_id")}>
        <select {...describe("salary_mode_id", err("salary_mode_id"))} value={v.salary_mode_id} onChange={set("salary_mode_id")}>
          <Options list={SALARY_MODES} placeholder={t("journey.select", { what: t("journey.term.salaryMode") })} />
        </select>
      </Field>
      <FormAlert message={form.message} />
      <SubmitButton busy={form.busy}>{t("journey.continue")}</SubmitButton>
    </Form>
  );
}

export default function IncomeDetails() {
  const t = useT();
  return (
    <StepScreen step="income_details" title={t("journey.term.incomeDetails")}>
      {(data) => <IncomeForm data={data} />}
    </StepScreen>
  );
}

import { useState } from "react";
import { Form } from "react-router";
import type { Route } from "./+types/pan-details.ts";
import { FormAlert, SubmitButton, describe } from "../../components/dashboard/form-bits.tsx";
import { PanBoxes } from "../../components/dashboard/pan-boxes.tsx";
import { StepScreen } from "../../components/dashboard/step-screen.tsx";
import { filterIncomeInput, panCheck, panScreenIncomeCheck, refusalFor } from "../../../core/validation/index.ts";
import type { DashboardData } from "../../lib/dashboard-data.ts";
import { formValues, isUpdate, submitJourneyEvent } from "../../lib/dashboard.server.ts";
import { useJourneyForm } from "../../lib/use-journey-form.ts";
import { FieldError } from "../../components/field-error.tsx";
import { useCodeText, useT } from "../../lib/i18n.tsx";
import type { CodedMessage } from "../../../core/i18n/index.ts";
import { journeyMeta } from "../../lib/journey-words.ts";

export const meta: Route.MetaFunction = journeyMeta("journey.pan.title");

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const payload = { event_name: "pancard_verification", pancard: values.pancard ?? "", monthly_income: values.monthly_income ?? "" };
  return submitJourneyEvent(context, payload, { values, update: isUpdate(request) });
}

function PanForm({ data }: { data: DashboardData }) {
  const verified = data.profile_details.pancard_verified_status === 1;
  const [chars, setChars] = useState<string[]>(() => Array(10).fill(""));
  const codeText = useCodeText();
  const refusal = (m: string | CodedMessage | null) => (m ? codeText(m) : "");
  const form = useJourneyForm(
    { monthly_income: data.profile_details.monthly_income ? String(data.profile_details.monthly_income) : "" },
    { check: (v) => ({ pancard: refusal(refusalFor(panCheck, chars.join(""))), monthly_income: refusal(refusalFor(panScreenIncomeCheck, v.monthly_income)) }) },
  );
  const t = useT();
  const panError = form.error("pancard");
  const incomeError = form.error("monthly_income");
  return (
    <Form method="post" onSubmit={form.onSubmit} noValidate>
      {verified ? <p className="alert alert-success">{t("journey.pan.verified", { pan: data.profile_details.pancard })}</p> : null}
      <fieldset className="pan-fieldset">
        <legend className="label">{t("journey.pan.number")}</legend>
        <p className="hint" id="pan-hint">
          {t("journey.pan.hint")}
        </p>
        <PanBoxes value={chars} onChange={setChars} invalid={!!panError} describedBy={panError ? "pan-hint pan-error" : "pan-hint"} disabled={form.busy} />
        <input type="hidden" name="pancard" value={chars.join("")} />
        <FieldError id="pan-error" message={panError} />
      </fieldset>
      <div className="field">
        <label htmlFor="monthly_income">{t("journey.term.monthlyIncome")}</label>
        <div className="input-prefix">
          <span aria-hidden="true">₹</span>
          <input
            {...describe("monthly_income", incomeError)}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={form.values.monthly_income}
            onChange={(e) => form.setValues({ monthly_income: filterIncomeInput(e.target.value) })}
          />
        </div>
        <FieldError id="monthly_income-error" message={incomeError} />
      </div>
      <FormAlert message={panError || incomeError ? "" : form.message} />
      <SubmitButton busy={form.busy}>{t("journey.continue")}</SubmitButton>
    </Form>
  );
}

export default function PanDetails() {
  const t = useT();
  return (
    <StepScreen step="pancard_verification" title={t("journey.term.panAuthentication")} intro={t("journey.pan.intro")}>
      {(data) => <PanForm data={data} />}
    </StepScreen>
  );
}

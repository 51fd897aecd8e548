import { useState } from "react";
import type { Route } from "./+types/pan-details.ts";
import { FormAlert, SubmitButton, describe } from "../../components/dashboard/form-bits.tsx";
import { PanBoxes } from "../../components/dashboard/pan-boxes.tsx";
import { StepScreen, useStepSubmit } from "../../components/dashboard/step-screen.tsx";
import { filterIncomeInput, messageFor, panCheck, panScreenIncomeCheck } from "../../../core/validation/index.ts";
import { writeState } from "../../lib/session-state.ts";
import type { DashboardData } from "../../lib/dashboard-data.ts";

export const meta: Route.MetaFunction = () => [{ title: "PAN Authentication | SalaryOnTime" }, { name: "robots", content: "noindex" }];

function PanForm({ data }: { data: DashboardData }) {
  const { submit, busy, error, serverErrors } = useStepSubmit();
  const [chars, setChars] = useState<string[]>(() => Array(10).fill(""));
  const [income, setIncome] = useState(data.profile_details.monthly_income ? String(data.profile_details.monthly_income) : "");
  const [errors, setErrors] = useState<{ pancard?: string; monthly_income?: string }>({});
  const verified = data.profile_details.pancard_verified_status === 1;

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const pancard = chars.join("");
    const found = { pancard: messageFor(panCheck, pancard) ?? undefined, monthly_income: messageFor(panScreenIncomeCheck, income) ?? undefined };
    setErrors(found);
    if (found.pancard || found.monthly_income) return;
    await submit({ event_name: "pancard_verification", pancard, monthly_income: income }, (reply) => {
      if (typeof reply.full_name === "string") writeState({ fullName: reply.full_name });
    });
  }

  const panError = errors.pancard ?? serverErrors.pancard;
  const incomeError = errors.monthly_income ?? serverErrors.monthly_income;
  return (
    <form onSubmit={onSubmit} noValidate>
      {verified ? <p className="alert alert-success">Your PAN {data.profile_details.pancard} is verified. Enter it again to update your monthly income.</p> : null}
      <fieldset className="pan-fieldset">
        <legend className="label">PAN number</legend>
        <p className="hint" id="pan-hint">5 letters, 4 digits, then 1 letter, as printed on your PAN card.</p>
        <PanBoxes value={chars} onChange={setChars} invalid={!!panError} describedBy={panError ? "pan-hint pan-error" : "pan-hint"} disabled={busy} />
        {panError ? <p className="field-error" id="pan-error" role="alert">{panError}</p> : null}
      </fieldset>
      <div className="field">
        <label htmlFor="monthly_income">Monthly Income</label>
        <div className="input-prefix">
          <span aria-hidden="true">₹</span>
          <input {...describe("monthly_income", incomeError)} type="text" inputMode="numeric" autoComplete="off" value={income} onChange={(e) => setIncome(filterIncomeInput(e.target.value))} />
        </div>
        {incomeError ? <p className="field-error" id="monthly_income-error" role="alert">{incomeError}</p> : null}
      </div>
      <FormAlert message={panError || incomeError ? "" : error} />
      <SubmitButton busy={busy}>Continue</SubmitButton>
    </form>
  );
}

export default function PanDetails() {
  return (
    <StepScreen step="pancard_verification" title="PAN Authentication" intro="We verify your PAN with the Income Tax Department's records. Your name is taken from your PAN and cannot be changed later.">
      {(data) => <PanForm data={data} />}
    </StepScreen>
  );
}

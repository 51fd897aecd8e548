import { Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/personal-information.ts";
import { Field, FormAlert, Options, SubmitButton, describe } from "../../components/dashboard/form-bits.tsx";
import { StepScreen } from "../../components/dashboard/step-screen.tsx";
import { GENDERS, MARITAL_STATUSES, MARRIED_ID } from "../../../core/journey/index.ts";
import { defaultToday } from "../../../core/calendar.ts";
import { filterSpouseNumberInput, personalFormSchema } from "../../../core/validation/index.ts";
import type { DashboardData } from "../../lib/dashboard-data.ts";
import { formValues, isUpdate, submitJourneyEvent } from "../../lib/dashboard.server.ts";
import { useJourneyForm } from "../../lib/use-journey-form.ts";
import { useT, useCodeText } from "../../lib/i18n.tsx";
import { journeyMeta } from "../../lib/journey-words.ts";
import { filledFromCkyc, savedOr } from "../../lib/ckyc-prefill.ts";
import { loadCkycPrefill } from "../../lib/ckyc-prefill.server.ts";

export const meta: Route.MetaFunction = journeyMeta("journey.personal.title");

/** Issue 33: the fields the customer's confirmed CKYC record fills here (only those not saved). */
export async function loader({ context }: Route.LoaderArgs) {
  return { prefill: await loadCkycPrefill(context) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const married = Number(values.marital_status_id) === MARRIED_ID;
  const payload = {
    event_name: "personal_details",
    gender: values.gender ?? "",
    personal_email: values.personal_email ?? "",
    dob: values.dob ?? "",
    marital_status_id: values.marital_status_id ?? "",
    spouse_name: married ? (values.spouse_name ?? "") : "",
    spouse_number: married ? (values.spouse_number ?? "") : "",
  };
  return submitJourneyEvent(context, payload, { values, update: isUpdate(request) });
}

function PersonalForm({ data }: { data: DashboardData }) {
  const p = data.profile_details;
  const { prefill } = useLoaderData<typeof loader>();
  const form = useJourneyForm(
    {
      gender: savedOr(p.gender ? String(p.gender) : "", prefill.gender),
      personal_email: savedOr(p.personal_email, prefill.personal_email),
      dob: savedOr(p.dob, prefill.dob),
      marital_status_id: p.marital_status_id ? String(p.marital_status_id) : "",
      spouse_name: savedOr(p.spouse_name, prefill.spouse_name),
      spouse_number: p.spouse_mobile,
    },
    { schema: personalFormSchema() },
  );
  const { values: v, set, error: err } = form;
  const married = Number(v.marital_status_id) === MARRIED_ID;
  const t = useT();
  const words = useCodeText();
  // Issue 33: a field the CKYC record filled says so, until the customer changes it.
  const note = (field: "gender" | "personal_email" | "dob" | "spouse_name") => (filledFromCkyc(prefill, v, field) ? t("ckyc.prefill.note") : undefined);

  return (
    <Form method="post" onSubmit={form.onSubmit} noValidate>
      {/* Issue 33: the customer may fill from their KYC record at CKYCR, each field confirmed first. */}
      <p className="hint">
        <Link to="/my-dashboard/ckyc">{t("ckyc.link")}</Link>
      </p>
      <Field id="full_name" label={t("journey.personal.fullName")} hint={t("journey.personal.fullNameHint")}>
        <input id="full_name" value={p.full_name} readOnly aria-describedby="full_name-hint" />
      </Field>
      <Field id="gender" label={t("journey.term.gender")} error={err("gender")} hint={note("gender")}>
        <select {...describe("gender", err("gender"), !!note("gender"))} value={v.gender} onChange={set("gender")}>
          <Options list={GENDERS} placeholder={t("journey.select", { what: t("journey.term.gender") })} />
        </select>
      </Field>
      <Field id="personal_email" label={t("journey.term.personalEmail")} error={err("personal_email")} hint={note("personal_email")}>
        <input
          {...describe("personal_email", err("personal_email"), !!note("personal_email"))}
          type="email"
          autoComplete="email"
          value={v.personal_email}
          onChange={set("personal_email")}
        />
      </Field>
      <Field id="dob" label={t("journey.term.dob")} error={err("dob")} hint={note("dob")}>
        <input {...describe("dob", err("dob"), !!note("dob"))} type="date" autoComplete="bday" max={defaultToday()} value={v.dob} onChange={set("dob")} />
      </Field>
      <Field id="marital_status_id" label={t("journey.term.maritalStatus")} error={err("marital_status_id")}>
        <select {...describe("marital_status_id", err("marital_status_id"))} value={v.marital_status_id} onChange={set("marital_status_id")}>
          <Options list={MARITAL_STATUSES} placeholder={t("journey.select", { what: t("journey.term.maritalStatus") })} />
        </select>
      </Field>
      {married ? (
        <>
          <Field id="spouse_name" label={t("journey.term.spouseName")} error={err("spouse_name")} hint={note("spouse_name")}>
            <input
              {...describe("spouse_name", err("spouse_name"), !!note("spouse_name"))}
              autoComplete="off"
              value={v.spouse_name}
              onChange={set("spouse_name")}
            />
          </Field>
          <Field id="spouse_number" label={t("journey.personal.spouseMobile")} error={err("spouse_number")}>
            <input
              {...describe("spouse_number", err("spouse_number"))}
              type="tel"
              inputMode="numeric"
              autoComplete="off"
              value={v.spouse_number}
              onChange={(e) => form.setValues({ ...v, spouse_number: filterSpouseNumberInput(e.target.value) })}
            />
          </Field>
        </>
      ) : null}
      {/* Spec 8: a save the server refused says 'Error saving personal details', then why (if no field says it). */}
      <FormAlert
        message={form.failed ? [t("journey.msg.personalDetailsSaveError"), form.message && words(form.message)].filter(Boolean).join(": ") : form.message}
      />
      <SubmitButton busy={form.busy}>{t("journey.continue")}</SubmitButton>
    </Form>
  );
}

export default function PersonalInformation() {
  const t = useT();
  return (
    <StepScreen step="personal_details" title={t("journey.term.personalInformation")}>
      {(data) => <PersonalForm data={data} />}
    </StepScreen>
  );
}

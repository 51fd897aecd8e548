import { useState } from "react";
import { Form, useFetcher, useLoaderData } from "react-router";
import type { Route } from "./+types/address.ts";
import { Field, FormAlert, Options, SubmitButton, describe } from "../../components/dashboard/form-bits.tsx";
import { StepScreen } from "../../components/dashboard/step-screen.tsx";
import { RESIDENCE_TYPES } from "../../../core/journey/index.ts";
import { PATTERNS, filterPinCodeInput, residenceFormSchema } from "../../../core/validation/index.ts";
import { type DashboardData, type PincodeInfo } from "../../lib/dashboard-data.ts";
import { apiPath } from "../../../core/contract/paths.ts";
import { endOnSessionLoss, formValues, isUpdate, requireApi, submitJourneyEvent } from "../../lib/dashboard.server.ts";
import { useJourneyForm } from "../../lib/use-journey-form.ts";
import { useT, useCodeText } from "../../lib/i18n.tsx";
import { journeyMeta } from "../../lib/journey-words.ts";
import { filledFromCkyc, savedOr, type CkycPrefill } from "../../lib/ckyc-prefill.ts";
import { loadCkycPrefill } from "../../lib/ckyc-prefill.server.ts";

export const meta: Route.MetaFunction = journeyMeta("journey.address.title");

interface Place {
  city: string;
  state: string;
  note: string;
}

/** The PIN code looked up in the service-area master data. */
async function placeOf(context: Route.LoaderArgs["context"], pin: string): Promise<Place> {
  const reply = endOnSessionLoss(await requireApi(context).api<PincodeInfo>(apiPath("masterAPI"), { type: "pincode", pincode: pin }));
  return reply.Status === 1 && reply.Data
    ? { city: reply.Data.city_name, state: reply.Data.state_name, note: "" }
    : { city: "", state: "", note: reply.Message };
}

/**
 * `?pincode=` looks the PIN code up (the form asks as the customer types). The screen's own load: what the
 * customer's confirmed CKYC record fills (issue 33; only when no address is saved), with its PIN's place.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<{ place: Place | null; prefill: CkycPrefill }> {
  const pin = new URL(request.url).searchParams.get("pincode");
  if (pin !== null) return { place: PATTERNS.pinCode.test(pin) ? await placeOf(context, pin) : null, prefill: {} };
  const prefill = await loadCkycPrefill(context);
  return { place: prefill.residence_pincode ? await placeOf(context, prefill.residence_pincode) : null, prefill };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const payload = {
    event_name: "residence_details",
    residence_type_id: values.residence_type_id ?? "",
    residence_address_1: values.residence_address_1 ?? "",
    residence_address_2: values.residence_address_2 ?? "",
    residence_landmark: values.residence_landmark ?? "",
    residence_pincode: values.residence_pincode ?? "",
  };
  return submitJourneyEvent(context, payload, { values, update: isUpdate(request) });
}

function AddressForm({ data }: { data: DashboardData }) {
  const p = data.profile_details;
  const loaded = useLoaderData<typeof loader>();
  const prefill = loaded.prefill;
  const form = useJourneyForm(
    {
      residence_type_id: p.residence_type_id ? String(p.residence_type_id) : "",
      residence_address_1: savedOr(p.residence_address_1, prefill.residence_address_1),
      residence_address_2: savedOr(p.residence_address_2, prefill.residence_address_2),
      residence_landmark: p.residence_landmark,
      residence_pincode: savedOr(p.residence_pincode, prefill.residence_pincode),
    },
    { schema: residenceFormSchema },
  );
  const { values: v, set, error: err } = form;
  const t = useT();
  const words = useCodeText();
  // The PIN code fills city and state from the service-area master data, through this route's loader.
  const lookup = useFetcher<typeof loader>();
  const [typed, setTyped] = useState(false);
  const empty = { city: "", state: "", note: "" };
  // Issue 33: a PIN the CKYC record filled comes with its place from the loader.
  const place: Place = !typed
    ? p.residence_pincode || !loaded.place
      ? { city: p.residence_city, state: p.residence_state, note: "" }
      : loaded.place
    : !PATTERNS.pinCode.test(v.residence_pincode)
      ? empty
      : (lookup.data?.place ?? empty);

  function onPin(event: React.ChangeEvent<HTMLInputElement>) {
    const pin = filterPinCodeInput(event.target.value);
    form.setValues({ ...v, residence_pincode: pin });
    setTyped(true);
    if (PATTERNS.pinCode.test(pin)) void lookup.load(`/my-dashboard/captur-address?pincode=${pin}`);
  }

  // Issue 33: a field the CKYC record filled says so, until the customer changes it.
  const note = (field: "residence_address_1" | "residence_address_2" | "residence_pincode") =>
    filledFromCkyc(prefill, v, field) ? t("ckyc.prefill.note") : undefined;

  return (
    <Form method="post" onSubmit={form.onSubmit} noValidate>
      <Field id="residence_type_id" label={t("journey.term.residenceType")} error={err("residence_type_id")}>
        <select {...describe("residence_type_id", err("residence_type_id"))} value={v.residence_type_id} onChange={set("residence_type_id")}>
          <Options list={RESIDENCE_TYPES} placeholder={t("journey.select", { what: t("journey.term.residenceType") })} />
        </select>
      </Field>
      <Field id="residence_address_1" label={t("journey.term.addressLine1")} error={err("residence_address_1")} hint={note("residence_address_1")}>
        <input
          {...describe("residence_address_1", err("residence_address_1"), !!note("residence_address_1"))}
          autoComplete="address-line1"
          value={v.residence_address_1}
          onChange={set("residence_address_1")}
        />
      </Field>
      <Field id="residence_address_2" label={t("journey.term.addressLine2")} error={err("residence_address_2")} hint={note("residence_address_2")}>
        <input
          {...describe("residence_address_2", err("residence_address_2"), !!note("residence_address_2"))}
          autoComplete="address-line2"
          value={v.residence_address_2}
          onChange={set("residence_address_2")}
        />
      </Field>
      <Field id="residence_landmark" label={t("journey.optional", { label: t("journey.term.landmark") })} error={err("residence_landmark")}>
        <input
          {...describe("residence_landmark", err("residence_landmark"))}
          autoComplete="off"
          value={v.residence_landmark}
          onChange={set("residence_landmark")}
        />
      </Field>
      {/* One message under the PIN: its error, else the service-area note (issue 14), else CKYC's (issue 33). */}
      <Field
        id="residence_pincode"
        label={t("journey.address.pinCode")}
        error={err("residence_pincode")}
        hint={(!err("residence_pincode") && ((place.note && words(place.note)) || note("residence_pincode"))) || undefined}
      >
        <input
          {...describe("residence_pincode", err("residence_pincode"), !err("residence_pincode") && !!(place.note || note("residence_pincode")))}
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          value={v.residence_pincode}
          onChange={onPin}
        />
      </Field>
      <div className="field-row">
        <Field id="residence_city" label={t("journey.term.city")}>
          <input id="residence_city" value={place.city} readOnly />
        </Field>
        <Field id="residence_state" label={t("journey.address.state")}>
          <input id="residence_state" value={place.state} readOnly />
        </Field>
      </div>
      <FormAlert message={form.message} />
      <SubmitButton busy={form.busy}>{t("journey.continue")}</SubmitButton>
    </Form>
  );
}

export default function Address() {
  const t = useT();
  return (
    <StepScreen step="residence_details" title={t("journey.term.currentResidence")}>
      {(data) => <AddressForm data={data} />}
    </StepScreen>
  );
}

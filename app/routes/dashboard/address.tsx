import { useEffect, useState } from "react";
import type { Route } from "./+types/address.ts";
import { Field, FormAlert, Options, SubmitButton, describe } from "../../components/dashboard/form-bits.tsx";
import { StepScreen, useStepSubmit } from "../../components/dashboard/step-screen.tsx";
import { RESIDENCE_TYPES } from "../../../core/journey/index.ts";
import { PATTERNS, filterPinCodeInput, residenceFormSchema } from "../../../core/validation/index.ts";
import { lookupPincode, type DashboardData } from "../../lib/dashboard-data.ts";
import { checkForm, focusFirstError } from "../../lib/form-errors.ts";

export const meta: Route.MetaFunction = () => [{ title: "Current Residence Address | SalaryOnTime" }, { name: "robots", content: "noindex" }];

function AddressForm({ data }: { data: DashboardData }) {
  const p = data.profile_details;
  const { submit, busy, error, serverErrors } = useStepSubmit();
  const [v, setV] = useState({
    residence_type_id: p.residence_type_id ? String(p.residence_type_id) : "",
    residence_address_1: p.residence_address_1,
    residence_address_2: p.residence_address_2,
    residence_landmark: p.residence_landmark,
    residence_pincode: p.residence_pincode,
  });
  const [place, setPlace] = useState({ city: p.residence_city, state: p.residence_state, note: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof v) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setV({ ...v, [key]: e.target.value });
  const err = (key: string) => errors[key] ?? serverErrors[key];

  // The PIN code fills city and state from the service-area master data.
  useEffect(() => {
    const pin = v.residence_pincode;
    if (!PATTERNS.pinCode.test(pin)) {
      setPlace({ city: "", state: "", note: "" });
      return;
    }
    let live = true;
    void lookupPincode(pin).then((reply) => {
      if (!live) return;
      if (reply.Status === 1 && reply.Data) setPlace({ city: reply.Data.city_name, state: reply.Data.state_name, note: "" });
      else setPlace({ city: "", state: "", note: reply.Message });
    });
    return () => {
      live = false;
    };
  }, [v.residence_pincode]);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const checked = checkForm(residenceFormSchema, v);
    if (!checked.ok) {
      setErrors(checked.errors);
      return focusFirstError(checked.errors);
    }
    setErrors({});
    await submit({ event_name: "residence_details", ...v });
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Field id="residence_type_id" label="Residence Type" error={err("residence_type_id")}>
        <select {...describe("residence_type_id", err("residence_type_id"))} value={v.residence_type_id} onChange={set("residence_type_id")}>
          <Options list={RESIDENCE_TYPES} placeholder="Select residence type" />
        </select>
      </Field>
      <Field id="residence_address_1" label="Address Line 1" error={err("residence_address_1")}>
        <input {...describe("residence_address_1", err("residence_address_1"))} autoComplete="address-line1" value={v.residence_address_1} onChange={set("residence_address_1")} />
      </Field>
      <Field id="residence_address_2" label="Address Line 2" error={err("residence_address_2")}>
        <input {...describe("residence_address_2", err("residence_address_2"))} autoComplete="address-line2" value={v.residence_address_2} onChange={set("residence_address_2")} />
      </Field>
      <Field id="residence_landmark" label="Landmark (optional)" error={err("residence_landmark")}>
        <input {...describe("residence_landmark", err("residence_landmark"))} autoComplete="off" value={v.residence_landmark} onChange={set("residence_landmark")} />
      </Field>
      <Field id="residence_pincode" label="Pin Code" error={err("residence_pincode")} hint={place.note || undefined}>
        <input
          {...describe("residence_pincode", err("residence_pincode"), !!place.note)}
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          value={v.residence_pincode}
          onChange={(e) => setV({ ...v, residence_pincode: filterPinCodeInput(e.target.value) })}
        />
      </Field>
      <div className="field-row">
        <Field id="residence_city" label="City">
          <input id="residence_city" value={place.city} readOnly />
        </Field>
        <Field id="residence_state" label="State">
          <input id="residence_state" value={place.state} readOnly />
        </Field>
      </div>
      <FormAlert message={Object.keys(serverErrors).length ? "" : error} />
      <SubmitButton busy={busy}>Continue</SubmitButton>
    </form>
  );
}

export default function Address() {
  return <StepScreen step="residence_details" title="Current Residence Address">{(data) => <AddressForm data={data} />}</StepScreen>;
}

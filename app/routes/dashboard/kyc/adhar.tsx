import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { Route } from "./+types/adhar.ts";
import { screenFor } from "../../../../core/journey/index.ts";
import { aadhaarFormSchema } from "../../../../core/validation/index.ts";
import { Field, FormAlert, SubmitButton, describe } from "../../../components/dashboard/form-bits.tsx";
import { KycScreen } from "../../../components/dashboard/kyc-screen.tsx";
import { useNotices } from "../../../components/dashboard/notices.tsx";
import { errorText, journey, postJson } from "../../../lib/api.ts";
import { CONTROLLER } from "../../../lib/dashboard-data.ts";
import { checkForm } from "../../../lib/form-errors.ts";
import { writeState } from "../../../lib/session-state.ts";

export const meta: Route.MetaFunction = () => [{ title: "Verify Your Identity | SalaryOnTime" }, { name: "robots", content: "noindex" }];

interface EkycDetails { aadhar_no: string; customer_ekyc_request_initiated_on: string | null; customer_digital_ekyc_flag: number }

function AadhaarForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const { notify } = useNotices();
  const [details, setDetails] = useState<EkycDetails | null>(null);
  const [last4, setLast4] = useState("");
  const [fieldError, setFieldError] = useState("");
  // An error brought back from the aadhaar-verify screen shows here, in an alert.
  const [error, setError] = useState<string>((location.state as { error?: string } | null)?.error ?? "");
  const [busy, setBusy] = useState<"" | "run" | "skip">("");

  useEffect(() => {
    postJson<{ lead_customer_details: EkycDetails }>(`${CONTROLLER}/getCustomerDetails`, {}).then((reply) => {
      if (reply.Status !== 1 || !reply.Data) return setError(errorText(reply));
      setDetails(reply.Data.lead_customer_details);
      setLast4((v) => v || reply.Data!.lead_customer_details.aadhar_no || "");
    });
  }, []);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const checked = checkForm(aadhaarFormSchema, { aadhaar_no: last4 });
    if (!checked.ok) {
      setFieldError(checked.errors.aadhaar_no ?? "");
      document.getElementById("aadhaar_no")?.focus();
      return;
    }
    setFieldError("");
    setError("");
    setBusy("run");
    const reply = await journey<{ ekyc_url?: string; next_step: string }>({ event_name: "ekyc_initiated", aadhaar_no: last4, run_ekyc_flag: 1 });
    if (reply.Status === 1 && reply.Data?.ekyc_url) {
      window.location.assign(reply.Data.ekyc_url);
      return;
    }
    setBusy("");
    setError(errorText(reply));
    if (reply.errors?.aadhaar_no) setFieldError(reply.errors.aadhaar_no);
  }

  async function skip() {
    setBusy("skip");
    setError("");
    const reply = await journey<{ next_step: string; step_percentage: number }>({ event_name: "ekyc_initiated", run_ekyc_flag: 2 });
    setBusy("");
    if (reply.Status !== 1 || !reply.Data) return setError(errorText(reply));
    writeState({ next_step: reply.Data.next_step, step_percent: reply.Data.step_percentage, percent: reply.Data.step_percentage });
    notify(reply.Message);
    navigate(screenFor(reply.Data.next_step));
  }

  const canSkip = !!details?.customer_ekyc_request_initiated_on && details.customer_digital_ekyc_flag === 0;
  return (
    <form onSubmit={submit} noValidate>
      <Field id="aadhaar_no" label="Last 4 digits of your Aadhaar" error={fieldError}>
        <input
          {...describe("aadhaar_no", fieldError)}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          value={last4}
          onChange={(e) => setLast4(e.target.value.replace(/\D/g, "").slice(0, 4))}
        />
      </Field>
      <FormAlert message={error} />
      <SubmitButton busy={busy === "run"}>Submit</SubmitButton>
      {canSkip ? (
        <button type="button" className="btn btn-secondary btn-block" onClick={skip} disabled={busy !== ""} aria-busy={busy === "skip" || undefined}>
          Skip eKYC
        </button>
      ) : null}
    </form>
  );
}

export default function Adhar() {
  return (
    <KycScreen
      step="ekyc_initiated"
      title="Verify Your Identity Securely Using Aadhaar"
      forwardFrom={["account_aggregator_verify"]}
      intro={
        <ol className="hint">
          <li>Enter the last 4 digits of your Aadhaar number.</li>
          <li>You will be taken to the secure DigiLocker (UIDAI) gateway.</li>
          <li>Sign in there with the one-time code sent to your Aadhaar-linked mobile.</li>
          <li>Your basic KYC details are fetched, and you come back here. We never keep your full Aadhaar number.</li>
        </ol>
      }
    >
      {() => <AadhaarForm />}
    </KycScreen>
  );
}

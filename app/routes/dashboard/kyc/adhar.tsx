import { useState } from "react";
import { Form, Link, data, redirect, redirectDocument, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/adhar.ts";
import { screenFor } from "../../../../core/journey/index.ts";
import { aadhaarFormSchema } from "../../../../core/validation/index.ts";
import { Field, FormAlert, SubmitButton, describe } from "../../../components/dashboard/form-bits.tsx";
import { KycScreen } from "../../../components/dashboard/kyc-screen.tsx";
import { StepNotice } from "../../../components/dashboard/step-notice.tsx";
import { errorText } from "../../../lib/api.ts";
import { CONTROLLER } from "../../../lib/dashboard-data.ts";
import { endOnSessionLoss, formValues, loadDashboard, noticeCookie, requireApi, takeStepError } from "../../../lib/dashboard.server.ts";
import { checkForm } from "../../../lib/form-errors.ts";
import type { JourneyFormReply } from "../../../lib/use-journey-form.ts";
import { useCodeText, useT } from "../../../lib/i18n.tsx";
import { journeyMeta } from "../../../lib/journey-words.ts";

export const meta: Route.MetaFunction = journeyMeta("journey.ekyc.title");

interface EkycDetails {
  aadhar_no: string;
  customer_ekyc_request_initiated_on: string | null;
  customer_digital_ekyc_flag: number;
}

/**
 * The stored eKYC details (the last 4 typed before, whether Skip is allowed) and an error brought
 * back from DigiLocker. Once verified, the dashboard's EKYC card lands here: go on to the aggregator.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { dashboard } = await loadDashboard(context);
  if (dashboard?.next_event_name === "account_aggregator_verify") throw redirect(screenFor(dashboard.next_event_name));
  const reply = endOnSessionLoss(await requireApi(context).api<{ lead_customer_details: EkycDetails }>(`${CONTROLLER}/getCustomerDetails`, {}));
  const { error, headers } = takeStepError(request);
  const details = reply.Status === 1 && reply.Data ? reply.Data.lead_customer_details : null;
  return data({ details, error: details ? error : errorText(reply) }, { headers });
}

/** `intent=run`: ekyc_initiated, then the whole page goes to DigiLocker. `intent=skip`: Skip eKYC. */
export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const api = requireApi(context);
  if (values.intent === "skip") {
    const reply = endOnSessionLoss(await api.journey<{ next_step: string }>({ event_name: "ekyc_initiated", run_ekyc_flag: 2 }));
    if (reply.Status === 1 && reply.Data) throw redirect(screenFor(reply.Data.next_step), { headers: { "Set-Cookie": noticeCookie(reply.Message) } });
    return data<JourneyFormReply>({ message: errorText(reply), errors: {}, values }, { status: 400 });
  }
  const reply = endOnSessionLoss(
    // Issue 23: the identity checks notice's tick goes with the start, which records it ("0" is refused).
    await api.journey<{ ekyc_url?: string }>({
      event_name: "ekyc_initiated",
      aadhaar_no: values.aadhaar_no ?? "",
      run_ekyc_flag: 1,
      consent: values.consent === "1" ? "1" : "0",
    }),
  );
  if (reply.Status === 1 && reply.Data?.ekyc_url) throw redirectDocument(reply.Data.ekyc_url);
  return data<JourneyFormReply>({ message: errorText(reply), errors: reply.errors ?? {}, values }, { status: 400 });
}

function AadhaarForm({ details, broughtBack }: { details: EkycDetails | null; broughtBack: string }) {
  const reply = useActionData<JourneyFormReply>();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post" ? String(navigation.formData?.get("intent") ?? "") : "";
  const [last4, setLast4] = useState(reply?.values.aadhaar_no ?? details?.aadhar_no ?? "");
  const [checkError, setCheckError] = useState("");
  const [agreed, setAgreed] = useState(false);
  const [noticeError, setNoticeError] = useState("");
  const t = useT();
  const codeText = useCodeText();
  const fieldError = checkError || reply?.errors.aadhaar_no || "";
  const consentError = noticeError || (reply && !agreed ? (reply.errors.consent ?? "") : "");
  // An error brought back from DigiLocker (through aadhaar-verify), else this form's last answer.
  // (An unticked notice's refusal is shown at its box.)
  const error = reply ? (reply.errors.consent ? "" : reply.message) : broughtBack;

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === "skip") return;
    const checked = checkForm(aadhaarFormSchema, { aadhaar_no: last4 }, codeText);
    setCheckError(checked.ok ? "" : (checked.errors.aadhaar_no ?? ""));
    setNoticeError(agreed ? "" : t("notice.needed"));
    if (!checked.ok || !agreed) {
      event.preventDefault();
      document.getElementById(checked.ok ? "consent" : "aadhaar_no")?.focus();
    }
  }

  const canSkip = !!details?.customer_ekyc_request_initiated_on && details.customer_digital_ekyc_flag === 0;
  return (
    <Form method="post" onSubmit={onSubmit} noValidate>
      <Field id="aadhaar_no" label={t("journey.ekyc.last4")} error={fieldError}>
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
      <StepNotice
        purpose="identity_checks"
        checked={agreed}
        onChange={(value) => {
          setAgreed(value);
          if (value) setNoticeError("");
        }}
        error={consentError}
      />
      <FormAlert message={error} />
      <SubmitButton busy={sending === "run"} name="intent" value="run">
        {t("journey.ekyc.submit")}
      </SubmitButton>
      {canSkip ? (
        <button
          type="submit"
          name="intent"
          value="skip"
          className="btn btn-secondary btn-block"
          disabled={sending !== ""}
          aria-busy={sending === "skip" || undefined}
          aria-describedby="ekyc-skip-means"
        >
          {t("journey.ekyc.skip")}
        </button>
      ) : null}
      {canSkip ? (
        <p id="ekyc-skip-means" className="hint">
          {t("journey.msg.ekycSkipMeans")}
        </p>
      ) : null}
      <VideoKycOffer afterFailure={Boolean(broughtBack) && !reply} />
    </Form>
  );
}

/**
 * Issue 33: the video KYC beside DigiLocker, offered again after a DigiLocker failure or mismatch (the
 * error brought back here). Once DigiLocker has verified the Aadhaar this page moves on, and the server
 * refuses a start.
 */
function VideoKycOffer({ afterFailure }: { afterFailure: boolean }) {
  const t = useT();
  return (
    <div className="vkyc-offer">
      <p className="hint">{afterFailure ? t("journey.vkyc.offerAgain") : t("journey.vkyc.offerWhy")}</p>
      <Link className="btn btn-secondary btn-block" to="/my-dashboard/video-kyc">
        {t("journey.vkyc.offer")}
      </Link>
    </div>
  );
}

export default function Adhar({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <KycScreen
      step="ekyc_initiated"
      title={t("journey.ekyc.heading")}
      forwardFrom={["account_aggregator_verify"]}
      intro={
        <ol className="hint">
          <li>{t("journey.ekyc.step1")}</li>
          <li>{t("journey.ekyc.step2")}</li>
          <li>{t("journey.ekyc.step3")}</li>
          <li>{t("journey.ekyc.step4")}</li>
        </ol>
      }
    >
      {() => <AadhaarForm details={loaderData.details} broughtBack={loaderData.error} />}
    </KycScreen>
  );
}

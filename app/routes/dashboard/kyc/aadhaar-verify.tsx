import { useEffect, useRef } from "react";
import { Form, redirect, redirectDocument, useNavigate, useNavigation } from "react-router";
import { useT } from "../../../lib/i18n.tsx";
import { journeyMeta } from "../../../lib/journey-words.ts";
import type { Route } from "./+types/aadhaar-verify.ts";
import { screenFor } from "../../../../core/journey/index.ts";
import { KycScreen } from "../../../components/dashboard/kyc-screen.tsx";
import { errorText } from "../../../lib/api.ts";
import { CONTROLLER } from "../../../lib/dashboard-data.ts";
import { endOnSessionLoss, loadDashboard, requireApi, stepErrorCookie } from "../../../lib/dashboard.server.ts";

export const meta: Route.MetaFunction = journeyMeta("journey.aadhaar.title");

const ADHAR_PATH = "/my-dashboard/adhar";

/**
 * Opening the page confirms the eKYC (ekyc_verified: the token exchange with DigiLocker), on the
 * server. Success: the Congratulations popup. Error: back to the Adhar page with the message.
 */
export async function loader({ context }: Route.LoaderArgs): Promise<{ next: string; masked: string }> {
  // The dashboard data first, so the screen is judged by the step it was opened at.
  await loadDashboard(context);
  const reply = endOnSessionLoss(await requireApi(context).journey<{ next_step: string; aadhar_no: string }>({ event_name: "ekyc_verified" }));
  if (reply.Status !== 1 || !reply.Data) throw redirect(ADHAR_PATH, { headers: { "Set-Cookie": stepErrorCookie(errorText(reply)) } });
  return { next: reply.Data.next_step, masked: reply.Data.aadhar_no };
}

/** The code is used once: never confirm again on the same page (the popup leads on). */
export function shouldRevalidate() {
  return false;
}

/** 'Verify with DigiLocker' again: a new request with the stored last 4, the whole page to DigiLocker. */
export async function action({ context }: Route.ActionArgs) {
  const api = requireApi(context);
  const details = endOnSessionLoss(await api.api<{ lead_customer_details: { aadhar_no: string } }>(`${CONTROLLER}/getCustomerDetails`, {}));
  const last4 = details.Data?.lead_customer_details.aadhar_no ?? "";
  const reply = endOnSessionLoss(await api.journey<{ ekyc_url?: string }>({ event_name: "ekyc_initiated", aadhaar_no: last4, run_ekyc_flag: 1 }));
  if (reply.Status === 1 && reply.Data?.ekyc_url) throw redirectDocument(reply.Data.ekyc_url);
  throw redirect(ADHAR_PATH, { headers: { "Set-Cookie": stepErrorCookie(errorText(reply)) } });
}

function Verify({ result }: { result: { next: string; masked: string } }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const retrying = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  const dialog = useRef<HTMLDialogElement>(null);
  const t = useT();

  // The popup is modal: open it once the page is interactive.
  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);

  return (
    <>
      <p role="status" className="loading">
        {retrying ? t("journey.aadhaar.opening") : t("journey.aadhaar.verified")}
      </p>
      <Form method="post">
        <button type="submit" className="btn btn-secondary btn-block" disabled={retrying}>
          {t("journey.aadhaar.again")}
        </button>
      </Form>
      <dialog ref={dialog} aria-labelledby="ekyc-done-title" aria-describedby="ekyc-done-message" onCancel={(e) => e.preventDefault()}>
        <h2 id="ekyc-done-title">{t("journey.aadhaar.congrats")}</h2>
        <p id="ekyc-done-message">{t("journey.aadhaar.done", { masked: result.masked })}</p>
        <div className="dialog-actions">
          <button
            type="button"
            className="btn btn-primary"
            autoFocus
            onClick={() => {
              dialog.current?.close();
              navigate(screenFor(result.next));
            }}
          >
            {t("journey.aadhaar.next")}
          </button>
        </div>
      </dialog>
    </>
  );
}

export default function AadhaarVerify({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <KycScreen step="ekyc_verified" title={t("journey.aadhaar.heading")}>
      {() => <Verify result={loaderData} />}
    </KycScreen>
  );
}

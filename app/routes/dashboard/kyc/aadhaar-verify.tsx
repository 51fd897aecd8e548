import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { Route } from "./+types/aadhaar-verify.ts";
import { screenFor } from "../../../../core/journey/index.ts";
import { KycScreen } from "../../../components/dashboard/kyc-screen.tsx";
import { errorText, journey, postJson } from "../../../lib/api.ts";
import { CONTROLLER } from "../../../lib/dashboard-data.ts";
import { writeState } from "../../../lib/session-state.ts";

export const meta: Route.MetaFunction = () => [{ title: "Aadhaar Verification | SalaryOnTime" }, { name: "robots", content: "noindex" }];

/** Opens → ekyc_verified at once. Success: the Congratulations popup. Error: back to the Adhar page with the message. */
function Verify() {
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const started = useRef(false);
  const [state, setState] = useState<"verifying" | "done" | "retrying">("verifying");
  const [result, setResult] = useState<{ next: string; masked: string } | null>(null);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    journey<{ next_step: string; step_percentage: number; aadhar_no: string }>({ event_name: "ekyc_verified" }).then((reply) => {
      if (reply.Status !== 1 || !reply.Data) {
        navigate("/my-dashboard/adhar", { replace: true, state: { error: errorText(reply) } });
        return;
      }
      writeState({ next_step: reply.Data.next_step, step_percent: reply.Data.step_percentage, percent: reply.Data.step_percentage });
      setResult({ next: reply.Data.next_step, masked: reply.Data.aadhar_no });
      setState("done");
    });
  }, [navigate]);

  useEffect(() => {
    if (state === "done" && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [state]);

  async function retry() {
    setState("retrying");
    const details = await postJson<{ lead_customer_details: { aadhar_no: string } }>(`${CONTROLLER}/getCustomerDetails`, {});
    const last4 = details.Data?.lead_customer_details.aadhar_no ?? "";
    const reply = await journey<{ ekyc_url?: string }>({ event_name: "ekyc_initiated", aadhaar_no: last4, run_ekyc_flag: 1 });
    if (reply.Status === 1 && reply.Data?.ekyc_url) return window.location.assign(reply.Data.ekyc_url);
    navigate("/my-dashboard/adhar", { state: { error: errorText(reply) } });
  }

  return (
    <>
      <p role="status" className="loading">{state === "verifying" ? "Confirming your Aadhaar with DigiLocker…" : state === "done" ? "Your Aadhaar is verified." : "Opening DigiLocker…"}</p>
      <button type="button" className="btn btn-secondary btn-block" onClick={retry} disabled={state !== "verifying" && state !== "done"}>
        Verify with DigiLocker
      </button>
      <dialog ref={dialog} aria-labelledby="ekyc-done-title" aria-describedby="ekyc-done-message" onCancel={(e) => e.preventDefault()}>
        <h2 id="ekyc-done-title">Congratulations!</h2>
        <p id="ekyc-done-message">Your Aadhaar number {result?.masked} has been verified successfully.</p>
        <div className="dialog-actions">
          <button type="button" className="btn btn-primary" autoFocus onClick={() => { dialog.current?.close(); navigate(screenFor(result?.next)); }}>
            Go to Next Step
          </button>
        </div>
      </dialog>
    </>
  );
}

export default function AadhaarVerify() {
  return (
    <KycScreen step="ekyc_verified" title="Aadhaar Verification">
      {() => <Verify />}
    </KycScreen>
  );
}

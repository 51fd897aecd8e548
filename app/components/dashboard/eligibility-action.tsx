import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { isRepeatCustomer, screenFor } from "../../../core/journey/index.ts";
import { errorText, journey } from "../../lib/api.ts";
import { readState, writeState } from "../../lib/session-state.ts";
import { useNotices } from "./notices.tsx";

/** Conversion events go through one tracker (decision 22); none is configured yet, so this only records intent. */
function reportConversion() {
  window.dispatchEvent(new CustomEvent("sot:conversion", { detail: { event: "eligibility_process" } }));
}

/**
 * Check Eligibility (Re-Loan for repeat customers) and its dialog (spec section 4):
 * success offers 'Process', which goes to the stored next step; any other answer offers
 * 'OK' and leaves the failure state on the page.
 */
export function EligibilityAction({ userType, onFailure }: { userType: string; onFailure: (message: string) => void }) {
  const navigate = useNavigate();
  const { refreshChip } = useNotices();
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  useEffect(() => {
    if (outcome && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [outcome]);

  async function check() {
    setBusy(true);
    const reply = await journey<{ next_step: string; step_percentage: number; lead_id: string }>({ event_name: "register_now" });
    setBusy(false);
    if (reply.Status === 1 && reply.Data) {
      writeState({ next_step: reply.Data.next_step, eligibility: 1, step_percent: reply.Data.step_percentage, percent: reply.Data.step_percentage, lead_id: reply.Data.lead_id, edit: 0 });
      refreshChip();
      setOutcome({ ok: true, message: reply.Message });
    } else if (reply.Status !== 4 && reply.Status !== 5) {
      setOutcome({ ok: false, message: errorText(reply) });
    }
  }

  function close() {
    dialog.current?.close();
    if (!outcome) return;
    if (outcome.ok) {
      reportConversion();
      navigate(screenFor(readState("next_step")));
    } else onFailure(outcome.message);
    setOutcome(null);
  }

  return (
    <>
      <button type="button" className="btn btn-primary" onClick={check} disabled={busy} aria-busy={busy || undefined}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {isRepeatCustomer(userType) ? "Re-Loan" : "Check Eligibility"}
      </button>
      <dialog ref={dialog} aria-labelledby="eligibility-title" aria-describedby="eligibility-message" onCancel={(e) => { e.preventDefault(); close(); }}>
        <h2 id="eligibility-title">{outcome?.ok ? "You are eligible" : "We cannot offer a loan right now"}</h2>
        <p id="eligibility-message">{outcome?.message}</p>
        <div className="dialog-actions">
          <button type="button" className="btn btn-primary" onClick={close} autoFocus>
            {outcome?.ok ? "Process" : "OK"}
          </button>
        </div>
      </dialog>
    </>
  );
}

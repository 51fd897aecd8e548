import { useEffect, useRef, useState, type ReactNode } from "react";
import { useFetcher, useNavigate } from "react-router";
import { isRepeatCustomer } from "../../../core/journey/index.ts";
import type { EligibilityReply } from "../../routes/dashboard/layout.tsx";
import { useT, useCodeText } from "../../lib/i18n.tsx";
import { StepNotice } from "./step-notice.tsx";

/** The server's tracker records eligibility_process (decision 22); this DOM event is for a configured tag to listen to. */
function reportConversion() {
  window.dispatchEvent(new CustomEvent("sot:conversion", { detail: { event: "eligibility_process" } }));
}

/**
 * Check Eligibility (Re-Loan for repeat customers) and its dialog (spec section 4):
 * success offers 'Process', which goes to the stored next step; any other answer offers
 * 'OK' and leaves the failure state on the page. The check is the dashboard layout's action
 * (register_now through the API on the server); the dashboard data reloads after it.
 * The check pulls the credit report, so the credit bureau notice comes first with its unticked box
 * (issue 23); the tick goes with the request, which records it. `children` are further buttons of the row.
 */
export function EligibilityAction({
  userType,
  onFailure,
  actionsClass,
  noticeOnRequest = false,
  children,
}: {
  userType: string;
  onFailure: (message: string) => void;
  actionsClass: string;
  /** Issue 30: the notice appears at the first press (a closed loan's dashboard shows only the loan and Re-Loan). */
  noticeOnRequest?: boolean;
  children?: ReactNode;
}) {
  const navigate = useNavigate();
  const t = useT();
  const words = useCodeText();
  const fetcher = useFetcher<EligibilityReply>();
  const dialog = useRef<HTMLDialogElement>(null);
  const busy = fetcher.state !== "idle";
  const [outcome, setOutcome] = useState<EligibilityReply | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [noticeError, setNoticeError] = useState("");
  const [noticeShown, setNoticeShown] = useState(!noticeOnRequest);
  const noticeRef = useRef<HTMLDivElement>(null);

  // Shown on request: the reader is taken to the notice they must read before the check.
  useEffect(() => {
    if (noticeOnRequest && noticeShown) noticeRef.current?.focus();
  }, [noticeOnRequest, noticeShown]);

  // Each answer opens the dialog once.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) setOutcome(fetcher.data);
  }, [fetcher.state, fetcher.data]);

  useEffect(() => {
    if (outcome && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [outcome]);

  function check() {
    if (!noticeShown) {
      setNoticeShown(true);
      return;
    }
    if (!agreed) {
      setNoticeError(t("notice.needed"));
      document.getElementById("consent")?.focus();
      return;
    }
    setNoticeError("");
    void fetcher.submit({ intent: "register_now", consent: "1" }, { method: "post", action: "/my-dashboard" });
  }

  function close() {
    dialog.current?.close();
    if (!outcome) return;
    if (outcome.ok) {
      reportConversion();
      navigate(outcome.next);
    } else onFailure(outcome.message);
    setOutcome(null);
  }

  const notice = (
    <StepNotice
      purpose="credit_bureau"
      checked={agreed}
      onChange={(value) => {
        setAgreed(value);
        if (value) setNoticeError("");
      }}
      error={noticeError}
    />
  );

  return (
    <>
      {!noticeShown ? null : noticeOnRequest ? (
        <div ref={noticeRef} tabIndex={-1} className="notice-on-request">
          {notice}
        </div>
      ) : (
        notice
      )}
      <div className={actionsClass}>
        <button type="button" className="btn btn-primary" onClick={check} disabled={busy} aria-busy={busy || undefined}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {isRepeatCustomer(userType) ? t("journey.elig.reloan") : t("journey.elig.check")}
        </button>
        {children}
      </div>
      <dialog
        ref={dialog}
        aria-labelledby="eligibility-title"
        aria-describedby="eligibility-message"
        onCancel={(e) => {
          e.preventDefault();
          close();
        }}
      >
        <h2 id="eligibility-title">{outcome?.ok ? t("journey.elig.yes") : t("journey.elig.no")}</h2>
        <p id="eligibility-message">{words(outcome?.message ?? "")}</p>
        <div className="dialog-actions">
          <button type="button" className="btn btn-primary" onClick={close} autoFocus>
            {outcome?.ok ? t("journey.elig.process") : t("journey.elig.ok")}
          </button>
        </div>
      </dialog>
    </>
  );
}

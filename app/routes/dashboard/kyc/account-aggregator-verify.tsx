import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { Route } from "./+types/account-aggregator-verify.ts";
import { screenFor } from "../../../../core/journey/index.ts";
import { FormAlert } from "../../../components/dashboard/form-bits.tsx";
import { KycScreen } from "../../../components/dashboard/kyc-screen.tsx";
import { useNotices } from "../../../components/dashboard/notices.tsx";
import { errorText, journey } from "../../../lib/api.ts";
import { writeState } from "../../../lib/session-state.ts";

export const meta: Route.MetaFunction = () => [{ title: "Account Aggregator | SalaryOnTime" }, { name: "robots", content: "noindex" }];

type StepReply = { next_step: string; step_percentage: number; aa_url?: string };

function Aggregator() {
  const navigate = useNavigate();
  const { notify } = useNotices();
  const [params] = useSearchParams();
  const handle = params.get("consent_handle");
  const [busy, setBusy] = useState<"" | "consent" | "status" | "skip">(handle ? "status" : "");
  const [error, setError] = useState("");
  const checked = useRef(false);

  function moveOn(data: StepReply, message: string) {
    writeState({ next_step: data.next_step, step_percent: data.step_percentage, percent: data.step_percentage });
    notify(message);
    navigate(screenFor(data.next_step));
  }

  // Back from the aggregator's consent page: ask the server what became of the consent.
  useEffect(() => {
    if (!handle || checked.current) return;
    checked.current = true;
    journey<StepReply>({ event_name: "account_aggregator_verify", action: "status", consent_handle: handle }).then((reply) => {
      setBusy("");
      if (reply.Status === 1 && reply.Data) return moveOn(reply.Data, reply.Message);
      setError(errorText(reply));
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [handle]);

  async function act(action: "consent" | "skip") {
    setBusy(action);
    setError("");
    const reply = await journey<StepReply>({ event_name: "account_aggregator_verify", action });
    if (reply.Status === 1 && reply.Data?.aa_url) return window.location.assign(reply.Data.aa_url);
    setBusy("");
    if (reply.Status === 1 && reply.Data) return moveOn(reply.Data, reply.Message);
    setError(errorText(reply));
  }

  return (
    <div>
      <p>
        Share your bank statements for the last six months directly from your bank through an RBI-regulated account aggregator.
        It takes a minute, and you will not need to upload a statement. You approve exactly what is shared, and the consent is used once.
      </p>
      {busy === "status" ? <p className="loading" role="status">Fetching your bank statements…</p> : null}
      <FormAlert message={error} />
      <button type="button" className="btn btn-primary btn-block" onClick={() => act("consent")} disabled={busy !== ""} aria-busy={busy === "consent" || undefined}>
        {busy === "consent" ? <span className="spinner" aria-hidden="true" /> : null}
        Share via Account Aggregator
      </button>
      <button type="button" className="btn btn-secondary btn-block" onClick={() => act("skip")} disabled={busy !== ""} aria-busy={busy === "skip" || undefined}>
        Skip and upload my statement instead
      </button>
    </div>
  );
}

export default function AccountAggregatorVerify() {
  return (
    <KycScreen step="account_aggregator_verify" title="Account Aggregator">
      {() => <Aggregator />}
    </KycScreen>
  );
}

import { useState, type ReactNode } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { acceptsEvent, screenFor, type NextStep } from "../../../core/journey/index.ts";
import { messageCode } from "../../../core/validation/index.ts";
import { errorText, journey } from "../../lib/api.ts";
import { useDashboardData, type DashboardData } from "../../lib/dashboard-data.ts";
import { BackLink } from "./form-bits.tsx";
import { useCodeText, useT } from "../../lib/i18n.tsx";
import { useNotices } from "./notices.tsx";
import { StepCounter } from "./step-counter.tsx";

export const PREVIEW_PATH = "/my-dashboard/profile-preview";

/** True when the screen was opened with the update action (from the profile preview's Edit links). */
export function useUpdateMode() {
  const [params] = useSearchParams();
  return params.get("action") === "update";
}

/**
 * For steps still sent from the browser (the selfie: the file is read there). Profile steps
 * with a form use an action instead (useJourneyForm). Sends one step and follows the server: on success the message shows as a snackbar, and the flow moves on (back to the preview when updating).
 * On failure the message and field errors show, and the button works again.
 */
export function useStepSubmit() {
  const navigate = useNavigate();
  const update = useUpdateMode();
  const { notify } = useNotices();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  async function submit(payload: { event_name: string } & Record<string, unknown>, remember?: (data: Record<string, unknown>) => void) {
    setBusy(true);
    setError("");
    setServerErrors({});
    const reply = await journey<{ next_step: string; step_percentage: number } & Record<string, unknown>>(payload);
    setBusy(false);
    if (reply.Status !== 1 || !reply.Data) {
      setError(errorText(reply));
      setServerErrors(reply.errors ?? {});
      return;
    }
    remember?.(reply.Data);
    notify(reply.Message, "success", { nextPage: true });
    navigate(update ? PREVIEW_PATH : screenFor(reply.Data.next_step));
  }

  return { submit, busy, error, serverErrors, setError };
}

/** A profile step's page: Back link, title, and the form once the step is open to this customer. */
export function StepScreen(props: { step: NextStep; title: string; updateTitle?: string; intro?: string; children: (data: DashboardData) => ReactNode }) {
  const update = useUpdateMode();
  const t = useT();
  const { data, error } = useDashboardData();
  const open = data ? acceptsEvent({ event: props.step, current: data.next_event_name, isEditable: data.is_editable === 1 }) : false;
  const title = update ? (props.updateTitle ?? t("journey.update", { title: props.title })) : props.title;
  return (
    <section className="step-page" aria-labelledby="step-title">
      <BackLink to={update ? PREVIEW_PATH : "/my-dashboard"} label={update ? t("journey.backToProfile") : t("journey.backToDashboard")} />
      <div className="card step-card">
        <StepCounter step={props.step} hidden={update} />
        <h1 id="step-title">{title}</h1>
        {props.intro ? <p className="hint">{props.intro}</p> : null}
        <StepBody error={error} data={data} open={open}>
          {props.children}
        </StepBody>
      </div>
    </section>
  );
}

/** The error, or the loading line while a screen's data is on its way. */
export function LoadState({ error, loading }: { error: string | null | undefined; loading: string }) {
  const words = useCodeText();
  return error ? (
    <p className="alert alert-error" role="alert">
      {words(error)}
    </p>
  ) : (
    <p className="loading" role="status">
      {loading}
    </p>
  );
}

/**
 * A step screen's body: the error, the loading state, "This step is not available now." with a
 * link to the current step, or the form once the server's next_step allows this step (decision 9).
 */
export function StepBody(props: {
  error: string | null | undefined;
  data: DashboardData | null | undefined;
  open: boolean;
  children: (data: DashboardData) => ReactNode;
}) {
  const { error, data, open } = props;
  const t = useT();
  const codeText = useCodeText();
  if (error || !data) return <LoadState error={error} loading={t("journey.loading")} />;
  if (!open) {
    return (
      <div className="step-unavailable">
        <p className="alert alert-error" role="alert">
          {codeText(messageCode("stepNotAvailable"))}
        </p>
        <Link className="btn btn-primary" to={screenFor(data.next_event_name)}>
          {t("journey.goToCurrentStep")}
        </Link>
      </div>
    );
  }
  return props.children(data);
}

// Issue 33: the customer's video KYC (V-CIP) before and after the call: consent (purpose video_kyc) →
// the Aadhaar offline e-KYC ZIP and share code → camera and microphone check → live location (refused
// outside India by the server) → the waiting room → the call (WebRTC with the official, in the region
// marked data-call-area; app/lib/video-call.ts) → the outcome. Steps move from the browser (camera and
// location need it); the server checks every one.
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { Route } from "./+types/video-kyc.ts";
import type { ApiReply } from "../../../../core/contract/index.ts";
import { apiPath } from "../../../../core/contract/paths.ts";
import type { MessageKey } from "../../../../core/i18n/index.ts";
import { BackLink, Field, FormAlert, SubmitButton, describe } from "../../../components/dashboard/form-bits.tsx";
import { StepNotice } from "../../../components/dashboard/step-notice.tsx";
import { api, errorText, isSessionEnd, logoutLocally, type Envelope } from "../../../lib/api.ts";
import { endOnSessionLoss, loadDashboard, requireApi } from "../../../lib/dashboard.server.ts";
import { useCodeText, useT } from "../../../lib/i18n.tsx";
import { journeyMeta } from "../../../lib/journey-words.ts";
import { LiveCall } from "../../../components/dashboard/video-kyc-live-call.tsx";

export const meta: Route.MetaFunction = journeyMeta("journey.vkyc.title");

type Session = ApiReply<"startVideoKyc">;

/** The application and its newest video KYC (null when none was started). */
export async function loader({ context }: Route.LoaderArgs): Promise<{ leadId: string | null; session: Session | null; error: string }> {
  const { dashboard, error } = await loadDashboard(context);
  const leadId = dashboard?.lead_details?.lead_id ?? null;
  if (!leadId) return { leadId: null, session: null, error };
  const reply = endOnSessionLoss(await requireApi(context).api<ApiReply<"getVideoKyc">>(apiPath("getVideoKyc"), { lead_id: leadId }));
  return { leadId, session: reply.Status === 1 && reply.Data ? reply.Data.session : null, error: reply.Status === 1 ? "" : errorText(reply) };
}

const STEPS = ["consent", "aadhaar", "devices", "location", "waiting"] as const;
type Step = (typeof STEPS)[number];

/** Polling the waiting room: light for a slow phone, slower after a failed answer, paused while hidden. */
const POLL_MS = 10_000;
const POLL_AFTER_FAILURE_MS = 30_000;
// A hidden page still reads its place once a minute (browsers run hidden timers about that often): its reads
// keep the customer in the queue, which they leave after 10 minutes unread (docs/decisions/kyc.md).
const HIDDEN_READ_EVERY = 6;

/** The file goes as multipart (the one customer call that is not JSON); the answer in the page's language. */
async function uploadFile(form: FormData): Promise<Envelope<Session>> {
  try {
    const response = await fetch(apiPath("submitVideoKycEkyc"), {
      method: "POST",
      headers: { Accept: "application/json", "Accept-Language": document.documentElement.lang || "en-IN" },
      credentials: "same-origin",
      body: form,
    });
    const envelope = (await response.json()) as Envelope<Session>;
    if (isSessionEnd(envelope.Status)) logoutLocally();
    return envelope;
  } catch {
    return { Status: 0, Message: "" };
  }
}

function StepList({ current }: { current: Step }) {
  const t = useT();
  return (
    <ol className="vkyc-steps hint" aria-label={t("journey.vkyc.stepsLabel")}>
      {STEPS.map((s) => (
        <li key={s} aria-current={s === current ? "step" : undefined}>
          {s === current ? <strong>{t(`journey.vkyc.step.${s}` as MessageKey)}</strong> : t(`journey.vkyc.step.${s}` as MessageKey)}
          {s === current ? <span className="visually-hidden"> {t("journey.vkyc.current")}</span> : null}
        </li>
      ))}
    </ol>
  );
}

function Consent({ leadId, onStarted }: { leadId: string; onStarted: (s: Session) => void }) {
  const t = useT();
  const [agreed, setAgreed] = useState(false);
  const [noticeError, setNoticeError] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!agreed) {
      setNoticeError(t("notice.needed"));
      document.getElementById("consent")?.focus();
      return;
    }
    setBusy(true);
    const reply = await api("startVideoKyc", { lead_id: leadId, consent: 1 });
    setBusy(false);
    if (reply.Status === 1 && reply.Data) onStarted(reply.Data);
    else setError(errorText(reply));
  }
  return (
    <form onSubmit={submit} noValidate>
      <p>{t("journey.vkyc.need")}</p>
      <StepNotice
        purpose="video_kyc"
        checked={agreed}
        onChange={(v) => {
          setAgreed(v);
          if (v) setNoticeError("");
        }}
        error={noticeError}
      />
      <FormAlert message={error} />
      <SubmitButton busy={busy}>{t("journey.vkyc.start")}</SubmitButton>
    </form>
  );
}

function AadhaarFile({ session, onRead }: { session: Session; onRead: (s: Session) => void }) {
  const t = useT();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    form.set("session_id", session.session_id);
    setBusy(true);
    const reply = await uploadFile(form);
    setBusy(false);
    if (reply.Status === 1 && reply.Data) return onRead(reply.Data);
    setErrors(reply.errors ?? {});
    setError(reply.errors && Object.keys(reply.errors).length ? "" : errorText(reply));
    document.getElementById(reply.errors?.share_code && !reply.errors.file ? "share_code" : "ekyc_file")?.focus();
  }
  return (
    <form onSubmit={submit} noValidate encType="multipart/form-data">
      <h2>{t("journey.vkyc.fileHeading")}</h2>
      <p className="hint">{t("journey.vkyc.fileHow")}</p>
      <Field id="ekyc_file" label={t("journey.vkyc.file")} error={errors.file}>
        <input {...describe("ekyc_file", errors.file)} name="file" type="file" accept=".zip,application/zip" required />
      </Field>
      <Field id="share_code" label={t("journey.vkyc.shareCode")} error={errors.share_code}>
        <input {...describe("share_code", errors.share_code)} name="share_code" type="text" inputMode="numeric" autoComplete="off" maxLength={4} required />
      </Field>
      <FormAlert message={error} />
      <SubmitButton busy={busy}>{t("journey.vkyc.upload")}</SubmitButton>
    </form>
  );
}

type DeviceState = "unchecked" | "ok" | "denied" | "missing" | "busy" | "unsupported";
const DEVICE_MESSAGES: Record<Exclude<DeviceState, "unchecked" | "ok">, MessageKey> = {
  denied: "journey.vkyc.devicesDenied",
  missing: "journey.vkyc.devicesMissing",
  busy: "journey.vkyc.devicesBusy",
  unsupported: "journey.vkyc.devicesUnsupported",
};

/** What a refused getUserMedia means for the customer. */
function deviceFailure(error: unknown): DeviceState {
  const name = error instanceof Error || (error && typeof error === "object" && "name" in error) ? String((error as { name: unknown }).name) : "";
  if (name === "NotAllowedError" || name === "SecurityError") return "denied";
  if (name === "NotReadableError" || name === "AbortError") return "busy";
  return "missing";
}

/** The camera and microphone check: both must open; the preview is the customer's own camera, stopped on leaving. */
function Devices({ onOk }: { onOk: () => void }) {
  const t = useT();
  const [state, setState] = useState<DeviceState>("unchecked");
  const [busy, setBusy] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  useEffect(() => () => stream.current?.getTracks().forEach((track) => track.stop()), []);
  async function check() {
    if (!navigator.mediaDevices?.getUserMedia) return setState("unsupported");
    setBusy(true);
    try {
      const media = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
      if (media.getVideoTracks().length === 0 || media.getAudioTracks().length === 0) {
        media.getTracks().forEach((track) => track.stop());
        setState("missing");
      } else {
        stream.current = media;
        if (video.current) video.current.srcObject = media;
        setState("ok");
      }
    } catch (error) {
      setState(deviceFailure(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div>
      <h2>{t("journey.vkyc.devicesHeading")}</h2>
      <p className="hint">{t("journey.vkyc.devicesHow")}</p>
      <video ref={video} className="vkyc-preview" autoPlay muted playsInline aria-label={t("journey.vkyc.preview")} hidden={state !== "ok"} />
      {state === "ok" ? (
        <p className="alert alert-success" role="status">
          {t("journey.vkyc.devicesOk")}
        </p>
      ) : null}
      {state !== "ok" && state !== "unchecked" ? <FormAlert message={t(DEVICE_MESSAGES[state])} /> : null}
      {state === "ok" ? (
        <button type="button" className="btn btn-primary btn-block" onClick={onOk}>
          {t("journey.continue")}
        </button>
      ) : (
        <button type="button" className="btn btn-primary btn-block" onClick={check} disabled={busy} aria-busy={busy || undefined}>
          {t("journey.vkyc.devicesCheck")}
        </button>
      )}
    </div>
  );
}

/** The browser's location, sent to join the queue; the server refuses one outside India. */
function Location({ session, onQueued }: { session: Session; onQueued: (s: Session) => void }) {
  const t = useT();
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  function share() {
    if (!navigator.geolocation) return setError(t("journey.vkyc.locationUnavailable"));
    setBusy(true);
    setError("");
    navigator.geolocation.getCurrentPosition(
      async (position) => {
        const { latitude, longitude, accuracy } = position.coords;
        const reply = await api("joinVideoKycQueue", { session_id: session.session_id, latitude, longitude, accuracy });
        setBusy(false);
        if (reply.Status === 1 && reply.Data) onQueued(reply.Data);
        else setError(reply.errors?.location ?? errorText(reply));
      },
      (failure) => {
        setBusy(false);
        setError(t(failure.code === failure.PERMISSION_DENIED ? "journey.vkyc.locationDenied" : "journey.vkyc.locationUnavailable"));
      },
      // Live: never a position the browser kept from before.
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 },
    );
  }
  return (
    <div>
      <h2>{t("journey.vkyc.locationHeading")}</h2>
      <p className="hint">{t("journey.vkyc.locationHow")}</p>
      <FormAlert message={error} />
      <button type="button" className="btn btn-primary btn-block" onClick={share} disabled={busy} aria-busy={busy || undefined}>
        {t("journey.vkyc.locationShare")}
      </button>
    </div>
  );
}

/** The call area while waiting: marked, with a line of text and no fake video. */
function CallArea() {
  const t = useT();
  return (
    <section className="vkyc-call-area" data-call-area="customer" aria-label={t("journey.vkyc.callArea")}>
      <p className="hint">{t("journey.vkyc.callAreaWaiting")}</p>
    </section>
  );
}

/** The waiting room and the call: reads the session every few seconds until it is decided. */
function Waiting({ session, onChange }: { session: Session; onChange: (s: Session) => void }) {
  const t = useT();
  const [checking, setChecking] = useState(false);
  const poll = useCallback(async () => {
    setChecking(true);
    const reply = await api("getVideoKyc", { session_id: session.session_id });
    setChecking(false);
    if (reply.Status === 1 && reply.Data?.session) onChange(reply.Data.session);
    return reply.Status === 1;
  }, [session.session_id, onChange]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    let hiddenTicks = 0;
    const next = (ms: number) => {
      timer = setTimeout(async () => {
        if (stopped) return;
        hiddenTicks = document.hidden ? hiddenTicks + 1 : 0;
        if (document.hidden && hiddenTicks % HIDDEN_READ_EVERY !== 0) return next(POLL_MS);
        next((await poll()) ? POLL_MS : POLL_AFTER_FAILURE_MS);
      }, ms);
    };
    next(POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [poll]);
  if (session.status === "IN_CALL")
    return (
      <div>
        <h2>{t("journey.vkyc.inCallHeading")}</h2>
        <p>{t("journey.vkyc.inCallHow")}</p>
        <LiveCall session={session} />
      </div>
    );
  // Expected wait: a few minutes per call ahead of the customer (a call takes about 5 minutes).
  const minutes = Math.max(1, ((session.queue_position ?? 1) - 1) * 5 + 2);
  return (
    <div>
      <h2>{t("journey.vkyc.waitingHeading")}</h2>
      <p role="status" aria-live="polite">
        {t("journey.vkyc.position", { position: session.queue_position ?? 1 })}
        <br />
        {t("journey.vkyc.expected", { minutes })}
      </p>
      <p className="hint">{t("journey.vkyc.waitingHow")}</p>
      <CallArea />
      <button type="button" className="btn btn-secondary btn-block" onClick={() => void poll()} disabled={checking} aria-busy={checking || undefined}>
        {t("journey.vkyc.checkNow")}
      </button>
    </div>
  );
}

function Rejected({ session, onAgain }: { session: Session; onAgain: () => void }) {
  const t = useT();
  return (
    <div>
      <h2>{t("journey.vkyc.rejectedHeading")}</h2>
      {session.rejection_reason ? <p>{t("journey.vkyc.reason", { reason: session.rejection_reason })}</p> : null}
      <p>{t("journey.vkyc.rejectedNext")}</p>
      {session.may_start_again ? (
        <button type="button" className="btn btn-primary btn-block" onClick={onAgain}>
          {t("journey.vkyc.startAgain")}
        </button>
      ) : null}
      <Link className="btn btn-secondary btn-block" to="/my-dashboard/adhar">
        {t("journey.vkyc.useDigilocker")}
      </Link>
    </div>
  );
}

export default function VideoKyc({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const words = useCodeText();
  const navigate = useNavigate();
  const [session, setSession] = useState<Session | null>(loaderData.session);
  const [devicesOk, setDevicesOk] = useState(false);
  const [again, setAgain] = useState(false);
  const onChange = useCallback((s: Session) => setSession(s), []);
  // Approved: the spec's thank-you page.
  useEffect(() => {
    if (session?.status === "APPROVED" && !session.may_start_again) navigate("/thankyouvkyc");
  }, [session, navigate]);

  let step: Step = "consent";
  let body: React.ReactNode = null;
  if (!loaderData.leadId) body = <FormAlert message={loaderData.error || t("journey.vkyc.noApplication")} />;
  else if (!session || again || (session.may_start_again && session.status !== "REJECTED"))
    body = (
      <>
        {/* Gone from the call more than 10 minutes: it ended, and a new video KYC starts here. */}
        {session?.status === "DROPPED" && !again ? <FormAlert message={t("journey.vkyc.droppedStartAgain")} /> : null}
        <Consent
          leadId={loaderData.leadId}
          onStarted={(s) => {
            setAgain(false);
            setSession(s);
          }}
        />
      </>
    );
  else if (session.status === "REJECTED") body = <Rejected session={session} onAgain={() => setAgain(true)} />;
  else if (session.status === "STARTED") {
    step = "aadhaar";
    body = <AadhaarFile session={session} onRead={setSession} />;
  } else if (session.status === "IDENTITY_READ" && !devicesOk) {
    step = "devices";
    body = (
      <>
        {/* Out of the queue after 10 minutes unread: the identity stays, the camera and the place are asked again. */}
        {session.left_queue ? <FormAlert message={t("journey.vkyc.leftQueue")} /> : null}
        <Devices onOk={() => setDevicesOk(true)} />
      </>
    );
  } else if (session.status === "IDENTITY_READ") {
    step = "location";
    body = <Location session={session} onQueued={setSession} />;
  } else if (session.status === "WAITING" || session.status === "IN_CALL") {
    step = "waiting";
    body = <Waiting session={session} onChange={onChange} />;
  } else
    body = (
      <p role="status">
        {t("journey.vkyc.approved")} <Link to="/thankyouvkyc">{t("journey.vkyc.continue")}</Link>
      </p>
    );

  return (
    <section className="step-page" aria-labelledby="step-title">
      <BackLink />
      <div className="card step-card">
        <h1 id="step-title">{t("journey.vkyc.heading")}</h1>
        {loaderData.error && loaderData.leadId ? <FormAlert message={words(loaderData.error)} /> : null}
        {session?.status !== "REJECTED" || again ? <StepList current={step} /> : null}
        {body}
      </div>
    </section>
  );
}

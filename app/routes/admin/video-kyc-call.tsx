// Issue 33: one video KYC call. For the official who took it: the live call (WebRTC, app/lib/video-call.ts;
// this screen makes the offer), the face and PAN card snapshots (a frame of the customer's video), the Aadhaar
// photo and record beside the face snapshot, the PAN record beside the PAN snapshot, the customer's location and
// its distance from the Aadhaar address, the liveness action (asked on the customer's page), three questions
// from the customer's own data to mark, the RBI checks to tick, and the decision with its reason. For a second
// person: the decision, masked record, photo and snapshots, and the audit (confirm or overturn). The server
// checks who may do each.
import { useEffect, useRef, type RefObject } from "react";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator, useSubmit } from "react-router";
import type { Route } from "./+types/video-kyc-call.ts";
import type { VideoKycCallScreen } from "../../../core/admin/video-kyc-desk.ts";
import { apiPath, fillPath } from "../../../core/contract/paths.ts";
import { formatDateTime } from "../../../core/format.ts";
import { LIVENESS_ACTION_LABELS, livenessActionKey, VIDEO_KYC_CHECK_LABELS, VIDEO_KYC_CHECKS } from "../../../core/video-kyc.ts";
import { ActionNotices } from "../../components/admin/admin-notices.tsx";
import { actionInput, refusal, requireStaff, unknownIntent } from "../../lib/admin.ts";
import { useVideoCall, type CallStatus, type MediaFailure } from "../../lib/video-call.ts";
import { CallTools, Snapshot } from "../../components/admin/video-kyc-call-tools.tsx";

export const meta = () => [{ title: "Video KYC call | SalaryOnTime back office" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { admin } = requireStaff(context);
  try {
    return { call: await admin.videoKyc.call(params.sessionId), failure: null };
  } catch (error) {
    return refusal(error, { call: null as VideoKycCallScreen | null });
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { admin, form, field } = await actionInput(request, context);
  const intent = field("intent");
  try {
    if (intent === "decide") {
      const checks = Object.fromEntries(VIDEO_KYC_CHECKS.map((c) => [c, form.get(`check_${c}`) === "on"]));
      const questions = form
        .getAll("topic")
        .map(String)
        .filter((topic) => form.get(`mark_${topic}`) === "right" || form.get(`mark_${topic}`) === "wrong")
        .map((topic) => ({ topic, correct: form.get(`mark_${topic}`) === "right" }));
      const done = await admin.videoKyc.decide(params.sessionId, { outcome: field("outcome"), reason: field("reason"), checks, questions });
      return {
        failure: null,
        message: done.status === "APPROVED" ? "Approved. A second person must now audit the call." : "Rejected. A second person must now audit the call.",
      };
    }
    if (intent === "audit") {
      const done = await admin.videoKyc.audit(params.sessionId, { outcome: field("outcome"), note: field("note") });
      return {
        failure: null,
        message: done.auditOutcome === "CONFIRMED" ? "Audit recorded: the decision is confirmed." : "Audit recorded: the decision is overturned.",
      };
    }
    return unknownIntent({ message: null });
  } catch (error) {
    return refusal(error, { message: null });
  }
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

function Records({ call }: { call: VideoKycCallScreen }) {
  const a = call.aadhaar;
  return (
    <div className="vkyc-records">
      <section aria-labelledby="vkyc-aadhaar">
        <h2 id="vkyc-aadhaar">Aadhaar (offline e-KYC){call.masked ? ", masked" : ""}</h2>
        <div className="vkyc-compare">
          {a.photo ? <img className="vkyc-photo" src={a.photo} alt="The Aadhaar photo" width={160} /> : <p>No photo.</p>}
          <Snapshot call={call} kind="face" />
        </div>
        <dl>
          <Fact label="Name">{a.name}</Fact>
          <Fact label="Date of birth">{a.dob}</Fact>
          <Fact label="Gender">{a.gender}</Fact>
          <Fact label="Address">{a.address || "—"}</Fact>
          <Fact label="Aadhaar">{a.last4}</Fact>
          <Fact label="File made">{a.fileMadeAt ? formatDateTime(a.fileMadeAt) : "—"}</Fact>
          <Fact label="Registered mobile is the file's">{a.mobileMatches === null ? "—" : a.mobileMatches ? "Yes" : "No"}</Fact>
        </dl>
      </section>
      <section aria-labelledby="vkyc-pan">
        <h2 id="vkyc-pan">PAN record</h2>
        {call.pan ? (
          <dl>
            <Fact label="PAN">{call.pan.number}</Fact>
            <Fact label="Name">{call.pan.name}</Fact>
            <Fact label="Date of birth">{call.pan.dob}</Fact>
            <Fact label="Verified">{call.pan.verified ? "Yes" : "No"}</Fact>
          </dl>
        ) : (
          <p>No PAN record.</p>
        )}
        <Snapshot call={call} kind="pan" />
      </section>
      <section aria-labelledby="vkyc-location">
        <h2 id="vkyc-location">Location</h2>
        {call.location ? (
          <dl>
            <Fact label="Where">
              {call.location.latitude.toFixed(4)}, {call.location.longitude.toFixed(4)} (within {Math.round(call.location.accuracy)} m)
            </Fact>
            <Fact label="In India">{call.location.inIndia ? "Yes" : "No"}</Fact>
            <Fact label="From the Aadhaar address">
              {call.location.fromAddress
                ? `About ${call.location.fromAddress.km} km from ${call.location.fromAddress.town} (the main town of PIN ${a.pincode}'s region; rough)`
                : "Not known: the address's PIN cannot be placed."}
            </Fact>
          </dl>
        ) : (
          <p>No location.</p>
        )}
      </section>
    </div>
  );
}

/** The call's recording: stop (waits for its last chunks) and resume (after a refused decision); set by the live call. */
type StopRecording = RefObject<{ stop: () => Promise<void>; resume: () => void } | null>;

function Decide({ call, busy, stopRecording }: { call: VideoKycCallScreen; busy: boolean; stopRecording: StopRecording }) {
  const submit = useSubmit();
  // The recording's last chunks go up before the decision closes it (the server hashes what it has then).
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const recording = stopRecording.current;
    if (!recording) return;
    event.preventDefault();
    const form = event.currentTarget;
    void recording.stop().then(() => submit(form));
  };
  return (
    <Form method="post" className="vkyc-decide" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="decide" />
      <fieldset>
        <legend>Questions from the customer&apos;s own data</legend>
        {call.questions.length === 0 ? <p>No data to ask about.</p> : null}
        {call.questions.map((q) => (
          <div key={q.topic} className="vkyc-question">
            <input type="hidden" name="topic" value={q.topic} />
            <p>
              {q.question} <span className="hint">On record: {q.answer}</span>
            </p>
            <label className="admin-choice">
              <input type="radio" name={`mark_${q.topic}`} value="right" /> <span>Answered right</span>
            </label>
            <label className="admin-choice">
              <input type="radio" name={`mark_${q.topic}`} value="wrong" /> <span>Answered wrong</span>
            </label>
          </div>
        ))}
      </fieldset>
      <fieldset>
        <legend>RBI checks (every one for an approval)</legend>
        {VIDEO_KYC_CHECKS.map((c) => (
          <label key={c} className="admin-choice">
            <input type="checkbox" name={`check_${c}`} /> <span>{VIDEO_KYC_CHECK_LABELS[c]}</span>
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Decision</legend>
        <label className="admin-choice">
          <input type="radio" name="outcome" value="APPROVE" required /> <span>Approve</span>
        </label>
        <label className="admin-choice">
          <input type="radio" name="outcome" value="REJECT" required /> <span>Reject</span>
        </label>
      </fieldset>
      <label htmlFor="vkyc-reason">Reason (told to the customer if rejected)</label>
      <textarea id="vkyc-reason" name="reason" required minLength={3} maxLength={500} rows={3} />
      <button type="submit" disabled={busy}>
        Record decision
      </button>
    </Form>
  );
}

function Audit({ busy }: { busy: boolean }) {
  return (
    <Form method="post" className="vkyc-audit">
      <input type="hidden" name="intent" value="audit" />
      <fieldset>
        <legend>Audit</legend>
        <label className="admin-choice">
          <input type="radio" name="outcome" value="CONFIRMED" required /> <span>Confirm the decision</span>
        </label>
        <label className="admin-choice">
          <input type="radio" name="outcome" value="OVERTURNED" required /> <span>Overturn the decision</span>
        </label>
      </fieldset>
      <label htmlFor="vkyc-note">Note (needed to overturn)</label>
      <textarea id="vkyc-note" name="note" maxLength={500} rows={2} />
      <button type="submit" disabled={busy}>
        Record audit
      </button>
    </Form>
  );
}

const CALL_STATUS: Record<CallStatus, string> = {
  connecting: "Connecting…",
  connected: "Connected",
  dropped: "The connection dropped",
  ended: "The call has ended",
  elsewhere: "The call continued on another device",
};
const OTHER_DEVICE = "The customer joined from another device";
/** A call event in words: another device, or the liveness action asked (shown on the customer's page). */
function eventLine(e: VideoKycCallScreen["events"][number]): string {
  if (e.kind === "other_device") return OTHER_DEVICE;
  const key = livenessActionKey(e.action);
  return `Liveness action asked: ${key ? LIVENESS_ACTION_LABELS[key] : e.action}`;
}
const RECHECK: Record<string, string> = {
  MATCHES: "matches the audit entry",
  MISMATCH: "DOES NOT MATCH the audit entry",
  MISSING: "a chunk is MISSING from storage",
};
const MEDIA_FAILURE: Record<MediaFailure, string> = {
  denied: "This browser was not allowed the camera and microphone: allow them for this site, then reload the page.",
  missing: "No camera or microphone was found on this computer.",
  busy: "Another program is using the camera or microphone: close it, then reload the page.",
  unsupported: "This browser cannot use a camera here.",
};

/** The live call (WebRTC): this screen offers, the customer's answers; the customer large, the official's own camera small. */
function OfficialCall({ call, stopRecording }: { call: VideoKycCallScreen; stopRecording: StopRecording }) {
  const signals = fillPath(apiPath("videoKycCallSignals"), { sessionId: call.id });
  const media = useVideoCall({
    role: "official",
    streamUrl: signals,
    postUrl: fillPath(apiPath("videoKycCallSignal"), { sessionId: call.id }),
    body: (message) => ({ message }),
    iceServers: call.iceServers,
    recordUrl: fillPath(apiPath("videoKycRecordingChunk"), { sessionId: call.id }),
  });
  stopRecording.current = { stop: media.stopRecording, resume: media.resumeRecording };
  // The server ended the call (e.g. the customer gone more than 10 minutes): the page reads its state again.
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (media.status === "ended") void revalidate();
  }, [media.status, revalidate]);

  return (
    <>
      <section className="vkyc-call-area vkyc-live" data-call-area="official" aria-label="Video call">
        <video ref={media.remote} className="vkyc-remote" autoPlay playsInline aria-label="The customer" />
        <video ref={media.local} className="vkyc-local" autoPlay muted playsInline aria-label="Your camera" />
        <p className="vkyc-call-status" role="status" aria-live="polite">
          {CALL_STATUS[media.status]}
        </p>
        {media.status === "dropped" ? <p>The call reconnects when the customer opens their page again (within 10 minutes).</p> : null}
        {media.otherDevice ? <p role="alert">{OTHER_DEVICE}: weigh it in the checks (the same person throughout, no one prompting).</p> : null}
        {media.muted ? (
          <button type="button" onClick={media.soundOn}>
            Turn on the sound
          </button>
        ) : null}
        {media.failure ? <p role="alert">{MEDIA_FAILURE[media.failure]}</p> : null}
      </section>
      <CallTools call={call} remote={media.remote} />
    </>
  );
}

const STREAM_NAME: Record<string, string> = { official: "The official's camera", customer: "The customer" };
const duration = (ms: number | null) => (ms === null ? "—" : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`);

/** The call's recordings: each one's times, size and SHA-256 (once the decision closed it), and a player. */
function Recordings({ call }: { call: VideoKycCallScreen }) {
  return (
    <section aria-labelledby="vkyc-recordings" className="vkyc-recordings">
      <h2 id="vkyc-recordings">Recordings</h2>
      {call.recordings.length === 0 ? <p>No recording was uploaded.</p> : null}
      {call.recordings.map((r) => (
        <figure key={r.id} data-recording={r.stream}>
          <video controls preload="metadata" src={fillPath(apiPath("videoKycRecordingFile"), { sessionId: call.id, recordingId: r.id })} width={320}>
            <track kind="captions" />
          </video>
          <figcaption>
            <dl>
              <Fact label="Stream">{STREAM_NAME[r.stream] ?? r.stream}</Fact>
              <Fact label="Started">{r.startedAt ? formatDateTime(r.startedAt) : "—"}</Fact>
              <Fact label="Duration">{duration(r.durationMs)}</Fact>
              <Fact label="Chunks">{`${r.chunks} (${Math.ceil(r.sizeBytes / 1024)} KB)`}</Fact>
              <Fact label="SHA-256">{r.sha256 ? <code>{r.sha256}</code> : "Not closed yet (closed with the decision)"}</Fact>
              <Fact label="Re-checked">{r.check ? `${formatDateTime(r.check.at)}: ${RECHECK[r.check.result]}` : "Not yet"}</Fact>
            </dl>
          </figcaption>
        </figure>
      ))}
    </section>
  );
}

export default function VideoKycCallPage() {
  const { call, failure } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const stopRecording: StopRecording = useRef(null);
  // A refused decision leaves the call going: it is recorded again (new recordings, closed with the decision).
  useEffect(() => {
    if (result?.failure) stopRecording.current?.resume();
  }, [result]);
  return (
    <>
      <p>
        <Link to="/admin/video-kyc">← Video KYC</Link>
      </p>
      <h1>Video KYC call</h1>
      <ActionNotices result={result} failure={failure} />
      {call ? (
        <>
          <p>
            State: <strong>{call.status}</strong>
            {call.auditOutcome ? `, audit ${call.auditOutcome.toLowerCase()}` : ""}
            {call.decisionReason ? `. Reason: ${call.decisionReason}` : ""}
            {call.auditNote ? `. Audit note: ${call.auditNote}` : ""}
          </p>
          {call.droppedAt ? <p role="status">The customer left more than 10 minutes ago: the call has ended.</p> : null}
          {call.events.length ? (
            <ul aria-label="During the call">
              {call.events.map((e) => (
                <li key={`${e.kind}-${e.at}`}>{`${eventLine(e)} (${formatDateTime(e.at)}).`}</li>
              ))}
            </ul>
          ) : null}
          {call.mine && call.status === "IN_CALL" ? <OfficialCall call={call} stopRecording={stopRecording} /> : null}
          <Records call={call} />
          {call.mine && call.status === "IN_CALL" ? <Decide call={call} busy={busy} stopRecording={stopRecording} /> : null}
          {call.status === "APPROVED" || call.status === "REJECTED" || call.status === "DROPPED" ? <Recordings call={call} /> : null}
          {call.status !== "IN_CALL" && call.questions.some((q) => q.correct !== null) ? (
            <ul aria-label="Questions marked">
              {call.questions.map((q) => (
                <li key={q.topic}>
                  {q.question} {q.correct === null ? "Not marked" : q.correct ? "Answered right" : "Answered wrong"}
                </li>
              ))}
            </ul>
          ) : null}
          {call.canAudit ? <Audit busy={busy} /> : null}
          {call.mine && (call.status === "APPROVED" || call.status === "REJECTED") && !call.auditOutcome ? (
            <p>You took this call: a second person must audit it.</p>
          ) : null}
        </>
      ) : null}
    </>
  );
}

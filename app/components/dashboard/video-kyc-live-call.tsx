// Issue 33: the customer's side of the live video KYC call (WebRTC, app/lib/video-call.ts): the official's
// video large, the customer's own camera small, the connection's state read out, in the region marked
// data-call-area="customer". The official's screen makes the offer; this one answers. The liveness action
// our official asks for shows large over the call (the server sends its key; the words are the catalogue's).
import type { ApiReply } from "../../../core/contract/index.ts";
import { apiPath } from "../../../core/contract/paths.ts";
import type { MessageKey } from "../../../core/i18n/index.ts";
import type { LivenessAction } from "../../../core/video-kyc.ts";
import { useT } from "../../lib/i18n.tsx";
import { callDeviceId, useVideoCall, type CallStatus, type MediaFailure } from "../../lib/video-call.ts";
import { FormAlert } from "./form-bits.tsx";

type Session = ApiReply<"startVideoKyc">;

const MEDIA_FAILURE: Record<MediaFailure, MessageKey> = {
  denied: "journey.vkyc.devicesDenied",
  missing: "journey.vkyc.devicesMissing",
  busy: "journey.vkyc.devicesBusy",
  unsupported: "journey.vkyc.devicesUnsupported",
};

const CALL_STATUS: Record<CallStatus, MessageKey> = {
  connecting: "journey.vkyc.call.connecting",
  connected: "journey.vkyc.call.connected",
  dropped: "journey.vkyc.call.dropped",
  ended: "journey.vkyc.call.ended",
  elsewhere: "journey.vkyc.call.elsewhere",
};

/** The liveness action our official asks for, in the customer's words (the server sends its key). */
const LIVENESS: Record<LivenessAction, MessageKey> = {
  blink_twice: "journey.vkyc.liveness.blink_twice",
  turn_head_left: "journey.vkyc.liveness.turn_head_left",
  turn_head_right: "journey.vkyc.liveness.turn_head_right",
  raise_right_hand: "journey.vkyc.liveness.raise_right_hand",
  smile: "journey.vkyc.liveness.smile",
};

/** The stream's address: the session, and this tab's id (a second device replaces the first; a reload does not count as one). */
function streamUrl(sessionId: string): string {
  const device = typeof window === "undefined" ? null : callDeviceId();
  return `${apiPath("videoKycSignals")}?session_id=${encodeURIComponent(sessionId)}${device ? `&device=${encodeURIComponent(device)}` : ""}`;
}

/** In the call: the official's video large, the customer's own small, the connection's state read out. */
export function LiveCall({ session }: { session: Session }) {
  const t = useT();
  const call = useVideoCall({
    role: "customer",
    streamUrl: streamUrl(session.session_id),
    postUrl: apiPath("sendVideoKycSignal"),
    body: (message) => ({ session_id: session.session_id, message }),
    iceServers: session.ice_servers,
  });
  return (
    <section className="vkyc-call-area vkyc-live" data-call-area="customer" aria-label={t("journey.vkyc.callArea")}>
      <video ref={call.remote} className="vkyc-remote" autoPlay playsInline aria-label={t("journey.vkyc.officialVideo")} />
      <video ref={call.local} className="vkyc-local" autoPlay muted playsInline aria-label={t("journey.vkyc.preview")} />
      <p className="vkyc-call-status" role="status" aria-live="polite">
        {t(CALL_STATUS[call.status])}
      </p>
      {call.liveness ? (
        <div className="vkyc-liveness" role="alert">
          <p>{t("journey.vkyc.liveness.heading")}</p>
          <p className="vkyc-liveness-action">{t(LIVENESS[call.liveness])}</p>
        </div>
      ) : null}
      {call.status === "dropped" ? <p className="hint">{t("journey.vkyc.call.droppedHow")}</p> : null}
      {call.muted ? (
        <button type="button" className="btn btn-secondary" onClick={call.soundOn}>
          {t("journey.vkyc.call.soundOn")}
        </button>
      ) : null}
      {call.failure ? <FormAlert message={t(MEDIA_FAILURE[call.failure])} /> : null}
    </section>
  );
}

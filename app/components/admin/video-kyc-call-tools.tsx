// Issue 33: the video KYC call screen's snapshots and liveness action. For the official in the call: "Take face
// snapshot" and "Take PAN card snapshot" (the customer's video frame as a JPEG, posted to our server, which keeps
// the newest of each kind), and "Ask for the liveness action" (the customer's page shows the action drawn for the
// call). For whoever may read the call: the newest snapshot of a kind, beside the record it is compared with.
import { useState, type RefObject } from "react";
import { useRevalidator } from "react-router";
import type { VideoKycCallScreen } from "../../../core/admin/video-kyc-desk.ts";
import { apiPath, fillPath } from "../../../core/contract/paths.ts";
import { formatDateTime } from "../../../core/format.ts";
import type { VideoKycSnapshotKind } from "../../../core/video-kyc.ts";
import { videoFrameJpeg } from "../../lib/video-snapshot.ts";

const SNAPSHOT_NAME: Record<VideoKycSnapshotKind, string> = { face: "face snapshot", pan: "PAN card snapshot" };

/** The newest snapshot of a kind taken in the call (its image by its own route, not cached), or a line saying there is none. */
export function Snapshot({ call, kind }: { call: VideoKycCallScreen; kind: VideoKycSnapshotKind }) {
  const shot = call.snapshots[kind];
  if (!shot) return <p>No {SNAPSHOT_NAME[kind]} yet.</p>;
  return (
    <figure data-snapshot={kind}>
      <img className="vkyc-snapshot" src={shot.src} alt={`The ${SNAPSHOT_NAME[kind]} from the call`} width={220} />
      <figcaption>
        {`Taken ${formatDateTime(shot.takenAt)}. SHA-256 `}
        <code>{shot.sha256}</code>
      </figcaption>
    </figure>
  );
}

/** Posts to our server; the reply's message on a refusal (the envelope's), or a line for a network failure. */
async function post(url: string, init: RequestInit): Promise<{ ok: boolean; message: string; data: Record<string, unknown> | null }> {
  const res = await fetch(url, { method: "POST", credentials: "same-origin", ...init, headers: { Accept: "application/json", ...init.headers } }).catch(
    () => null,
  );
  const reply = res ? ((await res.json().catch(() => null)) as { Message?: string; Data?: Record<string, unknown> } | null) : null;
  return { ok: Boolean(res?.ok), message: reply?.Message ?? "Our server could not be reached. Please try again.", data: reply?.Data ?? null };
}

/** The official's buttons beside the live call; `remote` is the customer's video element. */
export function CallTools({ call, remote }: { call: VideoKycCallScreen; remote: RefObject<HTMLVideoElement | null> }) {
  const [note, setNote] = useState<{ text: string; failed: boolean } | null>(null);
  const [working, setWorking] = useState(false);
  const { revalidate } = useRevalidator();
  const liveness = call.livenessAction;

  async function run(work: () => Promise<{ text: string; failed: boolean }>) {
    setWorking(true);
    try {
      const done = await work();
      setNote(done);
      // The screen reads the call again: the new snapshot beside its record, the liveness asked in the events.
      if (!done.failed) void revalidate();
    } finally {
      setWorking(false);
    }
  }
  /** The customer's video frame now, as a JPEG, stored as this kind's snapshot. */
  const snapshot = (kind: VideoKycSnapshotKind) =>
    run(async () => {
      const jpeg = remote.current ? await videoFrameJpeg(remote.current) : null;
      if (!jpeg) return { text: "The customer's video is not showing yet: take the snapshot once it is.", failed: true };
      const url = `${fillPath(apiPath("videoKycSnapshot"), { sessionId: call.id })}?kind=${kind}`;
      const done = await post(url, { headers: { "Content-Type": "image/jpeg" }, body: jpeg });
      return done.ok ? { text: `The ${SNAPSHOT_NAME[kind]} is taken.`, failed: false } : { text: done.message, failed: true };
    });
  /** The customer's page shows the action drawn for this call (the server puts it in). */
  const askLiveness = () =>
    run(async () => {
      const url = fillPath(apiPath("videoKycCallSignal"), { sessionId: call.id });
      const done = await post(url, { headers: { "Content-Type": "application/json" }, body: JSON.stringify({ message: { type: "liveness" } }) });
      if (!done.ok) return { text: done.message, failed: true };
      return done.data?.delivered
        ? { text: "The customer's page shows the liveness action now.", failed: false }
        : { text: "The customer's page is not connected: it shows the action if it reconnects within 30 seconds; otherwise ask again.", failed: false };
    });

  return (
    <>
      {liveness ? (
        <p>
          Liveness: ask the customer to <strong>{liveness.label}</strong>. Their page shows it when you press the button.
        </p>
      ) : null}
      <div className="vkyc-tools">
        <button type="button" disabled={working} onClick={() => void snapshot("face")}>
          Take face snapshot
        </button>
        <button type="button" disabled={working} onClick={() => void snapshot("pan")}>
          Take PAN card snapshot
        </button>
        {liveness ? (
          <button type="button" disabled={working} onClick={() => void askLiveness()}>
            Ask for the liveness action
          </button>
        ) : null}
      </div>
      {note ? note.failed ? <p role="alert">{note.text}</p> : <p aria-live="polite">{note.text}</p> : null}
    </>
  );
}

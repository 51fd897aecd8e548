// Issue 33: the video KYC call's recording in the official's browser. Two recordings, one a stream: the
// official's own camera ("official") and the customer's as received ("customer"), each a MediaRecorder
// sliced every 5 s, each slice uploaded in order as it comes (retried on a network failure or a 5xx; the
// server keeps a slice sent twice once). Stopping flushes the last slices before the decision is posted.

export type RecordedStream = "official" | "customer";

/** The slice's length: a cut call loses at most this much of what was not yet uploaded. */
const TIMESLICE_MS = 5_000;
const RETRIES = 4;
/** How long stopping waits for the last uploads before the decision goes anyway. */
const FLUSH_LIMIT_MS = 15_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function mimeType(): string | undefined {
  return ["video/webm;codecs=vp8,opus", "video/webm"].find((t) => MediaRecorder.isTypeSupported(t));
}

export interface CallRecorder {
  /** Records a stream (once per stream object; a new remote stream after a reconnect is a new recording). */
  record(stream: MediaStream, kind: RecordedStream): void;
  /** Stops every recorder and waits (bounded) for their last slices to be uploaded; a later record() starts new recordings. */
  stop(): Promise<void>;
}

/** `uploadUrl`: the call's chunk address (the query names each chunk). */
export function createCallRecorder(uploadUrl: string): CallRecorder {
  const recorders = new Map<MediaStream, MediaRecorder>();
  let uploads: Promise<unknown> = Promise.resolve();

  async function upload(query: Record<string, string>, data: Blob) {
    for (let attempt = 0; attempt <= RETRIES; attempt++) {
      const res = await fetch(`${uploadUrl}?${new URLSearchParams(query)}`, {
        method: "POST",
        headers: { "Content-Type": "video/webm", Accept: "application/json" },
        credentials: "same-origin",
        body: data,
      }).catch(() => null);
      // Taken, or refused for good (a 4xx: the call is over, or the slice is not valid): no retry.
      if (res && res.status < 500) return;
      await pause(1_000 * 2 ** attempt);
    }
  }

  return {
    record(stream, kind) {
      if (typeof MediaRecorder === "undefined" || recorders.has(stream)) return;
      let recorder: MediaRecorder;
      try {
        const type = mimeType();
        recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
      } catch {
        return;
      }
      const recordingId = crypto.randomUUID();
      let seq = 0;
      let from = Date.now();
      recorder.ondataavailable = (event) => {
        const to = Date.now();
        const startedAt = from;
        from = to;
        if (!event.data.size) return;
        const query = { recording_id: recordingId, stream: kind, seq: String(seq++), started_at: String(startedAt), ended_at: String(to) };
        uploads = uploads.then(() => upload(query, event.data));
      };
      recorders.set(stream, recorder);
      recorder.start(TIMESLICE_MS);
    },
    async stop() {
      const stopped = [...recorders.values()]
        .filter((r) => r.state !== "inactive")
        .map(
          (r) =>
            new Promise<void>((resolve) => {
              r.addEventListener("stop", () => resolve(), { once: true });
              r.stop();
            }),
        );
      recorders.clear();
      const flushed = Promise.all(stopped).then(() => uploads);
      await Promise.race([flushed, pause(FLUSH_LIMIT_MS)]);
    },
  };
}

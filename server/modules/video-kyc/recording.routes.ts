// Issue 33: the video KYC call's recordings and snapshots over HTTP, thin, under /admin/video-kyc/api with the staff
// cookie and the back office's origin check: a chunk's upload (the body its webm bytes, the query its
// names and times), the call's list of recordings, and one recording streamed as video/webm; a snapshot's
// upload (the body a JPEG, the query its kind) and one snapshot served as image/jpeg. The service
// checks the caller; bad input is a 400 with its message, never a 500.
import type { Context } from "hono";
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { apiContract as api } from "../../../core/contract/index.ts";
import type { StaffPrincipal } from "../../../core/staff.ts";
import { STAFF_COOKIE } from "../../http/admin-gateway.ts";
import { readBodyBytes } from "../../http/body.ts";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/envelope.ts";
import type { Services } from "../../services.ts";
import { SNAPSHOT_MAX_BYTES } from "../../../core/video-kyc.ts";
import { RECORDING_CHUNK_MAX_BYTES } from "./recording.ts";

export function createVideoKycRecordingRoutes({ staff, videoKyc }: Pick<Services, "staff" | "videoKyc">) {
  const routes = new Hono<AppEnv>();
  const recordings = videoKyc.recordings;
  const who = async (c: Context<AppEnv>): Promise<StaffPrincipal | null> => {
    const token = getCookie(c, STAFF_COOKIE);
    return token ? await staff.authenticate(token).catch(() => null) : null;
  };

  routes.post(api.videoKycRecordingChunk.path, async (c) => {
    const actor = await who(c);
    const { body } = await readBodyBytes(c.req.raw, RECORDING_CHUNK_MAX_BYTES);
    const q = c.req.query();
    const chunk = { recordingId: q.recording_id, stream: q.stream, seq: q.seq, startedAt: q.started_at, endedAt: q.ended_at, bytes: new Uint8Array(body) };
    return ok(c, "OK", await recordings.upload(actor, c.req.param("sessionId"), chunk));
  });

  routes.get(api.videoKycRecordings.path, async (c) => {
    const list = await recordings.list(await who(c), c.req.param("sessionId"));
    return ok(c, "OK", {
      recordings: list.map((r) => ({
        recording_id: r.id,
        stream: r.stream,
        chunks: r.chunks,
        size_bytes: r.sizeBytes,
        started_at: r.startedAt?.toISOString() ?? null,
        ended_at: r.endedAt?.toISOString() ?? null,
        duration_ms: r.durationMs,
        sha256: r.sha256,
      })),
    });
  });

  routes.get(api.videoKycRecordingFile.path, async (c) => {
    const { view, chunks } = await recordings.open(await who(c), c.req.param("sessionId"), c.req.param("recordingId"));
    const iterator = chunks();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
    });
    return new Response(body, {
      headers: {
        "Content-Type": "video/webm",
        "Content-Length": String(view.sizeBytes),
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  });

  routes.post(api.videoKycSnapshot.path, async (c) => {
    const actor = await who(c);
    const { body } = await readBodyBytes(c.req.raw, SNAPSHOT_MAX_BYTES);
    const input = { kind: c.req.query("kind"), contentType: c.req.header("content-type"), bytes: new Uint8Array(body) };
    const s = await videoKyc.snapshots.take(actor, c.req.param("sessionId"), input);
    return ok(c, "OK", { snapshot_id: s.id, kind: s.kind, taken_at: s.takenAt.toISOString(), sha256: s.sha256, size_bytes: s.sizeBytes });
  });

  routes.get(api.videoKycSnapshotFile.path, async (c) => {
    const { bytes } = await videoKyc.snapshots.open(await who(c), c.req.param("sessionId"), c.req.param("snapshotId"));
    return new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: {
        "Content-Type": "image/jpeg",
        "Content-Length": String(bytes.byteLength),
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  });

  return routes;
}

// Issue 33: the video KYC call in the browser: the camera and microphone, one RTCPeerConnection per
// "generation", and the signalling through our server (a server-sent event stream of the peer's
// messages, a post per message). The official's screen offers; the customer's answers. Either side
// may reload: the customer's stream opening says "ready", the official's says "hello" (answered with
// "ready"), and a "ready" naming no live generation of the official's makes it offer a new one. Messages
// are handled one at a time, in order. Given an upload address (the official's screen), both streams are
// recorded once connected (app/lib/call-recorder.ts). The customer's stream names the tab (callDeviceId): a
// newer stream of the call ends the older, whose page then says the call continued elsewhere.
import { useEffect, useRef, useState } from "react";
import { livenessSignalSchema, type CallSignal, type SignalRole } from "../../core/video-kyc-signal.ts";
import type { LivenessAction } from "../../core/video-kyc.ts";
import { createCallRecorder, type CallRecorder } from "./call-recorder.ts";

/** "elsewhere": the server ended this page's stream because the call continued on another device (or tab). */
export type CallStatus = "connecting" | "connected" | "dropped" | "ended" | "elsewhere";
/** Why the camera and microphone did not open (the same reasons as the customer's device check). */
export type MediaFailure = "denied" | "missing" | "busy" | "unsupported";

export interface VideoCallOptions {
  role: SignalRole;
  /** The stream of the peer's messages (our origin; the cookie is the credential). */
  streamUrl: string;
  /** Where a message is posted, and the JSON body that carries it. */
  postUrl: string;
  body: (message: CallSignal) => Record<string, unknown>;
  iceServers: RTCIceServer[];
  /** Where the recordings' chunks are uploaded (the official's screen); none: not recorded. */
  recordUrl?: string;
}

function mediaFailure(error: unknown): MediaFailure {
  const name = error && typeof error === "object" && "name" in error ? String((error as { name: unknown }).name) : "";
  if (name === "NotAllowedError" || name === "SecurityError") return "denied";
  if (name === "NotReadableError" || name === "AbortError") return "busy";
  return "missing";
}

const dead = (pc: RTCPeerConnection) => pc.connectionState === "failed" || pc.connectionState === "closed";

/** What the running call tells the screen. */
interface CallEvents {
  status(s: CallStatus): void;
  failure(f: MediaFailure): void;
  /** The remote sound was refused before a tap: it plays muted. */
  muted(): void;
  /** The official's screen: the server's note that the customer joined from another device. */
  otherDevice(): void;
  /** The customer's page: the official asks for the liveness action (its key, read by the shared schema). */
  liveness(action: LivenessAction): void;
}

/** The two video elements: the peer's and this side's own. */
type CallVideos = { remote: () => HTMLVideoElement | null; local: () => HTMLVideoElement | null };

/** Once connected: this side's camera and the peer's stream, each its own recording. */
function recordBoth(recorder: CallRecorder, role: SignalRole, media: MediaStream | null, remote: MediaStream | null) {
  if (media) recorder.record(media, role);
  if (remote) recorder.record(remote, role === "official" ? "customer" : "official");
}

/** A server-sent event's data as JSON, or null when it is not. */
function eventData<T>(event: Event): T | null {
  try {
    return JSON.parse((event as MessageEvent<string>).data) as T;
  } catch {
    return null;
  }
}

/** Posts one message to the peer through our server (a network failure is left to the next message or reconnect). */
const postSignal = (opts: VideoCallOptions, message: CallSignal) =>
  fetch(opts.postUrl, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    credentials: "same-origin",
    body: JSON.stringify(opts.body(message)),
    // A hang-up sent as the page goes still arrives.
    keepalive: true,
  }).catch(() => null);

/** The official's liveness message as the shared schema reads it: its action shown; anything else ignored. */
function readLiveness(message: CallSignal, show: (action: LivenessAction) => void) {
  const read = livenessSignalSchema.safeParse(message);
  if (read.success) show(read.data.action);
}

/** Starts the call: the camera, the stream of the peer's messages, the connections. Answers how to stop it. */
function startCall(opts: VideoCallOptions, videos: CallVideos, on: CallEvents, recorder = opts.recordUrl ? createCallRecorder(opts.recordUrl) : null) {
  const { role, streamUrl } = opts;
  let stopped = false;
  let media: MediaStream | null = null;
  let pc: RTCPeerConnection | null = null;
  let generation: string | null = null;
  let source: EventSource | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let remoteStream: MediaStream | null = null;
  const show = (s: CallStatus) => void (stopped || on.status(s));
  const inOrder = (work: () => Promise<unknown>) => void (queue = queue.then(work).catch(() => {}));
  const send = (message: CallSignal) => postSignal(opts, message);
  const liveGeneration = () => (pc && !dead(pc) ? generation : null);

  function playRemote(stream: MediaStream) {
    remoteStream = stream;
    const video = videos.remote();
    if (!video) return;
    if (video.srcObject !== stream) video.srcObject = stream;
    video.play().catch(() => {
      video.muted = true;
      if (!stopped) on.muted();
      return video.play().catch(() => {});
    });
  }

  function connection(next: string): RTCPeerConnection {
    pc?.close();
    generation = next;
    const conn = new RTCPeerConnection({ iceServers: opts.iceServers });
    pc = conn;
    if (media) for (const track of media.getTracks()) conn.addTrack(track, media);
    else for (const kind of ["audio", "video"]) conn.addTransceiver(kind, { direction: "recvonly" });
    conn.onicecandidate = (event) => {
      if (event.candidate && pc === conn) void send({ type: "candidate", generation: next, candidate: event.candidate.toJSON() as never });
    };
    conn.ontrack = (event) => playRemote(event.streams[0] ?? new MediaStream([event.track]));
    conn.onconnectionstatechange = () => {
      if (pc !== conn) return;
      if (conn.connectionState === "connected") {
        show("connected");
        if (recorder && !stopped) recordBoth(recorder, role, media, remoteStream);
      } else if (conn.connectionState === "disconnected" || conn.connectionState === "failed") show("dropped");
      // The official calls again over a connection that failed (the customer's side waits for the offer).
      if (conn.connectionState === "failed" && role === "official") inOrder(offer);
    };
    return conn;
  }

  async function offer() {
    const conn = connection(crypto.randomUUID());
    show("connecting");
    await conn.setLocalDescription(await conn.createOffer());
    await send({ type: "offer", generation: generation!, sdp: conn.localDescription!.sdp });
  }

  async function handle(message: CallSignal) {
    switch (message.type) {
      case "hello":
        return send({ type: "ready", generation: liveGeneration() });
      case "ready":
        if (!pc || dead(pc) || message.generation !== generation) await offer();
        return;
      case "offer": {
        const conn = connection(message.generation);
        show("connecting");
        await conn.setRemoteDescription({ type: "offer", sdp: message.sdp });
        await conn.setLocalDescription(await conn.createAnswer());
        return send({ type: "answer", generation: message.generation, sdp: conn.localDescription!.sdp });
      }
      case "answer":
        if (pc && message.generation === generation && pc.signalingState === "have-local-offer")
          await pc.setRemoteDescription({ type: "answer", sdp: message.sdp });
        return;
      case "candidate":
        if (pc && message.generation === generation) await pc.addIceCandidate(message.candidate).catch(() => {});
        return;
      case "liveness":
        return void (role === "customer" && !stopped && readLiveness(message, on.liveness));
      case "hangup":
        pc?.close();
        pc = null;
        generation = null;
        show("dropped");
        return;
    }
  }

  async function openMedia() {
    if (!navigator.mediaDevices?.getUserMedia) return on.failure("unsupported");
    try {
      media = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
      if (stopped) return media.getTracks().forEach((track) => track.stop());
      const video = videos.local();
      if (video) video.srcObject = media;
    } catch (error) {
      if (!stopped) on.failure(mediaFailure(error));
    }
  }

  function listen() {
    source = new EventSource(streamUrl);
    source.addEventListener("open", () =>
      inOrder(() => (role === "official" ? send({ type: "hello" }) : send({ type: "ready", generation: liveGeneration() }))),
    );
    source.addEventListener("signal", (event) => {
      const message = eventData<CallSignal>(event);
      if (message) inOrder(() => handle(message));
    });
    source.addEventListener("end", (event) => {
      source?.close();
      pc?.close();
      pc = null; // no hang-up from this page any more: the call goes on elsewhere, or is over
      if (eventData<{ reason?: unknown }>(event)?.reason !== "other_device") return show("ended");
      media?.getTracks().forEach((track) => track.stop()); // the call continued on another device
      show("elsewhere");
    });
    source.addEventListener("note", (event) => void (eventData<{ kind?: unknown }>(event)?.kind === "other_device" && !stopped && on.otherDevice()));
    // Refused (the call is over, or not this person's): the browser stops trying; a network blip it retries by itself.
    source.addEventListener("error", () => {
      if (source?.readyState === EventSource.CLOSED) show("dropped");
    });
  }

  void openMedia().then(() => {
    if (!stopped) listen();
  });
  const hangUp = () => {
    if (pc) void send({ type: "hangup" });
  };
  window.addEventListener("pagehide", hangUp);
  const end = () => {
    stopped = true;
    void recorder?.stop();
    window.removeEventListener("pagehide", hangUp);
    hangUp();
    source?.close();
    pc?.close();
    media?.getTracks().forEach((track) => track.stop());
  };
  const resume = () => void (recorder && !stopped && pc?.connectionState === "connected" && recordBoth(recorder, role, media, remoteStream));
  return { end, stopRecording: () => recorder?.stop() ?? Promise.resolve(), resumeRecording: resume };
}

/**
 * This browser tab's random id for the call's streams (sessionStorage: the same across reloads of the tab, another
 * in another tab or device), so the server tells a reload from a second device. Null when storage is refused.
 */
export function callDeviceId(): string | null {
  try {
    const kept = sessionStorage.getItem("vkyc-device");
    if (kept) return kept;
    const made = crypto.randomUUID();
    sessionStorage.setItem("vkyc-device", made);
    return made;
  } catch {
    return null;
  }
}

/**
 * The call while `options` is given (null: none). The ICE servers and the post are read when the call
 * starts; a new stream address starts a new call. `remote` and `local` are the two video elements.
 */
export function useVideoCall(options: VideoCallOptions | null) {
  const [status, setStatus] = useState<CallStatus>("connecting");
  const [failure, setFailure] = useState<MediaFailure | null>(null);
  const [muted, setMuted] = useState(false);
  const [otherDevice, setOtherDevice] = useState(false);
  const [liveness, setLiveness] = useState<LivenessAction | null>(null);
  const remote = useRef<HTMLVideoElement>(null);
  const local = useRef<HTMLVideoElement>(null);
  const latest = useRef(options);
  const running = useRef<ReturnType<typeof startCall> | null>(null);
  useEffect(() => {
    latest.current = options;
  });
  const streamUrl = options?.streamUrl ?? null;

  useEffect(() => {
    const opts = latest.current;
    if (!streamUrl || !opts) return;
    const call = startCall(
      opts,
      { remote: () => remote.current, local: () => local.current },
      { status: setStatus, failure: setFailure, muted: () => setMuted(true), otherDevice: () => setOtherDevice(true), liveness: setLiveness },
    );
    running.current = call;
    return () => {
      running.current = null;
      call.end();
    };
  }, [streamUrl]);
  /** Stops the recording and waits (bounded) for its last chunks: before the decision is posted. */
  const stopRecording = () => running.current?.stopRecording() ?? Promise.resolve();
  /** Records again (new recordings) after a stop whose decision was refused. */
  const resumeRecording = () => running.current?.resumeRecording();

  const soundOn = () => {
    const video = remote.current;
    if (!video) return;
    video.muted = false;
    void video.play().catch(() => {});
    setMuted(false);
  };
  return { status, failure, muted, otherDevice, liveness, soundOn, remote, local, stopRecording, resumeRecording };
}

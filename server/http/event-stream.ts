// A server-sent event stream (text/event-stream) whose events come from a subscription: opened (and its
// refusal answered as an envelope) before the first byte, a comment every `heartbeatMs` that keeps proxies
// from closing an idle stream (nginx's proxy_read_timeout is 60 s) and re-asks whether the listener may
// still listen, and the subscription closed when the client goes. Issue 33's call signalling uses it.

/** What the stream is fed by: `open` subscribes and hands back how to check and close it. */
export interface EventFeed {
  /** `end` sends `event: end` with its data (why) and closes the stream: the feed ends it itself (issue 33: another device took over). */
  open(send: (event: string, data: string) => void, end: (data: string) => void): Promise<{ stillAllowed(): Promise<boolean>; close(): Promise<void> }>;
}

export const EVENT_STREAM_HEARTBEAT_MS = 15_000;

export async function eventStream(source: EventFeed, options: { heartbeatMs?: number } = {}): Promise<Response> {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let ended = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let subscription: Awaited<ReturnType<EventFeed["open"]>> | undefined;
  const write = (text: string) => {
    if (ended) return;
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      ended = true;
    }
  };
  const finish = async () => {
    if (timer) clearInterval(timer);
    ended = true;
    await subscription?.close();
  };
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel: finish,
  });
  // A reconnecting EventFeed waits 3 s; the comment makes the headers and first bytes go out through proxies.
  write("retry: 3000\n: open\n\n");
  const send = (event: string, data: string) =>
    write(
      `event: ${event}\n${data
        .split(/\r\n|\r|\n/)
        .map((line) => `data: ${line}`)
        .join("\n")}\n\n`,
    );
  const end = async (data: string) => {
    if (ended) return;
    send("end", data);
    await finish();
    try {
      controller.close();
    } catch {
      // already closed by the client
    }
  };
  subscription = await source.open(send, (data) => void end(data));
  // Ended while it was opening: nothing else will close it.
  if (ended) await subscription.close();
  timer = setInterval(async () => {
    if (ended) return;
    if (await subscription!.stillAllowed()) return write(": keep-alive\n\n");
    await end("{}");
  }, options.heartbeatMs ?? EVENT_STREAM_HEARTBEAT_MS);
  timer.unref?.();
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      // nginx passes each event on at once rather than buffering the answer.
      "X-Accel-Buffering": "no",
    },
  });
}

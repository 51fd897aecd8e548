// Standard output for the logger, in batches: the lines of one turn of the event loop are encoded into
// one buffer as they come and written with one system call. A cache hit's access line is put together
// there from bytes made once per page (its fixed part) and its request id, time and duration, so a hit
// builds and joins no strings for its line (issue 35: string lines, their join and its write were about 1.4 µs of a hit).

/** Room kept for a turn's lines; a longer line gets a buffer of its own size. */
const BATCH_BYTES = 64 * 1024;
/** A buffer with less room left than this is replaced after a write, rather than written into further. */
const LEAST_ROOM = 8 * 1024;

/** An access line's text up to its time, and from its time to its request id's JSON string: the logger's string lines use them too. */
export const ACCESS_LINE = { start: '{"time":"', afterTime: '","level":"info","msg":"request","reqId":' };
const ACCESS_HEAD = Buffer.from(ACCESS_LINE.start);
const ACCESS_REQ_ID = Buffer.from(`${ACCESS_LINE.afterTime}"`);
/** The closing quote of the id, the duration as written (a number's longest text is 24 characters) and `}` with the newline. */
const ACCESS_OTHER_BYTES = 1 + 24 + 2;

export interface LogOutput {
  /** One line of text; a newline is added. */
  line(text: string): void;
  /**
   * An access line: `{"time":"<time>","level":"info","msg":"request","reqId":"<reqId>"` + `tail` + `<ms>}`, the
   * same bytes the logger's string line has. `reqId` is the server's own UUID and `time` an ISO time: ASCII, nothing to escape.
   */
  accessLine(time: string, reqId: string, tail: Uint8Array, ms: number): void;
}

/**
 * Lines to `write` (standard output in the server), a batch per turn (`schedule`) and whatever is pending on exit.
 * `write` answers whether it is done with the chunk (written at once, as to a file or a terminal): the buffer is
 * then used again from its start; else the chunk is left to it (a pipe keeps it until sent) and later lines go after it.
 */
export function batchedOutput(write: (chunk: Buffer) => boolean, schedule: (flush: () => void) => void = setImmediate): LogOutput {
  let buffer = Buffer.allocUnsafeSlow(BATCH_BYTES);
  let used = 0;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (!used) return;
    const chunk = buffer.subarray(0, used);
    const rest = buffer.length - used;
    used = 0;
    if (write(chunk)) return;
    buffer = rest < LEAST_ROOM ? Buffer.allocUnsafeSlow(BATCH_BYTES) : buffer.subarray(chunk.length);
  };
  /** Room for `bytes` more, writing out what is pending first when it would not fit. */
  const room = (bytes: number) => {
    if (used + bytes <= buffer.length) return;
    flush();
    if (bytes > buffer.length) buffer = Buffer.allocUnsafeSlow(Math.max(bytes, BATCH_BYTES));
  };
  const written = () => {
    if (scheduled) return;
    scheduled = true;
    schedule(flush);
  };
  process.on("exit", flush);
  return {
    line(text) {
      // A UTF-16 unit is at most three bytes of UTF-8.
      room(text.length * 3 + 1);
      used += buffer.write(text, used, "utf8");
      buffer[used++] = 0x0a;
      written();
    },
    accessLine(time, reqId, tail, ms) {
      room(ACCESS_HEAD.length + time.length + ACCESS_REQ_ID.length + reqId.length + tail.length + ACCESS_OTHER_BYTES);
      buffer.set(ACCESS_HEAD, used);
      used += ACCESS_HEAD.length;
      used += buffer.write(time, used, "latin1");
      buffer.set(ACCESS_REQ_ID, used);
      used += ACCESS_REQ_ID.length;
      used += buffer.write(reqId, used, "latin1");
      buffer[used++] = 0x22;
      buffer.set(tail, used);
      used += tail.length;
      used += buffer.write(String(ms), used, "latin1");
      buffer[used++] = 0x7d;
      buffer[used++] = 0x0a;
      written();
    },
  };
}

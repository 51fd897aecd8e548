// Statement capture for the dashboard's floor: a TCP proxy between the product and PostgreSQL that reads
// the frontend's extended-protocol messages (Parse, Bind, Sync; Query for simple statements) and records
// each statement the product runs with its text, its parameters and the time from its Sync to the
// server's ReadyForQuery. Nothing is changed on the wire; the product runs as deployed, only pointed here.
import { createServer, connect, type Server, type Socket } from "node:net";

export interface CapturedStatement {
  /** The prepared statement's name ("" for the unnamed one, as the product sent it). */
  name: string;
  text: string;
  /** Parameters in text form (null for SQL NULL), as the product sent them. */
  params: (string | null)[];
  /** Milliseconds from the client's Sync to the server's ReadyForQuery (the database's time plus loopback). */
  ms: number;
  /** performance.now() when the statement was sent. */
  at: number;
}

const SSL_REQUEST = 80877103;

/** Reads frontend messages from one connection's bytes, as they arrive in chunks. */
class Frontend {
  private buffer: Buffer = Buffer.alloc(0);
  private started = false;
  private statements = new Map<string, string>();
  private pending: { name: string; text: string; params: (string | null)[] } | null = null;
  /** Statements sent and waiting for their ReadyForQuery, oldest first. */
  readonly waiting: { statement: Omit<CapturedStatement, "ms">; sentAt: number }[] = [];

  push(chunk: Buffer) {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      if (!this.started) {
        if (this.buffer.length < 8) return;
        const length = this.buffer.readInt32BE(0);
        if (this.buffer.length < length) return;
        if (this.buffer.readInt32BE(4) !== SSL_REQUEST) this.started = true;
        this.buffer = this.buffer.subarray(length);
        continue;
      }
      if (this.buffer.length < 5) return;
      const length = this.buffer.readInt32BE(1);
      if (this.buffer.length < 1 + length) return;
      this.message(String.fromCharCode(this.buffer[0]!), this.buffer.subarray(5, 1 + length));
      this.buffer = this.buffer.subarray(1 + length);
    }
  }

  private message(type: string, body: Buffer) {
    const cstring = (at: number) => {
      const end = body.indexOf(0, at);
      return [body.toString("utf8", at, end), end + 1] as const;
    };
    if (type === "P") {
      const [name, next] = cstring(0);
      const [text] = cstring(next);
      this.statements.set(name, text);
    } else if (type === "B") {
      const [, next] = cstring(0);
      const [name, afterName] = cstring(next);
      let at = afterName;
      const formats = body.readInt16BE(at);
      at += 2 + formats * 2;
      const count = body.readInt16BE(at);
      at += 2;
      const params: (string | null)[] = [];
      for (let i = 0; i < count; i++) {
        const length = body.readInt32BE(at);
        at += 4;
        if (length < 0) params.push(null);
        else {
          params.push(body.toString("utf8", at, at + length));
          at += length;
        }
      }
      this.pending = { name, text: this.statements.get(name) ?? "", params };
    } else if (type === "S" && this.pending) {
      const at = performance.now();
      this.waiting.push({ statement: { ...this.pending, at }, sentAt: at });
      this.pending = null;
    } else if (type === "Q") {
      const at = performance.now();
      this.waiting.push({ statement: { name: "", text: cstring(0)[0], params: [], at }, sentAt: at });
    }
  }
}

/** Counts the server's ReadyForQuery messages ('Z') in its bytes, as they arrive in chunks. */
class Backend {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly ready: () => void;
  constructor(ready: () => void) {
    this.ready = ready;
  }

  push(chunk: Buffer) {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    while (this.buffer.length >= 5) {
      if (this.buffer[0] === 0x4e && this.buffer.length === 1) return; // 'N', the answer to an SSLRequest
      const length = this.buffer.readInt32BE(1);
      if (this.buffer.length < 1 + length) return;
      if (this.buffer[0] === 0x5a) this.ready();
      this.buffer = this.buffer.subarray(1 + length);
    }
  }
}

export interface CaptureProxy {
  port: number;
  /** Every statement finished so far, in the order their answers came. */
  statements: CapturedStatement[];
  close(): Promise<void>;
}

/** Listens on a free port of 127.0.0.1 and forwards each connection to target, recording what passes. */
export async function startCaptureProxy(target: { host: string; port: number }): Promise<CaptureProxy> {
  const statements: CapturedStatement[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    sockets.add(client).add(upstream);
    const frontend = new Frontend();
    const backend = new Backend(() => {
      const done = frontend.waiting.shift();
      if (done) statements.push({ ...done.statement, ms: performance.now() - done.sentAt });
    });
    client.on("data", (chunk: Buffer) => {
      frontend.push(chunk);
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      backend.push(chunk);
      client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("close", end).on("error", end);
    upstream.on("close", end).on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    statements,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

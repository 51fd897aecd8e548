// Raw HTTP/1.1 on one connection for node:http's tests: requests written as bytes (pipelined, with only the headers a test gives), answers read as sent.
import { connect } from "node:net";

/**
 * Sends raw request bytes on one connection and reads `count` answers off it (a body by its Content-Length, none
 * for HEAD): each answer's header block as sent, its body, and whether the server had closed the connection by the end.
 */
export function exchange(port: number, requests: string, count: number) {
  const heads = [...requests.matchAll(/^([A-Z]+) \S+ HTTP\/1\.[01]\r\n/gm)].map((m) => m[1]);
  return new Promise<{ head: string; body: Buffer; ended: boolean }[]>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let received = Buffer.alloc(0);
    let ended = false;
    const answers = () => {
      const parsed: { head: string; body: Buffer; ended: boolean }[] = [];
      let at = 0;
      while (parsed.length < count) {
        const end = received.indexOf("\r\n\r\n", at);
        if (end < 0) return null;
        const head = received.subarray(at, end + 4).toString("latin1");
        const length = heads[parsed.length] === "HEAD" ? 0 : Number(/\r\nContent-Length: (\d+)/i.exec(head)?.[1] ?? 0);
        if (received.byteLength < end + 4 + length) return null;
        parsed.push({ head, body: received.subarray(end + 4, end + 4 + length), ended });
        at = end + 4 + length;
      }
      return parsed;
    };
    const settle = () => {
      const parsed = answers();
      // A closing answer is read to the connection's end, to see that it did end.
      if (parsed && (ended || !parsed.some((a) => a.head.includes("Connection: close")))) {
        socket.destroy();
        resolve(parsed);
      }
    };
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      settle();
    });
    socket.on("end", () => {
      ended = true;
      settle();
    });
    socket.on("error", reject);
    socket.write(requests);
  });
}

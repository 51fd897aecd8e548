import { describe, expect, it } from "vitest";
import { batchedOutput } from "./log-output.ts";
import { createLogger } from "./logger.ts";

/** A batched output whose writes are kept and whose turn ends when the test says so. */
function keptOutput(done = false) {
  const chunks: Buffer[] = [];
  let pending: (() => void) | undefined;
  const output = batchedOutput(
    // A writer that is done with a chunk at once gets a copy kept here, as a file's write would have it.
    (chunk) => chunks.push(done ? Buffer.from(chunk) : chunk) > 0 && done,
    (flush) => (pending = flush),
  );
  const endTurn = () => {
    pending?.();
    pending = undefined;
  };
  const lines = () => Buffer.concat(chunks).toString("utf8").split("\n").slice(0, -1);
  return { output, chunks, endTurn, lines };
}

const untimed = (line: string) => line.replace(/^\{"time":"[^"]+",/, "{");

describe("the log's standard output", () => {
  it("writes a cache hit's access line from bytes exactly as the logger's string line, Hindi and masked numbers included", () => {
    const { output, endTurn, lines } = keptOutput();
    const strings: string[] = [];
    const fixed = { method: "GET", path: "/hi/ब्लॉग/9876543210", status: 200 };
    createLogger("info", output).requestOf(fixed)("3f2a9c1e-7b4d-4e8a-9f61-123456789012", 0.4);
    createLogger("info", (line) => strings.push(line)).requestOf(fixed)("3f2a9c1e-7b4d-4e8a-9f61-123456789012", 0.4);
    createLogger("info", output).requestOf({ ...fixed, status: 304 })("0e1d2c3b-4a59-4687-9a8b-7c6d5e4f3a2b", 12);
    endTurn();
    const written = lines();
    expect(written).toHaveLength(2);
    expect(untimed(written[0]!)).toBe(untimed(strings[0]!));
    expect(written[0]).toMatch(/^\{"time":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z","level":"info","msg":"request"/);
    expect(JSON.parse(written[0]!)).toMatchObject({ reqId: "3f2a9c1e-7b4d-4e8a-9f61-123456789012", path: "/hi/ब्लॉग/******3210", status: 200, ms: 0.4 });
    expect(JSON.parse(written[1]!)).toMatchObject({ reqId: "0e1d2c3b-4a59-4687-9a8b-7c6d5e4f3a2b", status: 304, ms: 12 });
  });

  it.each([
    ["a pipe, which keeps what it is handed", false],
    ["a file, which is done with it at once", true],
  ])("writes a turn's lines in order with one write, to %s, and never changes bytes still held", (_, done) => {
    const { output, chunks, endTurn, lines } = keptOutput(done);
    const log = createLogger("info", output);
    log.info("first");
    log.requestOf({ method: "GET", path: "/", status: 200 })("3f2a9c1e-7b4d-4e8a-9f61-abcdefabcdef", 1);
    log.warn("third", { otp: "4321" });
    expect(chunks).toHaveLength(0);
    endTurn();
    expect(chunks).toHaveLength(1);
    const handed = Buffer.from(chunks[0]!);
    log.info("next turn");
    endTurn();
    expect(chunks).toHaveLength(2);
    expect(chunks[0]).toEqual(handed);
    expect(lines().map((line) => JSON.parse(line).msg)).toEqual(["first", "request", "third", "next turn"]);
    expect(JSON.parse(lines()[2]!)).toMatchObject({ level: "warn", otp: "[REDACTED]" });
    endTurn();
    expect(chunks).toHaveLength(2);
  });

  it("writes out what is pending before a line that would not fit, and a line longer than its buffer whole", () => {
    const { output, chunks, endTurn, lines } = keptOutput();
    const log = createLogger("info", output);
    const note = "x".repeat(40_000);
    log.info("a", { note });
    log.info("b", { note });
    expect(chunks).toHaveLength(1);
    log.info("c", { note: "y".repeat(200_000) });
    endTurn();
    expect(chunks).toHaveLength(3);
    expect(lines().map((line) => JSON.parse(line) as { msg: string; note: string })).toEqual([
      expect.objectContaining({ msg: "a", note }),
      expect.objectContaining({ msg: "b", note }),
      expect.objectContaining({ msg: "c", note: "y".repeat(200_000) }),
    ]);
  });
});

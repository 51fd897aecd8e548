import { describe, expect, it } from "vitest";
import { readBodyText } from "./body.ts";

const post = (body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  new Request("http://localhost/Api/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);

/** A body with no declared length, as chunked encoding sends it. */
function streamOf(...chunks: string[]) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
}

describe("readBodyText", () => {
  it("reads a body of a declared length in one go, counting bytes, not characters", async () => {
    const text = '{"name":"Zoë"}';
    const bytes = Buffer.byteLength(text);
    expect(await readBodyText(post(text, { "content-length": String(bytes) }), 1024)).toEqual({ text, bytes });
  });

  it("refuses a declared length past the limit before reading", async () => {
    await expect(readBodyText(post("x".repeat(20), { "content-length": "20" }), 10)).rejects.toMatchObject({ httpStatus: 413 });
  });

  it("counts a body without a declared length as it streams, and refuses it past the limit", async () => {
    expect(await readBodyText(post(streamOf("ab", "cd")), 10)).toEqual({ text: "abcd", bytes: 4 });
    await expect(readBodyText(post(streamOf("x".repeat(6), "x".repeat(6))), 10)).rejects.toMatchObject({ httpStatus: 413 });
  });
});

// Issue 32: the outbox's pure rules: the back-off, where a callback goes, and how an answer is read.
import { describe, expect, it } from "vitest";
import { callbackUrl, describeFailure, readAnswer, retryDelayMs } from "./outbox.ts";

const SECOND = 1000;
const ACK = JSON.stringify({ message: { ack: { status: "ACK" } } });

describe("the outbox's rules", () => {
  it("waits 30 seconds after the first failure, twice as long after each next one, at most an hour", () => {
    expect([1, 2, 3, 4, 7, 8, 30].map((n) => retryDelayMs(n) / SECOND)).toEqual([30, 60, 120, 240, 1920, 3600, 3600]);
  });

  it("posts to the action under bap_uri, with or without its slash", () => {
    expect(callbackUrl("https://b.example/ondc/", "on_search")).toBe("https://b.example/ondc/on_search");
    expect(callbackUrl("https://b.example/ondc", "on_select")).toBe("https://b.example/ondc/on_select");
  });

  it("reads only a 2xx ACK as delivered, and words every other answer", () => {
    expect(readAnswer({ status: 200, text: ACK })).toEqual({ ack: true, result: "ACK" });
    expect(readAnswer({ status: 500, text: ACK })).toEqual({ ack: false, result: "HTTP 500" });
    expect(readAnswer({ status: 200, text: "<html>" })).toEqual({ ack: false, result: "HTTP 200 without an ACK" });
    expect(readAnswer({ status: 401, text: JSON.stringify({ message: { ack: { status: "NACK" } }, error: { code: "30016", message: "bad" } }) })).toEqual({
      ack: false,
      result: "HTTP 401 NACK 30016: bad",
    });
    expect(describeFailure(new DOMException("The operation timed out.", "TimeoutError"))).toBe("timeout");
    expect(describeFailure(Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNRESET" } }))).toBe("network error: ECONNRESET");
  });
});

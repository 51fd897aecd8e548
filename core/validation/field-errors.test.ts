import { describe, expect, it } from "vitest";
import * as z from "zod";
import { fieldErrors } from "./field-errors.ts";

describe("fieldErrors", () => {
  it("keeps the first message per field and joins nested paths", () => {
    const s = z.object({
      a: z.string().min(3, "too short").regex(/x/, "no x"),
      b: z.object({ c: z.number({ error: "c must be a number" }) }),
    });
    const r = s.safeParse({ a: "y", b: { c: "nope" } });
    expect(r.success).toBe(false);
    if (!r.success) expect(fieldErrors(r.error)).toEqual({ a: "too short", "b.c": "c must be a number" });
  });

  it("puts errors about the whole payload under _form", () => {
    const r = z.object({ a: z.string() }).safeParse("text");
    expect(r.success).toBe(false);
    if (!r.success) expect(Object.keys(fieldErrors(r.error))).toEqual(["_form"]);
  });
});

import { describe, expect, it } from "vitest";
import "./zod-jitless.ts";
import * as z from "zod";

describe("zod without eval", () => {
  it("zod reads the global config this module sets", () => {
    expect(z.config()).toBe((globalThis as { __zod_globalConfig?: object }).__zod_globalConfig);
    expect(z.config().jitless).toBe(true);
  });
});

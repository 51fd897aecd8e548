import { describe, expect, it } from "vitest";
import { assetClassOf } from "./asset-class.ts";

describe("assetClassOf", () => {
  it.each([
    [0, "STANDARD"],
    [1, "SMA-0"],
    [30, "SMA-0"],
    [31, "SMA-1"],
    [60, "SMA-1"],
    [61, "SMA-2"],
    [90, "SMA-2"],
    [91, "NPA"],
    [400, "NPA"],
  ] as const)("%i days past due is %s", (days, cls) => {
    expect(assetClassOf(days)).toBe(cls);
  });

  it("refuses negative or fractional days", () => {
    expect(() => assetClassOf(-1)).toThrow(RangeError);
    expect(() => assetClassOf(1.5)).toThrow(RangeError);
  });
});

// CKYCR takes JPEG only: a PNG or WebP becomes a JPEG (at most 1200 px on its longest side, transparency on
// white), a JPEG stays byte for byte, and what is not an image we know stays as it is for the record's check.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { asCkycJpeg } from "./ckyc-images.ts";

const isJpeg = (b: Uint8Array) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

describe("CKYC images as JPEG", () => {
  it("turns a WebP selfie into a JPEG of the same size", async () => {
    const webp = new Uint8Array(
      await sharp({ create: { width: 320, height: 240, channels: 3, background: "#d09070" } })
        .webp()
        .toBuffer(),
    );
    const jpeg = (await asCkycJpeg(webp))!;
    expect(isJpeg(jpeg)).toBe(true);
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: "jpeg", width: 320, height: 240 });
  });

  it("shrinks a large PNG to 1200 px on its longest side and puts its transparency on white", async () => {
    const png = new Uint8Array(
      await sharp({ create: { width: 2400, height: 1800, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
        .png()
        .toBuffer(),
    );
    const jpeg = (await asCkycJpeg(png))!;
    // 2400 × 1800 scaled by a half: 1200 × 900.
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 900 });
    const { data } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    // A transparent pixel drawn on white reads white (within JPEG's rounding).
    expect(data[0]).toBeGreaterThan(250);
  });

  it("keeps a JPEG byte for byte, and hands back what it cannot read, or nothing", async () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 0xff, 0xd9]);
    expect(await asCkycJpeg(jpeg)).toBe(jpeg);
    const broken = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]);
    expect(await asCkycJpeg(broken)).toBe(broken);
    const pdf = new TextEncoder().encode("%PDF-1.7");
    expect(await asCkycJpeg(pdf)).toBe(pdf);
    expect(await asCkycJpeg(null)).toBeNull();
  });
});

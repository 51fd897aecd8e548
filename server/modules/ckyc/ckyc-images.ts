// CKYCR takes a record's images as JPEG only (CERSAI's bulk upload), while our selfies are taken as WebP (the
// spec's camera default) and uploads may be PNG or WebP. So each image is turned into a JPEG when the record
// is built, from the stored file, which stays as it was. Decided in docs/decisions/kyc.md (issue 33).
import type Sharp from "sharp";
import { sniffFileType } from "../../../core/validation/uploads.ts";

/** Longest side of an image sent to CKYCR: a face or an address stays legible, and the file small. */
export const CKYC_IMAGE_MAX_SIDE = 1200;
const QUALITY = 85;

/** sharp (libvips) loads with the first conversion: ~90 ms at every start of the server otherwise, for a job most starts never run. */
let loadingSharp: Promise<typeof Sharp> | undefined;
const loadSharp = () => (loadingSharp ??= import("sharp").then((module) => module.default));

/**
 * The image as a JPEG: a JPEG as it is; a PNG or WebP converted (transparency on white, at most
 * CKYC_IMAGE_MAX_SIDE on its longest side, no metadata kept); anything else, or a file that does not
 * decode, as it is, so the record's own check names it ("not a JPEG") and nothing is sent.
 */
export async function asCkycJpeg(bytes: Uint8Array | null): Promise<Uint8Array | null> {
  if (!bytes) return null;
  const type = sniffFileType(bytes);
  if (type !== "png" && type !== "webp") return bytes;
  // Outside the try: a library that cannot load is a fault of the server, not of the file.
  const sharp = await loadSharp();
  try {
    const jpeg = await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: CKYC_IMAGE_MAX_SIDE, height: CKYC_IMAGE_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: QUALITY, mozjpeg: false })
      .toBuffer();
    return new Uint8Array(jpeg);
  } catch {
    return bytes;
  }
}

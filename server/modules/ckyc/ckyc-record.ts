// A CKYC record's version (issue 33): the hash of what it is built from, and the CKYC desk's corrections
// applied over the data as our records hold it (to what is sent, never to the profile).
import { createHash } from "node:crypto";
import type { CkycCustomerInput } from "../../../core/ckyc/ckyc-file.ts";

/** The fields the CKYC desk may correct on a rejected record (applied to what is sent, never to the profile). */
export const CKYC_CORRECTABLE = [
  "relative_kind",
  "relative_name",
  "ckyc_number",
  "name",
  "address_line1",
  "address_line2",
  "city",
  "state",
  "pincode",
  "email",
] as const;
export type CkycCorrectable = (typeof CKYC_CORRECTABLE)[number];

export type Input = Omit<CkycCustomerInput, "reference">;

const sha = (data: Uint8Array | string) => createHash("sha256").update(data).digest("hex");

/**
 * What a version is built from, as one hash: a change of any of the customer's fields or images makes the
 * next version, as does a desk correction. The identifier is left out: CKYCR's answer to our own upload is
 * not a change of the customer's details (it only turns the next version into an update).
 */
export function recordHash(input: Input, corrections: Record<string, string>): string {
  const images = Object.fromEntries(Object.entries(input.images).map(([k, v]) => [k, v ? sha(v) : null]));
  return sha(JSON.stringify({ ...input, ckycNumber: null, images, corrections }));
}

/** The desk's corrections over the data as our records hold it. */
export function applyCorrections(input: Input, c: Partial<Record<CkycCorrectable, string>>): Input {
  const out: Input = { ...input, address: { ...input.address } };
  if (c.relative_name !== undefined || c.relative_kind !== undefined) {
    const kind = c.relative_kind === "spouse" ? "spouse" : c.relative_kind === "father" ? "father" : (input.relative?.kind ?? "father");
    out.relative = { kind, name: c.relative_name ?? input.relative?.name ?? null };
  }
  if (c.ckyc_number !== undefined) out.ckycNumber = c.ckyc_number || null;
  if (c.name !== undefined) out.name = c.name;
  if (c.email !== undefined) out.email = c.email || null;
  if (c.address_line1 !== undefined) out.address.line1 = c.address_line1;
  if (c.address_line2 !== undefined) out.address.line2 = c.address_line2 || null;
  if (c.city !== undefined) out.address.city = c.city;
  if (c.state !== undefined) out.address.state = c.state;
  if (c.pincode !== undefined) out.address.pincode = c.pincode;
  return out;
}

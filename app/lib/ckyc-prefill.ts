// Issue 33: what the customer's confirmed CKYC record fills on the personal-details and address forms
// (only fields they have not saved; the server decides), and when a field shows the note that it did.
import type { ApiReply } from "../../core/contract/index.ts";

export type CkycPrefill = ApiReply<"getCkycPrefill">;

/** The form's value for a field: what the customer saved, else what the CKYC record fills. */
export const savedOr = (saved: string, prefill: string | undefined) => saved || (prefill ?? "");

/** True while a field still holds what the CKYC record filled (the note goes once the customer changes it). */
export function filledFromCkyc(prefill: CkycPrefill, values: Record<string, string>, field: keyof CkycPrefill): boolean {
  return prefill[field] !== undefined && values[field] === prefill[field];
}

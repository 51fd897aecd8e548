/** The answer of a PAN check (integrations.md: pan_status, registered_name, ...). */
export type PanVerificationResult =
  | { status: "VALID"; registeredName: string; aadhaarSeeded: boolean | null }
  /** The holder is not an individual (4th character other than P). */
  | { status: "NOT_INDIVIDUAL" }
  /** The provider does not know this PAN, or it is deactivated. */
  | { status: "INVALID" };

/** Verifies a well-formed PAN with the issuing records. Throws when the provider cannot be reached. */
export interface PanVerificationPort {
  verify(input: { pan: string }): Promise<PanVerificationResult>;
}

/** The 4th character of a PAN is the holder type; P is an individual. */
export function isIndividualPan(pan: string): boolean {
  return pan.charAt(3) === "P";
}

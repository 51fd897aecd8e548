/** A bureau answer: a score, or no history (new to credit). */
export type BureauResult = { status: "SCORE"; score: number; reference: string } | { status: "NO_HISTORY"; reference: string };

/** Pulls a credit score. Throws when the bureau cannot be reached. */
export interface CreditBureauPort {
  fetchScore(input: { pan: string; fullName: string; dob: string; mobile: string; pincode: string }): Promise<BureauResult>;
}

// Issue 29: what the rules require before a loan is recommended, sanctioned or paid out: the customer's
// KYC done, the payout bank account verified, and the documents the credit policy names. Pure: the
// credit and disbursal services read the facts and refuse with these words; the review page lists them.
import { DOCUMENT_TYPES, type DocType } from "./validation/documents.ts";

/** How the customer's identity was verified. */
export type KycEvidence = {
  /** Aadhaar verified through DigiLocker eKYC. */
  digilocker: boolean;
  /**
   * Issue 33: the application's video KYC (V-CIP): none; approved by the official, its concurrent audit
   * pending; or approved and confirmed by the audit. An approval the audit overturned is none.
   */
  videoKyc: "none" | "approved" | "audited";
};

/**
 * The one place that says whether KYC is done: DigiLocker eKYC, or a video KYC approved by the official
 * (enough to recommend and sanction; the payout also needs its audit, below).
 */
export const kycDone = (k: KycEvidence): boolean => k.digilocker || k.videoKyc !== "none";

/** Issue 33 (RBI KYC Directions, section 18): a loan whose KYC is a video KYC is not paid out before the concurrent audit confirms it. */
export const videoKycAuditPending = (k: KycEvidence): boolean => !k.digilocker && k.videoKyc === "approved";

/**
 * The credit policy's documents: identity (PAN card), income (six months' bank statement, uploaded or
 * fetched by the account aggregator; a salary slip) and address (a utility bill). Aadhaar photos only
 * where KYC is not by DigiLocker (video KYC checks them).
 */
export function policyDocuments(k: KycEvidence): DocType[] {
  const base: DocType[] = ["pan", "bank_statement", "salary_slip", "utility_bill"];
  return k.digilocker ? base : ["aadhaar_front", "aadhaar_back", ...base];
}

export type SanctionFacts = {
  kyc: KycEvidence;
  /** The lead's payout account's penny-drop status; null when there is none. */
  bankAccount: string | null;
  /** The lead's documents present. */
  documents: readonly string[];
};

/** The credit desk's words for what is missing: staff English (decision 38). */
const SANCTION_GAP_MESSAGES = {
  kyc: "KYC is not done: the Aadhaar is not verified by DigiLocker eKYC (and there is no approved video KYC).",
  videoKycAudit: "The video KYC is not audited yet: a second person (an auditor, or a video KYC official who did not take the call) must confirm it first.",
  noBankAccount: "There is no bank account for the payout.",
  bankNotVerified: "The bank account is not verified (penny drop).",
  document: (name: string) => `Missing document: ${name}.`,
} as const;

/**
 * What is missing, in the desk's words, in a fixed order (KYC, bank account, documents); empty when ready.
 * `payout`: the payout's own rule besides, the video KYC's audit.
 */
export function sanctionGaps(f: SanctionFacts, opts: { bankAccount?: boolean; payout?: boolean } = {}): string[] {
  const gaps: string[] = [];
  if (!kycDone(f.kyc)) gaps.push(SANCTION_GAP_MESSAGES.kyc);
  else if (opts.payout && videoKycAuditPending(f.kyc)) gaps.push(SANCTION_GAP_MESSAGES.videoKycAudit);
  if (opts.bankAccount !== false) {
    if (f.bankAccount === null) gaps.push(SANCTION_GAP_MESSAGES.noBankAccount);
    else if (f.bankAccount !== "VERIFIED") gaps.push(SANCTION_GAP_MESSAGES.bankNotVerified);
  }
  const have = new Set(f.documents);
  for (const doc of policyDocuments(f.kyc)) {
    if (!have.has(doc)) gaps.push(SANCTION_GAP_MESSAGES.document(DOCUMENT_TYPES.find((d) => d.doc_type === doc)!.name));
  }
  return gaps;
}

/** The refusal the desk shows: what the step needs, then each gap. */
export const sanctionRefusal = (step: "recommend" | "sanction" | "pay out", gaps: readonly string[]) =>
  `This loan cannot be ${step === "recommend" ? "recommended for sanction" : step === "sanction" ? "sanctioned" : "paid out"} yet. ${gaps.join(" ")}`;

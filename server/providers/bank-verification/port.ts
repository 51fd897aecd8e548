/** The answer of a penny drop (integrations.md: account_status, name_at_bank, name_match_score, bank_name, utr). */
export type BankVerificationResult =
  | { status: "VALID"; nameAtBank: string; bankName: string | null; reference: string | null }
  /** The bank refused the credit: closed, frozen or no such account. */
  | { status: "INVALID"; reason: string };

/**
 * Verifies a bank account by crediting ₹1 and reading back the holder's name.
 * `expectedName` is sent because providers score it; our own name match decides (core/banking.ts).
 * Throws when the provider cannot be reached or fails; the caller shows a retry message.
 */
export interface BankVerificationPort {
  verify(input: { accountNumber: string; ifsc: string; expectedName: string; mobile?: string }): Promise<BankVerificationResult>;
}

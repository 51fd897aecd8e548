import { randomBytes } from "node:crypto";
import type { BankVerificationPort } from "./port.ts";

/**
 * Account numbers with a fixed sandbox outcome, so every path can be tried by hand and in tests.
 * Any other number is a valid account held by the expected name.
 */
export const SANDBOX_BANK_ACCOUNTS = {
  /** The bank refuses the credit: "invalid account". */
  invalid: "999999999999",
  /** A valid account held by somebody else: the name match fails. */
  otherHolder: "888888888888",
  /** The provider is down: the customer is asked to retry. */
  providerDown: "777777777777",
} as const;

export const SANDBOX_OTHER_HOLDER = "KAVITA RAMESH IYER";

/** A local penny drop: answers at once, in the provider's shape, with the outcomes above. */
export function createSandboxBankVerification(): BankVerificationPort {
  return {
    async verify({ accountNumber, expectedName }) {
      if (accountNumber === SANDBOX_BANK_ACCOUNTS.providerDown) throw new Error("Sandbox bank verification is down for this account number");
      if (accountNumber === SANDBOX_BANK_ACCOUNTS.invalid) return { status: "INVALID", reason: "ACCOUNT_CLOSED_OR_INVALID" };
      const nameAtBank = accountNumber === SANDBOX_BANK_ACCOUNTS.otherHolder ? SANDBOX_OTHER_HOLDER : expectedName.toUpperCase();
      return { status: "VALID", nameAtBank, bankName: null, reference: `SBXUTR${randomBytes(6).toString("hex").toUpperCase()}` };
    },
  };
}

import type { BankVerificationPort } from "./port.ts";

export interface CashfreeBankVerificationConfig {
  /** Verification API base, e.g. https://api.cashfree.com/verification (sandbox: https://sandbox.cashfree.com/verification). */
  url: string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
}

/** Cashfree Bank Account Verification V2, synchronous penny drop. */
interface Reply {
  reference_id?: number | string;
  name_at_bank?: string;
  bank_name?: string;
  utr?: string;
  account_status?: string;
  account_status_code?: string;
  name_match_score?: string | number;
}

/**
 * Production penny drop: POST {url}/bank-account/sync with the account and IFSC; the reply carries
 * account_status VALID/INVALID, name_at_bank, bank_name and utr (integrations.md).
 */
export function createCashfreeBankVerification(config: CashfreeBankVerificationConfig): BankVerificationPort {
  const doFetch = config.fetch ?? fetch;
  return {
    async verify({ accountNumber, ifsc, expectedName, mobile }) {
      const response = await doFetch(`${config.url.replace(/\/$/, "")}/bank-account/sync`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-client-id": config.clientId, "x-client-secret": config.clientSecret },
        body: JSON.stringify({ bank_account: accountNumber, ifsc, name: expectedName, ...(mobile ? { phone: mobile } : {}) }),
        signal: AbortSignal.timeout(30_000),
      });
      // Never put the body or the account number in an error: logs must not hold them (decision 18).
      if (response.status === 422 || response.status === 400) return { status: "INVALID", reason: `HTTP_${response.status}` };
      if (!response.ok) throw new Error(`Bank verification provider answered HTTP ${response.status}`);
      const body = (await response.json()) as Reply;
      if (body.account_status !== "VALID" || !body.name_at_bank) return { status: "INVALID", reason: body.account_status_code ?? "INVALID" };
      return {
        status: "VALID",
        nameAtBank: body.name_at_bank.trim(),
        bankName: body.bank_name ?? null,
        reference: body.utr ?? (body.reference_id != null ? String(body.reference_id) : null),
      };
    },
  };
}

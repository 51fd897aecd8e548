// Production account-aggregator adapter, written against Setu's FIU API (consents and data sessions),
// which carries the ReBIT states of integrations.md.
import type { AccountAggregatorPort, ConsentStatus, DepositStatement, SessionStatus } from "./port.ts";
import { CONSENT_TERMS } from "./port.ts";
import { readProviderJson } from "../read-json.ts";

// Setu names a data session PENDING while the banks are still answering and PARTIAL when only some
// accounts delivered; the port speaks ReBIT's ACTIVE and COMPLETED. Anything else is a failure.
const SESSION_STATUS: Record<string, SessionStatus> = {
  PENDING: "ACTIVE",
  ACTIVE: "ACTIVE",
  PARTIAL: "COMPLETED",
  COMPLETED: "COMPLETED",
  EXPIRED: "EXPIRED",
  FAILED: "FAILED",
};

export function createSetuAccountAggregator(config: {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  productId: string;
  fetch?: typeof fetch;
}): AccountAggregatorPort {
  const http = config.fetch ?? fetch;
  const base = config.baseUrl.replace(/\/$/, "");
  const headers = {
    "Content-Type": "application/json",
    "x-client-id": config.clientId,
    "x-client-secret": config.clientSecret,
    "x-product-instance-id": config.productId,
  };
  async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
    const reply = await http(`${base}${path}`, { ...init, headers, signal: AbortSignal.timeout(20_000) });
    if (!reply.ok) throw new Error(`account aggregator answered ${reply.status} for ${path.split("/")[1]}`);
    return readProviderJson<T>(reply, "account aggregator");
  }
  return {
    async createConsent(request) {
      const body = {
        consentDuration: { unit: "MONTH", value: 1 },
        vua: request.customerVua,
        dataRange: { from: `${request.from}T00:00:00Z`, to: `${request.to}T23:59:59Z` },
        context: [],
        fiTypes: CONSENT_TERMS.fiTypes,
        consentMode: CONSENT_TERMS.consentMode,
        fetchType: CONSENT_TERMS.fetchType,
        redirectUrl: request.redirectUrl,
      };
      const r = await call<{ id: string; url: string }>("/consents", { method: "POST", body: JSON.stringify(body) });
      return { consentHandle: r.id, url: r.url };
    },
    async consentStatus(handle) {
      const r = await call<{ status: ConsentStatus; id: string }>(`/consents/${encodeURIComponent(handle)}`);
      return { status: r.status, consentId: r.status === "ACTIVE" ? r.id : null };
    },
    async requestData({ consentId, from, to }) {
      const r = await call<{ id: string }>("/sessions", {
        method: "POST",
        body: JSON.stringify({ consentId, dataRange: { from: `${from}T00:00:00Z`, to: `${to}T23:59:59Z` }, format: "json" }),
      });
      return { sessionId: r.id };
    },
    async fetchData(sessionId) {
      type Txn = { valueDate?: string; transactionTimestamp?: string; narration: string; type: "CREDIT" | "DEBIT"; amount: string; currentBalance: string };
      type Account = {
        maskedAccNumber: string;
        data?: {
          account?: {
            profile?: { holders?: { holder?: { name?: string } } };
            transactions?: { startDate: string; endDate: string; transaction?: Txn[] };
            summary?: { currentBalance?: string };
          };
        };
      };
      const r = await call<{ status: string; fips?: { fipID: string; accounts: Account[] }[] }>(`/sessions/${encodeURIComponent(sessionId)}`);
      const statements: DepositStatement[] = [];
      for (const fip of r.fips ?? []) {
        for (const a of fip.accounts) {
          const t = a.data?.account?.transactions;
          if (!t) continue;
          const txns = (t.transaction ?? []).map((x) => ({
            date: (x.valueDate ?? x.transactionTimestamp ?? "").slice(0, 10),
            narration: x.narration,
            type: x.type,
            amount: Number(x.amount),
            balance: Number(x.currentBalance),
          }));
          const first = txns[0];
          statements.push({
            maskedAccountNumber: a.maskedAccNumber,
            bankName: fip.fipID,
            holderName: a.data?.account?.profile?.holders?.holder?.name ?? "",
            from: t.startDate,
            to: t.endDate,
            openingBalance: first ? first.balance + (first.type === "CREDIT" ? -first.amount : first.amount) : 0,
            transactions: txns,
          });
        }
      }
      return { status: SESSION_STATUS[r.status] ?? "FAILED", statements };
    },
  };
}

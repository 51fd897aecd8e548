// Issue 32: the sandbox buyer app (BAP) at /dev/ondc, so a person can try the product through ONDC in a
// browser. It is a buyer app as the network sees one: it signs its requests with its own key (listed by the
// sandbox registry), sends them over HTTP to our bpp_uri, and takes our callbacks at its subscriber URL,
// checking each signature against the registry before it ACKs. What it sent and received is kept per
// transaction in the sandbox store (the database), so any instance shows it. Sandbox mode only.
import { randomUUID } from "node:crypto";
import type { OndcIdentity } from "../../../env.ts";
import type { OndcCallbackPort } from "../../../providers/ondc-callbacks/port.ts";
import { currentParticipant, type OndcRegistryPort } from "../../../providers/ondc-registry/port.ts";
import type { SandboxStore } from "../../../providers/sandbox-store.ts";
import { authorizationHeader, parseAuthorization, signatureMatches, signatureWindow, signingKeyFromBase64, type Signer } from "../../ondc/signing.ts";

export const SANDBOX_BUYER_APP_BASE = "/dev/ondc";
const KIND = "ondc-buyer-app-transaction";
const WEEK_MS = 7 * 24 * 3_600_000;

export interface BuyerAppMessage {
  direction: "out" | "in";
  action: string;
  at: string;
  body: string;
  /** Out: the lender's synchronous answer. In: "verified", or why the signature was refused. */
  result: string;
}

interface Transaction {
  /** A version, bumped on each change: appends are compare-and-swap, so two callbacks at once both land. */
  status: string;
  startedAt: string;
  messages: BuyerAppMessage[];
}

export interface BuyerAppDeps {
  identity: OndcIdentity;
  origin: string;
  /** Our bpp_uri: where the buyer app sends its requests. */
  lenderUri: string;
  registry: OndcRegistryPort;
  /** Signed JSON over HTTP (the same port the lender's callbacks use). */
  transport: OndcCallbackPort;
  store: SandboxStore;
  now: () => Date;
}

export function createSandboxBuyerApp(deps: BuyerAppDeps) {
  const { identity, store, now } = deps;
  const signer: Signer = { subscriberId: identity.subscriberId, uniqueKeyId: identity.uniqueKeyId, key: signingKeyFromBase64(identity.signingPrivateKey) };
  const bapUri = `${deps.origin}${SANDBOX_BUYER_APP_BASE}`;

  async function append(transactionId: string, message: BuyerAppMessage): Promise<void> {
    for (let tries = 0; tries < 20; tries++) {
      const current = await store.get<Transaction>(KIND, transactionId);
      if (!current) {
        const first: Transaction = { status: "v1", startedAt: message.at, messages: [message] };
        if (await store.add(KIND, transactionId, first, WEEK_MS)) return;
        continue;
      }
      const next: Transaction = { ...current, status: `v${Number(current.status.slice(1)) + 1}`, messages: [...current.messages, message] };
      if (await store.swap(KIND, transactionId, current.status, next)) return;
    }
    throw new Error("The sandbox buyer app could not record a message: too many at once.");
  }

  /** The lender's signature over the exact bytes, checked against the key the registry lists now. */
  async function verify(authorization: string | undefined, body: Uint8Array): Promise<string> {
    const parsed = parseAuthorization(authorization);
    if ("refused" in parsed) return `refused: ${parsed.refused}`;
    const at = now();
    const window = signatureWindow(parsed, Math.floor(at.getTime() / 1000));
    if (window) return `refused: ${window}`;
    const query = { subscriberId: parsed.subscriberId, ukId: parsed.uniqueKeyId };
    const participant = currentParticipant(await deps.registry.lookup(query), query, at);
    if (!participant) return "refused: the registry lists no such key";
    return signatureMatches(parsed, body, participant.signingPublicKey) ? "verified" : "refused: bad-signature";
  }

  return {
    /** Sends a signed search for a personal loan; the transaction's id, to follow its answers. */
    async search(): Promise<{ transactionId: string; answer: string }> {
      const transactionId = randomUUID();
      const at = now();
      const body = JSON.stringify(searchRequest({ transactionId, messageId: randomUUID(), at, bapId: identity.subscriberId, bapUri, origin: deps.origin }));
      const bytes = Buffer.from(body);
      let answer: string;
      try {
        const response = await deps.transport.post({
          url: `${deps.lenderUri}/search`,
          body: bytes,
          authorization: authorizationHeader(bytes, signer, Math.floor(at.getTime() / 1000)),
        });
        answer = `${response.status} ${response.text}`;
      } catch (error) {
        answer = `no answer: ${error instanceof Error ? error.message : "unknown"}`;
      }
      await append(transactionId, { direction: "out", action: "search", at: at.toISOString(), body, result: answer });
      return { transactionId, answer };
    },

    /** A callback from a lender: recorded with its signature's result; ACK only when it verifies. */
    async receive(action: string, body: Uint8Array, authorization: string | undefined): Promise<{ status: 200 | 400 | 401; ack: boolean }> {
      const result = await verify(authorization, body);
      let transactionId: unknown;
      try {
        transactionId = (JSON.parse(Buffer.from(body).toString("utf8")) as { context?: { transaction_id?: unknown } }).context?.transaction_id;
      } catch {
        return { status: 400, ack: false };
      }
      if (typeof transactionId !== "string" || !/^[\w-]{1,100}$/.test(transactionId)) return { status: 400, ack: false };
      await append(transactionId, { direction: "in", action, at: now().toISOString(), body: Buffer.from(body).toString("utf8"), result });
      return result === "verified" ? { status: 200, ack: true } : { status: 401, ack: false };
    },

    transaction: (transactionId: string) => store.get<Transaction>(KIND, transactionId),
  };
}

export type SandboxBuyerApp = ReturnType<typeof createSandboxBuyerApp>;

/** A search as a buyer app sends one: personal loans anywhere in India, a 1 % finder fee, its settlement terms. */
export function searchRequest(input: { transactionId: string; messageId: string; at: Date; bapId: string; bapUri: string; origin: string }) {
  const tag = (code: string, list: Record<string, string>) => ({
    descriptor: { code },
    display: false,
    list: Object.entries(list).map(([item, value]) => ({ descriptor: { code: item }, value })),
  });
  return {
    context: {
      domain: "ONDC:FIS12",
      location: { country: { code: "IND" }, city: { code: "*" } },
      transaction_id: input.transactionId,
      message_id: input.messageId,
      action: "search",
      timestamp: input.at.toISOString(),
      version: "2.0.1",
      bap_uri: input.bapUri,
      bap_id: input.bapId,
      ttl: "PT10M",
    },
    message: {
      intent: {
        category: { descriptor: { code: "PERSONAL_LOAN" } },
        payment: {
          collected_by: "BPP",
          tags: [
            tag("BUYER_FINDER_FEES", { BUYER_FINDER_FEES_TYPE: "percent-annualized", BUYER_FINDER_FEES_PERCENTAGE: "1" }),
            tag("SETTLEMENT_TERMS", { DELAY_INTEREST: "2.5", STATIC_TERMS: `${input.origin}${SANDBOX_BUYER_APP_BASE}/terms`, OFFLINE_CONTRACT: "true" }),
          ],
        },
      },
    },
  };
}

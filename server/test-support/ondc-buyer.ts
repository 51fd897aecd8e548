// Issue 32: the sandbox buyer app's signing identity, as the ONDC tests sign their requests with it (the key the
// sandbox registry lists for it), a search of our own making, and the end of an ONDC test app (its callbacks
// in flight finished first).
import { randomUUID } from "node:crypto";
import type { Services } from "../services.ts";
import { signingKeyFromBase64, type Signer } from "../modules/ondc/signing.ts";

export function sandboxBuyerSigner(services: Pick<Services, "env">): Signer {
  const app = services.env.ondc!.sandboxBuyerApp!;
  return { subscriberId: app.subscriberId, uniqueKeyId: app.uniqueKeyId, key: signingKeyFromBase64(app.signingPrivateKey) };
}

export async function closeOndcApp(t: { services: Pick<Services, "ondcOutbox">; close(): Promise<unknown> }) {
  await t.services.ondcOutbox!.idle();
  await t.close();
}

/** A search of our own making, from the buyer app `buyer` at `at`: the buyer app collects nothing, asks a 1.5 % finder fee. */
export function searchBody(input: { buyer: Signer; at: Date; bapUri: string; transactionId?: string }): string {
  return JSON.stringify({
    context: {
      domain: "ONDC:FIS12",
      location: { country: { code: "IND" }, city: { code: "*" } },
      action: "search",
      version: "2.0.1",
      bap_id: input.buyer.subscriberId,
      bap_uri: input.bapUri,
      transaction_id: input.transactionId ?? randomUUID(),
      message_id: randomUUID(),
      timestamp: input.at.toISOString(),
      ttl: "PT10M",
    },
    message: {
      intent: {
        category: { descriptor: { code: "PERSONAL_LOAN" } },
        payment: {
          collected_by: "BPP",
          tags: [
            {
              descriptor: { code: "BUYER_FINDER_FEES" },
              display: false,
              list: [
                { descriptor: { code: "BUYER_FINDER_FEES_TYPE" }, value: "percent-annualized" },
                { descriptor: { code: "BUYER_FINDER_FEES_PERCENTAGE" }, value: "1.5" },
              ],
            },
          ],
        },
      },
    },
  });
}

// Issue 32: the sandbox buyer app's signing identity, as the ONDC tests sign their requests with it (the key the
// sandbox registry lists for it), a search as the sandbox buyer app sends one, and the end of an ONDC test app (its callbacks
// in flight finished first).
import { randomUUID } from "node:crypto";
import type { Services } from "../services.ts";
import { signingKeyFromBase64, type Signer } from "../modules/ondc/signing.ts";
import { searchRequest } from "../modules/dev/ondc-buyer-app/buyer-requests.ts";

export function sandboxBuyerSigner(services: Pick<Services, "env">): Signer {
  const app = services.env.ondc!.sandboxBuyerApp!;
  return { subscriberId: app.subscriberId, uniqueKeyId: app.uniqueKeyId, key: signingKeyFromBase64(app.signingPrivateKey) };
}

export async function closeOndcApp(t: { services: Pick<Services, "ondcOutbox">; close(): Promise<unknown> }) {
  await t.services.ondcOutbox!.idle();
  await t.close();
}

/** A search as the sandbox buyer app sends one (buyer-app.ts), from `buyer` at `at`, asking a 1.5 % finder fee. */
export function searchBody(input: { buyer: Signer; at: Date; bapUri: string; transactionId?: string }): string {
  return JSON.stringify(
    searchRequest({
      transactionId: input.transactionId ?? randomUUID(),
      messageId: randomUUID(),
      at: input.at,
      bapId: input.buyer.subscriberId,
      bapUri: input.bapUri,
      origin: "https://buyer.example.test",
      finderFeePercentage: "1.5",
    }),
  );
}

// Issue 32: the sandbox buyer app's signing identity, as the ONDC tests sign their requests with it (the key the
// sandbox registry lists for it), and the end of an ONDC test app (its callbacks in flight finished first).
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

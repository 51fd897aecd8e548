// Issue 32: the ONDC module, the protocol adapter only (docs/architecture.md, fourth round): signing and the
// registry, the synchronous ACK/NACK, the record of messages. It holds no lending rule of its own; the flows
// that will map each step onto the journey, quote, KYC, mandate, eSign, loans and payments come next.
import type { Db } from "../../db/client.ts";
import type { OndcSettings } from "../../env.ts";
import type { Logger } from "../../logger.ts";
import type { OndcRegistryPort } from "../../providers/ondc-registry/port.ts";
import { createOndcService } from "./ondc.service.ts";
import { signingKeyFromBase64, type Signer } from "./signing.ts";

export function createOndcModule(deps: { db: Db; now: () => Date; logger: Logger; settings: OndcSettings; registry: OndcRegistryPort }) {
  const { settings } = deps;
  // Read once at boot: a damaged key stops the start, not the first callback.
  const signer: Signer = { subscriberId: settings.subscriberId, uniqueKeyId: settings.uniqueKeyId, key: signingKeyFromBase64(settings.signingPrivateKey) };
  const ondc = createOndcService({ db: deps.db, now: deps.now, logger: deps.logger, registry: deps.registry, subscriberId: settings.subscriberId });
  return { ondc, signer };
}

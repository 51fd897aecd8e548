// Issue 34: the WhatsApp module, built once by the composition root. Absent (null) in production mode
// when WhatsApp is not configured; in sandbox mode the sandbox provider's signed status webhooks come
// to the same handler the Cloud API's webhook reaches.
import type { WhatsAppSettings } from "../../env.ts";
import type { Db } from "../../db/client.ts";
import type { Logger } from "../../logger.ts";
import type { WhatsAppPort } from "../../providers/whatsapp/port.ts";
import type { SandboxWhatsApp } from "../../providers/whatsapp/sandbox.ts";
import { createWhatsAppService, type WhatsAppServiceDeps } from "./whatsapp.service.ts";

export function createWhatsAppModule(deps: {
  db: Db;
  now: () => Date;
  logger: Logger;
  settings: WhatsAppSettings | null;
  port: WhatsAppPort | null;
  sandbox: SandboxWhatsApp | null;
  stop: WhatsAppServiceDeps["stop"];
}) {
  const { settings, port, sandbox } = deps;
  if (!settings || !port) return { whatsapp: null };
  const whatsapp = createWhatsAppService({
    db: deps.db,
    now: deps.now,
    logger: deps.logger,
    port,
    appSecret: settings.appSecret,
    verifyToken: settings.verifyToken,
    stop: deps.stop,
    afterAccepted: sandbox ? (wamid) => sandbox.release(wamid) : undefined,
  });
  sandbox?.setWebhookReceiver((delivery) => whatsapp.receiveWebhook(delivery));
  return { whatsapp };
}

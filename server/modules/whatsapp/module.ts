// Issue 34: the WhatsApp module, built once by the composition root. Absent (null) in production mode
// when WhatsApp is not configured; in sandbox mode the sandbox provider's signed status webhooks come
// to the same handler the Cloud API's webhook reaches.
import type { WhatsAppSettings } from "../../env.ts";
import type { Db } from "../../db/client.ts";
import type { Logger } from "../../logger.ts";
import type { WhatsAppPort } from "../../providers/whatsapp/port.ts";
import type { SandboxWhatsApp } from "../../providers/whatsapp/sandbox.ts";
import type { SmsNoticePort, SmsPort } from "../../providers/sms/port.ts";
import type { ConsentsService } from "../data-rights/consents.service.ts";
import { createNoticeDispatcher } from "./notice-dispatcher.ts";
import { createWhatsAppService, type WhatsAppServiceDeps } from "./whatsapp.service.ts";

export function createWhatsAppModule(deps: {
  db: Db;
  now: () => Date;
  logger: Logger;
  settings: WhatsAppSettings | null;
  port: WhatsAppPort | null;
  sandbox: SandboxWhatsApp | null;
  stop: WhatsAppServiceDeps["stop"];
  /** The SMS port: the channel of every notice WhatsApp does not carry, and the fallback. */
  sms: SmsPort;
  consents: Pick<ConsentsService, "given">;
}) {
  const whatsapp = createWhatsApp(deps);
  // Issue 34: every service notice through one dispatcher, which chooses its channel and falls back to SMS.
  const noticeDispatcher = createNoticeDispatcher({ db: deps.db, now: deps.now, logger: deps.logger, sms: deps.sms, whatsapp, consents: deps.consents });
  const { sms, logger } = deps;
  /** The SMS port with its notices channelled (what the jobs are given: a notice not sent fails the job). The codes stay on SMS. */
  const channelled: SmsPort = { sendOtp: (input) => sms.sendOtp(input), sendNotice: (input) => noticeDispatcher.sendNotice(input) };
  /** A service notice that fails is logged by kind and never undoes the decision it reports. */
  const notices: SmsNoticePort = {
    sendNotice: (input) =>
      noticeDispatcher.sendNotice(input).catch((error: unknown) => logger.warn("service SMS not sent", { kind: input.notice.kind, error })),
  };
  return { whatsapp, noticeDispatcher, channelled, notices };
}

function createWhatsApp(deps: Parameters<typeof createWhatsAppModule>[0]) {
  const { settings, port, sandbox } = deps;
  if (!settings || !port) return null;
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
  return whatsapp;
}

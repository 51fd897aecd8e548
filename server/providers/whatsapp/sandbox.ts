// Issue 34: the sandbox WhatsApp provider. It answers as the Cloud API does (a wamid, or one of its errors),
// checks the template against our catalogue as Meta checks it against the approved one, and sends the status
// webhooks Meta would send, in Meta's format and signed with the app secret, to the same handler the real
// webhook reaches. The message itself is recorded by the WhatsApp module (whatsapp_messages), which
// /dev/whatsapp lists. How a number behaves is its failure mode, set per mobile number (tests, /dev/whatsapp).
import { randomBytes } from "node:crypto";
import { whatsAppTemplateByName, WHATSAPP_TEMPLATES } from "../../../core/whatsapp/templates.ts";
import type { SandboxStore } from "../sandbox-store.ts";
import { cloudApiRecipient, whatsappSignature, type WhatsAppPort, type WhatsAppSendResult } from "./port.ts";
import type { WhatsAppDeliveryStatus } from "./webhook.ts";

/**
 * delivered (default): sent, then delivered. read: then read too. failed: accepted, then a failed status
 * (131026, undeliverable), as Meta reports a number that is not on WhatsApp. refused: the API refuses at once
 * (130429, rate limit). timeout: no answer (the port says unknown). held: accepted and never delivered.
 */
export const SANDBOX_WHATSAPP_MODES = ["delivered", "read", "failed", "refused", "timeout", "held"] as const;
export type SandboxWhatsAppMode = (typeof SANDBOX_WHATSAPP_MODES)[number];

export const SANDBOX_PHONE_NUMBER_ID = "100000000000001";
const SANDBOX_WABA_ID = "100000000000002";
const SANDBOX_DISPLAY_NUMBER = "919000000000";

export type WebhookReceiver = (delivery: { rawBody: string; signature: string }) => Promise<unknown>;

type Plan = { to: string; statuses: WhatsAppDeliveryStatus[] };

const PLANS: Record<SandboxWhatsAppMode, WhatsAppDeliveryStatus[]> = {
  delivered: ["sent", "delivered"],
  read: ["sent", "delivered", "read"],
  failed: ["sent", "failed"],
  refused: [],
  timeout: [],
  held: [],
};

const DAY = 24 * 60 * 60 * 1000;

export function createSandboxWhatsApp(deps: { store: SandboxStore; appSecret: string; now: () => Date }) {
  const { store, appSecret, now } = deps;
  let receiver: WebhookReceiver | null = null;

  const timestamp = () => String(Math.floor(now().getTime() / 1000));
  const envelope = (value: Record<string, unknown>) => ({
    object: "whatsapp_business_account",
    entry: [
      {
        id: SANDBOX_WABA_ID,
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: SANDBOX_DISPLAY_NUMBER, phone_number_id: SANDBOX_PHONE_NUMBER_ID },
              ...value,
            },
          },
        ],
      },
    ],
  });

  /** Signs the body as Meta does and hands it to the webhook handler; a handler that throws fails the caller. */
  async function deliver(body: unknown) {
    if (!receiver) return;
    const rawBody = JSON.stringify(body);
    await receiver({ rawBody, signature: whatsappSignature(appSecret, rawBody) });
  }

  function statusBody(wamid: string, to: string, status: WhatsAppDeliveryStatus) {
    const billing =
      status === "sent" || status === "delivered"
        ? {
            conversation: { id: `sandbox-${wamid.slice(-12)}`, origin: { type: "utility" } },
            pricing: { billable: true, pricing_model: "PMP", category: "utility" },
          }
        : {};
    const errors =
      status === "failed"
        ? { errors: [{ code: 131026, title: "Message undeliverable", message: "Message undeliverable", error_data: { details: "Message Undeliverable." } }] }
        : {};
    return envelope({ statuses: [{ id: wamid, status, timestamp: timestamp(), recipient_id: cloudApiRecipient(to), ...billing, ...errors }] });
  }

  const port: WhatsAppPort = {
    async send({ to, template, parameters }): Promise<WhatsAppSendResult> {
      // Meta refuses a template it has not approved (132001) or the wrong number of parameters (132000).
      const key = whatsAppTemplateByName(template);
      if (!key) return { outcome: "failed", code: 132001, title: "Template name does not exist in the translation", failure: "template" };
      if (WHATSAPP_TEMPLATES[key].params.length !== parameters.length) {
        return { outcome: "failed", code: 132000, title: "Number of parameters does not match the expected number of params", failure: "template" };
      }
      const mode = (await store.get<SandboxWhatsAppMode>("whatsapp-mode", to)) ?? "delivered";
      if (mode === "timeout") return { outcome: "unknown", detail: "TimeoutError" };
      if (mode === "refused") return { outcome: "failed", code: 130429, title: "Rate limit hit", failure: "rate_limited" };
      const wamid = `wamid.${randomBytes(24).toString("base64")}`;
      if (PLANS[mode].length) await store.put<Plan>("whatsapp-plan", wamid, { to, statuses: PLANS[mode] }, DAY);
      return { outcome: "accepted", wamid };
    },
  };

  return {
    port,
    setWebhookReceiver(fn: WebhookReceiver) {
      receiver = fn;
    },
    /** How messages to this number behave from now on. */
    async setMode(mobile: string, mode: SandboxWhatsAppMode) {
      await store.put("whatsapp-mode", mobile, mode, 30 * DAY);
    },
    async modeOf(mobile: string): Promise<SandboxWhatsAppMode> {
      return (await store.get<SandboxWhatsAppMode>("whatsapp-mode", mobile)) ?? "delivered";
    },
    /** Sends the status webhooks planned for an accepted message, once (the module calls this after recording it). */
    async release(wamid: string) {
      const plan = await store.take<Plan>("whatsapp-plan", wamid);
      for (const status of plan?.statuses ?? []) await deliver(statusBody(wamid, plan!.to, status));
    },
    /** One status webhook for a message, as Meta would send it (a late or repeated one too). */
    async emitStatus(wamid: string, to: string, status: WhatsAppDeliveryStatus) {
      await deliver(statusBody(wamid, to, status));
    },
    /** The customer writes to our number (a STOP, or any text). */
    async reply(from: string, text: string) {
      await deliver(
        envelope({
          contacts: [{ profile: { name: "Sandbox customer" }, wa_id: cloudApiRecipient(from) }],
          messages: [
            { from: cloudApiRecipient(from), id: `wamid.${randomBytes(24).toString("base64")}`, timestamp: timestamp(), type: "text", text: { body: text } },
          ],
        }),
      );
    },
  };
}

export type SandboxWhatsApp = ReturnType<typeof createSandboxWhatsApp>;

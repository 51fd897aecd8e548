// Issue 34: WhatsApp messages. Sends a catalogue template through the port and records what the API said;
// takes the Cloud API's webhook (signature first, then statuses and replies, each applied once); answers
// Meta's GET verification. Which notice goes by WhatsApp, and the fallback to SMS: notice-dispatcher.ts.
import { timingSafeEqual } from "node:crypto";
import { desc, sql } from "drizzle-orm";
import type { Language } from "../../../core/i18n/index.ts";
import { renderWhatsApp, type WhatsAppTemplateKey, type WhatsAppValues } from "../../../core/whatsapp/templates.ts";
import type { Db } from "../../db/client.ts";
import { whatsappMessages, whatsappReplies, type WhatsAppStatus } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import { mobileFromWaId, verifyWhatsAppSignature, type WhatsAppPort, type WhatsAppSendResult } from "../../providers/whatsapp/port.ts";
import type { Notice } from "../../providers/sms/port.ts";
import { isStopReply, parseWhatsAppWebhook, type WhatsAppEvent } from "../../providers/whatsapp/webhook.ts";
import { Malformed, NotAuthenticated } from "../domain-errors.ts";
import { whatsAppForNotice } from "./notices.ts";

/** What a STOP reply did to the customer's WhatsApp consent. */
export type StopOutcome = "withdrawn" | "not_granted" | "no_customer";

export interface WhatsAppServiceDeps {
  db: Db;
  now: () => Date;
  logger: Logger;
  port: WhatsAppPort;
  appSecret: string;
  verifyToken: string;
  /** Withdraws the WhatsApp consent of the customer with this mobile (null: a STOP is only recorded). */
  stop: ((mobile: string) => Promise<StopOutcome>) | null;
  /** After an accepted message is recorded (the sandbox then sends its status webhooks). */
  afterAccepted?: (wamid: string) => Promise<void>;
}

/** Statuses move forward only: a replayed or late status changes nothing, and read then delivered stays read. */
const RANK: Record<WhatsAppStatus, number> = { accepted: 0, unknown: 0, sent: 1, failed: 2, delivered: 3, read: 4 };
const rankOf = sql`CASE ${whatsappMessages.status} WHEN 'read' THEN 4 WHEN 'delivered' THEN 3 WHEN 'failed' THEN 2 WHEN 'sent' THEN 1 ELSE 0 END`;

export type WhatsAppSent = { id: number; result: WhatsAppSendResult };

export function createWhatsAppService(deps: WhatsAppServiceDeps) {
  const { db, now, logger, port } = deps;
  /** Told of each message the webhook marks failed (the notice dispatcher sends its SMS instead). */
  const failedListeners: ((messageId: number) => Promise<void>)[] = [];

  async function applyStatus(event: Extract<WhatsAppEvent, { kind: "status" }>): Promise<boolean> {
    const failed = event.status === "failed";
    const rows = await db
      .update(whatsappMessages)
      .set({
        status: event.status,
        statusAt: event.at,
        ...(failed ? { errorCode: event.errorCode, errorTitle: event.errorTitle } : {}),
      })
      .where(sql`${whatsappMessages.wamid} = ${event.wamid} AND ${rankOf} < ${RANK[event.status]}`)
      .returning({ id: whatsappMessages.id });
    if (failed && rows.length === 1) {
      for (const listener of failedListeners)
        await listener(rows[0].id).catch((error: unknown) =>
          logger.warn("whatsapp failure not handled", { error: error instanceof Error ? error.name : "error" }),
        );
    }
    return rows.length === 1;
  }

  async function recordReply(event: Extract<WhatsAppEvent, { kind: "message" }>): Promise<boolean> {
    const stop = isStopReply(event.text);
    const mobile = mobileFromWaId(event.from);
    const inserted = await db
      .insert(whatsappReplies)
      .values({ wamid: event.wamid, fromMobile: mobile ?? event.from, type: event.type, body: event.text, stop, sentAt: event.at, receivedAt: now() })
      .onConflictDoNothing({ target: whatsappReplies.wamid })
      .returning({ id: whatsappReplies.id });
    if (!stop || !deps.stop) return inserted.length === 1;
    // A STOP acts once: a replayed webhook finds its action recorded. One whose withdrawal failed (the
    // database was down) has none yet, so Meta's retry of the same webhook withdraws it then.
    const [row] = await db
      .select({ id: whatsappReplies.id, action: whatsappReplies.action })
      .from(whatsappReplies)
      .where(sql`${whatsappReplies.wamid} = ${event.wamid}`);
    if (!row || row.action !== null) return inserted.length === 1;
    const action: StopOutcome = mobile ? await deps.stop(mobile) : "no_customer";
    await db
      .update(whatsappReplies)
      .set({ action })
      .where(sql`${whatsappReplies.id} = ${row.id} AND ${whatsappReplies.action} IS NULL`);
    return true;
  }

  /** Sends a catalogue template in the customer's language and records the API's answer. */
  async function send<K extends WhatsAppTemplateKey>(input: {
    mobile: string;
    template: K;
    lang: Language;
    values: WhatsAppValues<K>;
    /** The SMS notice this message stands for, kept for the fallback to SMS. */
    notice?: Notice;
  }): Promise<WhatsAppSent> {
    const rendered = renderWhatsApp(input.template, input.lang, input.values);
    const result = await port.send({ to: input.mobile, template: rendered.name, lang: input.lang, parameters: rendered.parameters });
    const at = now();
    const [row] = await db
      .insert(whatsappMessages)
      .values({
        wamid: result.outcome === "accepted" ? result.wamid : null,
        toMobile: input.mobile,
        template: rendered.name,
        lang: input.lang,
        parameters: rendered.parameters,
        body: rendered.text,
        status: result.outcome,
        errorCode: result.outcome === "failed" ? result.code : null,
        errorTitle: result.outcome === "failed" ? result.title : null,
        createdAt: at,
        statusAt: at,
        notice: input.notice ? { kind: input.notice.kind, vars: input.notice.vars as Record<string, string> } : null,
      })
      .returning({ id: whatsappMessages.id });
    if (result.outcome === "failed") logger.warn("whatsapp message refused", { template: rendered.name, code: result.code, failure: result.failure });
    if (result.outcome === "unknown") logger.warn("whatsapp message unanswered", { template: rendered.name, detail: result.detail });
    if (result.outcome === "accepted" && deps.afterAccepted) {
      await deps.afterAccepted(result.wamid).catch((error: unknown) => logger.warn("whatsapp sandbox webhook not applied", { error }));
    }
    return { id: row.id, result };
  }

  return {
    send,

    /** An SMS notice as its WhatsApp template, with the same values; null when WhatsApp has no template for it. */
    async sendNotice(input: { mobile: string; notice: Notice; lang: Language }): Promise<WhatsAppSent | null> {
      const mapped = whatsAppForNotice(input.notice);
      if (!mapped) return null;
      const values = mapped.values as WhatsAppValues<typeof mapped.template>;
      return send({ mobile: input.mobile, template: mapped.template, lang: input.lang, values, notice: input.notice });
    },

    /** Issue 34: called with each message's id when the webhook marks it failed. */
    onFailed(listener: (messageId: number) => Promise<void>) {
      failedListeners.push(listener);
    },

    /** Meta's GET verification: the challenge when the mode is subscribe and the token is ours, else null (403). */
    verifySubscription(query: { mode?: string; token?: string; challenge?: string }): string | null {
      const { mode, token, challenge } = query;
      if (mode !== "subscribe" || !token || !challenge || !/^[A-Za-z0-9._-]{1,200}$/.test(challenge)) return null;
      const given = Buffer.from(token);
      const expected = Buffer.from(deps.verifyToken);
      return given.length === expected.length && timingSafeEqual(given, expected) ? challenge : null;
    },

    /**
     * The Cloud API's webhook: refused (NotAuthenticated, 401) unless X-Hub-Signature-256 is the app secret's
     * HMAC of these exact bytes; then each status and reply is applied once. Returns how many changed anything.
     */
    async receiveWebhook(input: { rawBody: string; signature: string | undefined }): Promise<{ applied: number }> {
      if (!verifyWhatsAppSignature(deps.appSecret, input.rawBody, input.signature)) throw new NotAuthenticated("The webhook signature is not valid.");
      const events = parseWhatsAppWebhook(input.rawBody);
      if (events === null) throw new Malformed("The webhook body is not JSON.");
      let applied = 0;
      for (const event of events) if (await (event.kind === "status" ? applyStatus(event) : recordReply(event))) applied++;
      return { applied };
    },

    /** The latest messages, newest first (the sandbox's /dev/whatsapp). */
    async recent(limit = 50) {
      const rows = await db.select().from(whatsappMessages).orderBy(desc(whatsappMessages.id)).limit(limit);
      return rows.map((r) => ({
        id: r.id,
        wamid: r.wamid,
        to: r.toMobile,
        template: r.template,
        lang: r.lang,
        text: r.body,
        status: r.status,
        errorCode: r.errorCode,
        errorTitle: r.errorTitle,
        sentAt: r.createdAt.toISOString(),
        statusAt: r.statusAt.toISOString(),
      }));
    },

    /** The latest replies, newest first. */
    async replies(limit = 50) {
      const rows = await db.select().from(whatsappReplies).orderBy(desc(whatsappReplies.id)).limit(limit);
      return rows.map((r) => ({ from: r.fromMobile, type: r.type, text: r.body, stop: r.stop, action: r.action, receivedAt: r.receivedAt.toISOString() }));
    },
  };
}

export type WhatsAppService = ReturnType<typeof createWhatsAppService>;

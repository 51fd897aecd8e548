// Issue 34, second step: the one owner of "which channel" for a service notice. Every notice the modules send
// (`sendNotice({mobile, notice, lang})`) comes here: a customer who holds the whatsapp_updates consent gets a
// notice that has a WhatsApp template on WhatsApp, in the language the SMS would have used; everyone else, and
// every other notice, gets the SMS exactly as before. The one-time codes never come here (SmsPort.sendOtp).
//
// The fallback: a WhatsApp message that fails (the API refused it, or the webhook says failed) or is not
// delivered within WHATSAPP_FALLBACK_AFTER_MS goes by SMS instead, once. The message row keeps its notice;
// the claim is `UPDATE … SET sms_fallback_at WHERE sms_fallback_at IS NULL AND <still owed> RETURNING`, so two
// instances, or the job and a late webhook, never both send it, and a delivery that lands first stops it. An
// unanswered send (`unknown`, a timeout) is not a failure: it waits for the webhook or the limit like any other.
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { fallbackAction, fallbackReason, WHATSAPP_FALLBACK_AFTER_MS } from "../../../core/whatsapp/channel.ts";
import { renderWhatsApp, type WhatsAppValues } from "../../../core/whatsapp/templates.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles, whatsappMessages } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { Notice, SmsNoticePort } from "../../providers/sms/port.ts";
import type { ConsentsService } from "../data-rights/consents.service.ts";
import { whatsAppForNotice } from "./notices.ts";
import type { WhatsAppService } from "./whatsapp.service.ts";

/** What the fallback did for one message. */
export type FallbackOutcome = "sent" | "expired" | "waiting" | "not_owed";

class FallbackFailures extends Error {
  constructor(count: number) {
    super(`whatsapp sms fallback: ${count} message(s) failed; the job will be retried`);
    this.name = "FallbackFailures";
  }
}

export function createNoticeDispatcher(deps: {
  db: Db;
  now: () => Date;
  logger: Logger;
  /** The SMS port (its failures are the caller's, as before). */
  sms: SmsNoticePort;
  /** Null when WhatsApp is off (production without its settings): every notice goes by SMS. */
  whatsapp: Pick<WhatsAppService, "sendNotice" | "onFailed"> | null;
  consents: Pick<ConsentsService, "given">;
}) {
  const { db, now, logger, sms, whatsapp } = deps;

  /** The customer with this mobile holds the whatsapp_updates consent now (granted, not withdrawn). */
  async function optedIn(mobile: string): Promise<boolean> {
    const [profile] = await db.select({ id: customerProfiles.id }).from(customerProfiles).where(eq(customerProfiles.mobile, mobile)).limit(1);
    return profile ? deps.consents.given(profile.id, "whatsapp_updates") : false;
  }

  /** A notice WhatsApp can carry: it has a template and every value is there (Meta refuses an empty parameter; the SMS takes it). */
  function carried(notice: Notice): boolean {
    const mapped = whatsAppForNotice(notice);
    if (!mapped) return false;
    try {
      renderWhatsApp(mapped.template, "en", mapped.values as WhatsAppValues<typeof mapped.template>);
      return true;
    } catch {
      return false;
    }
  }

  /** Still owed its SMS: failed, or not delivered (nor read) and handed over before the limit. */
  const owed = (cutoff: Date) =>
    sql`(${whatsappMessages.status} = 'failed' OR (${whatsappMessages.status} IN ('accepted', 'unknown', 'sent') AND ${whatsappMessages.createdAt} <= ${cutoff.toISOString()}::timestamptz))`;

  /** The SMS instead of one WhatsApp message, at most once whoever asks (the send, the webhook, the job). */
  async function fallback(messageId: number): Promise<FallbackOutcome> {
    const at = now();
    const [row] = await db
      .select()
      .from(whatsappMessages)
      .where(and(eq(whatsappMessages.id, messageId), isNotNull(whatsappMessages.notice), isNull(whatsappMessages.smsFallbackAt)));
    if (!row?.notice) return "not_owed";
    const reason = fallbackReason(row, at);
    if (!reason) return "not_owed";
    const action = fallbackAction({ kind: row.notice.kind, createdAt: row.createdAt }, at);
    if (action === "wait") return "waiting";
    const cutoff = new Date(at.getTime() - WHATSAPP_FALLBACK_AFTER_MS);
    const [claimed] = await db
      .update(whatsappMessages)
      .set({ smsFallbackAt: at, smsFallback: action === "expire" ? "expired" : reason })
      .where(and(eq(whatsappMessages.id, messageId), isNull(whatsappMessages.smsFallbackAt), owed(cutoff)))
      .returning({ id: whatsappMessages.id });
    if (!claimed) return "not_owed";
    if (action === "expire") return "expired";
    try {
      await sms.sendNotice({ mobile: row.toMobile, notice: row.notice as Notice, lang: row.lang });
      return "sent";
    } catch (error) {
      // Not sent: the claim is released so that the job tries again.
      await db.update(whatsappMessages).set({ smsFallbackAt: null, smsFallback: null }).where(eq(whatsappMessages.id, messageId));
      throw error;
    }
  }

  /** Logged and left to the job: the notice was handed over once its WhatsApp message was recorded. */
  const fallbackNow = (messageId: number) =>
    fallback(messageId).then(
      () => undefined,
      (error: unknown) => logger.warn("whatsapp sms fallback not sent", { messageId, error: error instanceof Error ? error.name : "error" }),
    );

  // The webhook's "failed" sends the SMS at once (in contact hours for a dues notice; else the job, later).
  whatsapp?.onFailed(fallbackNow);

  return {
    /** A service notice on the customer's channel (the SmsNoticePort every module is given). */
    async sendNotice(input: Parameters<SmsNoticePort["sendNotice"]>[0]): Promise<void> {
      if (whatsapp && carried(input.notice) && (await optedIn(input.mobile))) {
        const sent = await whatsapp.sendNotice(input);
        if (sent) {
          if (sent.result.outcome === "failed") await fallbackNow(sent.id);
          return;
        }
      }
      await sms.sendNotice(input);
    },

    fallback,

    /** The job: every message owed its SMS (failed, or not delivered within the limit), each claimed once. */
    async runFallbacks(): Promise<{ sent: number; expired: number; waiting: number }> {
      const at = now();
      const cutoff = new Date(at.getTime() - WHATSAPP_FALLBACK_AFTER_MS);
      const due = await db
        .select({ id: whatsappMessages.id })
        .from(whatsappMessages)
        .where(and(isNotNull(whatsappMessages.notice), isNull(whatsappMessages.smsFallbackAt), owed(cutoff)))
        .orderBy(asc(whatsappMessages.id))
        .limit(500);
      const counts = { sent: 0, expired: 0, waiting: 0 };
      let failed = 0;
      for (const { id } of due) {
        try {
          const outcome = await fallback(id);
          if (outcome === "sent") counts.sent++;
          else if (outcome === "expired") counts.expired++;
          else if (outcome === "waiting") counts.waiting++;
        } catch (error) {
          failed++;
          logger.warn("whatsapp sms fallback not sent", { messageId: id, error: error instanceof Error ? error.name : "error" });
        }
      }
      if (failed) throw new FallbackFailures(failed);
      return counts;
    },
  };
}

export type NoticeDispatcher = ReturnType<typeof createNoticeDispatcher>;

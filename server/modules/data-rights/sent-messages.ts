// Issue 30: what we sent each customer, for "download all my data". The SMS and e-mail ports are wrapped
// at the composition root, so every message of every module is recorded once it was handed to the provider.
// Only messages to a customer are kept (a profile with that mobile or e-mail); a one-time code is masked.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { customerProfiles, sentMessages } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { EmailPort } from "../../providers/email/port.ts";
import { noticeText, otpText, type SmsPort } from "../../providers/sms/port.ts";
import type { WhatsAppPort } from "../../providers/whatsapp/port.ts";
import { fillWhatsAppBody, whatsAppTemplateByName } from "../../../core/whatsapp/templates.ts";

type Row = Omit<typeof sentMessages.$inferInsert, "id" | "profileId" | "sentAt">;

export function createSentMessagesLog(deps: { db: Db; now: () => Date; logger: Logger }) {
  const { db, now, logger } = deps;

  /** A failure to record never fails the send: the message has gone. */
  async function record(profileId: string | undefined, row: Row) {
    if (!profileId) return;
    await db
      .insert(sentMessages)
      .values({ ...row, profileId, sentAt: now() })
      .catch((error: unknown) => logger.warn("sent message not recorded", { error: error instanceof Error ? error.name : typeof error }));
  }

  async function profileByMobile(mobile: string) {
    const [row] = await db.select({ id: customerProfiles.id }).from(customerProfiles).where(eq(customerProfiles.mobile, mobile));
    return row?.id;
  }

  /** One customer with that address; an address two profiles share names no one. */
  async function profileByEmail(address: string) {
    const rows = await db
      .select({ id: customerProfiles.id })
      .from(customerProfiles)
      .where(sql`lower(${customerProfiles.personalEmail}) = ${address.toLowerCase()}`)
      .limit(2);
    return rows.length === 1 ? rows[0].id : undefined;
  }

  return {
    sms(port: SmsPort): SmsPort {
      return {
        async sendOtp(input) {
          await port.sendOtp(input);
          const body = otpText("X".repeat(input.code.length), input.purpose, input.lang);
          await record(await profileByMobile(input.mobile), { channel: "sms", kind: `otp_${input.purpose}`, recipient: input.mobile, lang: input.lang, body });
        },
        async sendNotice(input) {
          await port.sendNotice(input);
          const body = noticeText(input.notice, input.lang);
          await record(await profileByMobile(input.mobile), { channel: "sms", kind: input.notice.kind, recipient: input.mobile, lang: input.lang, body });
        },
      };
    },

    /** Issue 34: a WhatsApp message Meta accepted, as the customer reads it (the template filled in). */
    whatsapp(port: WhatsAppPort): WhatsAppPort {
      return {
        async send(input) {
          const result = await port.send(input);
          if (result.outcome !== "accepted") return result;
          const key = whatsAppTemplateByName(input.template);
          const body = key ? fillWhatsAppBody(key, input.lang, input.parameters) : input.parameters.join(" | ");
          await record(await profileByMobile(input.to), { channel: "whatsapp", kind: key ?? input.template, recipient: input.to, lang: input.lang, body });
          return result;
        },
      };
    },

    email(port: EmailPort): EmailPort {
      return {
        async send(email) {
          await port.send(email);
          await record(await profileByEmail(email.to), {
            channel: "email",
            kind: email.kind ?? "email",
            recipient: email.to,
            lang: email.lang ?? "en",
            subject: email.subject,
            body: email.text,
            attachments: (email.attachments ?? []).map((a) => a.name),
          });
        },
      };
    },
  };
}

import { desc } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { smsOutbox } from "../../db/schema/index.ts";
import { noticeText, otpText, type SmsPort } from "./port.ts";

export type OutboxSms = { to: string; lang: string; text: string; sentAt: string };

/** Records messages instead of sending them, with their language; /dev/outbox shows them outside production. */
export function createSandboxSms(db: Db): SmsPort & { outbox(limit?: number): Promise<OutboxSms[]> } {
  return {
    async sendOtp({ mobile, code, purpose, lang }) {
      await db.insert(smsOutbox).values({ toMobile: mobile, lang, body: otpText(code, purpose, lang) });
    },
    async sendNotice({ mobile, notice, lang }) {
      await db.insert(smsOutbox).values({ toMobile: mobile, lang, body: noticeText(notice, lang) });
    },
    async outbox(limit = 50) {
      const rows = await db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(limit);
      return rows.map((r) => ({ to: r.toMobile, lang: r.lang, text: r.body, sentAt: r.sentAt.toISOString() }));
    },
  };
}

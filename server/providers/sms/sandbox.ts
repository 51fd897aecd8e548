import { desc } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { smsOutbox } from "../../db/schema/index.ts";
import { otpText, type SmsNoticePort, type SmsPort } from "./port.ts";

/** Records messages instead of sending them; /dev/outbox shows them outside production. */
export function createSandboxSms(db: Db): SmsPort & SmsNoticePort & { outbox(limit?: number): Promise<{ to: string; text: string; sentAt: string }[]> } {
  return {
    async sendOtp({ mobile, code, purpose }) {
      await db.insert(smsOutbox).values({ toMobile: mobile, body: otpText(code, purpose) });
    },
    async sendNotice({ mobile, text }) {
      await db.insert(smsOutbox).values({ toMobile: mobile, body: text });
    },
    async outbox(limit = 50) {
      const rows = await db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(limit);
      return rows.map((r) => ({ to: r.toMobile, text: r.body, sentAt: r.sentAt.toISOString() }));
    },
  };
}

import { desc } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { emailOutbox } from "../../db/schema/index.ts";
import type { EmailPort } from "./port.ts";

export type OutboxEmail = {
  to: string;
  lang: string;
  subject: string;
  text: string;
  attachments: { name: string; mimeType: string; bytes: number }[];
  sentAt: string;
};

/** Records e-mails instead of sending them (attachments by name and size); /dev/email-outbox shows them outside production. */
export function createSandboxEmail(db: Db): EmailPort & { outbox(limit?: number): Promise<OutboxEmail[]> } {
  return {
    async send(email) {
      await db.insert(emailOutbox).values({
        toAddress: email.to,
        subject: email.subject,
        body: email.text,
        lang: email.lang ?? "en",
        attachments: (email.attachments ?? []).map((a) => ({ name: a.name, mimeType: a.mimeType, bytes: a.content.byteLength })),
      });
    },
    async outbox(limit = 50) {
      const rows = await db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(limit);
      return rows.map((r) => ({ to: r.toAddress, lang: r.lang, subject: r.subject, text: r.body, attachments: r.attachments, sentAt: r.sentAt.toISOString() }));
    },
  };
}

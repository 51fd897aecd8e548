// Copies of the KFS and signed agreement after signing (regulatory.md): an SMS link and an e-mail to the
// dashboard page that holds them, once per lead.
import { eq } from "drizzle-orm";
import { customerLanguage } from "../../../core/i18n/index.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles, signedCopiesSent } from "../../db/schema/index.ts";
import { customerEmail } from "../../providers/email/customer-email.ts";
import { isEmailAddress, type EmailPort } from "../../providers/email/port.ts";
import type { SmsNoticePort } from "../../providers/sms/port.ts";

/** Dashboard page with the KFS and the signed agreement; the downloads it links to check the owner. */
export const loanDocumentsPath = (leadId: string) => `/my-dashboard/loan-documents/${leadId}`;

export function createSignedCopies(deps: { db: Db; sms: SmsNoticePort; email: EmailPort; origin: string; now: () => Date }) {
  const { db, sms, email, origin, now } = deps;

  return async function sendSignedCopies(input: { leadId: string; profileId: string }): Promise<boolean> {
    const [claimed] = await db.insert(signedCopiesSent).values({ leadId: input.leadId, sentAt: now() }).onConflictDoNothing().returning();
    if (!claimed) return false;
    try {
      const [p] = await db
        .select({
          mobile: customerProfiles.mobile,
          email: customerProfiles.personalEmail,
          fullName: customerProfiles.fullName,
          lang: customerProfiles.preferredLanguage,
        })
        .from(customerProfiles)
        .where(eq(customerProfiles.id, input.profileId));
      if (!p) return true;
      const lang = customerLanguage(p.lang);
      const link = `${origin}${loanDocumentsPath(input.leadId)}`;
      await sms.sendNotice({ mobile: p.mobile, notice: { kind: "signed_copies", vars: { link } }, lang });
      if (isEmailAddress(p.email)) {
        await email.send(customerEmail({ to: p.email, lang, name: p.fullName, kind: "signed_copies", values: { link } }));
      }
      return true;
    } catch (error) {
      await db.delete(signedCopiesSent).where(eq(signedCopiesSent.leadId, input.leadId));
      throw error;
    }
  };
}

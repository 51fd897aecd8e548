// What the payout outcomes share (payout-settlement.ts assembles them): the attempt's row, the
// disbursal's ledger key, and who hears of a payout.
import { eq } from "drizzle-orm";
import { customerLanguage, type Language } from "../../../core/i18n/index.ts";
import { customerProfiles, payouts } from "../../db/schema/index.ts";
import type { Email } from "../../providers/email/port.ts";
import type { Notice } from "../../providers/sms/port.ts";
import { ledgerKeys } from "../ledger/ledger.service.ts";
import type { Tx } from "../journey/journey.service.ts";

export type PayoutRow = typeof payouts.$inferSelect;

/** The disbursal's ledger key: `payout:<loan id>` for the first attempt, `payout:<loan id>:<n>` after a reversal. */
export const disbursalKeyOf = (row: Pick<PayoutRow, "idempotencyKey">) => ledgerKeys.payout(row.idempotencyKey);

/** Who hears of a payout: the profile's mobile, e-mail and name, and the language they read (issue 23). */
export type Contact = { mobile: string; email: string | null; name: string | null; lang: Language };
export type Told = { contact: Contact | null; notice: Notice; email?: Email };

export async function contactOf(tx: Tx, profileId: string): Promise<Contact | null> {
  const [p] = await tx
    .select({
      mobile: customerProfiles.mobile,
      email: customerProfiles.personalEmail,
      name: customerProfiles.fullName,
      lang: customerProfiles.preferredLanguage,
    })
    .from(customerProfiles)
    .where(eq(customerProfiles.id, profileId));
  return p ? { ...p, lang: customerLanguage(p.lang) } : null;
}

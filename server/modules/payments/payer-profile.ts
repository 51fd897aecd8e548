// The payer's own details from their profile (never the page's): name, mobile and e-mail.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { customerProfiles } from "../../db/schema/index.ts";
import { InvalidSession } from "../domain-errors.ts";

export async function payerProfile(db: Db, profileId: string) {
  const [p] = await db
    .select({
      id: customerProfiles.id,
      mobile: customerProfiles.mobile,
      fullName: customerProfiles.fullName,
      email: customerProfiles.personalEmail,
      preferredLanguage: customerProfiles.preferredLanguage,
    })
    .from(customerProfiles)
    .where(eq(customerProfiles.id, profileId));
  if (!p) throw new InvalidSession();
  return p;
}

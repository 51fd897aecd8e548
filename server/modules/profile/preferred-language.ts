// The customer's chosen language on the profile (issue 23): read when the lang cookie is absent
// (a new device), written when the customer uses the language switch while signed in.
import { eq } from "drizzle-orm";
import { isLanguage, type Language } from "../../../core/i18n/index.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles } from "../../db/schema/index.ts";

export function createPreferredLanguage(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  return {
    async preferredLanguage(profileId: string): Promise<Language | null> {
      const [row] = await db.select({ language: customerProfiles.preferredLanguage }).from(customerProfiles).where(eq(customerProfiles.id, profileId));
      return isLanguage(row?.language) ? row.language : null;
    },

    /** Only the session's own profile; a value other than en or hi changes nothing. */
    async setPreferredLanguage(profileId: string, language: Language) {
      if (!isLanguage(language)) return;
      await db.update(customerProfiles).set({ preferredLanguage: language, updatedAt: now() }).where(eq(customerProfiles.id, profileId));
    },
  };
}

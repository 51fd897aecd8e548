// The recorded results of eligibility checks (decisions 6-7, issue 21): a customer's latest check with its
// rule results, and the dashboard's account of a decline with when the customer may apply again.
import { desc, eq, sql } from "drizzle-orm";
import { todayInIndia } from "../../../core/calendar.ts";
import { applyAgain, mainFailure, reasonCode, type DeclineRule } from "../../../core/eligibility.ts";
import { messageText, type Language } from "../../../core/i18n/index.ts";
import { PRODUCT } from "../../../core/product.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles, eligibilityChecks, eligibilityRuleResults } from "../../db/schema/index.ts";

export function createEligibilityResults(deps: { db: Db }) {
  const { db } = deps;
  // Read by every dashboard of a customer at Check Eligibility: built once, a named statement on PostgreSQL.
  const latestCheck = db
    .select()
    .from(eligibilityChecks)
    .where(eq(eligibilityChecks.profileId, sql.placeholder("profileId")))
    .orderBy(desc(eligibilityChecks.checkedAt))
    .limit(1)
    .prepare("latest_eligibility_check");

  /** The recorded rule results of a customer's latest check (for staff views and tests). */
  async function latestResults(profileId: string) {
    const [check] = await latestCheck.execute({ profileId });
    if (!check) return null;
    const rules = await db.select().from(eligibilityRuleResults).where(eq(eligibilityRuleResults.checkId, check.id));
    return { check, rules };
  }

  return {
    /**
     * The dashboard's account of a decline (issue 21): when the customer's latest check failed, the one
     * rule it names, its reason, and when they may apply again, in `lang`. Null when the latest check passed or none ran.
     */
    async latestDecline(profileId: string, lang: Language = "en") {
      const latest = await latestResults(profileId);
      if (!latest || latest.check.eligible) return null;
      // mainFailure names the offer only when no other rule failed.
      const main = mainFailure(latest.rules.filter((r) => !r.passed && r.reason !== null));
      if (!main) return null;
      const [profile] = await db.select({ dob: customerProfiles.dob }).from(customerProfiles).where(eq(customerProfiles.id, profileId));
      const checkedOn = todayInIndia(latest.check.checkedAt);
      const again = applyAgain(main.rule as DeclineRule, { dob: profile?.dob ?? null, checkedOn }, PRODUCT.eligibility);
      // The reason by its rule and today's product (as apply-again is); the English recorded stays for staff.
      const reason = messageText(lang, reasonCode(main.rule as DeclineRule));
      return { rule: main.rule, reason, checked_on: checkedOn, apply_again_on: again.on, apply_again_text: messageText(lang, again.code) };
    },

    latestResults,
  };
}

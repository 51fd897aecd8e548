// The recorded results of eligibility checks (decisions 6-7, issue 21): a customer's latest check with its
// rule results, and the dashboard's account of a decline with when the customer may apply again.
import { desc, eq, sql, type SQL } from "drizzle-orm";
import { todayInIndia } from "../../../core/calendar.ts";
import { applyAgain, mainFailure, reasonCode, type DeclineRule } from "../../../core/eligibility.ts";
import { messageText, type Language } from "../../../core/i18n/index.ts";
import { PRODUCT } from "../../../core/product.ts";
import type { Db } from "../../db/client.ts";
import { rowText } from "../../db/row-text.ts";
import { eligibilityChecks, eligibilityRuleResults } from "../../db/schema/index.ts";

type Check = typeof eligibilityChecks.$inferSelect;
type RuleResult = typeof eligibilityRuleResults.$inferSelect;

/** The dashboard's account of a decline (issue 21), in `lang`; null when the latest check passed or none ran. */
export interface EligibilityDecline {
  rule: string;
  reason: string;
  checked_on: string;
  apply_again_on: string | null;
  apply_again_text: string;
}

/** A check's decline: the one rule it names (mainFailure names the offer only when no other rule failed), its reason and when to apply again. */
function declineOf(latest: { check: Check; rules: RuleResult[] }, dob: string | null, lang: Language): EligibilityDecline | null {
  if (latest.check.eligible) return null;
  const main = mainFailure(latest.rules.filter((r) => !r.passed && r.reason !== null));
  if (!main) return null;
  const checkedOn = todayInIndia(latest.check.checkedAt);
  const again = applyAgain(main.rule as DeclineRule, { dob, checkedOn }, PRODUCT.eligibility);
  // The reason by its rule and today's product (as apply-again is); the English recorded stays for staff.
  const reason = messageText(lang, reasonCode(main.rule as DeclineRule));
  return { rule: main.rule, reason, checked_on: checkedOn, apply_again_on: again.on, apply_again_text: messageText(lang, again.code) };
}

export function createEligibilityResults(deps: { db: Db }) {
  const { db } = deps;
  const checkText = rowText(eligibilityChecks);
  const ruleText = rowText(eligibilityRuleResults);

  /** The recorded rule results of a customer's latest check (for staff views and tests). */
  async function latestResults(profileId: string) {
    const [check] = await db
      .select()
      .from(eligibilityChecks)
      .where(eq(eligibilityChecks.profileId, profileId))
      .orderBy(desc(eligibilityChecks.checkedAt))
      .limit(1);
    if (!check) return null;
    const rules = await db.select().from(eligibilityRuleResults).where(eq(eligibilityRuleResults.checkId, check.id));
    return { check, rules };
  }

  return {
    /**
     * The dashboard's account of the latest check's decline, as a part of one statement of the caller's: `profileId`
     * is that statement's SQL for the customer. A declined check and its failed rules travel as [check, [rule, …]]
     * (null for none, or a check passed); the caller gives the dob from the profile row it read in the same statement.
     */
    declinePart(profileId: SQL) {
      // Only a declined check is sent, with only its failed rules: mainFailure reads no other.
      const failures = sql`(select coalesce(json_agg(${ruleText.sql}), '[]'::json) from ${eligibilityRuleResults} where ${eligibilityRuleResults.checkId} = ${eligibilityChecks.id} and not ${eligibilityRuleResults.passed} and ${eligibilityRuleResults.reason} is not null)`;
      return {
        sql: sql`(select case when not ${eligibilityChecks.eligible} then json_build_array(${checkText.sql}, ${failures}) end from ${eligibilityChecks} where ${eligibilityChecks.profileId} = ${profileId} order by ${eligibilityChecks.checkedAt} desc limit 1)`,
        decline(value: unknown, dob: string | null, lang: Language): EligibilityDecline | null {
          if (value === null || value === undefined) return null;
          const [check, failed] = value as [unknown, unknown[]];
          const latest = { check: checkText.decode(check)!, rules: failed.map((rule) => ruleText.decode(rule)!) };
          return declineOf(latest, dob, lang);
        },
      };
    },

    latestResults,
  };
}

// register_now: the eligibility engine of decisions 6-7. Every rule's result is recorded,
// passing or failing, with a reason for each failure. Eligible customers get a lead
// (IN_PROCESS) and move on to the quote; others get Status 2 and keep all their data.
import { and, desc, eq, gte, inArray } from "drizzle-orm";
import { ageOn, todayInIndia } from "../../../core/calendar.ts";
import {
  BUREAU_REUSE_DAYS,
  ELIGIBILITY_RULES,
  applyAgain,
  checkEligibility,
  mainFailure,
  type DeclineRule,
  type EligibilityRule,
} from "../../../core/eligibility.ts";
import { formatINR, offer } from "../../../core/loan-math/index.ts";
import { PRODUCT } from "../../../core/product.ts";
import { OFFER_BELOW_MINIMUM_REASON, notEligibleMessage } from "../../../core/validation/index.ts";
import { JOURNEY_CODES, ONBOARDING_CODES } from "../../../core/i18n/index.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles, eligibilityChecks, eligibilityRuleResults } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { BureauResult, CreditBureauPort } from "../../providers/credit-bureau/port.ts";
import { decrypt } from "../../security/crypto.ts";
import type { LeadsService } from "../leads/leads.service.ts";
import { isServiceablePincode } from "../master/master.service.ts";
import { advance, assertAccepts, stepNotAvailable } from "../journey/journey.service.ts";
import type { Profile } from "../profile/profile.service.ts";
import { ProviderDown, Refused } from "../domain-errors.ts";

/** A bureau answer is reused for this long, so a retry after an edit is not a second enquiry. */
const BUREAU_REUSE_MS = BUREAU_REUSE_DAYS * 24 * 60 * 60 * 1000;
const NEXT_STEP = "generate_loan_quote" as const;

type RuleName = EligibilityRule | "offer";
interface RuleResult {
  rule: RuleName;
  passed: boolean;
  observed: string;
  reason: string | null;
}

export function createEligibilityService(deps: {
  db: Db;
  encryptionKey: string;
  bureau: CreditBureauPort;
  leads: LeadsService;
  now: () => Date;
  logger: Logger;
}) {
  const { db, encryptionKey, bureau, leads, now, logger } = deps;

  async function bureauFor(profile: Profile, pan: string): Promise<BureauResult> {
    const [recent] = await db
      .select()
      .from(eligibilityChecks)
      .where(
        and(
          eq(eligibilityChecks.profileId, profile.id),
          inArray(eligibilityChecks.bureauStatus, ["SCORE", "NO_HISTORY"]),
          gte(eligibilityChecks.checkedAt, new Date(now().getTime() - BUREAU_REUSE_MS)),
        ),
      )
      .orderBy(desc(eligibilityChecks.checkedAt))
      .limit(1);
    if (recent) {
      const reference = recent.bureauReference ?? "";
      return recent.bureauStatus === "SCORE" ? { status: "SCORE", score: recent.bureauScore ?? 0, reference } : { status: "NO_HISTORY", reference };
    }
    try {
      return await bureau.fetchScore({ pan, fullName: profile.fullName ?? "", dob: profile.dob!, mobile: profile.mobile, pincode: profile.residencePincode! });
    } catch (error) {
      logger.warn("credit bureau failed", { error });
      throw new ProviderDown(ONBOARDING_CODES.bureauServiceDown);
    }
  }

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
    async registerNow(profileId: string) {
      const [profile] = await db.select().from(customerProfiles).where(eq(customerProfiles.id, profileId));
      assertAccepts(profile, "register_now");
      const userType = await leads.userTypeOf(profileId);
      if (userType === "UNPAID-REPEAT") throw new Refused(JOURNEY_CODES.repayCurrentLoanFirst);
      const { dob, incomeTypeId, monthlyIncome, salaryMode, residencePincode, pancardEnc } = profile;
      if (!dob || incomeTypeId === null || monthlyIncome === null || salaryMode === null || !residencePincode || !pancardEnc) throw stepNotAvailable();

      const score = await bureauFor(profile, decrypt(encryptionKey, pancardEnc));
      const today = todayInIndia(now());
      const rules = PRODUCT.eligibility;
      const decision = checkEligibility(
        {
          dob,
          today,
          incomeTypeId,
          monthlyIncome,
          salaryModeId: salaryMode,
          panVerified: profile.pancardVerifiedStatus === 1,
          pincodeInServiceArea: isServiceablePincode(residencePincode),
          bureauScore: score.status === "SCORE" ? score.score : null,
        },
        rules,
      );
      const observed: Record<EligibilityRule, string> = {
        age: `${ageOn(dob, today)} years`,
        incomeType: String(incomeTypeId),
        minIncome: String(monthlyIncome),
        salaryMode: String(salaryMode),
        panVerified: String(profile.pancardVerifiedStatus),
        serviceArea: residencePincode,
        bureauScore: score.status === "SCORE" ? String(score.score) : "no history",
      };
      const offered = offer({ monthlyIncome });
      const results: RuleResult[] = [
        ...ELIGIBILITY_RULES.map((rule) => {
          const failure = decision.failures.find((f) => f.rule === rule);
          return { rule, passed: !failure, observed: observed[rule], reason: failure?.reason ?? null };
        }),
        {
          rule: "offer",
          passed: offered.eligible,
          observed: String(offered.max),
          reason: offered.eligible ? null : OFFER_BELOW_MINIMUM_REASON(formatINR(offered.min)),
        },
      ];
      const eligible = results.every((r) => r.passed);

      const outcome = await db.transaction(async (tx) => {
        const [check] = await tx
          .insert(eligibilityChecks)
          .values({
            profileId,
            eligible,
            bureauStatus: score.status,
            bureauScore: score.status === "SCORE" ? score.score : null,
            bureauReference: score.reference || null,
            offerMaxAmount: offered.max,
            checkedAt: now(),
          })
          .returning({ id: eligibilityChecks.id });
        await tx.insert(eligibilityRuleResults).values(results.map((r) => ({ checkId: check.id, ...r })));
        if (!eligible) return null;
        // Move first, under the row lock, so a double click cannot create two leads.
        await advance(tx, profileId, "register_now", NEXT_STEP, { at: now(), set: { eligibilityStatus: 1, userType } });
        const lead = await leads.create(
          {
            profileId,
            userType,
            monthlyIncome,
            offerMinAmount: offered.min,
            offerMaxAmount: offered.max,
            eligibilityCheckId: check.id,
            tracking: {
              utmSource: profile.utmSource,
              utmMedium: profile.utmMedium,
              utmCampaign: profile.utmCampaign,
              utmTerm: profile.utmTerm,
              utmContent: profile.utmContent,
              clickId: profile.clickId,
            },
          },
          tx,
        );
        return lead;
      });

      if (!outcome) {
        // The offer follows from income, so its reason is listed only when it is the sole cause.
        const failed = results.filter((r) => !r.passed && r.rule !== "offer");
        if (failed.length === 0) failed.push(results.find((r) => r.rule === "offer")!);
        // The customer is told the one rule that decides (issue 21); every failure stays in `errors` and the record.
        const main = mainFailure(failed)!;
        throw new Refused(notEligibleMessage([main.reason!]), Object.fromEntries(failed.map((r) => [r.rule, r.reason!])));
      }
      return { nextStep: NEXT_STEP, leadId: outcome.id, offer: { min: offered.min, max: offered.max } };
    },

    /**
     * The dashboard's account of a decline (issue 21): when the customer's latest check failed, the one
     * rule it names, its reason, and when they may apply again. Null when the latest check passed or none ran.
     */
    async latestDecline(profileId: string) {
      const latest = await latestResults(profileId);
      if (!latest || latest.check.eligible) return null;
      // mainFailure names the offer only when no other rule failed.
      const main = mainFailure(latest.rules.filter((r) => !r.passed && r.reason !== null));
      if (!main) return null;
      const [profile] = await db.select({ dob: customerProfiles.dob }).from(customerProfiles).where(eq(customerProfiles.id, profileId));
      const checkedOn = todayInIndia(latest.check.checkedAt);
      const again = applyAgain(main.rule as DeclineRule, { dob: profile?.dob ?? null, checkedOn }, PRODUCT.eligibility);
      return { rule: main.rule, reason: main.reason!, checked_on: checkedOn, apply_again_on: again.on, apply_again_text: again.text };
    },

    latestResults,
  };
}

export type EligibilityService = ReturnType<typeof createEligibilityService>;

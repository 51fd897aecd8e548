// register_now: the eligibility engine of decisions 6-7. Every rule's result is recorded,
// passing or failing, with a reason for each failure. Eligible customers get a lead
// (IN_PROCESS) and move on to the quote; others get Status 2 and keep all their data.
// The bureau's answer is eligibility-bureau.ts and the recorded results' reads eligibility-results.ts.
import { eq } from "drizzle-orm";
import { ageOn, todayInIndia } from "../../../core/calendar.ts";
import { ELIGIBILITY_RULES, checkEligibility, mainFailure, notEligibleCode, reasonCode, type EligibilityRule } from "../../../core/eligibility.ts";
import { formatINR, offer } from "../../../core/loan-math/index.ts";
import { PRODUCT } from "../../../core/product.ts";
import { OFFER_BELOW_MINIMUM_REASON } from "../../../core/validation/index.ts";
import { JOURNEY_CODES, type CodedMessage } from "../../../core/i18n/index.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles, eligibilityChecks, eligibilityRuleResults } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { CreditBureauPort } from "../../providers/credit-bureau/port.ts";
import { decrypt } from "../../security/crypto.ts";
import type { LeadsService } from "../leads/leads.service.ts";
import { isServiceablePincode } from "../master/master.service.ts";
import { advance, assertAccepts, stepNotAvailable } from "../journey/journey.service.ts";
import { Refused } from "../domain-errors.ts";
import { createEligibilityBureau } from "./eligibility-bureau.ts";
import { createEligibilityResults } from "./eligibility-results.ts";

const NEXT_STEP = "generate_loan_quote" as const;

type RuleName = EligibilityRule | "offer";
interface RuleResult {
  rule: RuleName;
  passed: boolean;
  observed: string;
  /** English, recorded for staff. */
  reason: string | null;
  /** The same reason for the customer, by code (decision 60); not stored. */
  code: CodedMessage | null;
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
  const bureauFor = createEligibilityBureau({ db, bureau, now, logger });
  const { latestResults, declinePart } = createEligibilityResults({ db });

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
          return { rule, passed: !failure, observed: observed[rule], reason: failure?.reason ?? null, code: failure?.code ?? null };
        }),
        {
          rule: "offer",
          passed: offered.eligible,
          observed: String(offered.max),
          reason: offered.eligible ? null : OFFER_BELOW_MINIMUM_REASON(formatINR(offered.min)),
          code: offered.eligible ? null : reasonCode("offer", PRODUCT.eligibility, offered.min),
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
        await tx.insert(eligibilityRuleResults).values(results.map(({ code: _code, ...r }) => ({ checkId: check.id, ...r })));
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
        throw new Refused(notEligibleCode(main.code), Object.fromEntries(failed.map((r) => [r.rule, r.code!])));
      }
      return { nextStep: NEXT_STEP, leadId: outcome.id, offer: { min: offered.min, max: offered.max } };
    },

    declinePart,
    latestResults,
  };
}

export type EligibilityService = ReturnType<typeof createEligibilityService>;
export type { EligibilityDecline } from "./eligibility-results.ts";

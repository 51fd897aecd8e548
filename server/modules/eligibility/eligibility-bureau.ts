// The bureau's answer for an eligibility check (decision 6): a recent answer of the customer's is reused, so a
// retry after an edit is not a second enquiry; otherwise the bureau is asked.
import { and, desc, eq, gte, inArray } from "drizzle-orm";
import { BUREAU_REUSE_DAYS } from "../../../core/eligibility.ts";
import { ONBOARDING_CODES } from "../../../core/i18n/index.ts";
import type { Db } from "../../db/client.ts";
import { eligibilityChecks } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { BureauResult, CreditBureauPort } from "../../providers/credit-bureau/port.ts";
import { ProviderDown } from "../domain-errors.ts";
import type { Profile } from "../profile/profile.service.ts";

/** A bureau answer is reused for this long, so a retry after an edit is not a second enquiry. */
const BUREAU_REUSE_MS = BUREAU_REUSE_DAYS * 24 * 60 * 60 * 1000;

export function createEligibilityBureau(deps: { db: Db; bureau: CreditBureauPort; now: () => Date; logger: Logger }) {
  const { db, bureau, now, logger } = deps;

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

  return bureauFor;
}

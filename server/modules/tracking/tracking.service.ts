// Decision 22 and spec 3: journey events (after login, after code verification, on eligibility
// 'Process', on payment success) go to the one tracker with the customer's first-touch
// attribution; a campaign code in the customer's data turns a payment into a conversion.
// Tracking is a side effect: a failure is logged and never fails the step that caused it.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { customerProfiles, leads } from "../../db/schema/index.ts";
import type { ConsentsService } from "../data-rights/consents.service.ts";
import type { Logger } from "../../logger.ts";
import type { Attribution, TrackerPort, TrackingEventName } from "../../providers/tracking/port.ts";

export function createTrackingService(deps: {
  db: Db;
  tracker: TrackerPort;
  now: () => Date;
  logger: Logger;
  /** Issue 23: nothing is tracked without the tracking purpose's consent. */
  consents: Pick<ConsentsService, "choice">;
}) {
  const { db, tracker, now, logger, consents } = deps;

  /**
   * The customer's own record wins; before one exists (the login event, sent before the code is verified)
   * the visitor's cookie-banner choice decides. No choice at all means no tracking.
   */
  async function mayTrack(profileId: string, visitorConsent: boolean | null | undefined): Promise<boolean> {
    const recorded = await consents.choice(profileId, "tracking");
    return recorded ?? visitorConsent === true;
  }

  async function attributionOf(profileId: string): Promise<Attribution | null> {
    const [p] = await db
      .select({
        utm_source: customerProfiles.utmSource,
        utm_medium: customerProfiles.utmMedium,
        utm_campaign: customerProfiles.utmCampaign,
        utm_term: customerProfiles.utmTerm,
        utm_content: customerProfiles.utmContent,
        click_id: customerProfiles.clickId,
      })
      .from(customerProfiles)
      .where(eq(customerProfiles.id, profileId));
    return p ?? null;
  }

  async function track(
    name: Exclude<TrackingEventName, "conversion">,
    profileId: string,
    extra: { amountPaise?: number; visitorConsent?: boolean | null } = {},
  ) {
    try {
      const { visitorConsent, ...figures } = extra;
      if (!(await mayTrack(profileId, visitorConsent))) return;
      const attribution = await attributionOf(profileId);
      if (!attribution) return;
      const at = now().toISOString();
      await tracker.record({ name, at, profileId, attribution, ...figures });
      // Spec 3: a campaign code in the customer's data makes the payment a conversion of that campaign.
      if (name === "payment_success" && attribution.utm_campaign) {
        await tracker.record({ name: "conversion", at, profileId, attribution, campaign: attribution.utm_campaign, ...figures });
      }
    } catch (error) {
      logger.warn("tracking event not recorded", { event: name, error });
    }
  }

  return {
    track,

    /** A confirmed gateway payment of a loan (the payments service calls this once per payment). */
    async paymentSucceeded(input: { leadId: string; amountPaise: number }) {
      try {
        const [lead] = await db.select({ profileId: leads.profileId }).from(leads).where(eq(leads.id, input.leadId));
        if (lead) await track("payment_success", lead.profileId, { amountPaise: input.amountPaise });
      } catch (error) {
        logger.warn("tracking event not recorded", { event: "payment_success", error });
      }
    },
  };
}

export type TrackingService = ReturnType<typeof createTrackingService>;

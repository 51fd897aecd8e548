// Customer sign-in by a one-time code (decisions 15 and 16): the code's send (otp-sends.ts), its check, and
// the session it opens (customer-sessions.ts); this file assembles them.
import { eq, lt, sql } from "drizzle-orm";
import { customerLanguage, type Language } from "../../../core/i18n/index.ts";
import { SESSION_POLICY } from "../../../core/security-policy.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles, otpCodes, sessions } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { SmsPort } from "../../providers/sms/port.ts";
import { randomToken } from "../../security/crypto.ts";
import { type RateLimitService } from "../rate-limit/rate-limit.service.ts";
import { createOneTimeCodes } from "./one-time-codes.ts";
import { Refused } from "../domain-errors.ts";
import { AUTH_CODES } from "./auth-codes.ts";
import { createCustomerSessions, tokenHash, type SessionInfo } from "./customer-sessions.ts";
import { createOtpSends, HOUR, type CaptchaAnswer, type CaptchaPort } from "./otp-sends.ts";

export { AUTH_CODES };
export type { CaptchaAnswer, CaptchaPort, SessionInfo };

export interface Utm {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_term?: string;
  utm_content?: string;
  click_id?: string;
}

export function createAuthService(deps: {
  db: Db;
  sms: SmsPort;
  rateLimits: RateLimitService;
  captchas: CaptchaPort;
  hashKey: string;
  now: () => Date;
  logger: Logger;
}) {
  const { db, sms, rateLimits, captchas, hashKey, now, logger } = deps;
  const codes = createOneTimeCodes({ db, hashKey });
  const { checkSendLimits, recordSend, enforceResendGap, issueCode } = createOtpSends({ rateLimits, captchas, sms, codes, now, logger });
  const customerSessions = createCustomerSessions({ db, now });

  async function findOrCreateProfile(mobile: string, utm: Utm) {
    const tracking = {
      utmSource: utm.utm_source || null,
      utmMedium: utm.utm_medium || null,
      utmCampaign: utm.utm_campaign || null,
      utmTerm: utm.utm_term || null,
      utmContent: utm.utm_content || null,
      clickId: utm.click_id || null,
    };
    // The no-op update makes the upsert return the existing row in the same statement.
    const [profile] = await db
      .insert(customerProfiles)
      .values({ mobile, ...tracking })
      .onConflictDoUpdate({ target: customerProfiles.mobile, set: { mobile: sql`excluded.mobile` } })
      .returning();
    // First touch wins; a later visit only fills attribution that was missing.
    if (!profile.utmSource && tracking.utmSource) {
      await db
        .update(customerProfiles)
        .set({ ...tracking, updatedAt: now() })
        .where(eq(customerProfiles.id, profile.id));
    }
    return profile;
  }

  return {
    /**
     * Decision 15's pieces for other one-time codes (Pay Now by PAN): the same send limits, the
     * same CSPRNG code and keyed hash, and the same messages, so the rules live here once.
     */
    otpKit: {
      checkSendLimits,
      recordSend,
      /** The one implementation of codes, by purpose ("login" | "repayment"). */
      codes,
      messages: AUTH_CODES,
    },

    /** Same answer whether the number is new or known (decision 15). */
    /** `lang`: the language the sign-in was asked in (issue 23); else the profile's saved choice. */
    async login(input: { mobile: string; ip: string; utm: Utm; captcha?: CaptchaAnswer; lang?: Language | null }) {
      await checkSendLimits(input.mobile, input.ip, input.captcha);
      const profile = await findOrCreateProfile(input.mobile, input.utm);
      await enforceResendGap(profile.id);
      await recordSend(input.mobile, input.ip);
      await issueCode(profile.id, profile.mobile, input.lang ?? customerLanguage(profile.preferredLanguage));
      return { kind: "otpSent" as const, profileId: profile.id };
    },

    async resendOtp(input: { profileId: string; ip: string; captcha?: CaptchaAnswer; lang?: Language | null }) {
      const [profile] = await db.select().from(customerProfiles).where(eq(customerProfiles.id, input.profileId));
      if (!profile) throw new Refused(AUTH_CODES.unknownProfile);
      await enforceResendGap(profile.id);
      await checkSendLimits(profile.mobile, input.ip, input.captcha);
      await recordSend(profile.mobile, input.ip);
      await issueCode(profile.id, profile.mobile, input.lang ?? customerLanguage(profile.preferredLanguage));
      return { kind: "otpResent" as const, profileId: profile.id };
    },

    async verifyOtp(input: { profileId: string; otp: string }) {
      const at = now();
      const checked = await codes.check("login", { subject: input.profileId, code: input.otp, at });
      if (!checked.ok) {
        if (checked.reason === "wrong") throw new Refused(AUTH_CODES.wrong(checked.attemptsLeft));
        throw new Refused(checked.reason === "locked" ? AUTH_CODES.locked : checked.reason === "burned" ? AUTH_CODES.burned : AUTH_CODES.expired);
      }

      const token = randomToken();
      await db.insert(sessions).values({
        tokenHash: tokenHash(token),
        profileId: input.profileId,
        createdAt: at,
        lastSeenAt: at,
        expiresAt: new Date(at.getTime() + SESSION_POLICY.absoluteSeconds * 1000),
      });
      const [profile] = await db.select().from(customerProfiles).where(eq(customerProfiles.id, input.profileId));
      return { token, nextStep: profile.nextStep, eligibilityStatus: profile.eligibilityStatus };
    },

    authenticate: customerSessions.authenticate,
    logout: customerSessions.logout,

    /** Housekeeping: expired sessions, codes and rate-limit hits are of no use to anyone. */
    async purgeExpired() {
      const at = now();
      await rateLimits.purge();
      await db.delete(sessions).where(lt(sessions.expiresAt, new Date(at.getTime() - 24 * HOUR)));
      await db.delete(otpCodes).where(lt(otpCodes.expiresAt, new Date(at.getTime() - 24 * HOUR)));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

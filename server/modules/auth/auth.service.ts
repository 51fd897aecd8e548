import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { CAPTCHA_CODES, customerLanguage, waitValues, type CodedMessage, type Language } from "../../../core/i18n/index.ts";
import { OTP_POLICY, SESSION_POLICY } from "../../../core/security-policy.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles, otpCodes, sessions } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { SmsPort } from "../../providers/sms/port.ts";
import { randomToken, sha256Hex } from "../../security/crypto.ts";
import { type RateLimitService } from "../rate-limit/rate-limit.service.ts";
import { createOneTimeCodes } from "./one-time-codes.ts";
import { OTP_CAPTCHA_MESSAGES } from "../../../core/validation/auth.ts";
import { CaptchaRequired, ExpiredSession, InvalidSession, ProviderDown, RateLimited, Refused, type IssuedCaptcha } from "../domain-errors.ts";

const HOUR = 60 * 60 * 1000;
const sendLimits = {
  mobile: { bucket: "otp-send-mobile", max: OTP_POLICY.sendsPerMobilePerHour, windowMs: HOUR },
  ip: { bucket: "otp-send-ip", max: OTP_POLICY.sendsPerIpPerHour, windowMs: HOUR },
  // The same count as `ip`, read at a lower mark: past it each send needs the image captcha.
  ipWithoutCaptcha: { bucket: "otp-send-ip", max: OTP_POLICY.sendsPerIpPerHourWithoutCaptcha, windowMs: HOUR },
};

/** What a code send carries once its address needs the captcha: the issued id and the typed characters. */
export type CaptchaAnswer = { captcha_id?: string | null; captcha?: string | null };

/** The captcha service's two calls this module uses (issued without the enquiry form's own limits). */
export type CaptchaPort = {
  issue(): Promise<IssuedCaptcha>;
  verify(captchaId: string, typed: string): Promise<"ok" | "wrong" | "used" | "expired" | "unknown">;
};

/**
 * The sign-in answers by code (issue 23): the HTTP edge words them in the customer's language
 * (core/i18n). English texts unchanged from before.
 */
export const AUTH_CODES = {
  otpSent: { key: "auth.otpSent" },
  otpResent: { key: "auth.otpResent" },
  verified: { key: "auth.verified" },
  expired: { key: "auth.expired" },
  burned: { key: "auth.burned" },
  // The right code sent after the 5th wrong try: say why it is refused, not "expired".
  locked: { key: "auth.locked" },
  wrong: (left: number) => ({ key: "auth.wrong", values: { left } }),
  unknownProfile: { key: "auth.unknownProfile" },
  tooSoon: (seconds: number) => ({ key: "auth.tooSoon", values: waitValues(seconds) }),
  tooMany: (seconds: number) => ({ key: "auth.tooMany", values: waitValues(seconds) }),
  smsFailed: { key: "auth.smsFailed" },
  loggedOut: { key: "auth.loggedOut" },
} as const satisfies Record<string, CodedMessage | ((n: number) => CodedMessage)>;

export interface Utm {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_term?: string;
  utm_content?: string;
  click_id?: string;
}

export interface SessionInfo {
  sessionId: string;
  profileId: string;
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
  const tokenHash = (token: string) => sha256Hex(token);
  // Read on every signed-in request: built once (drizzle's SQL building was a fifth of a dashboard's CPU).
  const sessionByTokenHash = db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, sql.placeholder("hash")))
    .prepare("session_by_token_hash");

  const sendSubjects = (mobile: string, ip: string) => [
    { limit: sendLimits.ip, subject: ip },
    { limit: sendLimits.mobile, subject: mobile },
  ];

  /**
   * Decision 15 as amended by issue 21: per mobile (or PAN) and past 100 sends an hour per address, a
   * refusal; past 20 per address, each send needs a right captcha answer, and a send without one (or
   * with a wrong one) is answered with a fresh captcha and not counted.
   */
  async function checkSendLimits(mobile: string, ip: string, answer: CaptchaAnswer = {}) {
    const verdict = await rateLimits.check(sendSubjects(mobile, ip));
    if (!verdict.allowed) {
      throw new RateLimited(AUTH_CODES.tooMany(verdict.retryAfterSeconds), verdict.retryAfterSeconds);
    }
    const busy = await rateLimits.check([{ limit: sendLimits.ipWithoutCaptcha, subject: ip }]);
    if (busy.allowed) return;
    const typed = answer.captcha_id && answer.captcha ? await captchas.verify(answer.captcha_id, answer.captcha) : null;
    if (typed === "ok") return;
    // A wrong answer is said by code (the enquiry form's words); the first ask has no catalogue text yet.
    const message = !typed
      ? OTP_CAPTCHA_MESSAGES.needed
      : typed === "wrong"
        ? CAPTCHA_CODES.captchaWrong
        : typed === "used"
          ? CAPTCHA_CODES.captchaUsed
          : typed === "expired"
            ? CAPTCHA_CODES.captchaExpired
            : CAPTCHA_CODES.captchaUnknown;
    throw new CaptchaRequired(message, await captchas.issue());
  }

  /** Counts the send against the hard limits, atomically: sends made at once cannot all pass the pre-check's room. */
  async function recordSend(mobile: string, ip: string) {
    const verdict = await rateLimits.takeAll(sendSubjects(mobile, ip));
    if (!verdict.allowed) throw new RateLimited(AUTH_CODES.tooMany(verdict.retryAfterSeconds), verdict.retryAfterSeconds);
  }

  async function enforceResendGap(profileId: string) {
    const seconds = await codes.resendWait("login", profileId, now());
    if (seconds > 0) throw new RateLimited(AUTH_CODES.tooSoon(seconds), seconds);
  }

  /** Replaces any live code with a new one and sends it. */
  async function issueCode(profileId: string, mobile: string, lang: Language) {
    const { code } = await codes.issue("login", { subject: profileId, profileId, at: now() });
    try {
      await sms.sendOtp({ mobile, code, purpose: "login", lang });
    } catch (error) {
      logger.error("sms send failed", { error });
      throw new ProviderDown(AUTH_CODES.smsFailed);
    }
  }

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

    /** Resolves a token to its session, enforcing idle and absolute expiry (decision 16). */
    async authenticate(token: string): Promise<SessionInfo> {
      if (!token || token.length > 100) throw new InvalidSession();
      const at = now();
      const [row] = await sessionByTokenHash.execute({ hash: tokenHash(token) });
      if (!row || row.revokedAt) throw new InvalidSession();
      const idleDeadline = row.lastSeenAt.getTime() + SESSION_POLICY.idleSeconds * 1000;
      if (row.expiresAt <= at || idleDeadline <= at.getTime()) throw new ExpiredSession();
      // Touch at most once a minute to keep reads cheap.
      if (at.getTime() - row.lastSeenAt.getTime() > 60_000) {
        await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, row.id));
      }
      return { sessionId: row.id, profileId: row.profileId };
    },

    async logout(token: string) {
      await db
        .update(sessions)
        .set({ revokedAt: now() })
        .where(and(eq(sessions.tokenHash, tokenHash(token)), isNull(sessions.revokedAt)));
      return { loggedOut: true as const };
    },

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

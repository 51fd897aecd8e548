// Sending a sign-in code (decision 15 as amended by issue 21): the send limits per mobile and per address,
// the captcha past the lower mark, the gap between resends, and the SMS itself.
import { CAPTCHA_CODES, type Language } from "../../../core/i18n/index.ts";
import { OTP_POLICY } from "../../../core/security-policy.ts";
import type { Logger } from "../../logger.ts";
import type { SmsPort } from "../../providers/sms/port.ts";
import { CaptchaRequired, ProviderDown, RateLimited, type IssuedCaptcha } from "../domain-errors.ts";
import { type RateLimitService } from "../rate-limit/rate-limit.service.ts";
import { AUTH_CODES } from "./auth-codes.ts";
import type { OneTimeCodes } from "./one-time-codes.ts";

export const HOUR = 60 * 60 * 1000;
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

export function createOtpSends(deps: {
  rateLimits: RateLimitService;
  captchas: CaptchaPort;
  sms: SmsPort;
  codes: OneTimeCodes;
  now: () => Date;
  logger: Logger;
}) {
  const { rateLimits, captchas, sms, codes, now, logger } = deps;

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
    // A wrong answer is said in the enquiry form's words.
    const message = !typed
      ? AUTH_CODES.captchaNeeded
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

  return { checkSendLimits, recordSend, enforceResendGap, issueCode };
}

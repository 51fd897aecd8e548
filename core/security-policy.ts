// Limits for one-time codes and sessions (decisions 15-16), shared by the server and the screens.
export const OTP_POLICY = {
  length: 4,
  ttlSeconds: 5 * 60,
  maxWrongAttempts: 5,
  resendAfterSeconds: 30,
  sendsPerMobilePerHour: 5,
  /** Decision 15 (amended, issue 21): past this many sends an hour from one address (sign-in and Pay Now together), each further send needs the image captcha... */
  sendsPerIpPerHourWithoutCaptcha: 20,
  /** ...and past this many the address is refused for the rest of the hour. */
  sendsPerIpPerHour: 100,
} as const;

export const SESSION_POLICY = {
  idleSeconds: 30 * 60,
  absoluteSeconds: 12 * 60 * 60,
} as const;

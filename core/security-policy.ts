// Limits for one-time codes and sessions (decisions 15-16), shared by the server and the screens.
export const OTP_POLICY = {
  length: 4,
  ttlSeconds: 5 * 60,
  maxWrongAttempts: 5,
  resendAfterSeconds: 30,
  sendsPerMobilePerHour: 5,
  sendsPerIpPerHour: 20,
} as const;

export const SESSION_POLICY = {
  idleSeconds: 30 * 60,
  absoluteSeconds: 12 * 60 * 60,
} as const;

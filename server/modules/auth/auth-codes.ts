// The sign-in's answers by code (issue 23), apart from the service so that its parts (otp-sends.ts) read them
// without importing the service that assembles them; auth.service.ts re-exports them.
import { waitValues, type CodedMessage } from "../../../core/i18n/index.ts";

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
  /** Many sends from one network: the image captcha first (decision 15 as amended by issue 21). */
  captchaNeeded: { key: "auth.captchaNeeded" },
} as const satisfies Record<string, CodedMessage | ((n: number) => CodedMessage)>;

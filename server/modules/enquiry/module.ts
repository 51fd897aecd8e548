// The enquiry module: the contact form and the captcha that sign-in, enquiries and complaints share
// (docs/decisions/platform.md, decision 65).
import type { Db } from "../../db/client.ts";
import type { Logger } from "../../logger.ts";
import type { SandboxStore } from "../../providers/sandbox-store.ts";
import type { RateLimitService } from "../rate-limit/rate-limit.service.ts";
import { createCaptchaService } from "./captcha.service.ts";
import { createEnquiryService } from "./enquiry.service.ts";

export function createEnquiryModule(deps: {
  db: Db;
  hashKey: string;
  rateLimits: RateLimitService;
  /** Where the sandbox shows a captcha's answer (/dev); null in production. */
  sandboxReveal: SandboxStore | null;
  now: () => Date;
  logger: Logger;
}) {
  const { db, hashKey, now } = deps;
  const captchas = createCaptchaService({ db, hashKey, now, sandboxReveal: deps.sandboxReveal });
  return { captchas, enquiries: createEnquiryService({ db, hashKey, now, logger: deps.logger, rateLimits: deps.rateLimits, captchas }) };
}

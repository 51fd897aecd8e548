import type { Database } from "./db/client.ts";
import type { Env } from "./env.ts";
import type { Logger } from "./logger.ts";
import { createAuthService } from "./modules/auth/auth.service.ts";
import { createBlogService } from "./modules/blog/blog.service.ts";
import { createCaptchaService } from "./modules/enquiry/captcha.service.ts";
import { createEnquiryService } from "./modules/enquiry/enquiry.service.ts";
import { createEligibilityService } from "./modules/eligibility/eligibility.service.ts";
import { createLeadsService } from "./modules/leads/leads.service.ts";
import { createProfileService } from "./modules/profile/profile.service.ts";
import { createProfileViews } from "./modules/profile/profile-view.ts";
import { createPublicSiteService } from "./modules/public-site/public-site.service.ts";
import { createRateLimitService } from "./modules/rate-limit/rate-limit.service.ts";
import { createCibilBureau } from "./providers/credit-bureau/cibil.ts";
import type { CreditBureauPort } from "./providers/credit-bureau/port.ts";
import { createSandboxCreditBureau } from "./providers/credit-bureau/sandbox.ts";
import { createKycApiPanVerification } from "./providers/pan-verification/kyc-api.ts";
import type { PanVerificationPort } from "./providers/pan-verification/port.ts";
import { createSandboxPanVerification } from "./providers/pan-verification/sandbox.ts";
import { createLocalDiskStorage } from "./providers/storage/local-disk.ts";
import type { StoragePort } from "./providers/storage/port.ts";
import { createMsg91Sms } from "./providers/sms/msg91.ts";
import type { SmsPort } from "./providers/sms/port.ts";
import { createSandboxSms } from "./providers/sms/sandbox.ts";

export interface ServiceOptions {
  database: Database;
  env: Env;
  logger: Logger;
  now?: () => Date;
  /** Tests may swap a provider; the default follows APP_MODE (decision 21). */
  providers?: { sms?: SmsPort; panVerification?: PanVerificationPort; creditBureau?: CreditBureauPort; storage?: StoragePort };
}

/** Builds every service once per process: the composition root. */
export function createServices(options: ServiceOptions) {
  const { database, env, logger } = options;
  const db = database.db;
  const now = options.now ?? (() => new Date());
  const sandboxSms = createSandboxSms(db);
  const sms =
    options.providers?.sms ??
    (env.isProduction
      ? createMsg91Sms({
          authKey: env.MSG91_AUTH_KEY!,
          templateId: env.MSG91_TEMPLATE_ID!,
          dltEntityId: env.DLT_ENTITY_ID!,
          senderId: env.DLT_SENDER_ID!,
        })
      : sandboxSms);
  const rateLimits = createRateLimitService({ db, hashKey: env.HASH_KEY, now });
  const auth = createAuthService({ db, sms, rateLimits, hashKey: env.HASH_KEY, now, logger });
  const panVerification =
    options.providers?.panVerification ??
    (env.isProduction ? createKycApiPanVerification({ url: env.PAN_VERIFY_URL!, apiKey: env.PAN_VERIFY_API_KEY! }) : createSandboxPanVerification());
  const creditBureau =
    options.providers?.creditBureau ??
    (env.isProduction
      ? createCibilBureau({ url: env.BUREAU_URL!, apiKey: env.BUREAU_API_KEY!, memberId: env.BUREAU_MEMBER_ID! })
      : createSandboxCreditBureau());
  const storage = options.providers?.storage ?? createLocalDiskStorage(env.dataDir);
  const leads = createLeadsService({ db, now });
  const profiles = createProfileService({
    db, hashKey: env.HASH_KEY, encryptionKey: env.ENCRYPTION_KEY, panVerification, storage, now, logger,
  });
  const eligibility = createEligibilityService({ db, encryptionKey: env.ENCRYPTION_KEY, bureau: creditBureau, leads, now, logger });
  const profileViews = createProfileViews({ profiles, leads });
  const blog = createBlogService({ db, now, logger });
  const captchas = createCaptchaService({ db, hashKey: env.HASH_KEY, now, sandboxReveal: !env.isProduction });
  const enquiries = createEnquiryService({ db, hashKey: env.HASH_KEY, now, logger, rateLimits, captchas });
  // Public website: page cache and the sitemap's extra entries (blog list and posts, contact page).
  const publicSite = createPublicSiteService({ extraSitemapEntries: async () => [{ path: "/contact-salaryontime" }, ...(await blog.sitemapUrls())] });
  // A saved post changes its page, the list and every post's 'Latest Blogs' sidebar.
  blog.onChange(() => publicSite.invalidate("/blog"));
  return {
    env,
    logger,
    database,
    db,
    now,
    rateLimits,
    auth,
    storage,
    leads,
    profiles,
    profileViews,
    eligibility,
    blog,
    captchas,
    enquiries,
    publicSite,
    /** Present only outside production mode. */
    outbox: env.isProduction ? null : sandboxSms,
  };
}

export type Services = ReturnType<typeof createServices>;

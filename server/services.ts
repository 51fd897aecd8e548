import type { Database } from "./db/client.ts";
import type { Env } from "./env.ts";
import type { Logger } from "./logger.ts";
import { createAuthService } from "./modules/auth/auth.service.ts";
import { createRateLimitService } from "./modules/rate-limit/rate-limit.service.ts";
import { createMsg91Sms } from "./providers/sms/msg91.ts";
import type { SmsPort } from "./providers/sms/port.ts";
import { createSandboxSms } from "./providers/sms/sandbox.ts";

export interface ServiceOptions {
  database: Database;
  env: Env;
  logger: Logger;
  now?: () => Date;
  /** Tests may swap a provider; the default follows APP_MODE (decision 21). */
  providers?: { sms?: SmsPort };
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
  return {
    env,
    logger,
    database,
    db,
    now,
    rateLimits,
    auth,
    /** Present only outside production mode. */
    outbox: env.isProduction ? null : sandboxSms,
  };
}

export type Services = ReturnType<typeof createServices>;

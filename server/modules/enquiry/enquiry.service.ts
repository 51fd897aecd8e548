import { asc, count, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { enquiryRateLimitedMessage, enquiryRequestSchema, fieldErrors } from "../../../core/validation/index.ts";
import { CAPTCHA_CODES, JOURNEY_CODES, type CodedMessage } from "../../../core/i18n/index.ts";
import type { Db } from "../../db/client.ts";
import { enquiries } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import { keyedHash } from "../../security/crypto.ts";
import { describeWait, type Limit, type RateLimitService } from "../rate-limit/rate-limit.service.ts";
import type { CaptchaService, CaptchaVerdict } from "./captcha.service.ts";
import { InvalidInput, RateLimited, Refused } from "../domain-errors.ts";

const HOUR = 60 * 60 * 1000;
/** Every enquire call counts, right or wrong, so the captcha cannot be guessed at speed. */
export const ENQUIRY_LIMIT: Limit = { bucket: "enquiry-ip", max: 10, windowMs: HOUR };
/** New images are cheap for us but not free: 60 an hour per address. */
export const CAPTCHA_LIMIT: Limit = { bucket: "captcha-ip", max: 60, windowMs: HOUR };

const captchaMessages: Record<Exclude<CaptchaVerdict, "ok">, CodedMessage> = {
  wrong: CAPTCHA_CODES.captchaWrong,
  used: CAPTCHA_CODES.captchaUsed,
  expired: CAPTCHA_CODES.captchaExpired,
  unknown: CAPTCHA_CODES.captchaUnknown,
};

export function createEnquiryService(deps: {
  db: Db;
  hashKey: string;
  now: () => Date;
  logger: Logger;
  rateLimits: RateLimitService;
  captchas: CaptchaService;
}) {
  const { db, hashKey, now, logger, rateLimits, captchas } = deps;

  async function limit(rule: Limit, ip: string) {
    const verdict = await rateLimits.take(rule, ip);
    if (!verdict.allowed) {
      throw new RateLimited(enquiryRateLimitedMessage(describeWait(verdict.retryAfterSeconds)), verdict.retryAfterSeconds);
    }
  }

  return {
    async newCaptcha(ip: string) {
      await limit(CAPTCHA_LIMIT, ip);
      return captchas.issue();
    },

    /**
     * Rate limit, then the form rules of core (the captcha is not spent on a form error, so
     * the visitor fixes the field and keeps the image), then the captcha (spent right or wrong),
     * then the enquiry is stored.
     */
    async enquire(input: Record<string, unknown>, ip: string) {
      await limit(ENQUIRY_LIMIT, ip);
      const parsed = enquiryRequestSchema.safeParse(input);
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        throw new InvalidInput(Object.values(errors)[0] ?? JOURNEY_CODES.checkDetails, errors);
      }
      const form = parsed.data;
      const verdict = await captchas.verify(form.captcha_id, form.captcha);
      if (verdict !== "ok") {
        throw new Refused(captchaMessages[verdict], { captcha: captchaMessages[verdict] });
      }
      const [row] = await db
        .insert(enquiries)
        .values({
          name: form.name,
          mobile: form.mobile,
          email: form.email,
          city: form.city,
          message: form.message,
          ipHash: keyedHash(hashKey, "enquiry-ip", ip),
          createdAt: now(),
        })
        .returning({ id: enquiries.id });
      logger.info("enquiry received", { enquiryId: row.id });
      return { enquiryId: row.id };
    },

    /** The back office inbox, a page at a time by age; `show` picks handled, open or all. */
    async inbox(query: { page: number; pageSize: number; order: "newest" | "oldest"; show: "open" | "handled" | "all" }) {
      const condition = query.show === "open" ? isNull(enquiries.handledAt) : query.show === "handled" ? isNotNull(enquiries.handledAt) : undefined;
      const rows = await db
        .select()
        .from(enquiries)
        .where(condition)
        .orderBy(query.order === "oldest" ? asc(enquiries.createdAt) : desc(enquiries.createdAt))
        .offset((query.page - 1) * query.pageSize)
        .limit(query.pageSize);
      const [total] = await db.select({ n: count() }).from(enquiries).where(condition);
      return {
        enquiries: rows.map((r) => ({
          id: r.id,
          name: r.name,
          mobile: r.mobile,
          email: r.email,
          city: r.city,
          message: r.message,
          createdAt: r.createdAt.toISOString(),
          handledAt: r.handledAt?.toISOString() ?? null,
        })),
        total: Number(total?.n ?? 0),
      };
    },

    /** Marks an enquiry handled or open again; returns the state before, or null when the id is unknown. */
    async setHandled(tx: Pick<Db, "update">, id: string, handled: boolean, by: string) {
      const before = await tx
        .update(enquiries)
        .set({ handledAt: handled ? now() : null, handledBy: handled ? by : null })
        .where(eq(enquiries.id, id))
        .returning({ id: enquiries.id });
      return before.length > 0;
    },
  };
}

export type EnquiryService = ReturnType<typeof createEnquiryService>;

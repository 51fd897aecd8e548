import { and, eq, isNull, lt } from "drizzle-orm";
import { toUuid } from "../../../core/validation/index.ts";
import type { Db } from "../../db/client.ts";
import { captchaChallenges } from "../../db/schema/index.ts";
import type { SandboxStore } from "../../providers/sandbox-store.ts";
import { keyedHash, safeEqualHex } from "../../security/crypto.ts";
import { captchaDataUri, CAPTCHA_HEIGHT, CAPTCHA_WIDTH, randomCaptchaAnswer } from "./captcha-image.ts";

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;

export type CaptchaVerdict = "ok" | "wrong" | "used" | "expired" | "unknown";

/** What a visitor types: case and spaces do not matter. */
export const normalizeCaptchaAnswer = (typed: string) => typed.replace(/\s+/g, "").toUpperCase();

/**
 * Image captchas (decision 14): made on the server, stored only as a keyed hash bound to the
 * captcha id, valid 5 minutes, and used once: every check (right or wrong) consumes it.
 * `sandboxReveal` keeps answers in the sandbox store (any instance's /dev page can show them to
 * browser tests); it is null in production mode.
 */
export function createCaptchaService(deps: { db: Db; hashKey: string; now: () => Date; sandboxReveal: SandboxStore | null }) {
  const { db, hashKey, now } = deps;
  const hash = (id: string, answer: string) => keyedHash(hashKey, "captcha", `${id}:${normalizeCaptchaAnswer(answer)}`);
  const revealed = deps.sandboxReveal;
  const REVEAL = "captcha-answer";

  return {
    async issue() {
      const answer = randomCaptchaAnswer();
      const id = crypto.randomUUID();
      const createdAt = now();
      await db.insert(captchaChallenges).values({ id, answerHash: hash(id, answer), createdAt, expiresAt: new Date(createdAt.getTime() + CAPTCHA_TTL_MS) });
      await revealed?.put(REVEAL, id, answer, CAPTCHA_TTL_MS);
      return { captchaId: id, imageDataUri: captchaDataUri(answer), width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT, expiresInSeconds: CAPTCHA_TTL_MS / 1000 };
    },

    /** Checks and consumes a captcha in one statement, so two requests cannot both use it. */
    async verify(captchaId: string, typed: string): Promise<CaptchaVerdict> {
      const id = toUuid(captchaId);
      if (!id) return "unknown";
      const at = now();
      const [claimed] = await db
        .update(captchaChallenges)
        .set({ usedAt: at })
        .where(and(eq(captchaChallenges.id, id), isNull(captchaChallenges.usedAt)))
        .returning({ answerHash: captchaChallenges.answerHash, expiresAt: captchaChallenges.expiresAt });
      await revealed?.take(REVEAL, id);
      if (!claimed) {
        const [existing] = await db.select({ id: captchaChallenges.id }).from(captchaChallenges).where(eq(captchaChallenges.id, id));
        return existing ? "used" : "unknown";
      }
      if (claimed.expiresAt.getTime() <= at.getTime()) return "expired";
      return safeEqualHex(claimed.answerHash, hash(id, typed)) ? "ok" : "wrong";
    },

    /** Sandbox only: the answer of a live captcha, for browser tests. */
    async reveal(id: string): Promise<string | null> {
      return (await revealed?.get<string>(REVEAL, id)) ?? null;
    },

    /** Housekeeping: captchas older than a day are of no use. */
    async purge() {
      await db.delete(captchaChallenges).where(lt(captchaChallenges.expiresAt, new Date(now().getTime() - 24 * 60 * 60 * 1000)));
    },
  };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;

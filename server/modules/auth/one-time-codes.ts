// One implementation of one-time codes (decision 15), with a purpose: "login" (sign-in, a code per
// profile, table otp_codes) and "repayment" (Pay Now, a challenge per PAN, table repay_otp_challenges).
// Both keep only a keyed hash of the code, retire the subject's live code when a new one is issued,
// count wrong tries atomically (UPDATE … SET attempts = attempts + 1 … RETURNING) and burn the code on
// the last one. The callers keep their own flows and words; the rules of a code live here once.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { OTP_POLICY } from "../../../core/security-policy.ts";
import type { Db } from "../../db/client.ts";
import { otpCodes, repayOtpChallenges } from "../../db/schema/index.ts";
import { keyedHash, randomDigits, safeEqualHex } from "../../security/crypto.ts";

export type CodePurpose = "login" | "repayment";

const STORES = {
  // A sign-in code belongs to a profile; its hash is scoped by the profile id.
  login: { table: otpCodes, subject: sql.raw("profile_id"), scope: (c: { id: string; subject: string }) => c.subject },
  // A Pay Now challenge belongs to a PAN (by its keyed hash); its hash is scoped by the challenge id.
  repayment: { table: repayOtpChallenges, subject: sql.raw("pan_hash"), scope: (c: { id: string; subject: string }) => `repay:${c.id}` },
} as const;

/** What a check found: the live code's id and profile, or why it was refused. */
export type CodeCheck =
  | { ok: true; id: string; profileId: string | null }
  | { ok: false; reason: "none" | "expired" | "locked" | "burned" }
  | { ok: false; reason: "wrong"; attemptsLeft: number };

type Row = { id: string; profile_id: string | null; code_hash: string; attempts: number; expired: boolean };
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export function createOneTimeCodes(deps: { db: Db; hashKey: string }) {
  const { db, hashKey } = deps;
  const hash = (purpose: CodePurpose, c: { id: string; subject: string }, code: string) => keyedHash(hashKey, "otp", `${STORES[purpose].scope(c)}:${code}`);

  return {
    /** Seconds to wait before the subject may be sent another code (decision 15's resend gap); 0 when it may. */
    async resendWait(purpose: CodePurpose, subject: string, at: Date): Promise<number> {
      const { table, subject: column } = STORES[purpose];
      const [latest] = rowsOf<{ created_ms: number }>(
        await db.execute(
          sql`SELECT (extract(epoch from created_at) * 1000)::float8 AS created_ms FROM ${table} WHERE ${column} = ${subject} ORDER BY created_at DESC LIMIT 1`,
        ),
      );
      if (!latest) return 0;
      const waitMs = Number(latest.created_ms) + OTP_POLICY.resendAfterSeconds * 1000 - at.getTime();
      return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
    },

    /** A new code for the subject; any live one is retired in the same statement. The caller sends it. */
    async issue(purpose: CodePurpose, input: { subject: string; profileId: string | null; at: Date }): Promise<{ id: string; code: string }> {
      const { table, subject: column } = STORES[purpose];
      const id = randomUUID();
      const code = randomDigits(OTP_POLICY.length);
      const at = input.at.toISOString();
      const expiresAt = new Date(input.at.getTime() + OTP_POLICY.ttlSeconds * 1000).toISOString();
      const codeHash = hash(purpose, { id, subject: input.subject }, code);
      // profile_id is the subject itself for sign-in codes.
      const columns =
        purpose === "login"
          ? sql.raw("id, profile_id, code_hash, created_at, expires_at")
          : sql.raw("id, pan_hash, profile_id, code_hash, created_at, expires_at");
      const values =
        purpose === "login"
          ? sql`${id}, ${input.subject}, ${codeHash}, ${at}::timestamptz, ${expiresAt}::timestamptz`
          : sql`${id}, ${input.subject}, ${input.profileId}, ${codeHash}, ${at}::timestamptz, ${expiresAt}::timestamptz`;
      await db.execute(sql`
        WITH retired AS (UPDATE ${table} SET consumed_at = ${at}::timestamptz WHERE ${column} = ${input.subject} AND consumed_at IS NULL)
        INSERT INTO ${table} (${columns}) VALUES (${values})`);
      return { id, code };
    },

    /**
     * Checks a code against the subject's live code (or, given `id`, that challenge of the subject's),
     * and uses it up when right. A wrong try is counted in one statement; the last one burns the code.
     */
    async check(purpose: CodePurpose, input: { subject: string; id?: string; code: string; at: Date }): Promise<CodeCheck> {
      const { table, subject: column } = STORES[purpose];
      const at = input.at.toISOString();
      const [live] = rowsOf<Row>(
        await db.execute(sql`
          SELECT id, profile_id, code_hash, attempts, (expires_at <= ${at}::timestamptz) AS expired FROM ${table}
          WHERE ${column} = ${input.subject} AND consumed_at IS NULL ${input.id ? sql`AND id = ${input.id}` : sql``}
          ORDER BY created_at DESC LIMIT 1`),
      );
      if (!live) {
        // The newest code burned by wrong tries (not used or timed out) is "locked".
        const [latest] = input.id
          ? []
          : rowsOf<{ attempts: number }>(
              await db.execute(sql`SELECT attempts FROM ${table} WHERE ${column} = ${input.subject} ORDER BY created_at DESC LIMIT 1`),
            );
        return { ok: false, reason: Number(latest?.attempts ?? 0) >= OTP_POLICY.maxWrongAttempts ? "locked" : "none" };
      }
      if (live.expired) return { ok: false, reason: "expired" };
      if (!safeEqualHex(live.code_hash, hash(purpose, { id: live.id, subject: input.subject }, input.code))) {
        const [after] = rowsOf<{ attempts: number }>(
          await db.execute(sql`
            UPDATE ${table} SET attempts = attempts + 1,
              consumed_at = CASE WHEN attempts + 1 >= ${OTP_POLICY.maxWrongAttempts} THEN ${at}::timestamptz ELSE NULL END
            WHERE id = ${live.id} AND consumed_at IS NULL RETURNING attempts`),
        );
        const left = OTP_POLICY.maxWrongAttempts - Number(after?.attempts ?? OTP_POLICY.maxWrongAttempts);
        return left > 0 ? { ok: false, reason: "wrong", attemptsLeft: left } : { ok: false, reason: "burned" };
      }
      const used = rowsOf<{ id: string }>(
        await db.execute(sql`UPDATE ${table} SET consumed_at = ${at}::timestamptz WHERE id = ${live.id} AND consumed_at IS NULL RETURNING id`),
      );
      if (!used.length) return { ok: false, reason: "expired" };
      return { ok: true, id: live.id, profileId: live.profile_id };
    },
  };
}

export type OneTimeCodes = ReturnType<typeof createOneTimeCodes>;

// Customer sessions (decision 16): a signed-in request's token resolved to its session under the idle and
// absolute expiry, and sign-out. verifyOtp (auth.service.ts) opens them.
import { and, eq, isNull, sql } from "drizzle-orm";
import { SESSION_POLICY } from "../../../core/security-policy.ts";
import type { Db } from "../../db/client.ts";
import { sessions } from "../../db/schema/index.ts";
import { sha256Hex } from "../../security/crypto.ts";
import { ExpiredSession, InvalidSession } from "../domain-errors.ts";

export interface SessionInfo {
  sessionId: string;
  profileId: string;
}

export const tokenHash = (token: string) => sha256Hex(token);

export function createCustomerSessions(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  // Read on every signed-in request: built once (drizzle's SQL building was a fifth of a dashboard's CPU).
  const sessionByTokenHash = db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, sql.placeholder("hash")))
    .prepare("session_by_token_hash");

  return {
    /** Resolves a token to its session, enforcing idle and absolute expiry (decision 16). */
    async authenticate(token: string): Promise<SessionInfo> {
      if (!token || token.length > 100) throw new InvalidSession();
      const at = now();
      const [row] = await sessionByTokenHash.execute({ hash: tokenHash(token) });
      if (!row || row.revokedAt) throw new InvalidSession();
      const idleDeadline = row.lastSeenAt.getTime() + SESSION_POLICY.idleSeconds * 1000;
      if (row.expiresAt <= at || idleDeadline <= at.getTime()) throw new ExpiredSession();
      // Touch at most once a minute to keep reads cheap.
      if (at.getTime() - row.lastSeenAt.getTime() > 60_000) {
        await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, row.id));
      }
      return { sessionId: row.id, profileId: row.profileId };
    },

    async logout(token: string) {
      await db
        .update(sessions)
        .set({ revokedAt: now() })
        .where(and(eq(sessions.tokenHash, tokenHash(token)), isNull(sessions.revokedAt)));
      return { loggedOut: true as const };
    },
  };
}

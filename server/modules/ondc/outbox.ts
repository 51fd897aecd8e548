// Issue 32: the outbox of callbacks. Every answer we owe a buyer app (on_search, on_select, … and the
// unsolicited on_status and on_update) is a row of ondc_outbox, written by `write(tx, …)` inside the
// transaction of the state it reports: it exists exactly when that state committed. Delivery posts the
// row's body, byte for byte, to {bap_uri}/{action}, signed with our key at the moment it is sent. An ACK
// settles it; a NACK, another HTTP status, a timeout or a network error is recorded and tried again with
// exponential back-off. Runners take rows by lease (claimed_until, set through FOR UPDATE SKIP LOCKED) and
// only the lease's holder records the outcome, so two instances, or the job and the try right after a
// commit, never send one row twice (docs/decisions/providers.md, issue 32, the outbox).
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lte, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { ondcMessages, ondcOutbox } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { CallbackResponse, OndcCallbackPort } from "../../providers/ondc-callbacks/port.ts";
import { authorizationHeader, type Signer } from "./signing.ts";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The schedule (decisions: the outbox's retry schedule). */
export const OUTBOX_RETRY = {
  /** The first retry 30 seconds after a failed attempt, then twice as long each time … */
  firstDelayMs: 30_000,
  /** … up to an hour between attempts. */
  maxDelayMs: 60 * 60_000,
  /** A callback still undelivered 72 hours after it was written is given up (status failed) and logged. */
  giveUpAfterMs: 72 * 60 * 60_000,
  /** A runner's hold on the rows it took: longer than a batch's posts can take (10 × the 10 s timeout). */
  leaseMs: 5 * 60_000,
  /** Rows taken at once; a run takes batches until none is due, at most `maxBatches` (8 × 100 s within the job's 15 minutes). */
  batch: 10,
  maxBatches: 8,
} as const;

/** The wait before the next attempt after `failedAttempts` failures (1 → 30 s, 2 → 1 min, … capped at an hour). */
export function retryDelayMs(failedAttempts: number): number {
  const exponent = Math.max(0, Math.min(failedAttempts - 1, 20));
  return Math.min(OUTBOX_RETRY.firstDelayMs * 2 ** exponent, OUTBOX_RETRY.maxDelayMs);
}

/** Where a callback goes: the buyer app's bap_uri, with or without its trailing slash, then the action. */
export function callbackUrl(bapUri: string, action: string): string {
  return `${bapUri.replace(/\/+$/, "")}/${action}`;
}

/** A buyer app's answer in our words, and whether it is an ACK. */
export function readAnswer(response: CallbackResponse): { ack: boolean; result: string } {
  let answer: { message?: { ack?: { status?: unknown } }; error?: { code?: unknown; message?: unknown } } | null = null;
  try {
    answer = JSON.parse(response.text);
  } catch {
    answer = null;
  }
  const status = answer?.message?.ack?.status;
  const ok = response.status >= 200 && response.status < 300;
  if (ok && status === "ACK") return { ack: true, result: "ACK" };
  const error = answer?.error;
  const said = status === "NACK" ? `NACK${typeof error?.code === "string" ? ` ${error.code}` : ""}` : null;
  const reason = typeof error?.message === "string" ? `: ${error.message.slice(0, 200)}` : "";
  if (ok) return { ack: false, result: said ? `${said}${reason}` : `HTTP ${response.status} without an ACK` };
  return { ack: false, result: `HTTP ${response.status}${said ? ` ${said}${reason}` : ""}` };
}

/** A failed post in our words: a timeout, or the network's error code (never the URL or the body). */
export function describeFailure(error: unknown): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) return "timeout";
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === "string" ? cause.code : error instanceof Error ? error.name : typeof error;
  return `network error: ${code}`;
}

export interface OutboxCallback {
  /** on_search, on_select, …: the path posted to under bap_uri. */
  action: string;
  transactionId: string;
  messageId: string;
  bapId: string;
  bapUri: string;
  /** The body's exact text: what is signed and sent. */
  body: string;
}

export interface DeliveryRun {
  delivered: number;
  retrying: number;
  failed: number;
}

export interface OndcOutboxDeps {
  db: Db;
  now: () => Date;
  logger: Logger;
  signer: Signer;
  transport: OndcCallbackPort;
}

export function createOndcOutbox({ db, now, logger, signer, transport }: OndcOutboxDeps) {
  const keyId = `${signer.subscriberId}|${signer.uniqueKeyId}|ed25519`;
  const inFlight = new Set<Promise<unknown>>();

  /** Takes up to a batch of due rows (or of `ids`, when due) under a new lease; another runner skips them. */
  async function claim(ids: number[] | null) {
    const at = now();
    const due: SQL[] = [
      eq(ondcOutbox.status, "pending"),
      lte(ondcOutbox.nextAttemptAt, at),
      or(isNull(ondcOutbox.claimedUntil), lte(ondcOutbox.claimedUntil, at))!,
      ...(ids ? [inArray(ondcOutbox.id, ids)] : []),
    ];
    const token = randomUUID();
    const candidates = db
      .select({ id: ondcOutbox.id })
      .from(ondcOutbox)
      .where(and(...due))
      .orderBy(asc(ondcOutbox.nextAttemptAt), asc(ondcOutbox.id))
      .limit(OUTBOX_RETRY.batch)
      .for("update", { skipLocked: true });
    const rows = await db
      .update(ondcOutbox)
      .set({ claimedUntil: new Date(at.getTime() + OUTBOX_RETRY.leaseMs), claimToken: token })
      .where(and(inArray(ondcOutbox.id, candidates), ...due))
      .returning();
    return { token, rows };
  }

  /** One attempt: sign the stored bytes now, post them, and record the outcome if the lease is still ours. */
  async function attempt(row: typeof ondcOutbox.$inferSelect, token: string): Promise<keyof DeliveryRun | null> {
    const bytes = Buffer.from(row.body, "utf8");
    const sentAt = now();
    const authorization = authorizationHeader(bytes, signer, Math.floor(sentAt.getTime() / 1000));
    let outcome: { ack: boolean; result: string };
    try {
      outcome = readAnswer(await transport.post({ url: callbackUrl(row.bapUri, row.action), body: bytes, authorization }));
    } catch (error) {
      outcome = { ack: false, result: describeFailure(error) };
    }
    const attempts = row.attempts + 1;
    const answeredAt = now();
    const gaveUp = !outcome.ack && answeredAt.getTime() - row.createdAt.getTime() >= OUTBOX_RETRY.giveUpAfterMs;
    const status = outcome.ack ? "delivered" : gaveUp ? "failed" : "pending";
    return db.transaction(async (tx) => {
      const updated = await tx
        .update(ondcOutbox)
        .set({
          status,
          attempts,
          lastAttemptAt: sentAt,
          lastResult: outcome.result,
          nextAttemptAt: status === "pending" ? new Date(answeredAt.getTime() + retryDelayMs(attempts)) : row.nextAttemptAt,
          deliveredAt: outcome.ack ? answeredAt : null,
          claimedUntil: null,
          claimToken: null,
        })
        .where(and(eq(ondcOutbox.id, row.id), eq(ondcOutbox.claimToken, token)))
        .returning({ id: ondcOutbox.id });
      // The lease ran out and another runner took the row: its outcome is the one kept.
      if (updated.length === 0) return null;
      const log = { outboxId: row.id, action: row.action, attempt: attempts, result: outcome.result };
      if (outcome.ack) {
        await tx
          .insert(ondcMessages)
          .values({
            direction: "out",
            action: row.action,
            transactionId: row.transactionId,
            messageId: row.messageId,
            bapId: row.bapId,
            bppId: signer.subscriberId,
            keyId,
            signature: "signed",
            body: row.body,
            receivedAt: answeredAt,
          })
          .onConflictDoNothing();
        logger.info("ondc callback delivered", log);
        return "delivered";
      }
      if (gaveUp) {
        logger.warn("ondc callback given up after 72 hours", log);
        return "failed";
      }
      logger.warn("ondc callback not delivered; it will be retried", log);
      return "retrying";
    });
  }

  async function deliverDue(options: { ids?: number[] } = {}): Promise<DeliveryRun> {
    const run: DeliveryRun = { delivered: 0, retrying: 0, failed: 0 };
    const ids = options.ids ?? null;
    if (ids?.length === 0) return run;
    for (let batch = 0; batch < OUTBOX_RETRY.maxBatches; batch += 1) {
      const { token, rows } = await claim(ids);
      for (const row of rows) {
        const outcome = await attempt(row, token);
        if (outcome) run[outcome] += 1;
      }
      if (ids || rows.length < OUTBOX_RETRY.batch) break;
    }
    return run;
  }

  return {
    /** Writes a callback inside the caller's transaction; null when one for this action and message_id exists. */
    async write(tx: Tx | Db, callback: OutboxCallback): Promise<number | null> {
      const at = now();
      const [row] = await tx
        .insert(ondcOutbox)
        .values({ ...callback, status: "pending", attempts: 0, nextAttemptAt: at, createdAt: at })
        .onConflictDoNothing()
        .returning({ id: ondcOutbox.id });
      return row?.id ?? null;
    },

    /** The delivery job's work: every due callback, in batches, each by lease. */
    deliverDue,

    /** Right after the commit that wrote them: try these callbacks once now (best effort; the job is the safety net). */
    deliverSoon(ids: number[]) {
      if (ids.length === 0) return;
      const attemptNow = deliverDue({ ids })
        .catch((error: unknown) => logger.warn("ondc callback: the try after the commit failed; the job will deliver it", { error }))
        .finally(() => inFlight.delete(attemptNow));
      inFlight.add(attemptNow);
    },

    /** Resolves once every try started by deliverSoon has finished (tests, and a graceful stop). */
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },

    /** The callbacks of one transaction, oldest first (the back office's view and the tests'). */
    async transaction(transactionId: string) {
      return db.select().from(ondcOutbox).where(eq(ondcOutbox.transactionId, transactionId)).orderBy(ondcOutbox.createdAt, ondcOutbox.id);
    },
  };
}

export type OndcOutbox = ReturnType<typeof createOndcOutbox>;

// The sandbox clock (issue 20): /dev/clock moves the server's "now" for every service and job, and
// the offset is kept in the database so a restart, a second instance, the jobs and
// `npm run ledger:check` agree. Sandbox mode only: production mode never builds this service.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sandboxClock } from "../../db/schema/index.ts";
import type { AdjustableClock } from "../../jobs/clock.ts";
import { InvalidInput } from "../domain-errors.ts";

export const CLOCK_MESSAGES = {
  input: 'Send {"advanceDays": n} (a whole number from 1 to 3650), {"now": "<ISO time>"} or {"reset": true}.',
  range: "The clock can be set between 2000 and 2100 only.",
} as const;

const DAY_MS = 86_400_000;
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);

export type ClockState = { now: string; realNow: string; offsetMs: number; moved: boolean };

/** What the caller asks for, checked: days forward, a moment, or back to real time. */
export function readClockChange(input: unknown, current: { realNow: number; offsetMs: number }): number {
  const body = (input && typeof input === "object" ? input : {}) as Record<string, unknown>;
  const keys = ["advanceDays", "now", "reset"].filter((k) => body[k] !== undefined && body[k] !== "");
  if (keys.length !== 1) throw new InvalidInput(CLOCK_MESSAGES.input);
  if (keys[0] === "reset") {
    if (body.reset !== true && body.reset !== "true" && body.reset !== "1") throw new InvalidInput(CLOCK_MESSAGES.input);
    return 0;
  }
  if (keys[0] === "advanceDays") {
    const days = typeof body.advanceDays === "string" && /^\d{1,4}$/.test(body.advanceDays) ? Number(body.advanceDays) : body.advanceDays;
    if (typeof days !== "number" || !Number.isInteger(days) || days < 1 || days > 3650) throw new InvalidInput(CLOCK_MESSAGES.input);
    const target = current.realNow + current.offsetMs + days * DAY_MS;
    if (target >= LATEST) throw new InvalidInput(CLOCK_MESSAGES.range);
    return current.offsetMs + days * DAY_MS;
  }
  const text = typeof body.now === "string" ? body.now.trim() : "";
  // An ISO time with a date and a time; without a zone it is read as India time.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/.test(text)) throw new InvalidInput(CLOCK_MESSAGES.input);
  const at = Date.parse(/(Z|[+-]\d{2}:\d{2})$/.test(text) ? text : `${text}+05:30`);
  if (!Number.isFinite(at)) throw new InvalidInput(CLOCK_MESSAGES.input);
  if (at < EARLIEST || at >= LATEST) throw new InvalidInput(CLOCK_MESSAGES.range);
  return at - current.realNow;
}

export function createClockService(deps: { db: Db; clock: AdjustableClock; realNow?: () => number }) {
  const { db, clock } = deps;
  const realNow = deps.realNow ?? Date.now;

  const state = (): ClockState => {
    const offsetMs = clock.offsetMs();
    return { now: clock.now().toISOString(), realNow: new Date(realNow()).toISOString(), offsetMs, moved: offsetMs !== 0 };
  };

  async function load(): Promise<ClockState> {
    const [row] = await db.select().from(sandboxClock);
    clock.setOffset(row ? Number(row.offsetMs) : 0);
    return state();
  }

  return {
    state,
    load,

    /** Moves the clock (validated); every instance picks the new offset up from the database. */
    async change(input: unknown): Promise<ClockState> {
      const offsetMs = readClockChange(input, { realNow: realNow(), offsetMs: clock.offsetMs() });
      await db
        .insert(sandboxClock)
        .values({ id: 1, offsetMs, updatedAt: new Date(realNow()) })
        .onConflictDoUpdate({ target: sandboxClock.id, set: { offsetMs, updatedAt: sql`excluded.updated_at` } });
      clock.setOffset(offsetMs);
      return state();
    },

    /** Follows changes made by another instance: reads the offset every `intervalMs`. */
    startSync(intervalMs = 2000): () => void {
      const timer = setInterval(() => void load().catch(() => undefined), intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

export type ClockService = ReturnType<typeof createClockService>;

// The sandbox clock (issue 20): what /dev/clock accepts, and that the offset is kept in the database
// so a restart or another instance reads the same "now".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdjustableClock } from "../../jobs/clock.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import { InvalidInput } from "../domain-errors.ts";
import { CLOCK_MESSAGES, createClockService, readClockChange } from "./clock.service.ts";

const REAL = Date.UTC(2026, 10, 26, 6, 30, 0); // 12:00 India time, 26 Nov 2026
const DAY = 86_400_000;

describe("readClockChange", () => {
  const current = { realNow: REAL, offsetMs: 0 };
  it("moves forward by whole days, sets a moment (India time without a zone), or resets", () => {
    expect(readClockChange({ advanceDays: 3 }, current)).toBe(3 * DAY);
    expect(readClockChange({ advanceDays: "2" }, { realNow: REAL, offsetMs: DAY })).toBe(3 * DAY);
    expect(readClockChange({ now: "2026-12-07T23:50" }, current)).toBe(Date.UTC(2026, 11, 7, 18, 20) - REAL);
    expect(readClockChange({ now: "2026-12-07T18:20:00Z" }, current)).toBe(Date.UTC(2026, 11, 7, 18, 20) - REAL);
    expect(readClockChange({ reset: true }, { realNow: REAL, offsetMs: 5 * DAY })).toBe(0);
  });

  it.each([
    [{}],
    [null],
    [{ advanceDays: 0 }],
    [{ advanceDays: -1 }],
    [{ advanceDays: 1.5 }],
    [{ advanceDays: 3651 }],
    [{ now: "tomorrow" }],
    [{ reset: false }],
    [{ advanceDays: 1, reset: true }],
  ])("refuses %j with the rule", (input) => {
    expect(() => readClockChange(input, current)).toThrow(new InvalidInput(CLOCK_MESSAGES.input));
  });

  it("refuses a moment outside 2000-2100", () => {
    expect(() => readClockChange({ now: "1999-12-31T10:00" }, current)).toThrow(CLOCK_MESSAGES.range);
  });
});

describe("clock service", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("keeps the offset in the database: a second instance (or a restart) reads the same now", async () => {
    const first = createClockService({ db: t.services.db, clock: createAdjustableClock(() => REAL), realNow: () => REAL });
    const second = createClockService({ db: t.services.db, clock: createAdjustableClock(() => REAL), realNow: () => REAL });
    expect((await first.change({ advanceDays: 10 })).now).toBe(new Date(REAL + 10 * DAY).toISOString());
    expect(await second.load()).toMatchObject({ now: new Date(REAL + 10 * DAY).toISOString(), offsetMs: 10 * DAY, moved: true });
    // A refused change changes nothing.
    await expect(first.change({ advanceDays: "many" })).rejects.toThrow(CLOCK_MESSAGES.input);
    expect((await second.load()).offsetMs).toBe(10 * DAY);
    expect(await first.change({ reset: true })).toMatchObject({ offsetMs: 0, moved: false });
    expect((await second.load()).now).toBe(new Date(REAL).toISOString());
  });
});

describe("/dev/clock and /dev/jobs/run (sandbox mode)", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let real = REAL;
  beforeAll(async () => {
    t = await createTestApp({ sandboxClock: createAdjustableClock(() => real) });
  });
  afterAll(() => t.close());

  const post = (path: string, body: string, type = "application/json") => t.app.request(path, { method: "POST", headers: { "content-type": type }, body });

  it("moves every service's clock, refuses what it cannot read with the rule, and runs the jobs", async () => {
    const moved = await post("/dev/clock", JSON.stringify({ advanceDays: 2 }));
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ now: new Date(REAL + 2 * DAY).toISOString(), moved: true });
    expect(t.services.now().toISOString()).toBe(new Date(REAL + 2 * DAY).toISOString());
    // Real time goes on; the offset stays.
    real += 60_000;
    expect(t.services.now().toISOString()).toBe(new Date(REAL + 2 * DAY + 60_000).toISOString());

    for (const bad of ['{"advanceDays": "soon"}', "not json", "[]", '{"now": "yesterday"}']) {
      const refused = await post("/dev/clock", bad);
      expect(refused.status).toBe(422);
      expect(await refused.json()).toEqual({ error: CLOCK_MESSAGES.input });
    }
    // The page's form: a refusal is shown on the page, and nothing moved.
    const form = await post("/dev/clock", "advanceDays=-3", "application/x-www-form-urlencoded");
    expect(form.status).toBe(422);
    expect(await form.text()).toContain("a whole number from 1 to 3650");
    expect((await (await t.app.request("/dev/clock.json")).json()).offsetMs).toBe(2 * DAY);
    expect((await t.app.request("/dev/clock")).status).toBe(200);

    const jobs = await post("/dev/jobs/run", "");
    expect(jobs.status).toBe(200);
    const ran = (await jobs.json()) as { jobs: Record<string, { ok: boolean }> };
    expect(Object.keys(ran.jobs)).toEqual(expect.arrayContaining(["servicing-accrual", "servicing-reminders", "gateway-reconciliation", "refunds-status"]));
    expect(Object.values(ran.jobs).every((j) => j.ok)).toBe(true);

    const reset = await post("/dev/clock", JSON.stringify({ reset: true }));
    expect(await reset.json()).toMatchObject({ offsetMs: 0, moved: false });
  });
});

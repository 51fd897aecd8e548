// The day-end classification as the sandbox runs it (issue 22): /dev/jobs/run runs it with the other
// jobs on the sandbox clock; moving the clock on by days and running it again catches up each missed day.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOB_NAMES, JOB_SCHEDULES } from "../../jobs/job-names.ts";
import { createAdjustableClock } from "../../jobs/clock.ts";
import { createTestApp, randomMobile } from "../../test-support/test-app.ts";
import { createDemoCustomer } from "../dev/demo-customers.ts";

const REAL = Date.UTC(2026, 10, 26, 6, 30, 0); // 12:00 India time, 26 Nov 2026

describe("the day-end classification job in the sandbox", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ sandboxClock: createAdjustableClock(() => REAL) });
  });
  afterAll(() => t.close());

  const post = (path: string, body: string) => t.app.request(path, { method: "POST", headers: { "content-type": "application/json" }, body });
  type Ran = { jobs: Record<string, { ok: boolean; result: { through: string; loans: number; days: number; changes: number } }> };

  it("is scheduled once a day after India midnight and runs from /dev/jobs/run, catching up the days the clock skipped", async () => {
    expect(JOB_SCHEDULES[JOB_NAMES.assetClassification]).toBe("20 0 * * *");
    // 90 days past due today (repayment date 28 Aug 2026), disbursed 25 days before that (3 Aug).
    const demo = await createDemoCustomer(t.services, { mobile: randomMobile(), userType: "UNPAID-REPEAT", overdueDays: 90 });
    const leadId = demo.activeLoanId!;
    expect(await t.services.loans.byId(leadId)).toMatchObject({ disbursalDate: "2026-08-03", repaymentDate: "2026-08-28" });

    const first = (await (await post("/dev/jobs/run", "")).json()) as Ran;
    // Through yesterday (25 Nov, 89 days past due): 3 Aug to 25 Nov is 115 days; with the customer's earlier
    // demo loan (its 30 days and the day it closed, standard throughout: 31 days), 146.
    expect(first.jobs["asset-classification"]).toMatchObject({ ok: true, result: { through: "2026-11-25", days: 146, changes: 3 } });
    expect(await t.services.assetClassification.classOn(leadId, "2026-11-25")).toMatchObject({ assetClass: "SMA-2", daysPastDue: 89, source: "history" });

    // Two days on: 26 and 27 Nov are classified; the 91st day past due (27 Nov) is NPA.
    expect((await post("/dev/clock", JSON.stringify({ advanceDays: 2 }))).status).toBe(200);
    const second = (await (await post("/dev/jobs/run", "")).json()) as Ran;
    expect(second.jobs["asset-classification"]).toMatchObject({ ok: true, result: { through: "2026-11-27", days: 2, changes: 1 } });
    expect(await t.services.assetClassification.classOn(leadId, "2026-11-26")).toMatchObject({ assetClass: "SMA-2", daysPastDue: 90 });
    expect(await t.services.assetClassification.classOn(leadId, "2026-11-27")).toMatchObject({ assetClass: "NPA", daysPastDue: 91, source: "history" });
    // Run again the same day: nothing more.
    const again = (await (await post("/dev/jobs/run", "")).json()) as Ran;
    expect(again.jobs["asset-classification"].result).toMatchObject({ days: 0, changes: 0 });
  });
});

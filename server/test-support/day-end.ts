// For the tests that walk a loan day by day on the job clock (asset classification, provisions, write-off):
// moving the clock to a time of an India day, and a bank transfer entered by collections and approved by accounts.
import { afterAll, beforeAll, expect } from "vitest";
import type { IsoDate } from "../../core/calendar.ts";
import type { StaffActor } from "../modules/credit/credit.service.ts";
import type { Services } from "../services.ts";
import type { TestApp } from "./onboarding.ts";
import { createClock, createTestApp, type TestClock } from "./test-app.ts";

/** Opens a test app on its own clock at 11:30 India time on 22 Nov 2026 (day 10 of the demo loan) before the tests, and closes it after. */
export function openDayEndApp(opened: (t: TestApp, clock: TestClock) => void) {
  let app: TestApp | undefined;
  beforeAll(async () => {
    const clock = createClock(Date.UTC(2026, 10, 22, 6, 0, 0));
    app = await createTestApp({ clock });
    opened(app, clock);
  });
  afterAll(() => app?.close());
}

/** Moves the clock forward (never back) to `hh:mm` India time on the India date `day`. */
export function moveClockTo(clock: TestClock, day: IsoDate, hh: number, mm: number) {
  const target = Date.parse(`${day}T${String(hh).padStart(2, "0")}:${String(mm).padStart(2, "0")}:00+05:30`);
  expect(target).toBeGreaterThanOrEqual(clock.now().getTime());
  clock.advance(target - clock.now().getTime());
}

/** A bank transfer entered by `staff.collector` and approved by `staff.accountant` (four eyes); the approval's result. */
export async function approvedTransfer(
  s: Services,
  staff: { collector: StaffActor; accountant: StaffActor },
  transfer: { loanNo: string; amountRupees: string; bankReference: string; receivedOn: IsoDate },
) {
  const entered = await s.bankTransfers.desk.enter(staff.collector, transfer);
  return s.bankTransfers.desk.approve(staff.accountant, { id: entered.id });
}

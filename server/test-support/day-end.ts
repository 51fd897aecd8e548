// For the tests that walk a loan day by day on the job clock (asset classification, provisions, write-off):
// moving the clock to a time of an India day, and a bank transfer entered by collections and approved by accounts.
import { expect } from "vitest";
import type { IsoDate } from "../../core/calendar.ts";
import type { StaffActor } from "../modules/credit/credit.service.ts";
import type { Services } from "../services.ts";
import type { TestClock } from "./test-app.ts";

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

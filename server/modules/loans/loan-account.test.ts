// Issue 31 (decision 45): the loan account's one transition function. Its moves are exactly core's
// transition table; a move is checked against the locked row (not a constant), so a move from the
// wrong status writes nothing; each move is recorded in the account's history with who made it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEAD_STATUSES, LEAD_TRANSITIONS } from "../../../core/journey/index.ts";
import { loanAccounts } from "../../db/schema/index.ts";
import { eligibleCustomer } from "../../test-support/loan.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import { LOAN_MOVES, accountOf, statusChangesOf, transition } from "./loan-account.service.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const move = (leadId: string, name: keyof typeof LOAN_MOVES, facts: Partial<Parameters<typeof transition>[3]> = {}) =>
  t.services.db.transaction((tx) => transition(tx, leadId, name, { at: t.services.now(), ...facts }));

describe("the loan account's transition table", () => {
  it("has a named move for every edge of core's LEAD_TRANSITIONS, and no other", () => {
    const edges = (from: readonly string[], to: string) => from.map((f) => `${f}→${to}`);
    const ofMoves = Object.values(LOAN_MOVES).flatMap((m) => edges(m.from, m.to));
    const ofCore = LEAD_STATUSES.flatMap((from) => LEAD_TRANSITIONS[from].map((to) => `${from}→${to}`));
    expect(new Set(ofMoves).size).toBe(ofMoves.length);
    expect([...ofMoves].sort()).toEqual([...ofCore].sort());
  });

  it("opens every new lead's account IN_PROCESS, moves it only from the statuses a move starts from, and records each move", async () => {
    const c = await eligibleCustomer(t);
    expect((await accountOf(t.services.db, c.leadId))?.status).toBe("IN_PROCESS");

    // Not from IN_PROCESS: nothing is written, the row and its history stay as they were.
    for (const name of ["sanction", "disburse", "close", "returnPayout", "requote"] as const) expect(await move(c.leadId, name)).toBeNull();
    expect(await statusChangesOf(t.services.db, c.leadId)).toEqual([]);

    expect((await move(c.leadId, "submit"))?.after.status).toBe("SUBMITTED");
    expect(await move(c.leadId, "submit")).toBeNull();
    expect((await move(c.leadId, "sanction", { by: "head-1" }))?.after.status).toBe("SANCTIONED");
    const paid = await move(c.leadId, "disburse", { loanNo: "SOTTEST0001", disbursedOn: "2026-11-22" });
    expect(paid?.after).toMatchObject({ status: "DISBURSED", loanNo: "SOTTEST0001", disbursalDate: "2026-11-22", closedAt: null });
    const closed = await move(c.leadId, "close");
    expect(closed?.after.status).toBe("CLOSED");
    expect(closed?.after.closedAt).toEqual(t.services.now());
    // The bank's return after closure: SANCTIONED again, the number kept, the disbursal and closure gone.
    expect((await move(c.leadId, "returnPayout"))?.after).toMatchObject({ status: "SANCTIONED", loanNo: "SOTTEST0001", disbursalDate: null, closedAt: null });
    expect((await move(c.leadId, "reject", { by: "head-1", rejectionReason: "POLICY_OTHER" }))?.after).toMatchObject({
      status: "REJECTED",
      rejectionReason: "POLICY_OTHER",
    });
    for (const name of Object.keys(LOAN_MOVES) as (keyof typeof LOAN_MOVES)[]) expect(await move(c.leadId, name)).toBeNull();

    const history = await statusChangesOf(t.services.db, c.leadId);
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.move, h.changedBy])).toEqual([
      ["IN_PROCESS", "SUBMITTED", "submit", null],
      ["SUBMITTED", "SANCTIONED", "sanction", "head-1"],
      ["SANCTIONED", "DISBURSED", "disburse", null],
      ["DISBURSED", "CLOSED", "close", null],
      ["CLOSED", "SANCTIONED", "returnPayout", null],
      ["SANCTIONED", "REJECTED", "reject", "head-1"],
    ]);
  });

  it("reads the row, not what the caller believes: a row moved behind a caller's back is not moved again", async () => {
    const c = await eligibleCustomer(t);
    // Another writer already rejected it (as a test may arrange): the submit a stale eSign webhook asks for does nothing.
    await t.services.db.update(loanAccounts).set({ status: "REJECTED" }).where(eq(loanAccounts.leadId, c.leadId));
    expect(await move(c.leadId, "submit")).toBeNull();
    expect((await accountOf(t.services.db, c.leadId))?.status).toBe("REJECTED");
    await expect(move("00000000-0000-4000-8000-000000000000", "submit")).rejects.toThrow();
  });
});

// Issue 29 finding 9: after value dating, the statement's lines name the days they cover. The demo
// loan, by hand: ₹20,000 paid out 12 Nov 2026 at 1% (₹200) a day; on 22 Nov interest is posted for
// 13–22 Nov (₹2,000). The job then misses four days and posts 23–27 Nov in one entry on 27 Nov
// (₹1,000). A ₹10,000 bank transfer received 22 Nov is approved on 27 Nov: it pays the ₹2,000 interest
// and ₹8,000 principal on 22 Nov, so the 23–27 Nov charge is taken back and charged again on ₹12,000
// (₹120 a day, ₹600). The old statement said "Interest for 27 Nov taken back" and "Interest for 27 Nov".
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOURNEY_CONTROLLER } from "../../../core/contract/index.ts";
import { customerProfiles } from "../../db/schema/index.ts";
import { pdfText } from "../../test-support/pdf-text.ts";
import { createClock, createTestApp, randomMobile, type TestClock } from "../../test-support/test-app.ts";
import type { StaffActor } from "../credit/credit.service.ts";
import { createDemoCustomer } from "../dev/demo-customers.ts";
import { customerStatement } from "./loan-statement.ts";

const DAY = 86_400_000;
const collector: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000c1", role: "collections", email: "collector@salaryontime.test" };
const accountant: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000a1", role: "accounts", email: "accounts@salaryontime.test" };
const BACK = "taken back: a payment that reached us earlier counts from the day it arrived";

let t: Awaited<ReturnType<typeof createTestApp>>;
let clock: TestClock;
beforeAll(async () => {
  // 11:30 India time, 22 Nov 2026: day 10 of the demo loan.
  clock = createClock(Date.UTC(2026, 10, 22, 6, 0, 0));
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

describe("statement lines name their periods after value dating (issue 29)", () => {
  it("the reversal and the charge made again each say 23–27 Nov, in the lines, the PDF and in Hindi", async () => {
    const mobile = randomMobile();
    const demo = await createDemoCustomer(t.services, { mobile, userType: "UNPAID-REPEAT" });
    const leadId = demo.activeLoanId!;
    const lead = (await t.services.loans.byId(leadId))!;
    clock.advance(5 * DAY);
    await t.services.servicing.runAccrual();
    const entered = await t.services.bankTransfers.desk.enter(collector, {
      loanNo: lead.loanNo!,
      amountRupees: "10,000",
      bankReference: "UTRPERIOD1",
      receivedOn: "2026-11-22",
    });
    await t.services.bankTransfers.desk.approve(accountant, { id: entered.id });

    const entries = await t.services.ledger.entries(leadId);
    const loan = { disbursalDate: "2026-11-12", repaymentDate: "2026-12-07" } as const;
    const { lines, totals } = customerStatement(entries, loan);
    expect(lines.filter((l) => !l.note).map((l) => [l.date, l.description, l.added, l.paid, l.balance])).toEqual([
      ["2026-11-12", "Loan amount", 2_000_000, 0, 2_000_000],
      ["2026-11-22", "Interest for 13–22 Nov", 200_000, 0, 2_200_000],
      ["2026-11-22", "Payment received by bank transfer — thank you", 0, 1_000_000, 1_200_000],
      ["2026-11-27", "Interest for 23–27 Nov", 100_000, 0, 1_300_000],
      ["2026-11-27", `Interest for 23–27 Nov ${BACK}`, 0, 100_000, 1_200_000],
      ["2026-11-27", "Interest for 23–27 Nov", 60_000, 0, 1_260_000],
    ]);
    expect(totals).toMatchObject({ interest: 260_000, paid: 1_000_000, balance: 1_260_000 });

    // The PDF the customer downloads says the same.
    const { token } = await t.signIn(mobile);
    const download = async () => {
      const response = await t.app.request(`${JOURNEY_CONTROLLER}/getLoanStatement?lead_id=${leadId}`, { headers: { "auth-token": token } });
      expect(response.status).toBe(200);
      return (await pdfText(new Uint8Array(await response.arrayBuffer()))).text.replace(/\s+/g, " ");
    };
    const english = await download();
    expect(english).toContain(`Interest for 23–27 Nov ${BACK}`);
    expect(english.match(/Interest for 23–27 Nov/g)).toHaveLength(3);
    expect(english).not.toContain("Interest for 27 Nov");

    await t.services.db.update(customerProfiles).set({ preferredLanguage: "hi" }).where(eq(customerProfiles.mobile, mobile));
    const hindi = await download();
    expect(hindi).toContain("23–27 नवंबर का ब्याज वापस लिया गया");
    expect(hindi.match(/23–27 नवंबर का ब्याज/g)).toHaveLength(3);
    expect(hindi).toContain("13–22 नवंबर का ब्याज");
  });
});

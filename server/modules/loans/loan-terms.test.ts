// Decision 34: each loan keeps the terms its KFS fixed. The product's penal rate is changed (1% a day
// instead of 0.5%, capped at 30% instead of 25%): an open loan, the accrual job and a payment go on at
// the loan's own rates; a new quote fixes the new ones.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kfsItems } from "../../../core/kfs.ts";
import { formatINR } from "../../../core/loan-math/index.ts";
import { PRODUCT, type ProductConfig } from "../../../core/product.ts";
import { loanTerms } from "../../db/schema/index.ts";
import { createOnboardingApp, type TestApp } from "../../test-support/onboarding.ts";
import { eligibleCustomer } from "../../test-support/loan.ts";
import { createClock, randomMobile, type TestClock } from "../../test-support/test-app.ts";
import { createDemoCustomer } from "../dev/demo-customers.ts";

const DAY = 86_400_000;
const changed: ProductConfig = {
  ...PRODUCT,
  singleLoan: { ...PRODUCT.singleLoan, penalCharge: { percentPerDayOfOverduePrincipal: 1, capPercentOfPrincipal: 30 } },
};

let t: TestApp;
let clock: TestClock;
beforeAll(async () => {
  // 11:30 India time, 22 Nov 2026.
  clock = createClock(Date.UTC(2026, 10, 22, 6, 0, 0));
  t = await createOnboardingApp({ clock, product: changed });
});
afterAll(() => t.close());

describe("loan terms (decision 34)", () => {
  it("an open loan keeps its own penal rate through the accrual job and a payment; a new quote takes the new rate", async () => {
    // The demo loan: ₹20,000 for 25 days from 12 Nov 2026 (repayment date 7 Dec), fixed at 1% interest and 0.5% penal a day.
    const demo = await createDemoCustomer(t.services, { mobile: randomMobile(), userType: "UNPAID-REPEAT" });
    const leadId = demo.activeLoanId!;
    const [fixed] = await t.services.db.select().from(loanTerms).where(eq(loanTerms.leadId, leadId));
    expect(fixed).toMatchObject({ interestBpsPerDay: 100, penalBpsPerDay: 50, penalCapBps: 2_500, coolingOffDays: 3, repaymentDate: "2026-12-07" });

    // Two days overdue (9 Dec): the job charges interest 27 × 20,000 = 5,40,000 and penal 2 × 10,000 = 20,000 paise.
    clock.advance(17 * DAY);
    await t.services.servicing.runAccrual();
    expect(await t.services.ledger.balances(leadId)).toMatchObject({ interest_income: 540_000, penal_income: 20_000 });

    // A ₹10,000 part payment that day pays interest 5,40,000 and principal 4,60,000; penal 20,000 stays.
    const lead = (await t.services.loans.byId(leadId))!;
    await t.services.db.transaction((tx) =>
      t.services.payments.postReceived(tx, {
        leadId,
        source: "bank_transfer",
        reference: "00000000-0000-4000-8000-00000000a001",
        paymentOrderId: null,
        amountPaise: 1_000_000,
        idempotencyKey: "bank-transfer:00000000-0000-4000-8000-00000000a001",
        into: "clearing_bank_transfer",
        memo: "bank transfer TEST",
        valueOn: "2026-12-09",
        at: clock.now(),
      }),
    );
    // Next day: 1% of 15,40,000 = 15,400 interest and 0.5% = 7,700 penal (the new product would charge 15,400 penal).
    clock.advance(DAY);
    await t.services.servicing.runAccrual();
    expect(await t.services.ledger.balances(leadId)).toMatchObject({
      principal_receivable: 1_540_000,
      interest_income: 555_400,
      interest_receivable: 15_400,
      penal_income: 27_700,
      penal_receivable: 27_700,
    });
    expect((await t.services.payments.duesOn(lead, "2026-12-10"))?.totalDue).toBe(1_540_000 + 15_400 + 27_700);

    // A new customer's quote fixes the changed product's penal rate and cap.
    const c = await eligibleCustomer(t);
    const quote = (await c.send({ event_name: "generate_loan_quote" })).body.Data;
    const accepted = await c.send({
      event_name: "loan_quotation_decision",
      amount: 15_000,
      tenure: quote.tenure,
      purpose_id: 2,
      accepted_id: 1,
      kfs_acknowledged: 1,
    });
    expect(accepted.body.Status).toBe(1);
    const [mine] = await t.services.db.select().from(loanTerms).where(eq(loanTerms.leadId, c.leadId));
    // ₹15,000: fee 10% = 1,50,000 paise, GST 18% of it = 27,000, net ₹13,230; interest 1% a day = 15,000 a day.
    expect(mine).toMatchObject({
      principalPaise: 1_500_000,
      penalBpsPerDay: 100,
      penalCapBps: 3_000,
      interestBpsPerDay: 100,
      feePaise: 150_000,
      gstPaise: 27_000,
      netDisbursalPaise: 1_323_000,
      interestPaise: 15_000 * quote.tenure,
      tenureDays: quote.tenure,
    });
  });

  it("an accepted quote's KFS and agreement state the loan's own late charges, not today's product (issue 29)", async () => {
    const c = await eligibleCustomer(t);
    const quote = (await c.send({ event_name: "generate_loan_quote" })).body.Data;
    const accepted = await c.send({
      event_name: "loan_quotation_decision",
      amount: 20_000,
      tenure: quote.tenure,
      purpose_id: 2,
      accepted_id: 1,
      kfs_acknowledged: 1,
    });
    expect(accepted.body.Status).toBe(1);
    // As if it had been accepted before the product changed: the loan's terms say 0.5% a day, at most 25%.
    await t.services.db.update(loanTerms).set({ penalBpsPerDay: 50, penalCapBps: 2_500 }).where(eq(loanTerms.leadId, c.leadId));

    const { kfs, agreement } = await t.services.quotes.agreementFor(c.profileId, c.leadId);
    const items = kfsItems(kfs);
    // ₹20,000: penal 0.5% = ₹100 a day, at most 25% = ₹5,000 (the changed product would say 1%, ₹200, 30%, ₹6,000).
    expect(items.penal_charges).toMatch(
      /^0\.5% of the overdue loan amount .* at most 25% of the loan amount in all: on this loan ₹100 a day, at most ₹5,000\./,
    );
    // 10 days late: interest 20,000 × 1% × (tenure + 10), penal 10 × ₹100 = ₹1,000.
    const interest10 = 200 * (quote.tenure + 10);
    expect(items.late_example).toContain(`+ interest ${formatINR(interest10)} + penal charges ₹1,000)`);
    expect(agreement.clauses.find((cl) => cl.heading === "5. Late payment")?.text).toContain("on this loan ₹100 a day, at most ₹5,000");
  });
});

// Payouts that cannot pay twice (issue 20, decision 36) and the KFS at payout (decision 35), on the
// real services and database: a timeout is UNKNOWN and the provider is asked by our key before
// anything else; a reversed payout undoes the loan; a repeated or late webhook changes nothing.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, daysBetween, todayInIndia } from "../../../core/calendar.ts";
import { bankAccounts, creditManagers, customerProfiles, leads, loanQuotes, loanTerms, payouts } from "../../db/schema/index.ts";
import { PayoutError, type PayoutPort, type PayoutRequest, type PayoutResult } from "../../providers/payout/port.ts";
import { createSandboxPayout, SANDBOX_REVERSAL_REASON } from "../../providers/payout/sandbox.ts";
import { completeBankingAndEsign, customerAtBanking, bankPayload, signOnSandbox, skipAutopay } from "../../test-support/banking.ts";
import { creditDeskOf, disbursalOf } from "../../test-support/desks.ts";
import { createClock, createTestApp } from "../../test-support/test-app.ts";
import { type AuditEntry, type StaffActor } from "../credit/credit.service.ts";
import { interestAccrualEntry } from "../ledger/postings.ts";
import { DISBURSAL_MESSAGES } from "./disbursal.service.ts";
import { termsOf } from "./loans.service.ts";
import { selectLeads } from "./loan-account.service.ts";

const clock = createClock();
let t: Awaited<ReturnType<typeof createTestApp>>;
const audited: AuditEntry[] = [];
const audit = { record: async (_tx: unknown, entry: AuditEntry) => void audited.push(entry) };
const head: StaffActor = { staffId: "head-1", role: "credit_head" };
const payer: StaffActor = { staffId: "pay-1", role: "disbursal" };

// The sandbox provider; its webhooks are held, so a test delivers them when it chooses (a late webhook).
const timers: (() => void)[] = [];
const sandbox = createSandboxPayout({ failAccount: "666666666666", schedule: (run) => void timers.push(run) });
const held: { rawBody: string; headers: Record<string, string> }[] = [];
sandbox.setWebhookReceiver(async (delivery) => void held.push(delivery));

/** A provider under the test's control: every call recorded; create and statusByKey answer as told. */
function scriptedProvider() {
  const calls: { op: "create" | "statusByKey"; key: string }[] = [];
  const script = { create: "timeout" as "timeout" | "pending", byKey: null as PayoutResult | null | "down" };
  const port: PayoutPort = {
    provider: "scripted",
    async create(r: PayoutRequest) {
      calls.push({ op: "create", key: r.idempotencyKey });
      if (script.create === "timeout") throw new PayoutError("timeout", "no answer");
      return {
        providerReference: `pout_${r.idempotencyKey.replace(/\W/g, "").slice(0, 20)}`,
        loanId: r.loanId,
        status: "PENDING",
        utr: null,
        failureReason: null,
      };
    },
    status: async (ref) => ({ providerReference: ref, loanId: "", status: "PENDING", utr: null, failureReason: null }),
    async statusByKey(key) {
      calls.push({ op: "statusByKey", key });
      if (script.byKey === "down") throw new PayoutError("timeout", "no answer");
      return script.byKey;
    },
    parseWebhook: () => null,
  };
  return { port, calls, script };
}

let services: ReturnType<typeof makeDisbursal>;
function makeDisbursal(port: PayoutPort) {
  return disbursalOf(t.services, port, audit);
}
let credit: ReturnType<typeof creditDeskOf>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  const s = t.services;
  credit = creditDeskOf(s, audit);
  services = makeDisbursal(sandbox.port);
});
afterAll(() => t?.database.close());

async function sanctioned(account?: string) {
  const user = await customerAtBanking(t);
  if (account) {
    const bank = await user.send(bankPayload({ account_number: account, confirm_account_number: account }));
    if (bank.body.Status !== 1) throw new Error(bank.body.Message);
    if (bank.body.Status !== 1) throw new Error(bank.body.Message);
    await signOnSandbox(t, await skipAutopay(user), user.mobile);
  } else {
    await completeBankingAndEsign(t, user);
  }
  const [lead] = await selectLeads(t.services.db).where(eq(leads.id, user.leadId));
  const [manager] = await t.services.db.select().from(creditManagers).where(eq(creditManagers.id, lead.creditManagerId!));
  await credit.recommend({ staffId: "cm-1", role: "credit_manager", email: manager.email }, { leadId: lead.id, outcome: "SANCTION", reasonCode: "POLICY_MET" });
  await credit.decide(head, { leadId: lead.id, outcome: "SANCTION", reasonCode: "POLICY_MET" });
  return { leadId: lead.id, mobile: user.mobile };
}

const attemptsOf = (leadId: string) => t.services.db.select().from(payouts).where(eq(payouts.loanId, leadId)).orderBy(payouts.attempt);
const leadOf = async (leadId: string) => (await selectLeads(t.services.db).where(eq(leads.id, leadId)))[0];
const entriesOf = (leadId: string) => t.services.ledger.entries(leadId);
const atProvider = async (leadId: string) => (await sandbox.payouts()).filter((p) => p.idempotencyKey.startsWith(leadId));
async function deliverHeld() {
  const applied = [];
  for (const d of held.splice(0)) applied.push((await services.handleWebhook(d)).applied);
  return applied;
}

describe("a payout whose call times out is UNKNOWN, never FAILED", () => {
  it("555555555555: the provider paid; the next press asks it first and finds it paid: one payout, one disbursal entry", async () => {
    const s = await sanctioned("555555555555");
    const first = await services.desk.disburse(payer, { leadId: s.leadId });
    expect(first).toMatchObject({ status: "UNKNOWN", attempt: 1, alreadyRequested: false });
    expect(await attemptsOf(s.leadId)).toMatchObject([{ status: "UNKNOWN", idempotencyKey: s.leadId, providerReference: null }]);
    expect((await leadOf(s.leadId)).status).toBe("SANCTIONED");
    expect(audited.some((e) => e.action === "payout.unknown" && e.target?.id === s.leadId)).toBe(true);

    // The next press on the desk: the provider is asked by our key, and says paid. Nothing is sent again.
    const again = await services.desk.disburse(payer, { leadId: s.leadId });
    expect(again).toMatchObject({ status: "SUCCESS", attempt: 1, alreadyRequested: true });
    expect(await atProvider(s.leadId)).toEqual([
      { accountLast4: "5555", amountPaise: expect.any(Number), idempotencyKey: s.leadId, status: "SUCCESS", utr: expect.any(String) },
    ]);
    const lead = await leadOf(s.leadId);
    expect(lead.status).toBe("DISBURSED");
    expect((await entriesOf(s.leadId)).filter((e) => e.kind === "disbursal").map((e) => e.idempotencyKey)).toEqual([`payout:${s.leadId}`]);
    // The SMS gives the cooling-off end: 3 days from payout (22 Nov 2026 → 25 Nov 2026).
    const sms = (await t.services.outbox!.outbox(50)).find((m) => m.to === s.mobile && m.text.includes(lead.loanNo!));
    expect(sms?.text).toContain("You may cancel the loan without penalty until 25 Nov 2026.");

    // The provider's webhook arrives late, and again: nothing changes.
    timers.splice(0).forEach((run) => run());
    await sandbox.settled((await attemptsOf(s.leadId))[0].providerReference!);
    expect(held).toHaveLength(1);
    held.push(held[0]);
    expect(await deliverHeld()).toEqual([false, false]);
    expect(await services.desk.disburse(payer, { leadId: s.leadId })).toMatchObject({ alreadyRequested: true, status: "SUCCESS" });
    expect(await atProvider(s.leadId)).toHaveLength(1);
    expect((await entriesOf(s.leadId)).filter((e) => e.kind === "disbursal")).toHaveLength(1);
  });

  it("Check with provider settles an unknown payout without sending anything; the job does the same", async () => {
    const a = await sanctioned("555555555555");
    const b = await sanctioned("555555555555");
    await services.desk.disburse(payer, { leadId: a.leadId });
    await services.desk.disburse(payer, { leadId: b.leadId });
    const checked = await services.desk.check(payer, { leadId: a.leadId });
    expect(checked).toMatchObject({ status: "SUCCESS", message: "The provider confirms the payout was paid. The loan is now active." });
    expect(await services.checkOpenPayouts()).toMatchObject({ settled: 1 });
    expect((await leadOf(b.leadId)).status).toBe("DISBURSED");
    expect(await atProvider(a.leadId)).toHaveLength(1);
    expect(await atProvider(b.leadId)).toHaveLength(1);
    // Check pressed on a page drawn before the answer (the job settled b first): the desk is told it was
    // paid, and nothing is sent again.
    expect(await services.desk.check(payer, { leadId: b.leadId })).toMatchObject({
      status: "SUCCESS",
      attempt: 1,
      message: "The provider confirms the payout was paid. The loan is now active.",
    });
    expect(await services.desk.check(payer, { leadId: a.leadId })).toMatchObject({ status: "SUCCESS", attempt: 1 });
    expect(await atProvider(a.leadId)).toHaveLength(1);
    expect(await atProvider(b.leadId)).toHaveLength(1);
    // A loan with no payout at all has nothing to check.
    const c = await sanctioned("555555555555");
    await expect(services.desk.check(payer, { leadId: c.leadId })).rejects.toThrow(DISBURSAL_MESSAGES.noneToCheck);
    // Their webhooks, when they come, change nothing.
    timers.splice(0).forEach((run) => run());
    for (const { leadId } of [a, b]) await sandbox.settled((await attemptsOf(leadId))[0].providerReference!);
    expect(await deliverHeld()).toEqual([false, false]);
  });

  it("the provider says it failed: then, and only then, a retry goes under a new key", async () => {
    const p = scriptedProvider();
    const desk = makeDisbursal(p.port).desk;
    const s = await sanctioned();
    expect((await desk.disburse(payer, { leadId: s.leadId })).status).toBe("UNKNOWN");
    p.script.byKey = {
      providerReference: "pout_F1",
      loanId: s.leadId,
      reference: s.leadId,
      status: "FAILED",
      utr: null,
      failureReason: "Beneficiary bank is offline.",
    };
    expect(await desk.disburse(payer, { leadId: s.leadId })).toMatchObject({ status: "FAILED", attempt: 1 });
    expect(await attemptsOf(s.leadId)).toMatchObject([{ status: "FAILED", failureReason: "Beneficiary bank is offline." }]);
    // Check pressed on a page drawn before that answer: told it failed, without asking the provider again.
    expect(await desk.check(payer, { leadId: s.leadId })).toMatchObject({
      status: "FAILED",
      attempt: 1,
      message: "The provider confirms the payout failed. It may be paid out again.",
    });
    p.script.create = "pending";
    expect(await desk.disburse(payer, { leadId: s.leadId })).toMatchObject({ status: "PENDING", attempt: 2 });
    expect(p.calls).toEqual([
      { op: "create", key: s.leadId },
      { op: "statusByKey", key: s.leadId },
      { op: "create", key: `${s.leadId}:2` },
    ]);
  });

  it("the provider still has it pending, or cannot be reached: no retry at all", async () => {
    const p = scriptedProvider();
    const desk = makeDisbursal(p.port).desk;
    const s = await sanctioned();
    await desk.disburse(payer, { leadId: s.leadId });
    p.script.byKey = "down";
    await expect(desk.disburse(payer, { leadId: s.leadId })).rejects.toThrow(DISBURSAL_MESSAGES.stillUnknown);
    await expect(desk.check(payer, { leadId: s.leadId })).rejects.toThrow(DISBURSAL_MESSAGES.stillUnknown);
    expect(await attemptsOf(s.leadId)).toMatchObject([{ status: "UNKNOWN" }]);
    p.script.byKey = { providerReference: "pout_P1", loanId: s.leadId, reference: s.leadId, status: "PENDING", utr: null, failureReason: null };
    expect(await desk.disburse(payer, { leadId: s.leadId })).toMatchObject({ status: "PENDING", attempt: 1, alreadyRequested: true });
    expect(await desk.disburse(payer, { leadId: s.leadId })).toMatchObject({ status: "PENDING", alreadyRequested: true });
    expect(p.calls.filter((c) => c.op === "create")).toEqual([{ op: "create", key: s.leadId }]);
    expect(await attemptsOf(s.leadId)).toMatchObject([{ status: "PENDING", providerReference: "pout_P1" }]);
  });

  it("the provider has no record of it: Check says so and sends nothing; the next press resends under the same key", async () => {
    const p = scriptedProvider();
    const desk = makeDisbursal(p.port).desk;
    const s = await sanctioned();
    await desk.disburse(payer, { leadId: s.leadId });
    p.script.byKey = null;
    expect(await desk.check(payer, { leadId: s.leadId })).toMatchObject({ status: "UNKNOWN", message: DISBURSAL_MESSAGES.notAtProvider });
    p.script.create = "pending";
    expect(await desk.disburse(payer, { leadId: s.leadId })).toMatchObject({ status: "PENDING", attempt: 1 });
    expect(p.calls.filter((c) => c.op === "create").map((c) => c.key)).toEqual([s.leadId, s.leadId]);
  });
});

describe("a payout the bank returns (payout.reversed after payout.processed)", () => {
  it("444444444444: reverses the disbursal and accruals, balances zero, SANCTIONED with the reason, SMS; late webhooks change nothing", async () => {
    const s = await sanctioned("444444444444");
    const out = await services.desk.disburse(payer, { leadId: s.leadId });
    await sandbox.settled((await attemptsOf(s.leadId))[0].providerReference!);
    expect(await deliverHeld()).toEqual([true]);
    const paid = await leadOf(s.leadId);
    expect(paid.status).toBe("DISBURSED");
    // The loan's terms carry the cooling-off end: 3 days from the payout on 22 Nov 2026.
    expect((await termsOf(t.services.db, s.leadId))?.coolingOffEndsOn).toBe("2026-11-25");
    const processed = (await attemptsOf(s.leadId))[0];
    // A day's interest (1% of the principal) accrued before the bank sent the money back.
    const dayInterest = paid.loanRecommended! * 100 * 0.01;
    await t.services.db.transaction((tx) =>
      t.services.ledger.post(tx, interestAccrualEntry({ loanId: s.leadId, on: todayInIndia(clock.now()), amount: dayInterest })),
    );
    const before = await entriesOf(s.leadId);
    expect(before.map((e) => e.kind)).toEqual(["disbursal", "interest_accrual"]);

    // A few seconds later the provider reverses it (its timer), with a second signed webhook.
    timers.splice(0).forEach((run) => run());
    await sandbox.reversed(processed.providerReference!);
    const reversal = held.splice(0);
    expect(reversal).toHaveLength(1);
    expect(JSON.parse(reversal[0].rawBody).event).toBe("payout.reversed");
    expect((await services.handleWebhook(reversal[0])).applied).toBe(true);

    const after = await entriesOf(s.leadId);
    expect(
      after
        .filter((e) => e.kind === "reversal")
        .map((e) => e.idempotencyKey)
        .sort(),
    ).toEqual([`reversal:payout:${s.leadId}`, `reversal:${before[1].idempotencyKey}`].sort());
    expect(Object.values(await t.services.ledger.balances(s.leadId)).every((v) => v === 0)).toBe(true);
    // Each reversal is dated as its original, so the books as of any day hold nothing for it.
    expect(after.filter((e) => e.kind === "reversal").map((e) => e.effectiveOn)).toEqual([paid.disbursalDate, paid.disbursalDate]);
    expect((await termsOf(t.services.db, s.leadId))?.coolingOffEndsOn).toBeNull();
    const books = await t.services.booksCheck.run(paid.disbursalDate!);
    expect(books.problems.filter((p) => p.loanId === s.leadId)).toEqual([]);
    const lead = await leadOf(s.leadId);
    expect(lead).toMatchObject({ status: "SANCTIONED", loanNo: paid.loanNo, disbursalDate: null });
    expect(await attemptsOf(s.leadId)).toMatchObject([{ id: out.payoutId, status: "REVERSED", reversalReason: SANDBOX_REVERSAL_REASON }]);
    const [account] = await t.services.db.select().from(bankAccounts).where(eq(bankAccounts.leadId, s.leadId));
    expect(account.verificationStatus).toBe("SKIPPED");
    expect(audited.find((e) => e.action === "loan.payout_reversed" && e.target?.id === s.leadId)).toMatchObject({
      after: { status: "SANCTIONED", reason: SANDBOX_REVERSAL_REASON },
    });
    const sms = (await t.services.outbox!.outbox(50)).find((m) => m.to === s.mobile && m.text.includes("returned"));
    const net = `₹${(processed.amountPaise / 100).toLocaleString("en-IN")}`;
    expect(sms?.text).toBe(
      `SalaryOnTime: Your bank returned the ${net} we paid for loan ${paid.loanNo}, so the loan is not active and you owe nothing. We will contact you before paying it out again.`,
    );

    // The reversal again, and the processed webhook replayed late: nothing changes.
    expect((await services.handleWebhook(reversal[0])).applied).toBe(false);
    const processedAgain = sandbox.port.parseWebhook(reversal[0])!;
    expect(processedAgain.status).toBe("REVERSED");
    expect((await entriesOf(s.leadId)).length).toBe(after.length);
    expect((await leadOf(s.leadId)).status).toBe("SANCTIONED");

    // It can be paid out again only after a fresh penny drop (the desk's press does it), under a new key.
    const retry = await services.desk.disburse(payer, { leadId: s.leadId });
    expect(retry.attempt).toBe(2);
    const [reverified] = await t.services.db.select().from(bankAccounts).where(eq(bankAccounts.leadId, s.leadId));
    expect(reverified.verificationStatus).toBe("VERIFIED");
    await sandbox.settled((await attemptsOf(s.leadId))[1].providerReference!);
    expect(await deliverHeld()).toEqual([true]);
    const again = await leadOf(s.leadId);
    expect(again).toMatchObject({ status: "DISBURSED", loanNo: paid.loanNo });
    expect(await t.services.ledger.entryByKey(`payout:${s.leadId}:2`)).toBeTruthy();
    expect((await atProvider(s.leadId)).map((p) => p.idempotencyKey)).toEqual([s.leadId, `${s.leadId}:2`]);
  });
});

describe("the KFS is the loan at payout (decision 35)", () => {
  async function quoteOf(leadId: string) {
    return (await t.services.db.select().from(loanQuotes).where(eq(loanQuotes.leadId, leadId)))[0];
  }

  it("refuses when the repayment date is under 7 days away, and asks the customer for a fresh quote", async () => {
    const s = await sanctioned();
    // As if the quote had been for 6 days from today (a Sunday quote for 9 days, paid on Wednesday).
    const today = todayInIndia(clock.now());
    await t.services.db
      .update(loanTerms)
      .set({ repaymentDate: addDays(today, 6) })
      .where(eq(loanTerms.leadId, s.leadId));
    await expect(services.desk.disburse(payer, { leadId: s.leadId })).rejects.toThrow(
      "The repayment date is now less than 7 days away, so the loan would be shorter than the product allows. The payout was not sent. The customer has been asked by SMS to accept a fresh quote; the loan then comes back to credit for sanction.",
    );
    expect(await attemptsOf(s.leadId)).toEqual([]);
    const lead = await leadOf(s.leadId);
    expect(lead.status).toBe("SUBMITTED");
    expect(lead.requoteRequestedAt).not.toBeNull();
    const [profile] = await t.services.db.select().from(customerProfiles).where(eq(customerProfiles.id, lead.profileId));
    expect(profile.nextStep).toBe("generate_loan_quote");
    const sms = (await t.services.outbox!.outbox(50)).find((m) => m.to === s.mobile && m.text.includes("accept a fresh quote"));
    expect(sms).toBeTruthy();
    expect(audited.find((e) => e.action === "lead.requote" && e.target?.id === s.leadId)).toMatchObject({ after: { tenureDays: 6 } });
  });

  it("reads the shortest tenure from the loan's terms row, not from the product", async () => {
    const s = await sanctioned();
    // As if the product had allowed 30 days at the shortest when this loan's KFS was issued.
    await t.services.db.update(loanTerms).set({ minTenureDays: 30 }).where(eq(loanTerms.leadId, s.leadId));
    await expect(services.desk.disburse(payer, { leadId: s.leadId })).rejects.toThrow("The repayment date is now less than 30 days away");
    expect(await attemptsOf(s.leadId)).toEqual([]);
    expect((await leadOf(s.leadId)).status).toBe("SUBMITTED");
  });

  it("refuses a day late when the APR would rise above the KFS's; pays on the KFS's own day", async () => {
    const s = await sanctioned();
    const quote = await quoteOf(s.leadId);
    const days = daysBetween(todayInIndia(clock.now()), quote.repaymentDate);
    expect(days).toBeGreaterThanOrEqual(8);
    clock.advance(86_400_000);
    try {
      await expect(services.desk.disburse(payer, { leadId: s.leadId })).rejects.toThrow(DISBURSAL_MESSAGES.aprAboveKfs);
    } finally {
      clock.advance(-86_400_000);
    }
    expect(await attemptsOf(s.leadId)).toEqual([]);
    expect((await leadOf(s.leadId)).status).toBe("SUBMITTED");
    const paid = await sanctioned();
    expect((await services.desk.disburse(payer, { leadId: paid.leadId })).status).toBe("PENDING");
    expect(audited.filter((e) => e.action === "lead.requote" && e.target?.id === paid.leadId)).toEqual([]);
  });
});

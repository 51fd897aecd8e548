// Credit review → sanction → disbursal on the real services and database (PGlite, or TEST_DATABASE_URL):
// role refusals, both four-eyes rules, one payout for two presses, a failed payout and its retry, an expired KFS.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bankAccounts, creditManagers, customerProfiles, leads, loanQuotes, loanTerms, payouts } from "../../db/schema/index.ts";
import { encrypt } from "../../security/crypto.ts";
import { Forbidden } from "../domain-errors.ts";
import { createSandboxPayout } from "../../providers/payout/sandbox.ts";
import { completeBankingAndEsign, customerAtBanking, bankPayload, skipAutopay } from "../../test-support/banking.ts";
import { sandboxPayoutDesks } from "../../test-support/desks.ts";
import { createClock, createTestApp } from "../../test-support/test-app.ts";
import { CREDIT_MESSAGES, type AuditEntry, type StaffActor, type StaffRole } from "../credit/credit.service.ts";
import { DISBURSAL_MESSAGES } from "./disbursal.service.ts";
import { selectLeads } from "./loan-account.service.ts";

const clock = createClock();
let t: Awaited<ReturnType<typeof createTestApp>>;
const audited: AuditEntry[] = [];
const audit = { record: async (_tx: unknown, entry: AuditEntry) => void audited.push(entry) };
const sandbox = createSandboxPayout({ failAccount: "666666666666" });
let credit: ReturnType<typeof sandboxPayoutDesks>["credit"];
let disbursal: ReturnType<typeof sandboxPayoutDesks>["disbursal"];

const staff = (staffId: string, role: StaffRole, email?: string): StaffActor => ({ staffId, role, email });
const head1 = staff("head-1", "credit_head");
const head2 = staff("head-2", "credit_head");
const payer = staff("pay-1", "disbursal");

beforeAll(async () => {
  t = await createTestApp({ clock });
  ({ credit, disbursal } = sandboxPayoutDesks(t.services, sandbox, audit));
});
afterAll(() => t?.database.close());

/** A signed (SUBMITTED) lead and the staff credit manager it is assigned to. */
async function submittedLead(account?: string) {
  const user = await customerAtBanking(t);
  if (account) {
    const bank = await user.send(bankPayload({ account_number: account, confirm_account_number: account }));
    if (bank.body.Status !== 1) throw new Error(bank.body.Message);
    const { signOnSandbox } = await import("../../test-support/banking.ts");
    if (bank.body.Status !== 1) throw new Error(bank.body.Message);
    await signOnSandbox(t, await skipAutopay(user), user.mobile);
  } else {
    await completeBankingAndEsign(t, user);
  }
  const [lead] = await selectLeads(t.services.db).where(eq(leads.id, user.leadId));
  const [manager] = await t.services.db.select().from(creditManagers).where(eq(creditManagers.id, lead.creditManagerId!));
  return { user, leadId: user.leadId, manager: staff(`cm-${manager.id.slice(0, 4)}`, "credit_manager", manager.email) };
}

async function sanctioned(account?: string) {
  const s = await submittedLead(account);
  await credit.recommend(s.manager, { leadId: s.leadId, outcome: "SANCTION", reasonCode: "POLICY_MET", note: "Salary credits regular" });
  await credit.decide(head1, { leadId: s.leadId, outcome: "SANCTION", reasonCode: "POLICY_MET" });
  return s;
}

describe("credit review", () => {
  it("lists the manager's submitted leads with masked mobile, and finds one by PAN and by mobile", async () => {
    const s = await submittedLead();
    const queue = await credit.queue(s.manager);
    const item = queue.items.find((i) => i.leadId === s.leadId)!;
    expect(item.mobile).toBe(`XXXXXX${s.user.mobile.slice(-4)}`);
    expect(item.waitedMinutes).toBeGreaterThanOrEqual(0);
    expect((await credit.queue(s.manager, { search: s.user.mobile })).items.map((i) => i.leadId)).toEqual([s.leadId]);
    const other = staff("cm-x", "credit_manager", "nobody@example.invalid");
    expect((await credit.queue(other)).items).toEqual([]);
    const review = await credit.review(s.manager, s.leadId);
    expect(review.bankAccount?.number).toMatch(/^XXXXXX\d{4}$/);
    expect(review.quote?.expired).toBe(false);
    await expect(credit.review(other, s.leadId)).rejects.toThrow(CREDIT_MESSAGES.notYours);
  });

  it("reveals a full account number only with a reason, and audits it", async () => {
    const s = await submittedLead();
    await expect(credit.reveal(s.manager, { leadId: s.leadId, field: "account_number", reason: "" })).rejects.toThrow(CREDIT_MESSAGES.revealReason);
    const shown = await credit.reveal(s.manager, { leadId: s.leadId, field: "account_number", reason: "Check against statement" });
    expect(shown.value).toBe("123456789012");
    expect(audited.at(-1)).toMatchObject({ action: "pii.reveal", reason: "Check against statement", target: { id: s.leadId } });
  });

  it("refuses every action to the wrong role", async () => {
    const s = await submittedLead();
    const input = { leadId: s.leadId, outcome: "SANCTION" as const, reasonCode: "POLICY_MET" };
    for (const role of ["credit_head", "disbursal", "collections", "accounts", "admin", "auditor"] as const) {
      const refusal = credit.recommend(staff("x", role, s.manager.email), input).catch((e: unknown) => e);
      expect(await refusal).toBeInstanceOf(Forbidden);
      expect(((await refusal) as Error).message).toBe(CREDIT_MESSAGES.notAllowed);
    }
    for (const role of ["credit_manager", "disbursal", "collections", "accounts", "admin", "auditor"] as const) {
      const refusal = credit.decide(staff("x", role), input).catch((e: unknown) => e);
      expect(await refusal).toBeInstanceOf(Forbidden);
      expect(((await refusal) as Error).message).toBe(CREDIT_MESSAGES.notAllowed);
    }
    for (const role of ["credit_manager", "credit_head", "collections", "accounts", "admin", "auditor"] as const) {
      const refusal = disbursal.desk.disburse(staff("x", role), { leadId: s.leadId }).catch((e: unknown) => e);
      expect(await refusal).toBeInstanceOf(Forbidden);
      expect(((await refusal) as Error).message).toBe(CREDIT_MESSAGES.notAllowed);
    }
    await expect(credit.decide(null, input)).rejects.toThrow(/sign in/);
  });

  it("needs a recommendation, and a credit head never decides a lead they recommended", async () => {
    const s = await submittedLead();
    await expect(credit.decide(head1, { leadId: s.leadId, outcome: "SANCTION", reasonCode: "POLICY_MET" })).rejects.toThrow(CREDIT_MESSAGES.noRecommendation);
    await expect(credit.recommend(s.manager, { leadId: s.leadId, outcome: "SANCTION", reasonCode: "NOT_A_REASON" })).rejects.toThrow(
      CREDIT_MESSAGES.reasonRequired,
    );
    await credit.recommend(s.manager, { leadId: s.leadId, outcome: "SANCTION", reasonCode: "POLICY_MET" });
    // The same person under a credit head role (e.g. promoted) may not decide it.
    const samePerson = staff(s.manager.staffId, "credit_head");
    await expect(credit.decide(samePerson, { leadId: s.leadId, outcome: "SANCTION", reasonCode: "POLICY_MET" })).rejects.toThrow(CREDIT_MESSAGES.fourEyes);
    expect((await credit.decide(head2, { leadId: s.leadId, outcome: "SANCTION", reasonCode: "POLICY_MET" })).outcome).toBe("SANCTIONED");
  });

  it("rejects with a plain reason by SMS and on Loan Details", async () => {
    const s = await submittedLead();
    await credit.recommend(s.manager, { leadId: s.leadId, outcome: "REJECT", reasonCode: "BUREAU_RISK", note: "Recent defaults" });
    await credit.decide(head1, { leadId: s.leadId, outcome: "REJECT", reasonCode: "BUREAU_RISK" });
    const sms = (await t.services.outbox!.outbox(20)).find((m) => m.to === s.user.mobile && /could not approve/.test(m.text));
    expect(sms?.text).toMatch(/credit history/);
    const detail = await t.post({ lead_id: s.leadId }, { path: "/Api/Website/RepeatInstantJourneyController/getLeadDetail", headers: s.user.headers });
    expect(JSON.stringify(detail.body)).toMatch(/could not approve this application because your credit history/);
    expect(audited.at(-1)).toMatchObject({ action: "lead.reject" });
  });

  it("does not sanction a KFS older than 3 working days: the customer re-accepts a fresh quote", async () => {
    const s = await submittedLead();
    await credit.recommend(s.manager, { leadId: s.leadId, outcome: "SANCTION", reasonCode: "POLICY_MET" });
    clock.advance(5 * 86_400_000);
    try {
      await expect(credit.decide(head1, { leadId: s.leadId, outcome: "SANCTION", reasonCode: "POLICY_MET" })).rejects.toThrow(CREDIT_MESSAGES.kfsExpired);
      const [lead] = await selectLeads(t.services.db).where(eq(leads.id, s.leadId));
      expect(lead.status).toBe("SUBMITTED");
      expect(lead.requoteRequestedAt).not.toBeNull();
      const [profile] = await t.services.db.select().from(customerProfiles).where(eq(customerProfiles.id, lead.profileId));
      expect(profile.nextStep).toBe("generate_loan_quote");
      await expect(credit.decide(head2, { leadId: s.leadId, outcome: "SANCTION", reasonCode: "POLICY_MET" })).rejects.toThrow(CREDIT_MESSAGES.requotePending);
    } finally {
      // Back to the session's day (a 5-day jump would expire the customer's session).
      clock.advance(-5 * 86_400_000);
    }
    // The customer accepts a fresh quote and KFS; the application is back with credit and can be sanctioned.
    const quote = await s.user.send({ event_name: "generate_loan_quote" });
    expect(quote.body.Status).toBe(1);
    const accepted = await s.user.send({
      event_name: "loan_quotation_decision",
      accepted_id: 1,
      amount: quote.body.Data.loan_amount,
      tenure: quote.body.Data.tenure,
      purpose_id: 1,
      kfs_acknowledged: 1,
    });
    expect(accepted.body).toMatchObject({ Status: 1, Data: { next_step: "completed" } });
    expect((await credit.decide(head1, { leadId: s.leadId, outcome: "SANCTION", reasonCode: "POLICY_MET" })).outcome).toBe("SANCTIONED");
  });
});

describe("disbursal", () => {
  it("lists each sanctioned loan with what the customer will be paid: the amount less the fee and its GST", async () => {
    const s = await sanctioned();
    const item = (await credit.disbursalQueue(payer, { search: s.user.mobile })).items.find((i) => i.leadId === s.leadId)!;
    const [quote] = await t.services.db.select().from(loanQuotes).where(eq(loanQuotes.leadId, s.leadId));
    const [terms] = await t.services.db.select().from(loanTerms).where(eq(loanTerms.leadId, s.leadId));
    expect(item.amount).toBe(quote.principal);
    expect(item.netDisbursal! * 100).toBe(terms.netDisbursalPaise);
    expect(item.netDisbursal).toBeLessThan(item.amount!);
  });

  it("never lets the sanctioner pay out", async () => {
    const s = await sanctioned();
    await expect(disbursal.desk.disburse(staff(head1.staffId, "disbursal"), { leadId: s.leadId })).rejects.toThrow(DISBURSAL_MESSAGES.fourEyes);
  });

  it("pays once for two presses at once, then makes the loan: loan_no, ledger, DISBURSED, SMS", async () => {
    const s = await sanctioned();
    const [a, b] = await Promise.all([
      disbursal.desk.disburse(payer, { leadId: s.leadId }),
      disbursal.desk.disburse(staff("pay-2", "disbursal"), { leadId: s.leadId }),
    ]);
    expect([a.alreadyRequested, b.alreadyRequested].sort()).toEqual([false, true]);
    expect(a.payoutId).toBe(b.payoutId);
    const [row] = await t.services.db.select().from(payouts).where(eq(payouts.loanId, s.leadId));
    await sandbox.settled(row.providerReference!);
    const all = await t.services.db.select().from(payouts).where(eq(payouts.loanId, s.leadId));
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ status: "SUCCESS", utr: expect.stringMatching(/^SBXN/) });
    const [lead] = await selectLeads(t.services.db).where(eq(leads.id, s.leadId));
    expect(lead.status).toBe("DISBURSED");
    expect(lead.loanNo).toMatch(/^SOT2611\d{6}$/);
    expect(lead.disbursalDate).toBe("2026-11-22");
    const entry = await t.services.ledger.entryByKey(`payout:${s.leadId}`);
    expect(entry).toBeTruthy();
    const sms = (await t.services.outbox!.outbox(20)).find((m) => m.to === s.user.mobile && m.text.includes(lead.loanNo!));
    expect(sms?.text).toMatch(/has been paid to your bank account .* Please repay ₹[\d,]+ by/);
    // A repeated request after success pays nothing more.
    expect((await disbursal.desk.disburse(payer, { leadId: s.leadId })).alreadyRequested).toBe(true);
    const dashboard = await t.post({}, { path: "/Api/Website/RepeatInstantJourneyController/getDashboardData", headers: s.user.headers });
    expect(JSON.stringify(dashboard.body)).toContain(lead.loanNo!);
  });

  it("a failed payout leaves the loan SANCTIONED with the reason; a retry is audited as one", async () => {
    const s = await sanctioned("666666666666");
    const first = await disbursal.desk.disburse(payer, { leadId: s.leadId });
    const [row] = await t.services.db.select().from(payouts).where(eq(payouts.id, first.payoutId));
    await sandbox.settled(row.providerReference!);
    const attempts = await disbursal.desk.payouts(payer, { leadId: s.leadId });
    expect(attempts).toMatchObject([{ attempt: 1, status: "FAILED", failureReason: "Beneficiary account is closed or invalid." }]);
    const [lead] = await selectLeads(t.services.db).where(eq(leads.id, s.leadId));
    expect(lead).toMatchObject({ status: "SANCTIONED", loanNo: null });
    expect(await t.services.ledger.entryByKey(`payout:${s.leadId}`)).toBeFalsy();
    const retry = await disbursal.desk.disburse(payer, { leadId: s.leadId });
    expect(retry.attempt).toBe(2);
    expect(audited.filter((e) => e.target?.id === s.leadId).map((e) => e.action)).toEqual(
      expect.arrayContaining(["loan.disburse", "payout.failed", "payout.retry"]),
    );
  });

  it("reads a queue page's payout attempts in one call, as payouts() reads each loan's, to the roles that may", async () => {
    const failed = await sanctioned("666666666666");
    const first = await disbursal.desk.disburse(payer, { leadId: failed.leadId });
    const [row] = await t.services.db.select().from(payouts).where(eq(payouts.id, first.payoutId));
    await sandbox.settled(row.providerReference!);
    await disbursal.desk.disburse(payer, { leadId: failed.leadId });
    const waiting = await sanctioned();
    const byLoan = await disbursal.desk.payoutsOfLoans(staff("a-1", "auditor"), { leadIds: [failed.leadId.toUpperCase(), waiting.leadId] });
    expect(Object.keys(byLoan).sort()).toEqual([failed.leadId, waiting.leadId].sort());
    // Both attempts of the failed loan (the sandbox fails that account each time), by attempt number, each for the
    // ₹17,640 paid out; none yet for the other.
    expect(byLoan[failed.leadId]!.map((a) => [a.attempt, a.status, a.amountPaise])).toEqual([
      [1, "FAILED", 1_764_000],
      [2, "FAILED", 1_764_000],
    ]);
    expect(byLoan[failed.leadId]).toEqual(await disbursal.desk.payouts(payer, { leadId: failed.leadId }));
    expect(byLoan[waiting.leadId]).toEqual([]);
    expect(await disbursal.desk.payoutsOfLoans(payer, { leadIds: [] })).toEqual({});
    for (const role of ["credit_manager", "collections", "admin"] as const) {
      const refusal = disbursal.desk.payoutsOfLoans(staff("x", role), { leadIds: [failed.leadId] }).catch((e: unknown) => e);
      expect(await refusal).toBeInstanceOf(Forbidden);
    }
    await expect(disbursal.desk.payoutsOfLoans(payer, { leadIds: ["not-a-loan"] })).rejects.toThrow("No such loan.");
    await expect(disbursal.desk.payoutsOfLoans(payer, { leadIds: Array.from({ length: 101 }, () => failed.leadId) })).rejects.toThrow(
      "At most 100 loans at a time.",
    );
  });

  it("penny-drops an account the customer skipped before paying out, and refuses one in another name", async () => {
    // As if the customer had chosen Skip on Banking Details: the account is on file, unverified.
    const skip = async (leadId: string, accountNumber: string) =>
      t.services.db
        .update(bankAccounts)
        .set({ verificationStatus: "SKIPPED", verifiedAt: null, nameAtBank: null, accountNumberEnc: encrypt(t.services.env.ENCRYPTION_KEY, accountNumber) })
        .where(eq(bankAccounts.leadId, leadId));
    const good = await sanctioned();
    await skip(good.leadId, "123456789012");
    const paid = await disbursal.desk.disburse(payer, { leadId: good.leadId });
    expect(paid.alreadyRequested).toBe(false);
    const [verified] = await t.services.db.select().from(bankAccounts).where(eq(bankAccounts.leadId, good.leadId));
    expect(verified).toMatchObject({ verificationStatus: "VERIFIED", verifiedAt: expect.any(Date) });
    expect(verified.nameAtBank).toBeTruthy();

    const other = await sanctioned();
    await skip(other.leadId, "888888888888");
    await expect(disbursal.desk.disburse(payer, { leadId: other.leadId })).rejects.toThrow(
      "The penny drop found another name on this account. Ask the customer for an account in their own name before payout.",
    );
    expect(await t.services.db.select().from(payouts).where(eq(payouts.loanId, other.leadId))).toEqual([]);
    const [still] = await t.services.db.select().from(bankAccounts).where(eq(bankAccounts.leadId, other.leadId));
    expect(still.verificationStatus).toBe("SKIPPED");
  });

  it("refuses a forged webhook", async () => {
    await expect(disbursal.handleWebhook({ rawBody: "{}", headers: { "x-razorpay-signature": "00" } })).rejects.toThrow(/could not be verified/);
  });
});

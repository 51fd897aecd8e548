import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, ledgerPostings } from "../../db/schema/index.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import { LedgerError, type LedgerService } from "./ledger.service.ts";
import { ledgerKeys, repaymentEntry, reversalEntry, type EntryInput } from "./postings.ts";
import { disbursalEntry, newLoanId } from "../../test-support/ledger.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let ledger: LedgerService;

beforeAll(async () => {
  t = await createTestApp();
  ledger = t.services.ledger;
});
afterAll(() => t.close());

const countRows = async () => {
  const [e] = await t.services.db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries);
  const [p] = await t.services.db.select({ n: sql<number>`count(*)::int` }).from(ledgerPostings);
  return { entries: e.n, postings: p.n };
};

describe("disbursal entry (decision 1 figures)", () => {
  it("₹20,000 for 30 days: principal Dr 20,00,000; bank Cr 17,64,000; fee Cr 2,00,000; GST Cr 36,000", async () => {
    const loanId = await newLoanId(t);
    const entry = disbursalEntry({ loanId, principalRupees: 20_000, tenureDays: 30, disbursedOn: "2026-11-01" });
    expect(entry.postings).toEqual([
      { account: "principal_receivable", side: "debit", amount: 2_000_000 },
      { account: "bank", side: "credit", amount: 1_764_000 },
      { account: "fee_income", side: "credit", amount: 200_000 },
      { account: "gst_payable", side: "credit", amount: 36_000 },
    ]);
    const bankBefore = await ledger.accountBalance("bank");
    expect(await t.services.db.transaction((tx) => ledger.post(tx, entry))).toMatchObject({ posted: true });
    expect(await ledger.balances(loanId)).toMatchObject({
      principal_receivable: 2_000_000,
      fee_income: 200_000,
      gst_payable: 36_000,
      interest_receivable: 0,
      round_off: 0,
    });
    expect((await ledger.accountBalance("bank")) - bankBefore).toBe(-1_764_000);
    const statement = await ledger.entries(loanId);
    expect(statement).toHaveLength(1);
    expect(statement[0]).toMatchObject({ idempotencyKey: `payout:${loanId}`, kind: "disbursal", effectiveOn: "2026-11-01" });
  });

  it("puts the rupee rounding of the net disbursal in round_off, keeping the KFS fee and GST", () => {
    // ₹10,100: fee 1,010.00; GST 18% = 181.80; 10,100 − 1,191.80 = 8,908.20 → net ₹8,908; 20 paise kept.
    const entry = disbursalEntry({ loanId: "00000000-0000-4000-8000-000000000001", principalRupees: 10_100, tenureDays: 20, disbursedOn: "2026-11-01" });
    expect(entry.postings).toEqual([
      { account: "principal_receivable", side: "debit", amount: 1_010_000 },
      { account: "bank", side: "credit", amount: 890_800 },
      { account: "fee_income", side: "credit", amount: 101_000 },
      { account: "gst_payable", side: "credit", amount: 18_180 },
      { account: "round_off", side: "credit", amount: 20 },
    ]);
    // ₹10,300: fee 1,030; GST 185.40; net 9,084.60 → ₹9,085: the customer gets 40 paise more.
    const up = disbursalEntry({ loanId: "00000000-0000-4000-8000-000000000001", principalRupees: 10_300, tenureDays: 20, disbursedOn: "2026-11-01" });
    expect(up.postings.at(-1)).toEqual({ account: "round_off", side: "debit", amount: 40 });
    expect(up.postings.find((p) => p.account === "bank")?.amount).toBe(908_500);
  });
});

describe("post", () => {
  it("posts a key once; a retry returns the first entry; the same key with other figures is refused", async () => {
    const loanId = await newLoanId(t);
    const entry = disbursalEntry({ loanId, principalRupees: 15_000, tenureDays: 20, disbursedOn: "2026-11-02" });
    const first = await ledger.post(t.services.db, entry);
    const before = await countRows();
    const again = await ledger.post(t.services.db, entry);
    expect(first.posted).toBe(true);
    expect(again).toEqual({ posted: false, entryId: first.entryId });
    expect(await countRows()).toEqual(before);
    const other = disbursalEntry({ loanId, principalRupees: 16_000, tenureDays: 20, disbursedOn: "2026-11-02" });
    await expect(ledger.post(t.services.db, other)).rejects.toThrow(/already posted with different figures/);
    expect((await ledger.balances(loanId)).principal_receivable).toBe(1_500_000);
  });

  it("refuses empty, one-sided, unbalanced, non-integer, zero, negative and unknown-account entries, writing nothing", async () => {
    const loanId = await newLoanId(t);
    const base = (postings: EntryInput["postings"]): EntryInput => ({
      idempotencyKey: `test:${Math.random()}`,
      kind: "repayment",
      loanId,
      effectiveOn: "2026-11-03",
      postings,
    });
    const before = await countRows();
    const bad: EntryInput[] = [
      base([]),
      base([{ account: "bank", side: "debit", amount: 100 }]),
      base([
        { account: "bank", side: "debit", amount: 100 },
        { account: "principal_receivable", side: "credit", amount: 99 },
      ]),
      base([
        { account: "bank", side: "debit", amount: 100.5 },
        { account: "principal_receivable", side: "credit", amount: 100.5 },
      ]),
      base([
        { account: "bank", side: "debit", amount: 0 },
        { account: "principal_receivable", side: "credit", amount: 0 },
      ]),
      base([
        { account: "bank", side: "debit", amount: -100 },
        { account: "principal_receivable", side: "credit", amount: -100 },
      ]),
      base([
        { account: "bank", side: "debit", amount: 100 },
        { account: "cash_box" as never, side: "credit", amount: 100 },
      ]),
      {
        ...base([
          { account: "bank", side: "debit", amount: 100 },
          { account: "principal_receivable", side: "credit", amount: 100 },
        ]),
        loanId: null,
      },
      {
        ...base([
          { account: "bank", side: "debit", amount: 100 },
          { account: "principal_receivable", side: "credit", amount: 100 },
        ]),
        effectiveOn: "2026-02-30",
      },
    ];
    for (const entry of bad) await expect(ledger.post(t.services.db, entry)).rejects.toThrow(LedgerError);
    expect(await countRows()).toEqual(before);
  });

  it("rolls back with the caller's transaction", async () => {
    const loanId = await newLoanId(t);
    const entry = disbursalEntry({ loanId, principalRupees: 12_000, tenureDays: 10, disbursedOn: "2026-11-04" });
    await expect(
      t.services.db.transaction(async (tx) => {
        await ledger.post(tx, entry);
        throw new Error("the payout failed");
      }),
    ).rejects.toThrow("the payout failed");
    expect(await ledger.entries(loanId)).toEqual([]);
    expect((await ledger.post(t.services.db, entry)).posted).toBe(true);
  });

  it("posts once when two transactions race with the same key", async () => {
    const loanId = await newLoanId(t);
    const entry = disbursalEntry({ loanId, principalRupees: 25_000, tenureDays: 30, disbursedOn: "2026-11-05" });
    // Plain race: both start together.
    const plain = await Promise.all([1, 2].map(() => t.services.db.transaction((tx) => ledger.post(tx, entry))));
    expect(plain.map((r) => r.posted).sort()).toEqual([false, true]);
    expect(new Set(plain.map((r) => r.entryId)).size).toBe(1);

    // Held race: the first transaction has inserted the key and not committed when the second posts.
    const loan2 = await newLoanId(t);
    const entry2 = disbursalEntry({ loanId: loan2, principalRupees: 25_000, tenureDays: 30, disbursedOn: "2026-11-05" });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let inserted!: () => void;
    const firstInserted = new Promise<void>((r) => (inserted = r));
    const first = t.services.db.transaction(async (tx) => {
      const r = await ledger.post(tx, entry2);
      inserted();
      await gate;
      return r;
    });
    await firstInserted;
    const second = t.services.db.transaction((tx) => ledger.post(tx, entry2));
    if (t.database.kind === "postgres") await waitForLockWaiter();
    release();
    const [a, b] = await Promise.all([first, second]);
    expect([a.posted, b.posted]).toEqual([true, false]);
    expect(b.entryId).toBe(a.entryId);
    expect(await ledger.entries(loan2)).toHaveLength(1);
    expect((await ledger.balances(loan2)).principal_receivable).toBe(2_500_000);
  });

  it("the racer posts when the first transaction rolls back", async () => {
    const loanId = await newLoanId(t);
    const entry = disbursalEntry({ loanId, principalRupees: 11_000, tenureDays: 30, disbursedOn: "2026-11-06" });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let inserted!: () => void;
    const firstInserted = new Promise<void>((r) => (inserted = r));
    const first = t.services.db.transaction(async (tx) => {
      await ledger.post(tx, entry);
      inserted();
      await gate;
      throw new Error("payout refused");
    });
    await firstInserted;
    const second = t.services.db.transaction((tx) => ledger.post(tx, entry));
    if (t.database.kind === "postgres") await waitForLockWaiter();
    release();
    await expect(first).rejects.toThrow("payout refused");
    expect((await second).posted).toBe(true);
    expect(await ledger.entries(loanId)).toHaveLength(1);
  });
});

/** PostgreSQL: until a session waits on a lock (the second INSERT on the first one's key). */
async function waitForLockWaiter() {
  for (let i = 0; i < 500; i++) {
    const r = (await t.services.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
    )) as unknown as { rows: { n: number }[] };
    if (r.rows[0].n > 0) return;
  }
  throw new Error("the second transaction never waited on the first");
}

describe("database guards (any writer, not only the service)", () => {
  it("refuses an unbalanced entry at commit, and any update or delete", async () => {
    const loanId = await newLoanId(t);
    await expect(
      t.services.db.transaction(async (tx) => {
        const [e] = await tx
          .insert(ledgerEntries)
          .values({ idempotencyKey: `raw:${loanId}`, kind: "repayment", loanId, effectiveOn: "2026-11-07", occurredAt: new Date() })
          .returning();
        await tx.insert(ledgerPostings).values([
          { entryId: e.id, lineNo: 1, account: "bank", loanId: null, side: "debit", amount: 100 },
          { entryId: e.id, lineNo: 2, account: "principal_receivable", loanId, side: "credit", amount: 90 },
        ]);
      }),
    ).rejects.toThrow();
    expect(await ledger.entries(loanId)).toEqual([]);
    await expect(
      t.services.db.insert(ledgerPostings).values({ entryId: crypto.randomUUID(), lineNo: 1, account: "bank", side: "debit", amount: 0 }),
    ).rejects.toThrow();

    await ledger.post(t.services.db, disbursalEntry({ loanId, principalRupees: 10_000, tenureDays: 30, disbursedOn: "2026-11-07" }));
    await expect(t.services.db.execute(sql`update ledger_postings set amount = amount + 1 where loan_id = ${loanId}`)).rejects.toThrow();
    await expect(t.services.db.execute(sql`delete from ledger_entries where loan_id = ${loanId}`)).rejects.toThrow();
    expect((await ledger.balances(loanId)).principal_receivable).toBe(1_000_000);
  });

  it("discards demo loans only when allowed (sandbox), and nothing else", async () => {
    const loanId = await newLoanId(t);
    const keep = await newLoanId(t);
    await ledger.post(t.services.db, disbursalEntry({ loanId, principalRupees: 10_000, tenureDays: 30, disbursedOn: "2026-11-08" }));
    await ledger.post(t.services.db, disbursalEntry({ loanId: keep, principalRupees: 10_000, tenureDays: 30, disbursedOn: "2026-11-08" }));
    expect(await ledger.discardDemoLoans([loanId])).toBe(1);
    expect(await ledger.entries(loanId)).toEqual([]);
    expect(await ledger.entries(keep)).toHaveLength(1);
    const { createLedgerService } = await import("./ledger.service.ts");
    await expect(createLedgerService({ db: t.services.db, now: t.services.now }).discardDemoLoans([keep])).rejects.toThrow(LedgerError);
  });
});

describe("repayment entry", () => {
  it("debits the gateway's clearing account and credits the receivables as allocated, the rest to customer excess", async () => {
    const loanId = await newLoanId(t);
    const entry = repaymentEntry({
      loanId,
      idempotencyKey: ledgerKeys.gatewayPayment("razorpay", "pay_TEST123"),
      receivedOn: "2026-12-01",
      into: { gateway: "razorpay" },
      allocation: { interest: 600_000, principal: 2_000_000, penal: 0, excess: 100_000 },
    });
    expect(entry.idempotencyKey).toBe("razorpay:pay_TEST123");
    expect(entry.postings).toEqual([
      { account: "clearing_razorpay", side: "debit", amount: 2_700_000 },
      { account: "interest_receivable", side: "credit", amount: 600_000 },
      { account: "principal_receivable", side: "credit", amount: 2_000_000 },
      { account: "customer_excess", side: "credit", amount: 100_000 },
    ]);
  });
});

describe("reversal entry (decision 36: corrections are new entries)", () => {
  it("swaps every posting of the original, posts once, and brings the balances back to zero", async () => {
    const loanId = await newLoanId(t);
    const original = disbursalEntry({ loanId, principalRupees: 20_000, tenureDays: 30, disbursedOn: "2026-11-01" });
    const reversal = reversalEntry(original, { effectiveOn: "2026-11-03", memo: "payout reversed by the bank" });
    expect(reversal).toMatchObject({ idempotencyKey: `reversal:payout:${loanId}`, kind: "reversal", loanId, effectiveOn: "2026-11-03" });
    expect(reversal.postings).toEqual([
      { account: "principal_receivable", side: "credit", amount: 2_000_000 },
      { account: "bank", side: "debit", amount: 1_764_000 },
      { account: "fee_income", side: "debit", amount: 200_000 },
      { account: "gst_payable", side: "debit", amount: 36_000 },
    ]);
    await t.services.db.transaction(async (tx) => {
      await ledger.post(tx, original);
      expect(await ledger.post(tx, reversal)).toMatchObject({ posted: true });
      expect(await ledger.post(tx, reversal)).toMatchObject({ posted: false });
    });
    expect(Object.values(await ledger.balances(loanId)).every((v) => v === 0)).toBe(true);
    expect((await ledger.entries(loanId)).map((e) => e.kind)).toEqual(["disbursal", "reversal"]);
  });

  it("takes the settlement accounts without a loan (migration 1000)", async () => {
    const entry: EntryInput = {
      idempotencyKey: `settlement-test:${Math.random()}`,
      kind: "settlement",
      loanId: null,
      effectiveOn: "2026-11-04",
      postings: [
        { account: "bank", side: "debit", amount: 97_640 },
        { account: "gateway_fee_expense", side: "debit", amount: 2_000 },
        { account: "gateway_fee_gst_expense", side: "debit", amount: 360 },
        { account: "clearing_razorpay", side: "credit", amount: 100_000 },
      ],
    };
    expect(await t.services.db.transaction((tx) => ledger.post(tx, entry))).toMatchObject({ posted: true });
  });
});

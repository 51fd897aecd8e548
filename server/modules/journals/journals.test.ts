// Manual journals with four eyes (decision 44) on the real services and database: one accounts person
// enters, the same person may not approve, another approves and the ledger holds it (figures by hand);
// every bad input is refused with a clear message and nothing written; rejection keeps its reason; the
// auditor reads; other roles are refused.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JournalEntry } from "../../../core/admin/journal-desk.ts";
import { auditLog, ledgerEntries, manualJournals } from "../../db/schema/index.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import type { StaffActor } from "../credit/credit.service.ts";
import { Forbidden, InvalidInput, NotFound, Refused } from "../domain-errors.ts";
import { JOURNAL_MESSAGES } from "./journal-input.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
const maker: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000a1", role: "accounts", email: "maker@salaryontime.test" };
const checker: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000a2", role: "accounts", email: "checker@salaryontime.test" };
const auditor: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000d1", role: "auditor", email: "auditor@salaryontime.test" };
const collector: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000c1", role: "collections", email: "collector@salaryontime.test" };

beforeAll(async () => {
  // The test clock: 22 Nov 2026, 11:30 in India.
  t = await createTestApp();
});
afterAll(() => t?.close());

const desk = () => t.services.journals.desk;
const balance = (account: string) => t.services.ledger.accountBalance(account);
const journal = (lines: [string, string, string][], over: Partial<JournalEntry> = {}): JournalEntry => ({
  effectiveOn: "2026-11-20",
  reason: "Share capital subscribed by the promoters",
  lines: lines.map(([account, side, amountRupees]) => ({ account, side, amountRupees })),
  ...over,
});
const written = async () => ({
  journals: Number((await t.services.db.select({ n: count() }).from(manualJournals))[0].n),
  entries: Number((await t.services.db.select({ n: count() }).from(ledgerEntries))[0].n),
  audit: Number((await t.services.db.select({ n: count() }).from(auditLog))[0].n),
});

describe("manual journals with four eyes: entered, approved and audited", () => {
  it("funding: entered by one, refused to its maker, approved by another; bank and capital by hand; audited", async () => {
    const entered = await desk().enter(
      maker,
      journal([
        ["bank", "debit", "50,00,000"],
        ["capital", "credit", "5000000.00"],
        ["", "", ""],
      ]),
    );
    expect(entered).toMatchObject({
      status: "PENDING",
      effectiveOn: "2026-11-20",
      totalPaise: 500_000_000,
      enteredByEmail: maker.email,
      lines: [
        { account: "bank", side: "debit", amountPaise: 500_000_000 },
        { account: "capital", side: "credit", amountPaise: 500_000_000 },
      ],
    });
    // Nothing reaches the ledger before approval.
    expect(await balance("bank")).toBe(0);
    await expect(desk().approve(maker, { id: entered.id })).rejects.toThrow(JOURNAL_MESSAGES.fourEyes);
    expect(await balance("bank")).toBe(0);

    const approved = await desk().approve(checker, { id: entered.id });
    expect(await balance("bank")).toBe(500_000_000);
    expect(await balance("capital")).toBe(500_000_000);
    const entry = await t.services.ledger.entryByKey(`journal:${entered.id}`);
    expect(entry).toMatchObject({ id: approved.entryId, kind: "journal", loanId: null, effectiveOn: "2026-11-20" });
    expect(entry?.memo).toBe("journal: Share capital subscribed by the promoters");

    // Borrowings of ₹10,00,000 and a finance cost of ₹12,345.67 paid from the bank.
    const loan = await desk().enter(
      checker,
      journal(
        [
          ["bank", "debit", "1000000"],
          ["borrowings", "credit", "1000000"],
        ],
        { reason: "Term loan from the bank" },
      ),
    );
    await desk().approve(maker, { id: loan.id });
    const cost = await desk().enter(
      maker,
      journal(
        [
          ["finance_cost", "debit", "12,345.67"],
          ["bank", "credit", "12345.67"],
        ],
        { reason: "Interest on the term loan" },
      ),
    );
    await desk().approve(checker, { id: cost.id });
    // 5,00,00,00,000 + 1,00,00,00,000 − 12,34,567 paise.
    expect(await balance("bank")).toBe(598_765_433);
    expect(await balance("borrowings")).toBe(100_000_000);
    expect(await balance("finance_cost")).toBe(1_234_567);

    const audits = await t.services.db.select().from(auditLog).where(eq(auditLog.targetId, entered.id));
    expect(audits.map((a) => [a.action, a.actorId])).toEqual([
      ["journal.enter", maker.staffId],
      ["journal.approve", checker.staffId],
    ]);
    // Decided once.
    await expect(desk().approve(checker, { id: entered.id })).rejects.toThrow(JOURNAL_MESSAGES.notPending);
    expect((await desk().list(auditor, { status: "APPROVED" })).rows.map((r) => r.id)).toEqual([cost.id, loan.id, entered.id]);
  });
});

describe("manual journals with four eyes: a bad journal is refused", () => {
  it("refuses every bad journal with a clear message and writes nothing", async () => {
    const before = await written();
    const cases: [JournalEntry, string][] = [
      [
        journal([
          ["bank", "debit", "100"],
          ["capital", "credit", "99.99"],
        ]),
        JOURNAL_MESSAGES.unbalanced(10_000, 9_999),
      ],
      [journal([]), JOURNAL_MESSAGES.tooFewLines],
      [journal([["bank", "debit", "100"]]), JOURNAL_MESSAGES.tooFewLines],
      [
        journal([
          ["bank", "debit", "100"],
          ["capital", "debit", "100"],
        ]),
        JOURNAL_MESSAGES.oneSided,
      ],
      [
        journal([
          ["bank", "debit", "100"],
          ["share_premium", "credit", "100"],
        ]),
        JOURNAL_MESSAGES.account(2, "share_premium"),
      ],
      [
        journal([
          ["bank", "debit", "100"],
          ["interest_income", "credit", "100"],
        ]),
        JOURNAL_MESSAGES.loanAccount(2, "interest_income"),
      ],
      [
        journal([
          ["bank", "debit", "0"],
          ["capital", "credit", "0"],
        ]),
        JOURNAL_MESSAGES.amount(1),
      ],
      [
        journal([
          ["bank", "debit", "-100"],
          ["capital", "credit", "-100"],
        ]),
        JOURNAL_MESSAGES.amount(1),
      ],
      [
        journal([
          ["bank", "debit", "100.005"],
          ["capital", "credit", "100.005"],
        ]),
        JOURNAL_MESSAGES.amount(1),
      ],
      [
        journal([
          ["bank", "sideways", "100"],
          ["capital", "credit", "100"],
        ]),
        JOURNAL_MESSAGES.side(1),
      ],
      [
        journal(
          [
            ["bank", "debit", "100"],
            ["capital", "credit", "100"],
          ],
          { effectiveOn: "2026-02-30" },
        ),
        JOURNAL_MESSAGES.date,
      ],
      [
        journal(
          [
            ["bank", "debit", "100"],
            ["capital", "credit", "100"],
          ],
          { effectiveOn: "2026-11-23" },
        ),
        JOURNAL_MESSAGES.date,
      ],
      [
        journal(
          [
            ["bank", "debit", "100"],
            ["capital", "credit", "100"],
          ],
          { reason: "fix" },
        ),
        JOURNAL_MESSAGES.reason,
      ],
    ];
    for (const [input, message] of cases) {
      const error = await desk()
        .enter(maker, input)
        .catch((e: unknown) => e);
      expect(error, message).toBeInstanceOf(InvalidInput);
      expect((error as Error).message).toBe(message);
    }
    // Not even a shape the screen would send.
    await expect(desk().enter(maker, null as unknown as JournalEntry)).rejects.toBeInstanceOf(InvalidInput);
    await expect(desk().enter(maker, { effectiveOn: "2026-11-20", reason: "Odd lines", lines: "bank" } as unknown as JournalEntry)).rejects.toBeInstanceOf(
      InvalidInput,
    );
    expect(await written()).toEqual(before);
  });
});

describe("manual journals with four eyes: rejection, unknown ids and wrong roles", () => {
  it("rejection keeps its reason and posts nothing; unknown ids and wrong roles are refused", async () => {
    const entered = await desk().enter(
      maker,
      journal(
        [
          ["gst_input_credit", "debit", "180"],
          ["bank", "credit", "180"],
        ],
        { reason: "GST paid on rent" },
      ),
    );
    const bank = await balance("bank");
    await expect(desk().reject(checker, { id: entered.id, reason: "no" })).rejects.toThrow(JOURNAL_MESSAGES.rejectReason);
    await expect(desk().reject(maker, { id: entered.id, reason: "My own mistake" })).rejects.toThrow(JOURNAL_MESSAGES.fourEyes);
    await desk().reject(checker, { id: entered.id, reason: "No invoice attached" });
    const [row] = await t.services.db.select().from(manualJournals).where(eq(manualJournals.id, entered.id));
    expect(row).toMatchObject({ status: "REJECTED", rejectReason: "No invoice attached", decidedBy: checker.staffId, ledgerEntryId: null });
    expect(await balance("bank")).toBe(bank);
    expect(await t.services.ledger.entryByKey(`journal:${entered.id}`)).toBeNull();
    await expect(desk().approve(maker, { id: entered.id })).rejects.toBeInstanceOf(Refused);
    await expect(desk().approve(checker, { id: "not-a-uuid" })).rejects.toBeInstanceOf(NotFound);
    await expect(desk().approve(checker, { id: "00000000-0000-4000-8000-000000000000" })).rejects.toBeInstanceOf(NotFound);

    // The auditor reads, and only reads; other roles see nothing.
    expect((await desk().list(auditor, { status: "REJECTED" })).rows[0]).toMatchObject({ id: entered.id, rejectReason: "No invoice attached" });
    await expect(
      desk().enter(
        auditor,
        journal([
          ["bank", "debit", "1"],
          ["capital", "credit", "1"],
        ]),
      ),
    ).rejects.toBeInstanceOf(Forbidden);
    await expect(desk().approve(auditor, { id: entered.id })).rejects.toBeInstanceOf(Forbidden);
    await expect(desk().list(collector)).rejects.toBeInstanceOf(Forbidden);
    await expect(
      desk().enter(
        collector,
        journal([
          ["bank", "debit", "1"],
          ["capital", "credit", "1"],
        ]),
      ),
    ).rejects.toBeInstanceOf(Forbidden);
    expect(await desk().accounts(auditor)).toContain("capital");
    expect(await desk().accounts(auditor)).not.toContain("principal_receivable");
  });
});

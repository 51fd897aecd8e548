// Issue 32, point 9: a buyer app's sub-ledger of finder fees (docs/decisions/money.md, "The ONDC buyer app's
// finder fee in the books"). Pure: what it is owed from its accruals, their reversals and its settlements.

export interface FeeLine {
  /** The accrual's status change (its claim), and whether a returned payout took it back. */
  id: number;
  feePaise: number;
  /** The payout's day (YYYY-MM-DD). */
  paidOutOn: string;
  reversed: boolean;
}

export interface SubLedger {
  accruedPaise: number;
  reversedPaise: number;
  settledPaise: number;
  /** accrued − reversed − settled: below zero when a fee already paid was taken back (the buyer app owes us). */
  outstandingPaise: number;
  /** The payout day of the oldest fee not yet covered by the settlements (paid oldest first); null when none. */
  oldestUnpaidOn: string | null;
}

/** The sub-ledger's figures; settlements are read as paying the oldest fees first. */
export function subLedgerOf(lines: readonly FeeLine[], settledPaise: number): SubLedger {
  const accruedPaise = lines.reduce((sum, l) => sum + l.feePaise, 0);
  const reversedPaise = lines.filter((l) => l.reversed).reduce((sum, l) => sum + l.feePaise, 0);
  const live = lines
    .filter((l) => !l.reversed && l.feePaise > 0)
    .sort((a, b) => (a.paidOutOn < b.paidOutOn ? -1 : a.paidOutOn > b.paidOutOn ? 1 : a.id - b.id));
  let covered = settledPaise;
  let oldestUnpaidOn: string | null = null;
  for (const line of live) {
    if (covered >= line.feePaise) {
      covered -= line.feePaise;
      continue;
    }
    oldestUnpaidOn = line.paidOutOn;
    break;
  }
  return { accruedPaise, reversedPaise, settledPaise, outstandingPaise: accruedPaise - reversedPaise - settledPaise, oldestUnpaidOn };
}

// For ledger:check (issue 29): the provision matched the class at EVERY classified day-end, not only
// the last. Pure: it replays one loan's entries in the order they were posted (seq) and, for each day,
// looks at the books as the day-end saw them: entries dated up to that day and posted by its run.
import { provisionClassOf, provisionRequired } from "../../../core/accounting-policy.ts";
import { addDays, type IsoDate } from "../../../core/calendar.ts";
import type { AssetClass } from "../../../core/loan-math/asset-class.ts";

/** One asset_class_history row: its class from `fromDate` to `toDate` (or to `asOf` while current). */
export type ClassPeriod = { assetClass: AssetClass; fromDate: IsoDate; toDate: IsoDate | null; asOf: IsoDate };
/** One entry's net on one of the loan's accounts, debit positive. */
export type PostedLine = { seq: number; key: string; effectiveOn: IsoDate; account: string; net: number };

const ACCOUNTS = ["principal_receivable", "interest_receivable", "penal_receivable", "interest_suspense", "penal_suspense", "loan_loss_provision"] as const;
type Held = Record<(typeof ACCOUNTS)[number], number>;
const SIGN: Held = {
  principal_receivable: 1,
  interest_receivable: 1,
  penal_receivable: 1,
  interest_suspense: -1,
  penal_suspense: -1,
  loan_loss_provision: -1,
};
const isTracked = (account: string): account is keyof Held => account in SIGN;

/**
 * Each classified day up to `through`: the provision held then equals the class's rate on the net book
 * value the books held then. The day's run is the day's own provision entry (key `provisionKey(day)`)
 * when it posted one; counting that entry even when a closed month moved it to the first open day.
 * The net book value is read as posted by that run; a day whose provision needed no change posted
 * nothing, so it passes when the net book value matched at some point between the runs of the days
 * around it (an entry dated back after the run is then no false alarm). The provision is read as dated.
 */
export function provisionDayProblems(input: {
  periods: readonly ClassPeriod[];
  lines: readonly PostedLine[];
  through: IsoDate;
  provisionKey: (on: IsoDate) => string;
}): string[] {
  const lines = [...input.lines].sort((a, b) => a.seq - b.seq);
  const seqs = [...new Set(lines.map((l) => l.seq))];
  const anchorOf = new Map(lines.map((l) => [l.key, l.seq]));
  const days: { on: IsoDate; assetClass: AssetClass; npaFrom: IsoDate | null }[] = [];
  for (const p of [...input.periods].sort((a, b) => (a.fromDate < b.fromDate ? -1 : 1))) {
    const end = p.toDate && p.toDate < p.asOf ? p.toDate : p.asOf;
    for (let on = p.fromDate; on <= end && on <= input.through; on = addDays(on, 1))
      days.push({ on, assetClass: p.assetClass, npaFrom: p.assetClass === "NPA" ? p.fromDate : null });
  }
  const anchors = days.map((d) => anchorOf.get(input.provisionKey(d.on)) ?? null);
  const out: string[] = [];
  for (const [i, day] of days.entries()) {
    const own = anchors[i];
    const before = anchors.slice(0, i).filter((a): a is number => a !== null);
    const after = anchors.slice(i + 1).filter((a): a is number => a !== null);
    // Points in posting order (the seq after which the books are read) where the day's run may have been.
    const lo = own ?? (before.length ? Math.max(...before) : (seqs[0] ?? 0));
    const hi = own ?? (after.length ? Math.min(...after) - 1 : (seqs.at(-1) ?? 0));
    // The provision held for the day: every provision line dated up to it (only a day-end, a write-off
    // or a release moves it, each dated the day it runs), and the day's own entry wherever it was dated.
    const provision = lines
      .filter((l) => l.account === "loan_loss_provision" && (l.effectiveOn <= day.on || l.seq === own))
      .reduce((s, l) => s + SIGN.loan_loss_provision * l.net, 0);
    const held = Object.fromEntries(ACCOUNTS.map((a) => [a, 0])) as Held;
    const add = (l: PostedLine) => {
      if (isTracked(l.account) && l.effectiveOn <= day.on) held[l.account] += SIGN[l.account] * l.net;
    };
    let k = 0;
    for (; k < lines.length && lines[k].seq <= lo; k++) add(lines[k]);
    const provisionClass = provisionClassOf(day.assetClass, day.npaFrom, day.on);
    const required = () =>
      provisionRequired(
        held.principal_receivable + held.interest_receivable + held.penal_receivable - held.interest_suspense - held.penal_suspense,
        provisionClass,
      );
    let needed = required();
    while (needed !== provision && k < lines.length && lines[k].seq <= hi) {
      const seq = lines[k].seq;
      for (; k < lines.length && lines[k].seq === seq; k++) add(lines[k]);
      needed = required();
    }
    if (needed !== provision) out.push(`loan_loss_provision is ${provision} paise at the day-end of ${day.on}; a ${day.assetClass} loan needed ${needed}.`);
  }
  return out;
}

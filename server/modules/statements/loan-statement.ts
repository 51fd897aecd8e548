// The loan statement in the customer's words: each ledger entry of the loan (decision 27) as a
// line a borrower reads ("Interest for 2–15 Dec", "Payment received online — thank you"), with
// what it added to or took off what they owe, and the running balance. Pure: entries in, lines out.
import { addDays, type IsoDate } from "../../../core/calendar.ts";
import { MONTHS_HINDI } from "../../../core/format.ts";
import { translator, type Language, type Translate } from "../../../core/i18n/index.ts";
import { formatPaise } from "../../../core/money.ts";
import { autopayMethodOfMemo } from "../../../core/mandates.ts";
import { gatewayChannelKey, gatewayClearingAccount, PAYMENT_GATEWAY_NAMES, type PaymentGatewayName } from "../../../core/payment-gateways.ts";
import type { StatementEntry } from "../ledger/ledger.service.ts";

export type StatementLine = {
  date: IsoDate;
  description: string;
  /** Paise added to what the customer owes (0 when none). */
  added: number;
  /** Paise taken off what the customer owes (payments). */
  paid: number;
  /** What the customer owes after this line, paise; negative when we hold money of theirs. */
  balance: number;
  /** A line that explains the one above and moves no balance (e.g. the payout to the bank). */
  note?: boolean;
};

export type StatementTotals = {
  loanAmount: number;
  interest: number;
  penal: number;
  /** Processing fee and its GST, kept from the payout. */
  feeAndGst: number;
  paidOut: number;
  paid: number;
  refunded: number;
  balance: number;
};

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const dayMonth = (d: IsoDate, lang: Language = "en") => `${Number(d.slice(8, 10))} ${(lang === "hi" ? MONTHS_HINDI : MONTHS)[Number(d.slice(5, 7)) - 1]}`;

/** "2–15 Dec", "28 Nov – 3 Dec", or "15 Dec" for one day (months in words in Hindi: "2–15 दिसंबर"). */
export function periodLabel(from: IsoDate, to: IsoDate, lang: Language = "en"): string {
  if (from >= to) return dayMonth(to, lang);
  if (from.slice(0, 7) === to.slice(0, 7)) return `${Number(from.slice(8, 10))}–${dayMonth(to, lang)}`;
  return `${dayMonth(from, lang)} – ${dayMonth(to, lang)}`;
}

type Period = { from: IsoDate; to: IsoDate };
const CHARGES = { interest_accrual: "interest", penal_accrual: "penal" } as const;
const REVERSAL_PREFIX = "reversal:";

/**
 * The days each charge covers, and each charge reversal takes back (issue 29), by key. Worked out in
 * posting order: a charge covers the days after the last day its kind's live charges covered, up to
 * its date (the accrual job may post several days at once); a reversal takes back its original's days,
 * and the days after the last live charge are then charged again. Value dating (decision 36) posts its
 * reversals and re-charges later than, but dated as, the originals, so the day order of the statement
 * alone cannot tell what a line covers.
 */
function chargePeriods(entries: StatementEntry[], start: { interest: IsoDate | null; penal: IsoDate | null }): Map<string, Period> {
  const ordered = entries.every((e) => e.seq !== undefined) ? [...entries].sort((a, b) => a.seq! - b.seq!) : entries;
  const periods = new Map<string, Period>();
  const live = { interest: new Map<string, IsoDate>(), penal: new Map<string, IsoDate>() };
  const kindOf = new Map<string, keyof typeof live>();
  for (const e of ordered) {
    const kind = CHARGES[e.kind as keyof typeof CHARGES];
    if (kind) {
      const to = e.effectiveOn as IsoDate;
      const covered = [...live[kind].values()].sort().at(-1) ?? start[kind];
      const from = covered ? addDays(covered, 1) : to;
      periods.set(e.idempotencyKey, { from, to });
      kindOf.set(e.idempotencyKey, kind);
      // A day-0 payment charges day 1 early: that entry, dated day 0, covers day 1.
      live[kind].set(e.idempotencyKey, from > to ? from : to);
    } else if (e.kind === "reversal" && e.idempotencyKey.startsWith(REVERSAL_PREFIX)) {
      const original = e.idempotencyKey.slice(REVERSAL_PREFIX.length);
      const period = periods.get(original);
      const kind = kindOf.get(original);
      if (!period || !kind) continue;
      periods.set(e.idempotencyKey, period);
      live[kind].delete(original);
    }
  }
  return periods;
}

const RECEIVABLES = new Set(["principal_receivable", "interest_receivable", "penal_receivable"]);

/** Paise an entry adds to (positive) or takes off (negative) what the customer owes. */
function owedChange(entry: StatementEntry): number {
  let change = 0;
  for (const p of entry.postings) {
    if (RECEIVABLES.has(p.account)) change += p.side === "debit" ? p.amount : -p.amount;
    // Money of the customer's that we hold counts against what they owe.
    if (p.account === "customer_excess") change += p.side === "credit" ? -p.amount : p.amount;
  }
  return change;
}

const amountOn = (entry: StatementEntry, account: string, side: "debit" | "credit") =>
  entry.postings.filter((p) => p.account === account && p.side === side).reduce((s, p) => s + p.amount, 0);

// Each gateway's clearing account says its own words (documents.statement.channelPayu…), from the list.
const CHANNELS = {
  ...(Object.fromEntries(PAYMENT_GATEWAY_NAMES.map((name) => [gatewayClearingAccount(name), gatewayChannelKey(name)])) as {
    [G in PaymentGatewayName as `clearing_${G}`]: ReturnType<typeof gatewayChannelKey<G>>;
  }),
  clearing_bank_transfer: "documents.statement.channelBank",
  bank: "documents.statement.channelBank",
} as const;
// Issue 29: a mandate debit is an AutoPay debit, not an online payment (its memo says which, core autopayMemo).
const AUTOPAY_CHANNELS = { upi: "documents.statement.channelAutopayUpi", enach: "documents.statement.channelAutopayNach" } as const;
const channelKey = (account: string | undefined) => (account && account in CHANNELS ? CHANNELS[account as keyof typeof CHANNELS] : undefined);

/** Paise as ₹1,234.50 (always with paise, as statements print). */
export const statementAmount = (paise: number) => formatPaise(paise, { decimals: 2 });
const rupees = statementAmount;

/** The lines in `lang` (the borrower's; English by default): the same entries and amounts in either. */
export function customerStatement(entries: StatementEntry[], loan: { disbursalDate: IsoDate | null; repaymentDate: IsoDate | null }, lang: Language = "en") {
  const t: Translate = translator(lang);
  const period = (from: IsoDate, to: IsoDate) => periodLabel(from, to, lang);
  const day = (d: IsoDate) => dayMonth(d, lang);
  const lines: StatementLine[] = [];
  const totals: StatementTotals = { loanAmount: 0, interest: 0, penal: 0, feeAndGst: 0, paidOut: 0, paid: 0, refunded: 0, balance: 0 };
  const periods = chargePeriods(entries, { interest: loan.disbursalDate, penal: loan.repaymentDate });
  /** The days a charge or its reversal covers, in words; its own date when unknown. */
  const periodOf = (e: StatementEntry) => {
    const p = periods.get(e.idempotencyKey);
    return p ? period(p.from, p.to) : day(e.effectiveOn as IsoDate);
  };
  const push = (date: IsoDate, description: string, change: number) => {
    totals.balance += change;
    lines.push({ date, description, added: Math.max(change, 0), paid: Math.max(-change, 0), balance: totals.balance });
  };
  const note = (date: IsoDate, description: string) => lines.push({ date, description, added: 0, paid: 0, balance: totals.balance, note: true });

  for (const e of entries) {
    const change = owedChange(e);
    const date = e.effectiveOn as IsoDate;
    switch (e.kind) {
      case "disbursal": {
        const principal = amountOn(e, "principal_receivable", "debit");
        const fee = amountOn(e, "fee_income", "credit");
        const gst = amountOn(e, "gst_payable", "credit");
        const net = amountOn(e, "bank", "credit");
        totals.loanAmount += principal;
        totals.feeAndGst += fee + gst;
        totals.paidOut += net;
        push(date, t("documents.statement.loanAmount"), change);
        note(date, t("documents.statement.lineFeeKept", { fee: rupees(fee), gst: rupees(gst) }));
        note(date, t("documents.statement.linePaidToBank", { amount: rupees(net) }));
        break;
      }
      case "interest_accrual": {
        totals.interest += change;
        push(date, t("documents.statement.lineInterest", { period: periodOf(e) }), change);
        break;
      }
      case "penal_accrual": {
        totals.penal += change;
        push(date, t("documents.statement.linePenal", { period: periodOf(e) }), change);
        break;
      }
      case "repayment":
      case "recovery": {
        const into = e.postings.find((p) => p.side === "debit");
        const amount = into?.amount ?? -change;
        // After write-off the books hold no receivable: a payment still lowers what the borrower owes.
        const owed = e.kind === "recovery" ? -amount : change;
        totals.paid += amount;
        const autopay = autopayMethodOfMemo(e.memo);
        const channel = autopay ? AUTOPAY_CHANNELS[autopay] : channelKey(into?.account);
        push(
          date,
          t("documents.statement.linePayment", { channel: channel ? t(channel) : "" })
            .replace(/\s+/g, " ")
            .trim(),
          owed,
        );
        const excess = amountOn(e, "customer_excess", "credit");
        if (excess > 0) note(date, t("documents.statement.lineExcess", { amount: rupees(excess) }));
        break;
      }
      case "refund": {
        totals.refunded += Math.max(change, 0);
        // Paid back from the bank (a payout, memo "… ending 1234") or through the gateway (its clearing account).
        const fromBank = amountOn(e, "bank", "credit") > 0;
        const last4 = /ending (\d{4})/.exec(e.memo ?? "")?.[1];
        const to = fromBank
          ? last4
            ? t("documents.statement.refundToBankEnding", { last4 })
            : t("documents.statement.refundToBank")
          : t("documents.statement.refundToOriginal");
        push(date, t("documents.statement.lineRefund", { amount: rupees(change), to }), change);
        break;
      }
      case "reversal": {
        // A correction is a new entry (decision 36): say what it takes back, in the customer's words.
        // A charge taken back credits its receivable (from income, or from suspense for an NPA); a
        // payment taken back also credits its channel (and reverses any income it realised).
        const repaid = e.postings.find((p) => p.side === "credit" && channelKey(p.account) !== undefined);
        const interest = repaid ? 0 : amountOn(e, "interest_receivable", "credit");
        const penal = repaid ? 0 : amountOn(e, "penal_receivable", "credit");
        const principal = amountOn(e, "principal_receivable", "credit");
        if (interest > 0) {
          totals.interest -= interest;
          push(date, t("documents.statement.lineInterestBack", { period: periodOf(e) }), change);
        } else if (penal > 0) {
          totals.penal -= penal;
          push(date, t("documents.statement.linePenalBack", { period: periodOf(e) }), change);
        } else if (repaid) {
          totals.paid -= repaid.amount;
          push(date, t("documents.statement.linePaymentAgain", { day: day(date) }), change);
        } else if (principal > 0 && amountOn(e, "bank", "debit") > 0) {
          totals.loanAmount -= principal;
          totals.feeAndGst -= amountOn(e, "fee_income", "debit") + amountOn(e, "gst_payable", "debit");
          totals.paidOut -= amountOn(e, "bank", "debit");
          push(date, t("documents.statement.linePayoutReturned"), change);
        } else {
          push(date, t("documents.statement.lineCorrection"), change);
        }
        break;
      }
      // The lender's own accounting of the loan (IRACP income suspense, provisions): what the borrower owes is unchanged.
      // A write-off is the lender's too: the borrower still owes the money (decision 44).
      case "income_suspense":
      case "provision":
      case "write_off":
        break;
      default:
        push(date, t("documents.statement.lineCorrection"), change);
    }
  }
  return { lines, totals };
}

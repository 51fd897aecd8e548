// IRACP's suspense (decision 44): while a loan is NPA its unpaid interest and penal charges are held in
// suspense instead of income; each day-end and each payment counted from an earlier day keeps it so.
import type { IsoDate } from "../../../core/calendar.ts";
import type { LoanBalances, PostResult, Tx } from "./ledger-entries.ts";
import { correction } from "./ledger-posting.ts";
import { incomeSuspenseEntry, ledgerKeys, type EntryInput } from "./postings.ts";

export function createLedgerSuspense(deps: {
  post: (executor: Tx, given: EntryInput, options?: { ifClosed?: "first_open_day" }) => Promise<PostResult>;
  balances: (loanId: string, executor?: Tx, asOf?: IsoDate) => Promise<LoanBalances>;
  npaSince: (loanId: string, executor?: Tx) => Promise<IsoDate | null>;
}) {
  const { post, balances, npaSince } = deps;

  /**
   * IRACP (decision 44): while a loan is NPA every unpaid charge is unrealised, so its suspense equals
   * its unpaid interest and penal charges. Posts the difference (dated `on`, key `key`) when they differ.
   */
  async function holdUnpaidInSuspense(executor: Tx, input: { loanId: string; on: IsoDate; key: string; memo: string; at?: Date; asOf?: IsoDate }) {
    const held = await balances(input.loanId, executor, input.asOf);
    const interest = held.interest_receivable - held.interest_suspense;
    const penal = held.penal_receivable - held.penal_suspense;
    if (interest === 0 && penal === 0) return { posted: false, interest, penal };
    const entry = incomeSuspenseEntry({
      loanId: input.loanId,
      on: input.on,
      idempotencyKey: input.key,
      interest,
      penal,
      memo: input.memo,
      occurredAt: input.at,
    });
    return { posted: (await post(executor, entry, correction)).posted, interest, penal };
  }

  return {
    /**
     * Each day-end that finds a loan NPA on `on`: its interest and penal charges unpaid by the end of
     * that day leave income for suspense (key npa:<loan>:<date>). The first NPA day moves them all; later
     * days post only what the books hold beyond that (charges posted to income before the class was known).
     */
    async moveToSuspense(executor: Tx, input: { loanId: string; on: IsoDate; at?: Date }) {
      return holdUnpaidInSuspense(executor, {
        loanId: input.loanId,
        on: input.on,
        asOf: input.on,
        key: ledgerKeys.npaSuspense(input.loanId, input.on),
        memo: `NPA on ${input.on}: unrealised interest and penal charges kept in suspense`,
        at: input.at,
      });
    },

    /**
     * An NPA's suspense brought back to its unpaid charges after a payment counted from an earlier day
     * (or a day-end that found charges posted to income ahead of it); `reference` names the cause.
     */
    async keepSuspense(executor: Tx, input: { loanId: string; on: IsoDate; reference: string; at?: Date }) {
      const since = await npaSince(input.loanId, executor);
      if (!since) return { posted: false, interest: 0, penal: 0 };
      return holdUnpaidInSuspense(executor, {
        loanId: input.loanId,
        on: input.on < since ? since : input.on,
        key: ledgerKeys.suspenseCorrection(input.loanId, input.reference),
        memo: `Suspense of the NPA worked out again (${input.reference})`,
        at: input.at,
      });
    },
  };
}

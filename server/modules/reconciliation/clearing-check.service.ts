// The books check's clearing accounts (issue 29, docs/decisions/money.md "Every clearing account clears"):
// as of a day, each clearing account holds exactly its open items, and no item is older than its
// window. A gateway's open items: payments not yet in a settlement, refunds posted and not yet kept
// back by one (less those kept back before ours was posted), and chargebacks and adjustments the
// settlement posted whose exception accounts has not marked as dealt with (by a journal). The bank
// transfer clearing account's: approved transfers whose statement line has not cleared them. Read-only.
import { sql } from "drizzle-orm";
import { rupeeText } from "../../../core/money.ts";
import { bankWindowEnds, gatewayWindowEnds } from "../../../core/bank-statement/clearing-windows.ts";
import type { IsoDate } from "../../../core/calendar.ts";
import { PAYMENT_GATEWAY_NAMES } from "../../../core/payment-gateways.ts";
import type { Db } from "../../db/client.ts";

type Item = { what: string; amount: number; on: IsoDate };
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const rupees = rupeeText;

export function createClearingCheck(deps: { db: Db }) {
  const { db } = deps;

  async function balanceAsOf(account: string, asOf: IsoDate): Promise<number> {
    const [row] = rowsOf<{ net: string }>(
      await db.execute(sql`select coalesce(sum(case when p.side = 'debit' then p.amount else -p.amount end), 0)::text as net
        from ledger_postings p join ledger_entries e on e.id = p.entry_id where p.account = ${account} and e.effective_on <= ${asOf}`),
    );
    return Number(row?.net ?? 0);
  }

  async function gatewayItems(gateway: string, asOf: IsoDate): Promise<Item[]> {
    const settledBy = sql`select 1 from gateway_settlement_lines l join gateway_settlements s on s.id = l.settlement_row_id where s.settled_on <= ${asOf}`;
    const payments = rowsOf<{ ref: string; amount: string; on: string }>(
      // An item counts from the day its entry is dated: a receipt for a closed month is booked on the first open day (decision 44).
      await db.execute(sql`select p.gateway_payment_id as ref, p.amount_paise::text as amount, coalesce(pe.effective_on, p.received_on)::text as on
        from payments p left join ledger_entries pe on pe.id = p.ledger_entry_id
        where p.gateway = ${gateway} and coalesce(pe.effective_on, p.received_on) <= ${asOf}
          and not exists (${settledBy} and l.payment_id = p.id and l.line_type = 'payment')`),
    );
    const refunds = rowsOf<{ id: string; amount: string; on: string; posted: boolean; kept: boolean }>(
      await db.execute(sql`select r.id, r.amount_paise::text as amount, coalesce(e.effective_on, s.settled_on)::text as on,
          (e.id is not null) as posted, (s.id is not null) as kept
        from refunds r
        left join ledger_entries e on e.id = r.ledger_entry_id and e.effective_on <= ${asOf}
        left join gateway_settlement_lines l on l.refund_id = r.id
        left join gateway_settlements s on s.id = l.settlement_row_id and s.settled_on <= ${asOf}
        where r.route = 'gateway' and r.gateway = ${gateway} and ((e.id is null) <> (s.id is null))`),
    );
    const others = rowsOf<{ ref: string; gross: string; on: string; type: string }>(
      await db.execute(sql`select l.gateway_payment_id as ref, l.gross_paise::text as gross, s.settled_on::text as on, l.line_type as type
        from gateway_settlement_lines l join gateway_settlements s on s.id = l.settlement_row_id
        join reconciliation_exceptions x on x.gateway = s.gateway and x.reference = s.settlement_id || ':' || l.gateway_payment_id
          and x.kind in ('chargeback', 'settlement_adjustment')
        where s.gateway = ${gateway} and s.settled_on <= ${asOf} and l.line_type in ('chargeback', 'adjustment')
          and (x.resolved_at is null or (x.resolved_at at time zone 'Asia/Kolkata')::date > ${asOf}::date)`),
    );
    return [
      ...payments.map((p) => ({ what: `payment ${p.ref}`, amount: Number(p.amount), on: p.on as IsoDate })),
      // Posted and not kept back yet: the gateway owes us less; kept back before ours was posted: more.
      ...refunds.map((r) => ({ what: `refund ${r.id}`, amount: r.posted ? -Number(r.amount) : Number(r.amount), on: r.on as IsoDate })),
      ...others.map((o) => ({ what: `${o.type} ${o.ref}`, amount: -Number(o.gross), on: o.on as IsoDate })),
    ];
  }

  async function transferItems(asOf: IsoDate): Promise<Item[]> {
    const rows = rowsOf<{ ref: string; amount: string; on: string }>(
      await db.execute(sql`select t.bank_reference as ref, t.amount_paise::text as amount, coalesce(te.effective_on, t.received_on)::text as on
        from bank_transfers t left join ledger_entries te on te.idempotency_key = 'bank-transfer:' || t.id
        where t.status = 'APPROVED' and coalesce(te.effective_on, t.received_on) <= ${asOf}
          and not exists (select 1 from ledger_entries e where e.idempotency_key = 'clearing:bank-transfer:' || t.id and e.effective_on <= ${asOf})`),
    );
    return rows.map((r) => ({ what: `bank transfer ${r.ref}`, amount: Number(r.amount), on: r.on as IsoDate }));
  }

  function problemsOf(account: string, balance: number, items: Item[], windowEnds: (on: IsoDate) => IsoDate, asOf: IsoDate): string[] {
    const problems: string[] = [];
    const explained = items.reduce((s, i) => s + i.amount, 0);
    if (balance !== explained)
      problems.push(
        `${account} holds ₹${rupees(balance)} as of ${asOf}, but its open items add up to ₹${rupees(explained)} (₹${rupees(balance - explained)} unexplained).`,
      );
    const late = items.filter((i) => windowEnds(i.on) < asOf);
    if (late.length)
      problems.push(
        `${account}: ${late.length} item(s) past their window, ₹${rupees(late.reduce((s, i) => s + i.amount, 0))}: ${late
          .slice(0, 5)
          .map((i) => `${i.what} of ${i.on}`)
          .join(", ")}${late.length > 5 ? ", …" : ""}.`,
      );
    return problems;
  }

  return {
    async run(asOf: IsoDate): Promise<string[]> {
      const problems: string[] = [];
      for (const gateway of PAYMENT_GATEWAY_NAMES) {
        const account = `clearing_${gateway}`;
        problems.push(...problemsOf(account, await balanceAsOf(account, asOf), await gatewayItems(gateway, asOf), gatewayWindowEnds, asOf));
      }
      problems.push(
        ...problemsOf("clearing_bank_transfer", await balanceAsOf("clearing_bank_transfer", asOf), await transferItems(asOf), bankWindowEnds, asOf),
      );
      return problems;
    },
  };
}

export type ClearingCheck = ReturnType<typeof createClearingCheck>;

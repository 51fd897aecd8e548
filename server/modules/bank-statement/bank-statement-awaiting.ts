// The documents still awaiting the bank (issue 29): approved transfers, paid payouts and gateway settlements
// past their clearing window with no statement line yet, for the desk and the books check.
import { and, asc, eq, sql } from "drizzle-orm";
import type { AwaitingBankRow } from "../../../core/admin/bank-statement-desk.ts";
import { bankWindowEnds } from "../../../core/bank-statement/clearing-windows.ts";
import { todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import { PAYMENT_GATEWAY_TITLES } from "../../../core/payment-gateways.ts";
import type { Db } from "../../db/client.ts";
import { bankTransfers, gatewaySettlements, payouts } from "../../db/schema/index.ts";

export function createAwaitingBank(db: Db) {
  return {
    /** Documents past their window with no statement line yet (the desk and the books check). */
    async awaitingBank(today: IsoDate): Promise<AwaitingBankRow[]> {
      const out: AwaitingBankRow[] = [];
      const transfers = await db
        .select()
        .from(bankTransfers)
        .where(and(eq(bankTransfers.status, "APPROVED"), sql`not exists (select 1 from bank_statement_lines l where l.bank_transfer_id = ${bankTransfers.id})`))
        .orderBy(asc(bankTransfers.receivedOn))
        .limit(500);
      for (const t of transfers) {
        const ends = bankWindowEnds(t.receivedOn as IsoDate);
        if (ends < today)
          out.push({
            kind: "bank_transfer",
            id: t.id,
            label: `Transfer ${t.bankReference} for loan ${t.loanNo}`,
            amountPaise: Number(t.amountPaise),
            on: t.receivedOn,
            windowEnded: ends,
          });
      }
      const paid = await db
        .select()
        .from(payouts)
        .where(
          and(
            eq(payouts.status, "SUCCESS"),
            sql`not exists (select 1 from bank_statement_lines l where l.payout_id = ${payouts.id} and l.match_kind = 'payout')`,
          ),
        )
        .orderBy(asc(payouts.settledAt))
        .limit(500);
      for (const p of paid) {
        if (!p.settledAt) continue;
        const on = todayInIndia(p.settledAt);
        const ends = bankWindowEnds(on);
        if (ends < today)
          out.push({ kind: "payout", id: p.id, label: `Payout UTR ${p.utr ?? "—"}`, amountPaise: Number(p.amountPaise), on, windowEnded: ends });
      }
      const settled = await db
        .select()
        .from(gatewaySettlements)
        .where(
          and(
            sql`${gatewaySettlements.netPaise} > 0`,
            sql`not exists (select 1 from bank_statement_lines l where l.settlement_row_id = ${gatewaySettlements.id})`,
          ),
        )
        .orderBy(asc(gatewaySettlements.settledOn))
        .limit(500);
      for (const s of settled) {
        const ends = bankWindowEnds(s.settledOn as IsoDate);
        if (ends < today)
          out.push({
            kind: "settlement",
            id: s.id,
            label: `${PAYMENT_GATEWAY_TITLES[s.gateway]} settlement ${s.settlementId} UTR ${s.utr || "—"}`,
            amountPaise: Number(s.netPaise),
            on: s.settledOn,
            windowEnded: ends,
          });
      }
      return out;
    },
  };
}

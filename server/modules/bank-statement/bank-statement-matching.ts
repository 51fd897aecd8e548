// Which counter-document a bank statement line is (issue 29): an approved bank transfer's credit
// (amount, its UTR in the line, value date near the day it was received), a payout's debit or its
// return by the bank (amount, UTR), a gateway settlement's credit (net amount, the settlement's UTR).
// Finding only: the service matches and posts.
import { and, eq, gte, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { addDays, todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import type { BankLineCandidate, BankLineMatchKind } from "../../../core/admin/bank-statement-desk.ts";
import { lineNames } from "../../../core/bank-statement/index.ts";
import { PAYMENT_GATEWAY_TITLES } from "../../../core/payment-gateways.ts";
import type { Db } from "../../db/client.ts";
import { bankTransfers, gatewaySettlements, payouts } from "../../db/schema/index.ts";

type Executor = Pick<Db, "select">;
export type LineFacts = { direction: "credit" | "debit"; amountPaise: number; valueOn: string; reference: string; narration: string };

/** How far a line's value date may be from its document's day for an automatic match (a transfer entered late, a settlement's money a day after). */
const AUTO_MATCH_DAYS = 5;
/** The desk offers documents of the same amount this many days either side. */
export const CANDIDATE_DAYS = 10;

/** The documents a line could be: same amount, the right side, not matched to another line, near in time. */
export async function candidatesFor(db: Executor, line: LineFacts, days: number): Promise<(BankLineCandidate & { reference: string })[]> {
  const from = addDays(line.valueOn as IsoDate, -days);
  const to = addDays(line.valueOn as IsoDate, days);
  const out: (BankLineCandidate & { reference: string })[] = [];
  if (line.direction === "credit") {
    const transfers = await db
      .select({
        id: bankTransfers.id,
        ref: bankTransfers.bankReference,
        loanNo: bankTransfers.loanNo,
        amount: bankTransfers.amountPaise,
        on: bankTransfers.receivedOn,
      })
      .from(bankTransfers)
      .where(
        and(
          eq(bankTransfers.status, "APPROVED"),
          eq(bankTransfers.amountPaise, line.amountPaise),
          gte(bankTransfers.receivedOn, from),
          lte(bankTransfers.receivedOn, to),
          sql`not exists (select 1 from bank_statement_lines l where l.bank_transfer_id = ${bankTransfers.id})`,
        ),
      );
    for (const t of transfers)
      out.push({ kind: "bank_transfer", id: t.id, label: `Transfer ${t.ref} for loan ${t.loanNo}`, amountPaise: Number(t.amount), on: t.on, reference: t.ref });
    const settlements = await db
      .select({
        id: gatewaySettlements.id,
        gateway: gatewaySettlements.gateway,
        sid: gatewaySettlements.settlementId,
        utr: gatewaySettlements.utr,
        on: gatewaySettlements.settledOn,
        net: gatewaySettlements.netPaise,
      })
      .from(gatewaySettlements)
      .where(
        and(
          eq(gatewaySettlements.netPaise, line.amountPaise),
          gte(gatewaySettlements.settledOn, from),
          lte(gatewaySettlements.settledOn, to),
          sql`not exists (select 1 from bank_statement_lines l where l.settlement_row_id = ${gatewaySettlements.id})`,
        ),
      );
    for (const s of settlements)
      out.push({
        kind: "settlement",
        id: s.id,
        label: `${PAYMENT_GATEWAY_TITLES[s.gateway]} settlement ${s.sid} UTR ${s.utr || "—"}`,
        amountPaise: Number(s.net),
        on: s.on,
        reference: s.utr,
      });
  }
  const status = line.direction === "debit" ? (["SUCCESS", "REVERSED"] as const) : (["REVERSED"] as const);
  const kind: BankLineMatchKind = line.direction === "debit" ? "payout" : "payout_return";
  const paid = await db
    .select({ id: payouts.id, utr: payouts.utr, amount: payouts.amountPaise, at: payouts.settledAt })
    .from(payouts)
    .where(
      and(
        inArray(payouts.status, [...status]),
        eq(payouts.amountPaise, line.amountPaise),
        isNotNull(payouts.settledAt),
        sql`(${payouts.settledAt} at time zone 'Asia/Kolkata')::date between ${from}::date and ${to}::date`,
        sql`not exists (select 1 from bank_statement_lines l where l.payout_id = ${payouts.id} and l.match_kind = ${kind})`,
      ),
    );
  for (const p of paid)
    out.push({
      kind,
      id: p.id,
      label: `${kind === "payout" ? "Payout" : "Payout returned"} UTR ${p.utr ?? "—"}`,
      amountPaise: Number(p.amount),
      on: todayInIndia(p.at!),
      reference: p.utr ?? "",
    });
  return out;
}

/** The one document the line names by its reference within the matching window, or null (none, or more than one). */
export async function autoMatchOf(db: Executor, line: LineFacts) {
  const near = (await candidatesFor(db, line, AUTO_MATCH_DAYS)).filter((c) => c.reference && lineNames(line, c.reference));
  return near.length === 1 ? near[0] : null;
}

// One loan's account for the accountant and the auditor (issue 29, finding 10): its terms as the KFS fixed
// them, what it owes by head as posted, every ledger entry with its postings, the customer's statement
// (the same lines the borrower's PDF shows) and its documents. Read-only.
import { and, asc, eq } from "drizzle-orm";
import { accountLabel, BOOKS_MESSAGES, type ChartAccount, type LoanAccountView } from "../../../core/admin/books-desk.ts";
import { WEBSITE_SOURCE, type LeadSourcesOf } from "../../../core/admin/lead-source.ts";
import type { IsoDate } from "../../../core/calendar.ts";
import { isUuid } from "../../../core/validation/primitives.ts";
import type { Db } from "../../db/client.ts";
import { leads, ledgerEntries, uploadedFiles } from "../../db/schema/index.ts";
import { NotAvailable, NotFound } from "../domain-errors.ts";
import type { LedgerService } from "../ledger/ledger.service.ts";
import { termsOf } from "../loans/loans.service.ts";
import { customerStatement } from "../statements/loan-statement.ts";
import { selectLeads } from "../loans/loan-account.service.ts";

export async function loanAccountView(
  db: Db,
  ledger: LedgerService,
  leadId: string,
  chart: ChartAccount[],
  sourcesOf: LeadSourcesOf,
): Promise<LoanAccountView> {
  if (!isUuid(leadId)) throw new NotFound(BOOKS_MESSAGES.loanNotFound);
  const id = leadId.toLowerCase();
  const [lead] = await selectLeads(db).where(eq(leads.id, id));
  if (!lead) throw new NotFound(BOOKS_MESSAGES.loanNotFound);
  const entries = await ledger.entries(id);
  // A payout the bank returned keeps its entries (and its reversal) though the lead is back before payout.
  if (!lead.loanNo && entries.length === 0) throw new NotAvailable(BOOKS_MESSAGES.notALoan);

  const terms = await termsOf(db, id);
  const held = await ledger.balances(id);
  const chargedTo = await ledger.lastChargedOn(id);
  const statement =
    lead.disbursalDate && lead.repaymentDate
      ? customerStatement(entries, { disbursalDate: lead.disbursalDate as IsoDate, repaymentDate: lead.repaymentDate as IsoDate }, "en").lines
      : [];
  const files = await db
    .select({
      id: uploadedFiles.id,
      kind: uploadedFiles.kind,
      contentType: uploadedFiles.contentType,
      size: uploadedFiles.byteSize,
      createdAt: uploadedFiles.createdAt,
    })
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.leadId, id), eq(uploadedFiles.profileId, lead.profileId)))
    .orderBy(asc(uploadedFiles.createdAt));

  const dues = {
    principalPaise: held.principal_receivable,
    interestPaise: held.interest_receivable,
    penalPaise: held.penal_receivable,
    excessPaise: held.customer_excess,
    totalPaise: held.principal_receivable + held.interest_receivable + held.penal_receivable - held.customer_excess,
  };
  const heldOf = held as Record<string, number>;
  const seqs = new Map(
    (await db.select({ id: ledgerEntries.id, seq: ledgerEntries.seq }).from(ledgerEntries).where(eq(ledgerEntries.loanId, id))).map((r) => [r.id, r.seq]),
  );
  const source = (await sourcesOf([id])).get(id) ?? WEBSITE_SOURCE;
  return {
    leadId: id,
    loanNo: lead.loanNo,
    status: lead.status,
    source,
    disbursedOn: lead.disbursalDate,
    terms: terms
      ? {
          principalPaise: terms.principal,
          tenureDays: terms.tenureDays,
          repaymentDate: terms.repaymentDate,
          interestBpsPerDay: terms.interestBpsPerDay,
          penalBpsPerDay: terms.penalBpsPerDay,
          penalCapBps: terms.penalCapBps,
          feePaise: terms.feePaise,
          gstPaise: terms.gstPaise,
          netDisbursalPaise: terms.netDisbursalPaise,
          interestPaise: terms.interestPaise,
          aprBps: terms.aprBps,
          kfsIssuedOn: terms.kfsIssuedOn,
        }
      : null,
    dues,
    chargedTo,
    balances: chart.filter((a) => a.perLoan).map((a) => ({ account: a.account, label: a.label, balancePaise: heldOf[a.account] ?? 0, normal: a.normal })),
    entries: entries.map((e) => ({
      seq: seqs.get(e.id) ?? 0,
      date: e.effectiveOn,
      kind: e.kind,
      loanId: e.loanId,
      loanNo: lead.loanNo,
      memo: e.memo,
      postings: e.postings.map((p) => ({
        account: p.account,
        label: accountLabel(p.account),
        debitPaise: p.side === "debit" ? p.amount : 0,
        creditPaise: p.side === "credit" ? p.amount : 0,
      })),
    })),
    statement: statement.map((l) => ({
      date: l.date,
      description: l.description,
      addedPaise: l.added,
      paidPaise: l.paid,
      balancePaise: l.balance,
      note: Boolean(l.note),
    })),
    documents: files.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })),
  };
}

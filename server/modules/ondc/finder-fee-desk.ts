// Issue 32, point 9: the buyer app fees desk (docs/decisions/money.md, "The ONDC buyer app's finder fee in the
// books"). Accounts and the auditor read what each buyer app is owed and the loans behind it (names masked);
// accounts records a settlement the bank has paid (Dr payable, Cr bank, key finder-fee-payment:<UTR>), never
// more than is owed, audited. Every refusal names its field and writes nothing.
import { desc, eq, inArray, sql } from "drizzle-orm";
import {
  BUYER_APP_FEE_MESSAGES as M,
  BUYER_APP_FEE_ROLES,
  LOANS_SHOWN,
  type BuyerAppFees,
  type BuyerAppFeeSettlementEntry,
} from "../../../core/admin/buyer-app-fee-desk.ts";
import { isIsoDate, todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import { maskedName } from "../../../core/format.ts";
import { formatPaise } from "../../../core/money.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles, loanAccounts, ondcFinderFeeSettlements, ondcFinderFees } from "../../db/schema/index.ts";
import { requireStaffRole, type AuditRecorder, type StaffActor } from "../credit/credit.service.ts";
import { InvalidInput, Refused } from "../domain-errors.ts";
import { finderFeePaymentEntry, LedgerError, PeriodClosed, type LedgerService } from "../ledger/ledger.service.ts";
import { rupeesTextToPaise } from "../payments/bank-transfers.service.ts";
import { subLedgers } from "./finder-fee-subledger.ts";

/** ₹1 crore: a settlement above this is surely a typing mistake (a fee is rupees a loan). */
const MAX_SETTLEMENT_PAISE = 1_000_000_000;

/** The entry's fields, cleaned, and what is wrong with them before the books are read. */
function readSettlement(input: BuyerAppFeeSettlementEntry, today: IsoDate, firstOpen: IsoDate | null) {
  const errors: Record<string, string> = {};
  const bapId = String(input?.bapId ?? "").trim();
  const amountPaise = rupeesTextToPaise(String(input?.amountRupees ?? ""), MAX_SETTLEMENT_PAISE);
  const bankReference = String(input?.bankReference ?? "")
    .replace(/\s+/g, "")
    .toUpperCase();
  const paidOn = String(input?.paidOn ?? "").trim();
  const invoiceNo = String(input?.invoiceNo ?? "").trim();
  if (!bapId || bapId.length > 200) errors.bapId = M.buyerApp;
  if (amountPaise === null) errors.amountRupees = M.amount;
  if (!/^[A-Z0-9]{6,40}$/.test(bankReference)) errors.bankReference = M.reference;
  if (!isIsoDate(paidOn) || paidOn > today) errors.paidOn = M.paidOn;
  else if (firstOpen && paidOn < firstOpen) errors.paidOn = M.closed(firstOpen);
  if (invoiceNo.length < 1 || invoiceNo.length > 40) errors.invoiceNo = M.invoice;
  return { errors, bapId, amountPaise, bankReference, paidOn: paidOn as IsoDate, invoiceNo };
}

export function createFinderFeeDesk(deps: { db: Db; now: () => Date; ledger: Pick<LedgerService, "post" | "firstOpenDay">; audit: AuditRecorder }) {
  const { db, now, ledger, audit } = deps;

  /** The loans behind each buyer app's fees, newest first (LOANS_SHOWN each), the customer's name masked. */
  async function loansOf(bapIds: string[]) {
    if (!bapIds.length) return new Map<string, BuyerAppFees["loans"]>();
    const rows = await db
      .select({
        bapId: ondcFinderFees.bapId,
        loanNo: loanAccounts.loanNo,
        name: customerProfiles.fullName,
        paidOutOn: ondcFinderFees.effectiveOn,
        feePaise: ondcFinderFees.feePaise,
        feeFrom: ondcFinderFees.feeFrom,
        reversedOn: sql<string | null>`(select r.effective_on::text from ondc_finder_fees r where r.reverses = ondc_finder_fees.status_change_id)`,
      })
      .from(ondcFinderFees)
      .innerJoin(loanAccounts, eq(loanAccounts.leadId, ondcFinderFees.leadId))
      .innerJoin(customerProfiles, eq(customerProfiles.id, loanAccounts.profileId))
      .where(sql`${ondcFinderFees.kind} = 'accrual' and ${inArray(ondcFinderFees.bapId, bapIds)}`)
      .orderBy(desc(ondcFinderFees.effectiveOn), desc(ondcFinderFees.statusChangeId));
    const out = new Map<string, BuyerAppFees["loans"]>();
    for (const r of rows) {
      const list = out.get(r.bapId) ?? [];
      if (list.length < LOANS_SHOWN)
        list.push({
          loanNo: r.loanNo,
          customer: maskedName(r.name),
          paidOutOn: r.paidOutOn,
          feePaise: Number(r.feePaise),
          feeFrom: r.feeFrom,
          reversedOn: r.reversedOn,
        });
      out.set(r.bapId, list);
    }
    return out;
  }

  return {
    async list(staff: StaffActor | null) {
      requireStaffRole(staff, ...BUYER_APP_FEE_ROLES);
      const books = await subLedgers(db);
      const ids = [...books.keys()];
      const loans = await loansOf(ids);
      const settlements = ids.length
        ? await db
            .select()
            .from(ondcFinderFeeSettlements)
            .where(inArray(ondcFinderFeeSettlements.bapId, ids))
            .orderBy(desc(ondcFinderFeeSettlements.paidOn), desc(ondcFinderFeeSettlements.enteredAt))
        : [];
      const buyerApps: BuyerAppFees[] = [...books.values()].map(({ lines, ...book }) => ({
        ...book,
        loans: loans.get(book.bapId) ?? [],
        loanCount: lines.length,
        settlements: settlements
          .filter((s) => s.bapId === book.bapId)
          .map((s) => ({
            paidOn: s.paidOn,
            amountPaise: Number(s.amountPaise),
            bankReference: s.bankReference,
            invoiceNo: s.invoiceNo,
            enteredByEmail: s.enteredByEmail,
          })),
      }));
      return { buyerApps, totalOutstandingPaise: buyerApps.reduce((sum, b) => sum + b.outstandingPaise, 0) };
    },

    async settle(staff: (StaffActor & { email?: string }) | null, input: BuyerAppFeeSettlementEntry) {
      const who = requireStaffRole(staff, "accounts");
      const at = now();
      const today = todayInIndia(at);
      const { errors, bapId, amountPaise, bankReference, paidOn, invoiceNo } = readSettlement(input, today, await ledger.firstOpenDay());
      const first = Object.values(errors)[0];
      if (first) throw new InvalidInput(first, errors);
      const [seen] = await db
        .select({ id: ondcFinderFeeSettlements.id })
        .from(ondcFinderFeeSettlements)
        .where(eq(ondcFinderFeeSettlements.bankReference, bankReference));
      if (seen) throw new Refused(M.duplicate, { bankReference: M.duplicate });
      try {
        return await db.transaction(async (tx) => {
          // One settlement of a buyer app at a time, so two cannot together pay more than is owed.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ondc-finder-fee:${bapId}`}))`);
          const owed = (await subLedgers(tx, undefined, bapId)).get(bapId);
          if (!owed || owed.lines.length === 0) throw new InvalidInput(M.buyerApp, { bapId: M.buyerApp });
          if (amountPaise! > owed.outstandingPaise) {
            const message = M.tooMuch(formatPaise(Math.max(0, owed.outstandingPaise)));
            throw new InvalidInput(message, { amountRupees: message });
          }
          const owedThen = (await subLedgers(tx, paidOn, bapId)).get(bapId)?.outstandingPaise ?? 0;
          if (amountPaise! > owedThen) {
            const message = M.tooMuchOn(formatPaise(Math.max(0, owedThen)), paidOn);
            throw new InvalidInput(message, { paidOn: message });
          }
          const entry = await ledger.post(
            tx,
            finderFeePaymentEntry({
              bankReference,
              paidOn,
              amountPaise: amountPaise!,
              occurredAt: at,
              memo: `finder fees paid to buyer app ${bapId}, invoice ${invoiceNo}, UTR ${bankReference}`.slice(0, 200),
            }),
          );
          const [row] = await tx
            .insert(ondcFinderFeeSettlements)
            .values({
              bapId,
              amountPaise: amountPaise!,
              paidOn,
              bankReference,
              invoiceNo,
              ledgerEntryId: entry.entryId,
              enteredBy: who.staffId,
              enteredByEmail: who.email ?? null,
              enteredAt: at,
            })
            .onConflictDoNothing()
            .returning({ id: ondcFinderFeeSettlements.id });
          if (!row) throw new Refused(M.duplicate, { bankReference: M.duplicate });
          await audit.record(tx, {
            actor: who,
            action: "finder_fee.settle",
            target: { kind: "buyer_app", id: bapId },
            before: { outstandingPaise: owed.outstandingPaise },
            after: { settlementId: row.id, amountPaise, paidOn, bankReference, invoiceNo, outstandingPaise: owed.outstandingPaise - amountPaise! },
          });
          return { bapId, amountPaise: amountPaise!, outstandingPaise: owed.outstandingPaise - amountPaise! };
        });
      } catch (error) {
        // A month closed meanwhile, or the same UTR recorded at the same moment: said by the field, never a 500.
        if (error instanceof PeriodClosed) throw new InvalidInput(error.message, { paidOn: error.message });
        if (error instanceof LedgerError) throw new Refused(M.duplicate, { bankReference: M.duplicate });
        throw error;
      }
    },
  };
}

export type FinderFeeDesk = ReturnType<typeof createFinderFeeDesk>;

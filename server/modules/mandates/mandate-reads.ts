// What screens show of a loan's mandate (issue 24, decision 39; issue 30): the AutoPay screen's figures, state,
// next debit and history, the states of many loans at once, and the back office's view without provider ids.
import { asc, desc, eq, inArray } from "drizzle-orm";
import { todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import { debitFailureOf } from "../../../core/i18n/index.ts";
import { mandateHistory, mandateMaxAmountPaise, nextDebitOn } from "../../../core/mandates.ts";
import { toUuid } from "../../../core/validation/index.ts";
import type { Db } from "../../db/client.ts";
import { mandateDebits, mandates } from "../../db/schema/index.ts";
import type { BankingService } from "../banking/banking.service.ts";
import type { LeadsService } from "../leads/leads.service.ts";
import type { LoansService } from "../loans/loans.service.ts";
import type { ProfileService } from "../profile/profile.service.ts";

export type Mandate = typeof mandates.$inferSelect;

export function createMandateReads(deps: {
  db: Db;
  banking: BankingService;
  profiles: ProfileService;
  leads: LeadsService;
  loans: LoansService;
  now: () => Date;
}) {
  const { db, banking, profiles, leads, loans, now } = deps;

  async function latest(leadId: string): Promise<Mandate | null> {
    const [row] = await db.select().from(mandates).where(eq(mandates.leadId, leadId)).orderBy(desc(mandates.createdAt)).limit(1);
    return row ?? null;
  }

  /** When the mandate will next debit (core's rule over its debits so far). */
  async function nextDebitOf(mandate: Mandate, repaymentDate: IsoDate | null): Promise<IsoDate | null> {
    if (mandate.status !== "ACTIVE") return null;
    const debits = await db
      .select({ attempt: mandateDebits.attempt, status: mandateDebits.status, debitOn: mandateDebits.debitOn })
      .from(mandateDebits)
      .where(eq(mandateDebits.mandateId, mandate.id));
    return nextDebitOn(mandate.status, repaymentDate, debits);
  }

  /** Issue 30: the loan's AutoPay history for its owner's screen (registrations, notices, debits). */
  async function historyOf(leadId: string, atStep: boolean) {
    const rows = await db.select().from(mandates).where(eq(mandates.leadId, leadId)).orderBy(asc(mandates.createdAt));
    const debits = await db.select().from(mandateDebits).where(eq(mandateDebits.leadId, leadId)).orderBy(asc(mandateDebits.attempt));
    return mandateHistory(rows, debits, debitFailureOf, atStep);
  }

  return {
    latest,

    /** The AutoPay screen: the loan's figures, the mandate's state and the last failure's reason. */
    async details(profileId: string, leadId?: string | null) {
      const profile = await profiles.load(profileId);
      const lead = leadId ? await leads.requireOwned(profileId, toUuid(leadId) ?? "") : ((await leads.open(profileId)) ?? (await leads.latest(profileId)));
      if (!lead) return { next_step: profile.nextStep, lead_id: null, mandate: null, figures: null };
      const mandate = await latest(lead.id);
      const terms = await loans.terms(db, lead.id).catch(() => null);
      const account = await banking.verifiedAccount(lead.id);
      return {
        next_step: profile.nextStep,
        lead_id: lead.id,
        account_last4: account?.last4 ?? null,
        figures: terms
          ? {
              total_repayable_paise: terms.principal + terms.interestPaise,
              penal_cap_paise: mandateMaxAmountPaise(terms) - terms.principal - terms.interestPaise,
              max_amount_paise: mandateMaxAmountPaise(terms),
              debit_on: terms.repaymentDate,
            }
          : null,
        mandate: mandate ? view(mandate) : null,
        next_debit_on: mandate ? await nextDebitOf(mandate, terms?.repaymentDate ?? null) : null,
        history: await historyOf(lead.id, profile.nextStep === "autopay_setup" && lead.status === "IN_PROCESS"),
      };
    },

    /** Mandates of loans, for Loan Details, Repayment and the back office: state by lead id. */
    async statesOf(leadIds: string[]) {
      if (!leadIds.length) return new Map<string, Mandate>();
      const rows = await db.select().from(mandates).where(inArray(mandates.leadId, leadIds)).orderBy(desc(mandates.createdAt));
      const map = new Map<string, Mandate>();
      for (const r of rows) if (!map.has(r.leadId)) map.set(r.leadId, r);
      return map;
    },

    /**
     * The back office's view (collections): each loan's mandate state and next debit date, no provider ids
     * nor account digits. Staff roles are checked by the caller's service before it asks.
     */
    async staffView(loans: { leadId: string; repaymentDate: string | null }[]) {
      const latestOf = await this.statesOf(loans.map((l) => l.leadId));
      const out = new Map<string, { status: Mandate["status"]; method: Mandate["method"]; nextDebitOn: IsoDate | null }>();
      for (const l of loans) {
        const m = latestOf.get(l.leadId);
        if (m) out.set(l.leadId, { status: m.status, method: m.method, nextDebitOn: await nextDebitOf(m, (l.repaymentDate as IsoDate | null) ?? null) });
      }
      return out;
    },

    today: () => todayInIndia(now()),
  };
}

/** What a screen shows of a mandate (no provider ids). */
export function view(m: Mandate) {
  return {
    id: m.id,
    method: m.method,
    status: m.status,
    max_amount_paise: m.maxAmountPaise,
    account_last4: m.accountLast4,
    failure_reason: m.failureReason,
    cancel_reason: m.cancelReason,
  };
}

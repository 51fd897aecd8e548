// Leads (decision 11) and the user type that follows from them (decision 10).
// Other modules read and move leads only through this service.
// The dashboard's summary is leads-summary.ts and the credit manager's assignment credit-manager-assignment.ts.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { userTypeFor, type UserType } from "../../../core/journey/index.ts";
import { toUuid } from "../../../core/validation/index.ts";
import type { Db } from "../../db/client.ts";
import { leads, loanAccounts } from "../../db/schema/index.ts";
import { InvalidSession } from "../domain-errors.ts";
import { openAccount, selectLeads, type LeadWithAccount } from "../loans/loan-account.service.ts";
import { createCreditManagerAssignment } from "./credit-manager-assignment.ts";
import { createLeadsSummary, OPEN_LEAD_STATUSES, pickAccount } from "./leads-summary.ts";

export { OPEN_LEAD_STATUSES };
export type { CreditManagerContact, LeadsSummary } from "./leads-summary.ts";

/** The application with its loan account's status, number and dates (the account is the loans module's). */
export type Lead = LeadWithAccount;
type Executor = Pick<Db, "select" | "insert" | "update">;

export interface NewLead {
  profileId: string;
  userType: UserType;
  monthlyIncome: number;
  offerMinAmount: number;
  offerMaxAmount: number;
  eligibilityCheckId: string;
  /** Decision 22: attribution is copied from the profile onto the lead. */
  tracking: {
    utmSource: string | null;
    utmMedium: string | null;
    utmCampaign: string | null;
    utmTerm: string | null;
    utmContent: string | null;
    clickId: string | null;
  };
}

export function createLeadsService(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  return {
    /** NEW, REPEAT or UNPAID-REPEAT from closed and disbursed (open) loans. */
    async userTypeOf(profileId: string, executor: Executor = db): Promise<UserType> {
      const rows = await executor
        .select({ status: loanAccounts.status, n: sql<number>`count(*)::int` })
        .from(loanAccounts)
        .where(and(eq(loanAccounts.profileId, profileId), inArray(loanAccounts.status, ["CLOSED", "DISBURSED"])))
        .groupBy(loanAccounts.status);
      const count = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
      return userTypeFor({ closedLoans: count("CLOSED"), openLoans: count("DISBURSED") });
    },

    /** A new application and its account (IN_PROCESS); pass the caller's transaction. */
    async create(input: NewLead, executor: Executor = db): Promise<Lead> {
      const at = now();
      const [lead] = await executor
        .insert(leads)
        .values({
          profileId: input.profileId,
          userType: input.userType,
          monthlyIncome: input.monthlyIncome,
          offerMinAmount: input.offerMinAmount,
          offerMaxAmount: input.offerMaxAmount,
          eligibilityCheckId: input.eligibilityCheckId,
          ...input.tracking,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      const account = await openAccount(executor, lead, at);
      return { ...lead, ...pickAccount(account), loanRecommended: null, tenureDays: null, repaymentDate: null, roi: null };
    },

    /** The customer's newest lead, if any. */
    async latest(profileId: string): Promise<Lead | null> {
      const [lead] = await selectLeads(db).where(eq(leads.profileId, profileId)).orderBy(desc(leads.createdAt)).limit(1);
      return lead ?? null;
    },

    /** The lead in flight or disbursed (at most one). */
    async open(profileId: string): Promise<Lead | null> {
      const [lead] = await selectLeads(db)
        .where(and(eq(leads.profileId, profileId), inArray(loanAccounts.status, OPEN_LEAD_STATUSES)))
        .limit(1);
      return lead ?? null;
    },

    /** Decision 20: a lead_id that is not this customer's is Status 4, and nothing is read. */
    async requireOwned(profileId: string, leadId: string): Promise<Lead> {
      // An id that is not a UUID cannot be one of theirs: the same Status 4, and no query.
      const id = toUuid(leadId);
      const [lead] = id ? await selectLeads(db).where(and(eq(leads.id, id), eq(leads.profileId, profileId))) : [];
      if (!lead) throw new InvalidSession();
      return lead;
    },

    ...createLeadsSummary({ db }),

    /** Every lead of this customer, newest first (Loan History). */
    async listFor(profileId: string): Promise<Lead[]> {
      return selectLeads(db).where(eq(leads.profileId, profileId)).orderBy(desc(leads.createdAt));
    },

    ...createCreditManagerAssignment({ db, now }),
  };
}

export type LeadsService = ReturnType<typeof createLeadsService>;

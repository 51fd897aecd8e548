// Leads (decision 11) and the user type that follows from them (decision 10).
// Other modules read and move leads only through this service.
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { userTypeFor, type LeadStatus, type UserType } from "../../../core/journey/index.ts";
import { toUuid } from "../../../core/validation/index.ts";
import type { Db } from "../../db/client.ts";
import { rowText } from "../../db/row-text.ts";
import { creditManagers, leads, loanAccounts } from "../../db/schema/index.ts";
import { InvalidSession, NotAvailable, Refused } from "../domain-errors.ts";
import { leadTermsPart, leadWithAccount, openAccount, selectLeads, type LeadWithAccount, type LoanAccount } from "../loans/loan-account.service.ts";
import { LOAN_CODES } from "../../../core/i18n/index.ts";

/** The application with its loan account's status, number and dates (the account is the loans module's). */
export type Lead = LeadWithAccount;
export type CreditManagerContact = Pick<typeof creditManagers.$inferSelect, "name" | "mobile" | "email">;
export interface LeadsSummary {
  userType: UserType;
  open: Lead | null;
  latest: Lead | null;
  /** The manager of one of these leads, as creditManagerOf would read it (name, mobile, e-mail). */
  creditManagerOf: (lead: Lead) => CreditManagerContact | null;
}
type Executor = Pick<Db, "select" | "insert" | "update">;

/** Statuses that block a new lead (the partial unique index loan_accounts_one_open_idx says the same). */
export const OPEN_LEAD_STATUSES: LeadStatus[] = ["IN_PROCESS", "SUBMITTED", "SANCTIONED", "DISBURSED"];

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

/** The account's columns a Lead carries. */
function pickAccount(a: LoanAccount) {
  return {
    status: a.status,
    loanNo: a.loanNo,
    disbursalDate: a.disbursalDate,
    rejectionReason: a.rejectionReason,
    statusChangedAt: a.statusChangedAt,
    closedAt: a.closedAt,
  };
}

export function createLeadsService(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;

  // Each lead comes with its credit manager (one round trip instead of a second query for the manager).
  const leadsOfProfile = db
    .select({ lead: leadWithAccount, manager: { name: creditManagers.name, mobile: creditManagers.mobile, email: creditManagers.email } })
    .from(leads)
    .innerJoin(loanAccounts, eq(loanAccounts.leadId, leads.id))
    .leftJoin(creditManagers, eq(creditManagers.id, leads.creditManagerId))
    .where(eq(leads.profileId, sql.placeholder("profileId")))
    .orderBy(desc(leads.createdAt))
    .prepare("leads_of_profile");
  const leadText = rowText(leads);
  const accountText = rowText(loanAccounts);

  function summarize(rows: { lead: Lead; manager: CreditManagerContact | null }[]): LeadsSummary {
    const all = rows.map((r) => r.lead);
    const count = (s: LeadStatus) => all.filter((l) => l.status === s).length;
    return {
      userType: userTypeFor({ closedLoans: count("CLOSED"), openLoans: count("DISBURSED") }),
      open: all.find((l) => OPEN_LEAD_STATUSES.includes(l.status)) ?? null,
      latest: all[0] ?? null,
      creditManagerOf: (lead) => rows.find((r) => r.lead === lead)?.manager ?? null,
    };
  }

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

    /**
     * userTypeOf, open and latest from one read of the customer's leads (a handful of rows), for
     * the dashboard, which needs all three on every load.
     */
    async summaryOf(profileId: string): Promise<LeadsSummary> {
      return summarize(await leadsOfProfile.execute({ profileId }));
    },

    /**
     * summaryOf as parts of one statement of the caller's (the dashboard reads several modules in
     * one round trip): `profileId` is that statement's SQL for the customer. `sql` is the leads with
     * their managers, newest first; `openId` and `shownId` (open, else latest) are SQL for other
     * modules' parts; `decode` turns the value of `sql` into summaryOf's answer.
     */
    summaryPart(profileId: SQL) {
      const openStatuses = sql.join(
        OPEN_LEAD_STATUSES.map((s) => sql`${s}`),
        sql`, `,
      );
      const newest = (where: SQL) =>
        sql`(select ${leads.id} from ${leads} join ${loanAccounts} on ${loanAccounts.leadId} = ${leads.id} where ${leads.profileId} = ${profileId} and ${where} order by ${leads.createdAt} desc limit 1)`;
      const openId = newest(sql`${loanAccounts.status} in (${openStatuses})`);
      return {
        sql: sql`(select coalesce(json_agg(json_build_array(${leadText.sql}, ${accountText.sql}, ${leadTermsPart.sql}, ${creditManagers.name}, ${creditManagers.mobile}, ${creditManagers.email}) order by ${leads.createdAt} desc), '[]') from ${leads} join ${loanAccounts} on ${loanAccounts.leadId} = ${leads.id} left join ${creditManagers} on ${creditManagers.id} = ${leads.creditManagerId} where ${leads.profileId} = ${profileId})`,
        openId,
        shownId: sql`coalesce(${openId}, ${newest(sql`true`)})`,
        decode(value: unknown): LeadsSummary {
          const rows = (value as [unknown, unknown, unknown, string | null, string, string][]).map(([lead, account, terms, name, mobile, email]) => ({
            lead: { ...leadText.decode(lead)!, ...pickAccount(accountText.decode(account)!), ...leadTermsPart.decode(terms) },
            manager: name === null ? null : { name, mobile, email },
          }));
          return summarize(rows);
        },
      };
    },

    /** Every lead of this customer, newest first (Loan History). */
    async listFor(profileId: string): Promise<Lead[]> {
      return selectLeads(db).where(eq(leads.profileId, profileId)).orderBy(desc(leads.createdAt));
    },

    /**
     * Decision 11: a credit manager is assigned when the lead is submitted. Picks the active
     * manager with the fewest leads (ties by name); idempotent: a lead keeps its manager.
     * Call it in the transaction that makes the lead SUBMITTED.
     */
    async assignCreditManager(leadId: string, executor: Executor = db) {
      const [lead] = await executor.select({ managerId: leads.creditManagerId }).from(leads).where(eq(leads.id, leadId));
      if (!lead) throw new NotAvailable(LOAN_CODES.noApplication);
      if (lead.managerId) {
        const [current] = await executor.select().from(creditManagers).where(eq(creditManagers.id, lead.managerId));
        return current;
      }
      const [manager] = await executor
        .select({
          id: creditManagers.id,
          name: creditManagers.name,
          mobile: creditManagers.mobile,
          email: creditManagers.email,
          active: creditManagers.active,
          createdAt: creditManagers.createdAt,
        })
        .from(creditManagers)
        .leftJoin(leads, eq(leads.creditManagerId, creditManagers.id))
        .where(eq(creditManagers.active, true))
        .groupBy(creditManagers.id)
        .orderBy(sql`count(${leads.id})`, creditManagers.name)
        .limit(1);
      if (!manager) throw new Refused("No credit manager is available.");
      const at = now();
      await executor.update(leads).set({ creditManagerId: manager.id, creditManagerAssignedAt: at, updatedAt: at }).where(eq(leads.id, leadId));
      return manager;
    },

    /** The credit manager of a lead, or null before submission. */
    async creditManagerOf(lead: Pick<Lead, "creditManagerId">) {
      if (!lead.creditManagerId) return null;
      const [manager] = await db.select().from(creditManagers).where(eq(creditManagers.id, lead.creditManagerId));
      return manager ?? null;
    },
  };
}

export type LeadsService = ReturnType<typeof createLeadsService>;

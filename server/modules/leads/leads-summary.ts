// The customer's leads in one read, for the dashboard (decisions 10 and 11): the user type, the open lead and
// the newest one, with their credit managers; alone (summaryOf) or as a part of the caller's statement (summaryPart).
import { desc, eq, sql, type SQL } from "drizzle-orm";
import { userTypeFor, type LeadStatus, type UserType } from "../../../core/journey/index.ts";
import type { Db } from "../../db/client.ts";
import { rowText } from "../../db/row-text.ts";
import { creditManagers, leads, loanAccounts } from "../../db/schema/index.ts";
import { leadTermsPart, leadWithAccount, type LeadWithAccount as Lead, type LoanAccount } from "../loans/loan-account.service.ts";

export type CreditManagerContact = Pick<typeof creditManagers.$inferSelect, "name" | "mobile" | "email">;
export interface LeadsSummary {
  userType: UserType;
  open: Lead | null;
  latest: Lead | null;
  /** The manager of one of these leads, as creditManagerOf would read it (name, mobile, e-mail). */
  creditManagerOf: (lead: Lead) => CreditManagerContact | null;
}

/** Statuses that block a new lead (the partial unique index loan_accounts_one_open_idx says the same). */
export const OPEN_LEAD_STATUSES: LeadStatus[] = ["IN_PROCESS", "SUBMITTED", "SANCTIONED", "DISBURSED"];

/** The account's columns a Lead carries. */
export function pickAccount(a: LoanAccount) {
  return {
    status: a.status,
    loanNo: a.loanNo,
    disbursalDate: a.disbursalDate,
    rejectionReason: a.rejectionReason,
    statusChangedAt: a.statusChangedAt,
    closedAt: a.closedAt,
  };
}

export function createLeadsSummary(deps: { db: Db }) {
  const { db } = deps;

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
  };
}

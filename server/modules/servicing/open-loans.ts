// The open loans servicing works on (issue 13): each DISBURSED loan with its customer's contact and
// language, by repayment date. The jobs and the collections desk read them.
import { and, asc, eq } from "drizzle-orm";
import { customerLanguage, type Language } from "../../../core/i18n/index.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles, leads, loanAccounts, loanTerms } from "../../db/schema/index.ts";
import { leadWithAccount, type LeadWithAccount } from "../loans/loan-account.service.ts";

export type OpenLoan = {
  id: string;
  loanNo: string | null;
  repaymentDate: string | null;
  mobile: string;
  email: string | null;
  fullName: string | null;
  /** Issue 23: the language of the customer's reminders. */
  lang: Language;
  lead: LeadWithAccount;
};

export function createOpenLoans(db: Db) {
  return async function openLoans(where?: ReturnType<typeof and>): Promise<OpenLoan[]> {
    const rows = await db
      .select({
        lead: leadWithAccount,
        mobile: customerProfiles.mobile,
        email: customerProfiles.personalEmail,
        fullName: customerProfiles.fullName,
        lang: customerProfiles.preferredLanguage,
      })
      .from(leads)
      .innerJoin(loanAccounts, eq(loanAccounts.leadId, leads.id))
      .innerJoin(customerProfiles, eq(customerProfiles.id, leads.profileId))
      .leftJoin(loanTerms, eq(loanTerms.leadId, leads.id))
      .where(and(eq(loanAccounts.status, "DISBURSED"), where))
      .orderBy(asc(loanTerms.repaymentDate), asc(leads.id));
    return rows.map((r) => ({
      id: r.lead.id,
      loanNo: r.lead.loanNo,
      repaymentDate: r.lead.repaymentDate,
      mobile: r.mobile,
      email: r.email,
      fullName: r.fullName,
      lang: customerLanguage(r.lang),
      lead: r.lead,
    }));
  };
}

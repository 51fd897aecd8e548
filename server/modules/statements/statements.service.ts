// The customer's loan documents beside the KFS and agreement: the loan statement (from the
// ledger) and the sanction letter (from the accepted KFS and the sanction date). Owner only:
// another customer's lead is Status 4 (decision 20), before anything is read.
import { eq } from "drizzle-orm";
import { todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles } from "../../db/schema/index.ts";
import { NotAvailable } from "../domain-errors.ts";
import { documentLanguage, STATEMENT_CODES } from "../../../core/i18n/index.ts";
import type { LeadsService } from "../leads/leads.service.ts";
import type { LedgerService } from "../ledger/ledger.service.ts";
import type { QuoteService } from "../offer/quote.service.ts";
import { termsOf } from "../loans/loans.service.ts";
import { customerStatement } from "./loan-statement.ts";
import { loanStatementPdf, sanctionLetterPdf } from "./statement-pdfs.ts";

const fileSafe = (value: string) => value.replace(/[^A-Za-z0-9-]/g, "");

export function createStatementsService(deps: { db: Db; leads: LeadsService; ledger: LedgerService; quotes: QuoteService; now: () => Date }) {
  const { db, leads, ledger, quotes, now } = deps;

  /** The borrower's name, and the language their documents are made in (preferred_language now). */
  async function borrower(profileId: string) {
    const [p] = await db
      .select({ fullName: customerProfiles.fullName, preferredLanguage: customerProfiles.preferredLanguage })
      .from(customerProfiles)
      .where(eq(customerProfiles.id, profileId));
    return { name: p?.fullName ?? "", language: documentLanguage(p) };
  }

  return {
    /** Every ledger entry of a disbursed or closed loan, in words, with the running balance. */
    async loanStatement(profileId: string, leadId: string) {
      const lead = await leads.requireOwned(profileId, leadId);
      if ((lead.status !== "DISBURSED" && lead.status !== "CLOSED") || !lead.loanNo || !lead.disbursalDate) throw new NotAvailable(STATEMENT_CODES.noStatement);
      // The loan's figures come from its terms row only (issue 31).
      const terms = await termsOf(db, lead.id);
      if (!terms) throw new NotAvailable(STATEMENT_CODES.noStatement);
      const entries = await ledger.entries(lead.id);
      const who = await borrower(profileId);
      const loan = { disbursalDate: lead.disbursalDate as IsoDate, repaymentDate: terms.repaymentDate };
      const { lines, totals } = customerStatement(entries, loan, who.language);
      const bytes = await loanStatementPdf({
        borrower: who.name,
        language: who.language,
        loanNo: lead.loanNo,
        principalPaise: terms.principal,
        disbursalDate: lead.disbursalDate as IsoDate,
        repaymentDate: terms.repaymentDate,
        status: lead.status,
        issuedOn: todayInIndia(now()),
        lines,
        totals,
      });
      return { bytes, filename: `Loan-Statement-${fileSafe(lead.loanNo)}.pdf` };
    },

    /** The sanction letter of a sanctioned (later disbursed or closed) loan. */
    async sanctionLetter(profileId: string, leadId: string) {
      const lead = await leads.requireOwned(profileId, leadId);
      if (!lead.sanctionedAt || !["SANCTIONED", "DISBURSED", "CLOSED"].includes(lead.status)) throw new NotAvailable(STATEMENT_CODES.noSanction);
      const kfs = await quotes.acceptedKfs(profileId, lead.id, { inBorrowersLanguage: true });
      const bytes = await sanctionLetterPdf({
        kfs,
        borrower: (await borrower(profileId)).name,
        sanctionedOn: todayInIndia(lead.sanctionedAt),
        loanNo: lead.loanNo,
        disbursedOn: lead.status === "SANCTIONED" ? null : lead.disbursalDate,
      });
      return { bytes, filename: `Sanction-Letter-${fileSafe(kfs.proposalNumber)}.pdf` };
    },
  };
}

export type StatementsService = ReturnType<typeof createStatementsService>;

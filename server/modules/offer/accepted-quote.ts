// An accepted quote's documents and figures (decisions 8 and 34): its KFS, from the loan's own terms row whatever
// the product says today, the loan agreement for the eSign, and the quote row with its figures.
import { and, eq } from "drizzle-orm";
import { kfsLender } from "../../../core/lender.ts";
import { todayInIndia } from "../../../core/calendar.ts";
import { maskPan } from "../../../core/journey/index.ts";
import { buildLoanAgreement } from "../../../core/loan-agreement.ts";
import type { Kfs } from "../../../core/kfs.ts";
import { productOfTerms } from "../../../core/loan-math/index.ts";
import type { ProductConfig } from "../../../core/product.ts";
import { QUOTE_CODES } from "../../../core/i18n/index.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles, loanQuotes, loanTerms } from "../../db/schema/index.ts";
import type { LeadsService } from "../leads/leads.service.ts";
import { termsOf } from "../loans/loans.service.ts";
import { stepNotAvailable } from "../journey/journey.service.ts";
import type { Profile } from "../profile/profile.service.ts";
import { documentLanguage } from "../../../core/i18n/index.ts";
import { NotFound } from "../domain-errors.ts";
import type { KfsFor, Tx } from "./quote-kit.ts";

export function createAcceptedQuote(deps: { db: Db; leads: LeadsService; product: ProductConfig; now: () => Date; kfsFor: KfsFor }) {
  const { db, leads: leadsService, product, now, kfsFor } = deps;
  const today = () => todayInIndia(now());

  async function loadProfile(executor: Db | Tx, profileId: string): Promise<Profile> {
    const [profile] = await executor.select().from(customerProfiles).where(eq(customerProfiles.id, profileId));
    if (!profile) throw stepNotAvailable();
    return profile;
  }

  return {
    /**
     * The accepted quote's KFS for a lead of this customer (Status 4 for anyone else's). `inBorrowersLanguage`: words
     * in the profile's preferred_language (the PDF a customer downloads), else English.
     */
    async acceptedKfs(profileId: string, leadId: string, { inBorrowersLanguage = false } = {}): Promise<Kfs> {
      const lead = await leadsService.requireOwned(profileId, leadId);
      const [quote] = await db
        .select()
        .from(loanQuotes)
        .where(and(eq(loanQuotes.leadId, lead.id), eq(loanQuotes.profileId, profileId)));
      if (!quote) throw new NotFound(QUOTE_CODES.kfsNotAvailable);
      const profile = await loadProfile(db, profileId);
      // Decision 34: the accepted KFS states the loan's own terms, whatever the product says today.
      // The acceptance wrote them with the quote (issue 31: there is no other source).
      const terms = await termsOf(db, lead.id);
      if (!terms) throw new NotFound(QUOTE_CODES.kfsNotAvailable);
      return kfsFor(
        lead,
        profile,
        {
          principal: quote.principal,
          tenureDays: quote.tenureDays,
          repaymentDate: quote.repaymentDate,
          purposeId: quote.purposeId,
          issuedOn: quote.issuedOn,
        },
        inBorrowersLanguage ? documentLanguage(profile) : "en",
        productOfTerms(product.singleLoan, terms),
      );
    },

    /**
     * The KFS and the loan agreement of an accepted quote, for the eSign page and the signed PDF
     * (`agreementPdf(agreement, kfs, signature)` in loan-documents.ts). Owner-checked like acceptedKfs.
     */
    async agreementFor(profileId: string, leadId: string, extras: { agreementDate?: string; bankAccountMasked?: string | null; ifsc?: string | null } = {}) {
      // The signed documents are in the borrower's preferred language when they are made.
      const kfs = await this.acceptedKfs(profileId, leadId, { inBorrowersLanguage: true });
      const profile = await loadProfile(db, profileId);
      const address = [profile.residenceAddress1, profile.residenceAddress2, profile.residenceCity, profile.residenceState, profile.residencePincode]
        .filter(Boolean)
        .join(", ");
      const agreement = buildLoanAgreement({
        kfs,
        lender: kfsLender,
        agreementDate: extras.agreementDate ?? today(),
        borrower: {
          fullName: profile.fullName ?? "",
          mobile: profile.mobile,
          panMasked: maskPan(profile.pancardLast4),
          address: address || null,
          bankAccountMasked: extras.bankAccountMasked ?? null,
          ifsc: extras.ifsc ?? null,
        },
      });
      return { kfs, agreement };
    },

    /** The accepted quote row with its figures from the loan's terms row (for the eSign helper and the loan detail). */
    async acceptedQuote(leadId: string) {
      const [row] = await db
        .select({ quote: loanQuotes, netDisbursalPaise: loanTerms.netDisbursalPaise, aprBps: loanTerms.aprBps })
        .from(loanQuotes)
        .innerJoin(loanTerms, eq(loanTerms.leadId, loanQuotes.leadId))
        .where(eq(loanQuotes.leadId, leadId));
      return row ? { ...row.quote, netDisbursalPaise: row.netDisbursalPaise, aprBps: row.aprBps } : null;
    },
  };
}

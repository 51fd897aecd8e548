// getLeadList and getLeadDetail (spec 3 "Loan history lead", "Loan detail"): the session's
// own leads only (decision 20); another customer's lead_id is Status 4 with nothing read.
// Answers the leads and their facts; offer.replies.ts names them as the screens read them.
import type { LeadsService } from "../leads/leads.service.ts";
import type { ProfileService } from "../profile/profile.service.ts";
import type { QuoteService } from "./quote.service.ts";

export function createLoanHistory(deps: {
  leads: LeadsService;
  profiles: ProfileService;
  quotes: QuoteService;
  /** Whether the lead's signed agreement can be downloaded (the eSign module). */
  signedAgreementAvailable?: (leadId: string) => Promise<boolean>;
}) {
  const { leads, profiles, quotes, signedAgreementAvailable } = deps;

  return {
    /** Whatever PAN the body names, the list is the session customer's. */
    async leadList(profileId: string) {
      return { leads: await leads.listFor(profileId) };
    },

    async leadDetail(profileId: string, leadId: string) {
      const lead = await leads.requireOwned(profileId, leadId);
      const profile = await profiles.load(profileId);
      const quote = await quotes.acceptedQuote(lead.id);
      // The credit manager, once one is assigned at submission (decision 11).
      const creditManager = await leads.creditManagerOf(lead);
      const agreementAvailable = lead.status !== "IN_PROCESS" && signedAgreementAvailable ? await signedAgreementAvailable(lead.id) : false;
      return { lead, profile, quote, creditManager, agreementAvailable };
    },
  };
}

export type LoanHistory = ReturnType<typeof createLoanHistory>;

// The documents the customer signs: the loan agreement (with the KFS as its annexure) and the Key Fact
// Statement of the lead's accepted quote, built by the loan module's builders (core/kfs.ts,
// core/loan-agreement.ts, server/modules/loan/loan-documents.ts).
import { eq } from "drizzle-orm";
import { kfsLender } from "../../../app/content/lender.ts";
import { maskAccountNumber } from "../../../core/banking.ts";
import { todayInIndia } from "../../../core/calendar.ts";
import { maskPan } from "../../../core/journey/index.ts";
import { buildLoanAgreement } from "../../../core/loan-agreement.ts";
import type { Db } from "../../db/client.ts";
import { bankAccounts } from "../../db/schema/index.ts";
import type { EsignDocument } from "../../providers/esign/port.ts";
import { agreementPdf, kfsPdf } from "../loan/loan-documents.ts";
import type { QuoteService } from "../loan/quote.service.ts";
import type { ProfileService } from "../profile/profile.service.ts";

export function createSigningDocuments(deps: { db: Db; quotes: QuoteService; profiles: ProfileService }) {
  const { db, quotes, profiles } = deps;
  return async function buildSigningDocuments(input: { profileId: string; leadId: string; now: Date }): Promise<EsignDocument[]> {
    const kfs = await quotes.acceptedKfs(input.profileId, input.leadId);
    const profile = await profiles.load(input.profileId);
    const [account] = await db.select().from(bankAccounts).where(eq(bankAccounts.leadId, input.leadId));
    const address = [profile.residenceAddress1, profile.residenceAddress2, profile.residenceCity, profile.residencePincode].filter(Boolean).join(", ");
    const agreement = buildLoanAgreement({
      kfs,
      borrower: {
        fullName: profile.fullName ?? "",
        mobile: profile.mobile,
        panMasked: maskPan(profile.pancardLast4),
        address: address || null,
        bankAccountMasked: account ? maskAccountNumber(account.accountLast4) : null,
        ifsc: account?.ifsc ?? null,
      },
      lender: kfsLender,
      agreementDate: todayInIndia(input.now),
    });
    return [
      { name: "loan-agreement", title: "Loan Agreement", pdf: await agreementPdf(agreement, kfs) },
      { name: "key-fact-statement", title: "Key Fact Statement", pdf: await kfsPdf(kfs) },
    ];
  };
}

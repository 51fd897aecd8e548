// The documents the customer signs: the loan agreement (with the KFS as its annexure) and the Key Fact
// Statement of the lead's accepted quote, built by the offer module (quotes.agreementFor, loan-documents.ts).
import { eq } from "drizzle-orm";
import { maskAccountNumber } from "../../../core/banking.ts";
import { todayInIndia } from "../../../core/calendar.ts";
import type { Db } from "../../db/client.ts";
import { bankAccounts } from "../../db/schema/index.ts";
import type { EsignDocument } from "../../providers/esign/port.ts";
import { agreementPdf, kfsPdf } from "../offer/loan-documents.ts";
import type { QuoteService } from "../offer/quote.service.ts";

export function createSigningDocuments(deps: { db: Db; quotes: QuoteService }) {
  const { db, quotes } = deps;
  return async function buildSigningDocuments(input: { profileId: string; leadId: string; now: Date }): Promise<EsignDocument[]> {
    const [account] = await db.select().from(bankAccounts).where(eq(bankAccounts.leadId, input.leadId));
    const { kfs, agreement } = await quotes.agreementFor(input.profileId, input.leadId, {
      agreementDate: todayInIndia(input.now),
      bankAccountMasked: account ? maskAccountNumber(account.accountLast4) : null,
      ifsc: account?.ifsc ?? null,
    });
    return [
      { name: "loan-agreement", title: "Loan Agreement", pdf: await agreementPdf(agreement, kfs), language: agreement.language },
      { name: "key-fact-statement", title: "Key Fact Statement", pdf: await kfsPdf(kfs), language: kfs.language },
    ];
  };
}

// The credit review page's data (decision 32): everything a reviewer needs on one page, personal data
// masked. Documents are opened one at a time through the credit service's openDocument (audited).
import { and, asc, eq, inArray, or } from "drizzle-orm";
import { isKfsExpired, kfsValidUntil } from "../../../core/credit.ts";
import { maskPan } from "../../../core/journey/index.ts";
import type { Db } from "../../db/client.ts";
import {
  bankAccounts,
  creditDecisions,
  customerEmploymentDetails,
  customerProfiles,
  eligibilityChecks,
  eligibilityRuleResults,
  loanQuotes,
  loanTerms,
  uploadedFiles,
} from "../../db/schema/index.ts";

import { sanctionGaps } from "../../../core/sanction-requirements.ts";
import { sanctionFactsOf } from "./sanction-requirements.ts";
import { bpsToPercent, paiseToRupees } from "../../../core/loan-math/index.ts";
import type { LeadWithAccount } from "../loans/loan-account.service.ts";
import { WEBSITE_SOURCE, type LeadSourcesOf } from "../../../core/admin/lead-source.ts";

const maskMobile = (m: string) => `XXXXXX${m.slice(-4)}`;

/** The review of one lead the caller may read (its role and assignment already checked). */
export async function creditReviewView(
  db: Db,
  lead: LeadWithAccount,
  opts: { ekycSummary: (profileId: string, leadId?: string) => Promise<unknown>; today: string; sourcesOf: LeadSourcesOf },
) {
  const [profile] = await db.select().from(customerProfiles).where(eq(customerProfiles.id, lead.profileId));
  const [check] = lead.eligibilityCheckId ? await db.select().from(eligibilityChecks).where(eq(eligibilityChecks.id, lead.eligibilityCheckId)) : [];
  const rules = check ? await db.select().from(eligibilityRuleResults).where(eq(eligibilityRuleResults.checkId, check.id)) : [];
  const [bank] = await db.select().from(bankAccounts).where(eq(bankAccounts.leadId, lead.id));
  const [quote] = await db
    .select({ q: loanQuotes, t: loanTerms })
    .from(loanQuotes)
    .innerJoin(loanTerms, eq(loanTerms.leadId, loanQuotes.leadId))
    .where(eq(loanQuotes.leadId, lead.id));
  const [employment] = await db.select().from(customerEmploymentDetails).where(eq(customerEmploymentDetails.profileId, lead.profileId));
  const files = await db
    .select({
      id: uploadedFiles.id,
      kind: uploadedFiles.kind,
      contentType: uploadedFiles.contentType,
      size: uploadedFiles.byteSize,
      createdAt: uploadedFiles.createdAt,
    })
    .from(uploadedFiles)
    .where(or(eq(uploadedFiles.leadId, lead.id), and(eq(uploadedFiles.profileId, lead.profileId), inArray(uploadedFiles.kind, ["selfie"]))));
  const history = await db.select().from(creditDecisions).where(eq(creditDecisions.leadId, lead.id)).orderBy(asc(creditDecisions.createdAt));
  const source = (await opts.sourcesOf([lead.id])).get(lead.id) ?? WEBSITE_SOURCE;
  return {
    lead: {
      id: lead.id,
      source,
      status: lead.status,
      proposalNumber: lead.proposalNumber,
      loanNo: lead.loanNo,
      userType: lead.userType,
      submittedAt: lead.statusChangedAt.toISOString(),
      recommendation: lead.recommendation,
      recommendedBy: lead.recommendedBy,
      sanctionedBy: lead.sanctionedBy,
      rejectionReason: lead.rejectionReason,
      requotePending: lead.requoteRequestedAt !== null,
    },
    profile: profile && {
      name: profile.fullName,
      mobile: maskMobile(profile.mobile),
      pan: profile.pancardLast4 ? maskPan(`XXXXXX${profile.pancardLast4}`) : null,
      panVerified: profile.pancardVerifiedStatus === 1,
      dob: profile.dob,
      monthlyIncome: lead.monthlyIncome,
    },
    eligibility: check && {
      eligible: check.eligible,
      bureauStatus: check.bureauStatus,
      bureauScore: check.bureauScore,
      checkedAt: check.checkedAt.toISOString(),
      rules: rules.map((r) => ({ rule: r.rule, passed: r.passed, observed: r.observed, reason: r.reason })),
    },
    bankAccount: bank && {
      id: bank.id,
      number: `XXXXXX${bank.accountLast4}`,
      ifsc: bank.ifsc,
      bankName: bank.bankName,
      verification: bank.verificationStatus,
      nameAtBank: bank.nameAtBank,
      nameMatchScore: bank.nameMatchScore,
    },
    // Issue 33: this application's eKYC, by DigiLocker or by its approved video KYC (ekyc_source).
    ekyc: await opts.ekycSummary(lead.profileId, lead.id),
    employment: employment && {
      companyName: employment.companyName,
      designation: employment.designation,
      since: employment.empSince,
      workMode: employment.workMode,
    },
    // The figures are the loan's terms row's (issue 31), in the rupees the desk's view carries.
    quote: quote && {
      principal: quote.q.principal,
      tenureDays: quote.q.tenureDays,
      repaymentDate: quote.q.repaymentDate,
      netDisbursal: paiseToRupees(quote.t.netDisbursalPaise),
      totalRepayable: paiseToRupees(quote.t.principalPaise + quote.t.interestPaise),
      apr: bpsToPercent(quote.t.aprBps),
      issuedOn: quote.q.issuedOn,
      validUntil: kfsValidUntil(quote.q.issuedOn),
      expired: isKfsExpired(quote.q.issuedOn, opts.today),
      kfsAcknowledgedAt: quote.q.kfsAcknowledgedAt.toISOString(),
    },
    // Documents are opened one at a time through openDocument (a reason, audited, served as an attachment).
    documents: files.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })),
    signedAgreement: files.some((f) => f.kind === "signed_agreement"),
    // Issue 29: what recommendation and sanction still need (empty when nothing is missing).
    missingForSanction: sanctionGaps(await sanctionFactsOf(db, lead)),
    history: history.map((h) => ({
      stage: h.stage,
      outcome: h.outcome,
      reasonCode: h.reasonCode,
      note: h.note,
      staffId: h.staffId,
      at: h.createdAt.toISOString(),
    })),
  };
}

// Development shortcuts through the journey and sandbox demo data (never mounted or run in production
// mode). They live here, not in the production services, and move next_step only through the journey
// module's jumpForDev (outside the product's transition table) or its ordinary advance.
import { and, eq } from "drizzle-orm";
import { DOCUMENT_TYPES } from "../../../core/validation/index.ts";
import { aadhaarKyc, bankAccounts, customerProfiles, leadDocuments, leads, loanAccounts, uploadedFiles } from "../../db/schema/index.ts";
import { encrypt } from "../../security/crypto.ts";
import type { Services } from "../../services.ts";

/** What the development shortcuts use (decision 65): the dev routes are given these. */
export type DevJourneyServices = Pick<Services, "db" | "env" | "leads" | "now" | "profiles" | "quotes" | "storage">;
import { bankAccountHash } from "../banking/banking.service.ts";
import { lookupIfsc } from "../banking/ifsc.ts";
import { Refused } from "../domain-errors.ts";
import { advance, jumpForDev } from "../journey/journey.service.ts";
import { selectLeads, transition } from "../loans/loan-account.service.ts";
import { videoKycEvidence } from "../video-kyc/video-kyc.service.ts";

/**
 * The session customer's submitted loan runs SANCTIONED → DISBURSED → CLOSED, as if paid out and
 * repaid, and the profile goes back to register_now (Re-Loan): the customer is now REPEAT.
 */
export async function closeLoanForDev(services: DevJourneyServices, profileId: string) {
  const lead = await services.leads.open(profileId);
  if (!lead || lead.status === "IN_PROCESS") throw new Refused("A submitted loan is needed (finish the eSign first).");
  // The product's moves in order, through the loans module's transition (no payout, no repayment).
  const moves = [
    ["SUBMITTED", "sanction"],
    ["SANCTIONED", "disburse"],
    ["DISBURSED", "close"],
  ] as const;
  for (const [, move] of moves.slice(moves.findIndex(([status]) => status === lead.status))) {
    await services.db.transaction((tx) => transition(tx, lead.id, move, { at: services.now() }));
  }
  // The product's Re-Loan move: completed → register_now.
  await services.db.transaction((tx) => advance(tx, profileId, "completed", "register_now", { at: services.now() }));
  return { closed_lead_id: lead.id, next_step: "register_now", user_type: await services.leads.userTypeOf(profileId) };
}

/** Moves a customer with an eligible lead in progress to ekyc_initiated (GET/POST /dev/journey/ekyc, and tests). */
export async function moveToEkycForDev(services: DevJourneyServices, profileId: string) {
  return services.db.transaction(async (tx) => {
    const [profile] = await tx.select().from(customerProfiles).where(eq(customerProfiles.id, profileId)).for("update");
    const [lead] = await selectLeads(tx)
      .where(and(eq(leads.profileId, profileId), eq(loanAccounts.status, "IN_PROCESS")))
      .limit(1);
    if (!profile || profile.eligibilityStatus !== 1 || !lead)
      throw new Refused("Only an eligible customer with a loan application in progress can jump to eKYC.");
    await jumpForDev(tx, profileId, "ekyc_initiated", { at: services.now() });
    return { next_step: "ekyc_initiated" as const, lead_id: lead.id };
  });
}

/**
 * Puts the session customer whose lead is open at the banking step. Without an accepted quote it
 * first takes the offer's largest amount through the quote service (the KFS and agreement need one);
 * employment is skipped, and eKYC and documents are recorded as the sandbox's (completeKycForDev).
 */
export async function moveToBankingForDev(services: DevJourneyServices, profileId: string) {
  const { profiles, leads: leadsService, quotes, db, now } = services;
  const profile = await profiles.load(profileId);
  const lead = await leadsService.open(profileId);
  if (profile.eligibilityStatus !== 1 || !lead || lead.status !== "IN_PROCESS") {
    throw new Refused("An eligible customer with an open application is needed (finish the five profile steps and Check Eligibility first).");
  }
  if (!(await quotes.acceptedQuote(lead.id))) {
    if (!["generate_loan_quote", "loan_quotation_decision"].includes(profile.nextStep)) {
      await db.transaction((tx) => jumpForDev(tx, profileId, "generate_loan_quote", { at: now() }));
    }
    const { terms, purposeId } = await quotes.generate(profileId);
    await quotes.decide(profileId, { amount: terms.max_loan_amount, tenure: terms.tenure, purpose_id: purposeId, accepted_id: 1, kfs_acknowledged: 1 });
  }
  await completeKycForDev(services, profileId, lead.id, profile.fullName ?? "Sandbox Customer");
  await db.transaction((tx) => jumpForDev(tx, profileId, "banking_details", { at: now() }));
  return { next_step: "banking_details", lead_id: lead.id };
}

// Placeholder files the shortcut stores for the documents it skips: a one-page PDF and a 1×1 PNG.
const PLACEHOLDER_PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
const PLACEHOLDER_PNG = Uint8Array.from(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==", "base64"),
);

/**
 * Issue 29: what the shortcut skips is recorded as the sandbox would have done it, so the lead meets
 * the rules for sanction (KYC, the policy's documents) like one that walked the journey: a sandbox
 * DigiLocker eKYC (reference SANDBOX-SHORTCUT) and a placeholder file for each document not yet there. An
 * application whose eKYC was an approved video KYC keeps it as its only KYC: a DigiLocker row beside it would
 * lift the payout's hold until the video KYC's audit (docs/decisions/kyc.md).
 */
async function completeKycForDev(services: DevJourneyServices, profileId: string, leadId: string, name: string) {
  const { db, now, storage } = services;
  const at = now();
  if ((await videoKycEvidence(db, leadId)) === "none") {
    await db
      .insert(aadhaarKyc)
      .values({ profileId, leadId, aadhaarLast4: "0000", aadhaarMasked: "XXXX XXXX 0000", name, digilockerReference: "SANDBOX-SHORTCUT", verifiedAt: at })
      .onConflictDoNothing();
  }
  const have = new Set((await db.select({ docType: leadDocuments.docType }).from(leadDocuments).where(eq(leadDocuments.leadId, leadId))).map((d) => d.docType));
  for (const doc of DOCUMENT_TYPES.filter((d) => !have.has(d.doc_type))) {
    const pdf = doc.allowed_format === "pdf";
    const bytes = pdf ? PLACEHOLDER_PDF : PLACEHOLDER_PNG;
    const key = await storage.put(bytes);
    await db.transaction(async (tx) => {
      const [file] = await tx
        .insert(uploadedFiles)
        .values({
          profileId,
          leadId,
          kind: doc.doc_type,
          storageKey: key,
          contentType: pdf ? "application/pdf" : "image/png",
          byteSize: bytes.byteLength,
          createdAt: at,
        })
        .returning({ id: uploadedFiles.id });
      await tx.insert(leadDocuments).values({ leadId, profileId, docType: doc.doc_type, fileId: file!.id, source: "UPLOAD", createdAt: at });
    });
  }
}

/**
 * Sandbox demo data only (npm run demo:customers): a VERIFIED payout account on an earlier lead,
 * encrypted and hashed like a real one, so a REPEAT demo customer sees it masked and locked.
 */
export async function seedVerifiedAccountForDemo(
  services: DevJourneyServices,
  input: { profileId: string; leadId: string; accountNumber: string; ifsc: string; branch: string; name: string },
) {
  const bank = lookupIfsc(input.ifsc);
  if (!bank) throw new Error("Demo IFSC is not in the dataset");
  const at = services.now();
  await services.db.insert(bankAccounts).values({
    profileId: input.profileId,
    leadId: input.leadId,
    accountNumberEnc: encrypt(services.env.ENCRYPTION_KEY, input.accountNumber),
    accountNumberHash: bankAccountHash(services.env.HASH_KEY, input.accountNumber),
    accountLast4: input.accountNumber.slice(-4),
    ifsc: bank.ifsc,
    bankName: bank.bank_name,
    branch: input.branch,
    accountName: input.name,
    verificationStatus: "VERIFIED",
    nameAtBank: input.name.toUpperCase(),
    nameMatchScore: 100,
    providerReference: "DEMO",
    verifiedAt: at,
    createdAt: at,
    updatedAt: at,
  });
}

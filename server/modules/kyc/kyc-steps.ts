// What every eKYC and account aggregator step shares: the profile and the lead in progress under their locks,
// the journey's next step within the eKYC stage, and the lead's latest DigiLocker request and verified Aadhaar.
import { and, desc, eq } from "drizzle-orm";
import type { NextStep } from "../../../core/journey/index.ts";
import { KYC_CODES } from "../../../core/i18n/index.ts";
import type { Db } from "../../db/client.ts";
import { aadhaarKyc, ekycRequests, leads, loanAccounts } from "../../db/schema/index.ts";
import { advance, EKYC_STEPS, requireEvent } from "../journey/journey.service.ts";
import { NotAvailable } from "../domain-errors.ts";
import { selectLeads } from "../loans/loan-account.service.ts";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export function createKycSteps(deps: { now: () => Date }) {
  const { now } = deps;

  /** Locks the profile row, checks the event belongs to the current stage, and finds the lead in progress. */
  async function locked(tx: Tx, profileId: string, event: NextStep) {
    const profile = await requireEvent(tx, profileId, event);
    const [lead] = await selectLeads(tx)
      .where(and(eq(leads.profileId, profileId), eq(loanAccounts.status, "IN_PROCESS")))
      .limit(1);
    if (!lead) throw new NotAvailable(KYC_CODES.noOpenLead);
    return { profile, lead };
  }

  /** Every eKYC move starts from a step of the eKYC stage; the table decides which targets are allowed. */
  const setNext = (tx: Tx, profileId: string, next: NextStep) => advance(tx, profileId, EKYC_STEPS, next, { at: now() });

  async function latestRequest(executor: Pick<Db, "select">, profileId: string, leadId: string) {
    const [row] = await executor
      .select()
      .from(ekycRequests)
      .where(and(eq(ekycRequests.profileId, profileId), eq(ekycRequests.leadId, leadId)))
      .orderBy(desc(ekycRequests.createdAt))
      .limit(1);
    return row ?? null;
  }

  async function verifiedFor(executor: Pick<Db, "select">, profileId: string, leadId: string) {
    const [row] = await executor
      .select()
      .from(aadhaarKyc)
      .where(and(eq(aadhaarKyc.profileId, profileId), eq(aadhaarKyc.leadId, leadId)));
    return row ?? null;
  }

  return { locked, setNext, latestRequest, verifiedFor };
}

export type KycSteps = ReturnType<typeof createKycSteps>;

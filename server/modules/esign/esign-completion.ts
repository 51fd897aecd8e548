// Finishing a signing (decisions 8 and 11): the signed copy stored once, the journey's eSign step completed,
// the lead submitted with its credit manager assigned, then the copies sent (afterSigned). Safe to run twice.
import { eq } from "drizzle-orm";
import { BANKING_CODES } from "../../../core/i18n/index.ts";
import type { Db } from "../../db/client.ts";
import { esignRequests, uploadedFiles } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { EsignPort } from "../../providers/esign/port.ts";
import type { StoragePort } from "../../providers/storage/port.ts";
import { ProviderFailed } from "../domain-errors.ts";
import { advanceIfAt } from "../journey/journey.service.ts";
import type { LeadsService } from "../leads/leads.service.ts";
import { transition } from "../loans/loan-account.service.ts";

export type EsignRequest = typeof esignRequests.$inferSelect;

export function createEsignCompletion(deps: {
  db: Db;
  esign: EsignPort;
  storage: StoragePort;
  leads: LeadsService;
  now: () => Date;
  logger: Logger;
  afterSigned?: (signed: { leadId: string; profileId: string }) => Promise<void>;
}) {
  const { db, esign, storage, leads, now, logger } = deps;

  /** Submits the lead and assigns its credit manager; both steps are idempotent, so a retried webhook finishes them. */
  async function submitLead(request: EsignRequest) {
    const lead = await leads.requireOwned(request.profileId, request.leadId);
    // A repeated webhook finds the account already past IN_PROCESS: the move changes nothing.
    if (lead.status === "IN_PROCESS") await db.transaction((tx) => transition(tx, lead.id, "submit", { at: now() }));
    // Decision 11: a credit manager is assigned when the lead is submitted.
    await leads.assignCreditManager(lead.id);
  }

  async function afterSigned(request: EsignRequest) {
    await deps.afterSigned?.({ leadId: request.leadId, profileId: request.profileId }).catch((error: unknown) => {
      logger.warn("copies after signing not sent", { leadId: request.leadId, error: error instanceof Error ? error.name : typeof error });
    });
  }

  /** Stores the signed copy, finishes the journey and submits the lead; safe to run twice. */
  async function complete(request: EsignRequest) {
    if (request.status === "SIGNED") {
      await submitLead(request);
      return afterSigned(request);
    }
    let pdf: Uint8Array;
    try {
      pdf = await esign.downloadSigned(request.providerReference, request.id);
    } catch (error) {
      // Providers retry a webhook that failed; nothing is changed until the signed copy is here.
      logger.warn("signed document not available", { error });
      throw new ProviderFailed(BANKING_CODES.signedCopyMissing);
    }
    if (!(pdf[0] === 0x25 && pdf[1] === 0x50 && pdf[2] === 0x44 && pdf[3] === 0x46)) throw new ProviderFailed(BANKING_CODES.signedCopyMissing);
    const key = await storage.put(pdf);
    const first = await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(esignRequests).where(eq(esignRequests.id, request.id)).for("update");
      if (!locked || locked.status === "SIGNED") return false;
      const at = now();
      const [file] = await tx
        .insert(uploadedFiles)
        .values({
          profileId: locked.profileId,
          leadId: locked.leadId,
          kind: "signed_agreement",
          storageKey: key,
          contentType: "application/pdf",
          byteSize: pdf.byteLength,
          createdAt: at,
        })
        .returning({ id: uploadedFiles.id });
      await tx.update(esignRequests).set({ status: "SIGNED", signedAt: at, signedFileId: file.id, updatedAt: at }).where(eq(esignRequests.id, locked.id));
      await advanceIfAt(tx, locked.profileId, "esign", "completed", { at });
      return true;
    });
    if (!first) await storage.delete(key).catch(() => {});
    await submitLead(request);
    if (first) logger.info("loan agreement signed; lead submitted", { leadId: request.leadId });
    await afterSigned(request);
  }

  return { submitLead, complete };
}

// eSign of the loan agreement and the KFS (decisions 8 and 11): start a signing request with the
// eSign port, accept only webhooks signed with the provider's secret, store the signed copy, finish
// the journey (next_step completed) and submit the lead.
import { randomUUID, createHash } from "node:crypto";
import { and, desc, eq, gt, sql, type SQL } from "drizzle-orm";
import { apiPath } from "../../../core/contract/paths.ts";
import { BANKING_CODES } from "../../../core/i18n/index.ts";
import { toUuid } from "../../../core/validation/index.ts";
import type { Db } from "../../db/client.ts";
import { rowText } from "../../db/row-text.ts";
import { esignRequests, uploadedFiles } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import { verifyEsignWebhook, type EsignDocument, type EsignPort, type EsignWebhook } from "../../providers/esign/port.ts";
import type { StoragePort } from "../../providers/storage/port.ts";
import type { LeadsService } from "../leads/leads.service.ts";
import { advanceIfAt } from "../journey/journey.service.ts";
import { Malformed, NotAuthenticated, NotFound, ProviderDown, ProviderFailed } from "../domain-errors.ts";
import { transition } from "../loans/loan-account.service.ts";

export const ESIGN_RETURN_PATH = apiPath("esignReturn");
export const ESIGN_WEBHOOK_PATH = apiPath("esignWebhook");
export const SIGNED_AGREEMENT_PATH = apiPath("getSignedAgreement");
/** A signing link stays open this long; after that a new request is made. */
const REQUEST_LIFETIME_MS = 2 * 24 * 60 * 60 * 1000;
/** Webhooks older than this are refused, so a captured one cannot be replayed later. */
const WEBHOOK_MAX_AGE_MS = 10 * 60 * 1000;

export type EsignRequest = typeof esignRequests.$inferSelect;

export function createEsignService(deps: {
  db: Db;
  esign: EsignPort;
  storage: StoragePort;
  leads: LeadsService;
  now: () => Date;
  logger: Logger;
  webhookSecret: string;
  publicOrigin: string;
  /** The loan agreement and the KFS of the lead's accepted quote (esign-documents.ts). */
  documents: (input: { profileId: string; leadId: string; now: Date }) => Promise<EsignDocument[]>;
  /** Runs after every completion (also a repeated one); must be idempotent. A failure is logged, never undoes the signing. */
  afterSigned?: (signed: { leadId: string; profileId: string }) => Promise<void>;
}) {
  const { db, esign, storage, leads, now, logger, webhookSecret, publicOrigin } = deps;
  // Read on every dashboard load (is the agreement signed?): the SQL is built once.
  const latestOfLead = db
    .select()
    .from(esignRequests)
    .where(eq(esignRequests.leadId, sql.placeholder("leadId")))
    .orderBy(desc(esignRequests.createdAt))
    .limit(1)
    .prepare("esign_latest_of_lead");
  const requestText = rowText(esignRequests);
  const documentsFor = deps.documents;

  async function requestFor(verificationId: string): Promise<EsignRequest | null> {
    const id = toUuid(verificationId);
    if (!id) return null;
    const [row] = await db.select().from(esignRequests).where(eq(esignRequests.id, id));
    return row ?? null;
  }

  /** Stores the signed copy, finishes the journey and submits the lead; safe to run twice. */
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

  return {
    /** The open signing link of the lead, or a new request when there is none (or it expired). */
    async start(input: { profileId: string; leadId: string; signerName: string; mobile: string }): Promise<{ url: string }> {
      const [open] = await db
        .select()
        .from(esignRequests)
        .where(and(eq(esignRequests.leadId, input.leadId), eq(esignRequests.status, "PENDING"), gt(esignRequests.expiresAt, now())))
        .orderBy(desc(esignRequests.createdAt))
        .limit(1);
      if (open && (await esign.status(open.providerReference, open.id).catch(() => "PENDING")) === "PENDING") return { url: open.signUrl };

      const id = randomUUID();
      const at = now();
      const expiresAt = new Date(at.getTime() + REQUEST_LIFETIME_MS);
      let created;
      try {
        const documents = await documentsFor({ profileId: input.profileId, leadId: input.leadId, now: at });
        const sha = documents.map((d) => createHash("sha256").update(d.pdf).digest("hex")).join(",");
        const reply = await esign.createRequest({
          verificationId: id,
          signer: { name: input.signerName, mobile: input.mobile },
          documents,
          returnUrl: `${publicOrigin}${ESIGN_RETURN_PATH}`,
          expiresAt,
        });
        created = { ...reply, sha };
      } catch (error) {
        logger.warn("esign request failed", { error });
        throw new ProviderDown(BANKING_CODES.esignUnavailable);
      }
      await db.insert(esignRequests).values({
        id,
        profileId: input.profileId,
        leadId: input.leadId,
        provider: esign.provider,
        providerReference: created.reference,
        signUrl: created.signUrl,
        documentsSha256: created.sha,
        expiresAt,
        createdAt: at,
        updatedAt: at,
      });
      return { url: created.signUrl };
    },

    /** The provider's webhook: refused unless signed with our secret and fresh; acted on once. */
    async handleWebhook({ rawBody, headers }: { rawBody: string; headers: Record<string, string | undefined> }) {
      const timestamp = headers["x-webhook-timestamp"];
      if (!verifyEsignWebhook(webhookSecret, timestamp, rawBody, headers["x-webhook-signature"])) {
        throw new NotAuthenticated("The webhook signature is not valid.");
      }
      const sentAt = Number(timestamp);
      if (!Number.isFinite(sentAt) || Math.abs(now().getTime() - sentAt) > WEBHOOK_MAX_AGE_MS) {
        throw new NotAuthenticated("The webhook is too old.");
      }
      let event: EsignWebhook;
      try {
        event = JSON.parse(rawBody) as EsignWebhook;
      } catch {
        throw new Malformed("The webhook body is not JSON.");
      }
      const request = await requestFor(String(event?.data?.verification_id ?? ""));
      if (!request || request.providerReference !== String(event.data.reference_id)) throw new NotFound("Unknown eSign request.");
      if (event.data.status === "SIGNED") await complete(request);
      else if (event.data.status === "FAILED" || event.data.status === "EXPIRED") {
        await db
          .update(esignRequests)
          .set({ status: event.data.status, updatedAt: now() })
          .where(and(eq(esignRequests.id, request.id), eq(esignRequests.status, "PENDING")));
      }
      return { status: event.data.status };
    },

    /**
     * The browser came back from the provider. The webhook usually got here first; if not, ask the
     * provider, so a slow webhook does not keep the customer waiting.
     */
    async afterReturn(verificationId: string): Promise<"SIGNED" | "PENDING" | "FAILED"> {
      const request = await requestFor(verificationId);
      if (!request) return "FAILED";
      if (request.status === "SIGNED") {
        await submitLead(request).catch((error) => logger.warn("could not finish a signed lead", { error }));
        return "SIGNED";
      }
      const status = await esign.status(request.providerReference, request.id).catch(() => "PENDING" as const);
      if (status === "SIGNED") {
        await complete(request);
        return "SIGNED";
      }
      return status === "PENDING" ? "PENDING" : "FAILED";
    },

    /** The latest signing request of a lead (for the screens). */
    /** latest() as a part of one statement of the caller's; `leadId` is that statement's SQL for the lead. */
    latestPart(leadId: SQL) {
      return {
        sql: sql`(select ${requestText.sql} from ${esignRequests} where ${esignRequests.leadId} = ${leadId} order by ${esignRequests.createdAt} desc limit 1)`,
        decode: (value: unknown): EsignRequest | null => requestText.decode(value),
      };
    },

    async latest(leadId: string): Promise<EsignRequest | null> {
      const [row] = await latestOfLead.execute({ leadId });
      return row ?? null;
    },

    /** The signed agreement of the customer's own lead (the caller checked the owner). */
    async signedAgreement(profileId: string, leadId: string): Promise<Uint8Array | null> {
      const [row] = await db
        .select({ key: uploadedFiles.storageKey })
        .from(esignRequests)
        .innerJoin(uploadedFiles, eq(uploadedFiles.id, esignRequests.signedFileId))
        .where(and(eq(esignRequests.leadId, leadId), eq(esignRequests.profileId, profileId), eq(esignRequests.status, "SIGNED")))
        .orderBy(desc(esignRequests.signedAt))
        .limit(1);
      return row ? await storage.get(row.key) : null;
    },
  };
}

export type EsignService = ReturnType<typeof createEsignService>;

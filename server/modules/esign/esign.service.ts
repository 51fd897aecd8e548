// eSign of the loan agreement and the KFS (decisions 8 and 11): start a signing request with the
// eSign port, accept only webhooks signed with the provider's secret, store the signed copy, finish
// the journey (next_step completed) and submit the lead.
// Finishing a signing is esign-completion.ts and the reads esign-reads.ts; this file starts a request and
// takes the provider's answers.
import { randomUUID, createHash } from "node:crypto";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { apiPath } from "../../../core/contract/paths.ts";
import { BANKING_CODES } from "../../../core/i18n/index.ts";
import { toUuid } from "../../../core/validation/index.ts";
import type { Db } from "../../db/client.ts";
import { esignRequests } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import { verifyEsignWebhook, type EsignDocument, type EsignPort, type EsignWebhook } from "../../providers/esign/port.ts";
import type { StoragePort } from "../../providers/storage/port.ts";
import type { LeadsService } from "../leads/leads.service.ts";
import { Malformed, NotAuthenticated, NotFound, ProviderDown } from "../domain-errors.ts";
import { createEsignCompletion, type EsignRequest } from "./esign-completion.ts";
import { createEsignReads } from "./esign-reads.ts";

export const ESIGN_RETURN_PATH = apiPath("esignReturn");
export const ESIGN_WEBHOOK_PATH = apiPath("esignWebhook");
export const SIGNED_AGREEMENT_PATH = apiPath("getSignedAgreement");
/** A signing link stays open this long; after that a new request is made. */
const REQUEST_LIFETIME_MS = 2 * 24 * 60 * 60 * 1000;
/** Webhooks older than this are refused, so a captured one cannot be replayed later. */
const WEBHOOK_MAX_AGE_MS = 10 * 60 * 1000;

export type { EsignRequest };

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
  const { db, esign, storage, now, logger, webhookSecret, publicOrigin } = deps;
  const { submitLead, complete } = createEsignCompletion(deps);
  const documentsFor = deps.documents;

  async function requestFor(verificationId: string): Promise<EsignRequest | null> {
    const id = toUuid(verificationId);
    if (!id) return null;
    const [row] = await db.select().from(esignRequests).where(eq(esignRequests.id, id));
    return row ?? null;
  }

  return {
    /**
     * The open signing link of the lead, or a new request when there is none (or it expired). `returnUrl`: where
     * the provider sends the browser back when not the website's (a buyer app's F06 page); a link is reused only
     * by the page it returns to.
     */
    async start(input: { profileId: string; leadId: string; signerName: string; mobile: string; returnUrl?: string }): Promise<{ url: string }> {
      const returnUrl = input.returnUrl ?? null;
      const [open] = await db
        .select()
        .from(esignRequests)
        .where(
          and(
            eq(esignRequests.leadId, input.leadId),
            eq(esignRequests.status, "PENDING"),
            gt(esignRequests.expiresAt, now()),
            returnUrl ? eq(esignRequests.returnUrl, returnUrl) : isNull(esignRequests.returnUrl),
          ),
        )
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
          returnUrl: returnUrl ?? `${publicOrigin}${ESIGN_RETURN_PATH}`,
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
        returnUrl,
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

    ...createEsignReads({ db, storage }),
  };
}

export type EsignService = ReturnType<typeof createEsignService>;

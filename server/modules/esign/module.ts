// The eSign module (issue 4): the signing requests, the documents signed (the accepted quote's KFS and
// agreement), the provider's webhook. Its factory takes the chosen eSign port and the modules it reads
// (docs/decisions/platform.md, decision 65).
import type { Db } from "../../db/client.ts";
import type { Logger } from "../../logger.ts";
import type { EsignPort } from "../../providers/esign/port.ts";
import type { SandboxEsign } from "../../providers/esign/sandbox.ts";
import type { StoragePort } from "../../providers/storage/port.ts";
import type { LeadsService } from "../leads/leads.service.ts";
import type { QuoteService } from "../offer/quote.service.ts";
import { lateCallback } from "../late-callback.ts";
import { createSigningDocuments } from "./esign-documents.ts";
import { createEsignService, type EsignRequest } from "./esign.service.ts";

/** A request whose signed file is stored: what the screens call a signed agreement. */
export const agreementSigned = (request: EsignRequest | null) => request?.status === "SIGNED" && !!request.signedFileId;

export function createEsignModule(deps: {
  db: Db;
  port: EsignPort;
  /** The sandbox provider (null in production): it delivers its signed webhooks to this module's handler. */
  sandbox: SandboxEsign | null;
  webhookSecret: string;
  storage: StoragePort;
  leads: LeadsService;
  quotes: QuoteService;
  publicOrigin: string;
  now: () => Date;
  logger: Logger;
}) {
  // Servicing sends the signed copies; it is built later (it reads AutoPay, which reads banking, which reads eSign).
  const signed = lateCallback<[{ leadId: string; profileId: string }], void>("eSign's after-signed");
  const esign = createEsignService({
    db: deps.db,
    esign: deps.port,
    storage: deps.storage,
    leads: deps.leads,
    now: deps.now,
    logger: deps.logger,
    publicOrigin: deps.publicOrigin,
    webhookSecret: deps.webhookSecret,
    documents: createSigningDocuments({ db: deps.db, quotes: deps.quotes }),
    afterSigned: signed.call,
  });
  deps.sandbox?.setWebhookReceiver(({ rawBody, headers }) => esign.handleWebhook({ rawBody, headers }).then(() => undefined));
  return {
    esign,
    /** Whether the lead's latest request is signed and stored (loan history, dashboard). */
    signedAgreementAvailable: async (leadId: string) => agreementSigned(await esign.latest(leadId)),
    /** Attaches what runs after every completion (copies of the KFS and agreement to the customer, regulatory.md). */
    afterSigned: signed.attach,
  };
}

// Lead documents (spec 2, 7; decision 19): the dynamic page's uploads, the legacy docs_id chain and the
// account aggregator's statement all land here. next_step in the documents stage is the first required
// document still missing; when none is missing it becomes banking_details.
import { and, eq, inArray } from "drizzle-orm";
import { DOCUMENT_STEPS, type DocumentStep } from "../../../core/journey/index.ts";
import { KYC_CODES } from "../../../core/i18n/index.ts";
import {
  DOCUMENT_TYPES,
  DOCUMENTS,
  documentType,
  extensionMatchesContent,
  saidFileType,
  maxBytesFor,
  sniffFileType,
  toUuid,
} from "../../../core/validation/index.ts";
import type { Db } from "../../db/client.ts";
import { leadDocuments, leads, loanAccounts, uploadedFiles } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { StoragePort } from "../../providers/storage/port.ts";
import { encrypt } from "../../security/crypto.ts";
import { advance, requireEvent, stepNotAvailable as notAvailable } from "../journey/journey.service.ts";
import { InvalidInput, NotAvailable, TooLarge } from "../domain-errors.ts";
import { selectLeads } from "../loans/loan-account.service.ts";
import { createDocumentAttach } from "./document-attach.ts";

const CONTENT_TYPES = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp", pdf: "application/pdf" } as const;

/** A PDF with an encryption dictionary in its trailer needs a password to open. */
export function isEncryptedPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes("/Encrypt");
}

export interface DocumentUpload {
  event: DocumentStep;
  docType: string | null;
  /** Base64 content, already size- and alphabet-checked by the schema. */
  file: string;
  ext: string;
  password: string | null;
  /** The legacy chain names the lead; the dynamic page uses the one in progress. */
  leadId?: string;
}

export function createDocumentsService(deps: { db: Db; storage: StoragePort; encryptionKey: string; now: () => Date; logger: Logger }) {
  const { db, storage, encryptionKey, now, logger } = deps;
  const { missing, nextDocumentStep, attach, storeFetchedStatement } = createDocumentAttach({ db, storage, now });

  return {
    nextDocumentStep,

    /** check_customer_mandatory_documents: what this customer's lead in progress still needs. */
    async mandatory(profileId: string) {
      const [lead] = await selectLeads(db)
        .where(and(eq(leads.profileId, profileId), eq(loanAccounts.status, "IN_PROCESS")))
        .limit(1);
      if (!lead) return [];
      return (await missing(db, lead.id)).map((d) => ({ name: d.name, doc_type: d.doc_type, event_name: d.event_name, allowed_format: d.allowed_format }));
    },

    /** One document, from the dynamic page (event + doc_type) or the legacy chain (docs_id). */
    async upload(profileId: string, input: DocumentUpload) {
      const spec = DOCUMENTS[input.event];
      const candidates = DOCUMENT_TYPES.filter((d) => d.event_name === input.event);
      const chosen = input.docType ? documentType(input.docType) : candidates.length === 1 ? candidates[0] : null;
      if (!chosen || chosen.event_name !== input.event) throw new InvalidInput(KYC_CODES.documentTypeWrong, { doc_type: KYC_CODES.documentTypeWrong });

      const bytes = new Uint8Array(Buffer.from(input.file, "base64"));
      const max = maxBytesFor(spec.format);
      if (bytes.byteLength > max) throw new TooLarge(KYC_CODES.fileTooLarge(max / (1024 * 1024)), { file: KYC_CODES.fileTooLarge(max / (1024 * 1024)) });
      const sniffed = sniffFileType(bytes);
      const allowed = spec.format === "pdf" ? sniffed === "pdf" : sniffed === "jpeg" || sniffed === "png" || sniffed === "webp";
      if (!sniffed || !allowed || !extensionMatchesContent(input.ext, bytes)) {
        const code = saidFileType(spec.label, spec.format === "pdf" ? "PDF" : "JPEG, PNG or WEBP").code!;
        throw new InvalidInput(code, { file: code });
      }
      let passwordEnc: string | null = null;
      if (sniffed === "pdf" && isEncryptedPdf(bytes)) {
        if (!input.password) throw new InvalidInput(KYC_CODES.pdfPasswordNeeded, { file_password: KYC_CODES.pdfPasswordNeeded });
        passwordEnc = encrypt(encryptionKey, input.password);
      }

      const key = await storage.put(bytes);
      try {
        const result = await db.transaction(async (tx) => {
          await requireEvent(tx, profileId, input.event);
          const [lead] = await selectLeads(tx)
            .where(and(eq(leads.profileId, profileId), eq(loanAccounts.status, "IN_PROCESS")))
            .limit(1);
          if (!lead) throw new NotAvailable(KYC_CODES.noOpenLead);
          if (input.leadId && input.leadId !== lead.id) throw notAvailable();
          const attached = await attach(tx, {
            profileId,
            leadId: lead.id,
            docType: chosen.doc_type,
            key,
            contentType: CONTENT_TYPES[sniffed],
            size: bytes.byteLength,
            source: "UPLOAD",
            passwordEnc,
          });
          const next = await nextDocumentStep(tx, lead.id);
          await advance(tx, profileId, DOCUMENT_STEPS, next, { at: now() });
          return { ...attached, next };
        });
        if (result.oldKey) await storage.delete(result.oldKey).catch((error) => logger.warn("could not delete a replaced document", { error }));
        return { nextStep: result.next, docType: chosen.doc_type, documentId: result.documentId };
      } catch (error) {
        await storage.delete(key).catch(() => {});
        throw error;
      }
    },

    storeFetchedStatement,

    /** The customer's own documents (ids and types only). */
    async list(profileId: string, leadId: string) {
      return db
        .select({
          id: leadDocuments.id,
          doc_type: leadDocuments.docType,
          source: leadDocuments.source,
          content_type: uploadedFiles.contentType,
          byte_size: uploadedFiles.byteSize,
        })
        .from(leadDocuments)
        .innerJoin(uploadedFiles, eq(uploadedFiles.id, leadDocuments.fileId))
        .where(and(eq(leadDocuments.profileId, profileId), eq(leadDocuments.leadId, leadId)));
    },

    /** Owner-only read-back: another customer's document id reads as not found. */
    async read(profileId: string, documentId: string) {
      const id = toUuid(documentId);
      if (!id) return null;
      const [row] = await db
        .select({ key: uploadedFiles.storageKey, contentType: uploadedFiles.contentType, docType: leadDocuments.docType })
        .from(leadDocuments)
        .innerJoin(uploadedFiles, eq(uploadedFiles.id, leadDocuments.fileId))
        .where(and(eq(leadDocuments.id, id), eq(leadDocuments.profileId, profileId)));
      if (!row) return null;
      const bytes = await storage.get(row.key);
      return bytes ? { bytes, contentType: row.contentType, docType: row.docType } : null;
    },

    /** For tests and the lead's later steps: which document types are present. */
    async present(leadId: string): Promise<string[]> {
      const rows = await db
        .select({ t: leadDocuments.docType })
        .from(leadDocuments)
        .where(inArray(leadDocuments.leadId, [leadId]));
      return rows.map((r) => r.t);
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;

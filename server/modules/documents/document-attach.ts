// How a file becomes a lead's document (decision 19): stored as an upload and made the lead's document
// of its type, replacing an older one; what the lead still misses decides next_step. The account
// aggregator's statement is attached here too; documents.service.ts assembles the module.
import { and, eq } from "drizzle-orm";
import type { NextStep } from "../../../core/journey/index.ts";
import { DOCUMENT_TYPES, type DocType } from "../../../core/validation/index.ts";
import type { Db } from "../../db/client.ts";
import { leadDocuments, uploadedFiles } from "../../db/schema/index.ts";
import type { StoragePort } from "../../providers/storage/port.ts";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Executor = Pick<Db, "select">;

export function createDocumentAttach(deps: { db: Db; storage: StoragePort; now: () => Date }) {
  const { db, storage, now } = deps;

  async function missing(executor: Executor, leadId: string) {
    const have = await executor.select({ docType: leadDocuments.docType }).from(leadDocuments).where(eq(leadDocuments.leadId, leadId));
    const present = new Set(have.map((h) => h.docType));
    return DOCUMENT_TYPES.filter((d) => !present.has(d.doc_type));
  }

  async function nextDocumentStep(executor: Executor, leadId: string): Promise<NextStep> {
    return (await missing(executor, leadId))[0]?.event_name ?? "banking_details";
  }

  /** Inserts the file and makes it the lead's document of that type, replacing an older one. Returns the old storage key. */
  async function attach(
    tx: Tx,
    input: {
      profileId: string;
      leadId: string;
      docType: DocType;
      key: string;
      contentType: string;
      size: number;
      source: "UPLOAD" | "ACCOUNT_AGGREGATOR";
      passwordEnc: string | null;
    },
  ) {
    const at = now();
    const [file] = await tx
      .insert(uploadedFiles)
      .values({
        profileId: input.profileId,
        leadId: input.leadId,
        kind: input.docType,
        storageKey: input.key,
        contentType: input.contentType,
        byteSize: input.size,
        createdAt: at,
      })
      .returning({ id: uploadedFiles.id });
    const [old] = await tx
      .select({ fileId: leadDocuments.fileId, key: uploadedFiles.storageKey })
      .from(leadDocuments)
      .innerJoin(uploadedFiles, eq(uploadedFiles.id, leadDocuments.fileId))
      .where(and(eq(leadDocuments.leadId, input.leadId), eq(leadDocuments.docType, input.docType)));
    const [doc] = await tx
      .insert(leadDocuments)
      .values({
        leadId: input.leadId,
        profileId: input.profileId,
        docType: input.docType,
        fileId: file.id,
        source: input.source,
        passwordEnc: input.passwordEnc,
        createdAt: at,
      })
      .onConflictDoUpdate({
        target: [leadDocuments.leadId, leadDocuments.docType],
        set: { fileId: file.id, source: input.source, passwordEnc: input.passwordEnc, createdAt: at },
      })
      .returning({ id: leadDocuments.id });
    if (old) await tx.delete(uploadedFiles).where(eq(uploadedFiles.id, old.fileId));
    return { documentId: doc.id, oldKey: old?.key ?? null };
  }

  return {
    missing,
    nextDocumentStep,
    attach,

    /** The account aggregator's statement becomes the bank-statement document; `advance` moves next_step in the same transaction. */
    async storeFetchedStatement(profileId: string, leadId: string, pdf: Uint8Array, advance: (tx: Tx, next: NextStep) => Promise<void>): Promise<NextStep> {
      const key = await storage.put(pdf);
      try {
        const result = await db.transaction(async (tx) => {
          const attached = await attach(tx, {
            profileId,
            leadId,
            docType: "bank_statement",
            key,
            contentType: "application/pdf",
            size: pdf.byteLength,
            source: "ACCOUNT_AGGREGATOR",
            passwordEnc: null,
          });
          const next = await nextDocumentStep(tx, leadId);
          await advance(tx, next);
          return { ...attached, next };
        });
        if (result.oldKey) await storage.delete(result.oldKey).catch(() => {});
        return result.next;
      } catch (error) {
        await storage.delete(key).catch(() => {});
        throw error;
      }
    },
  };
}

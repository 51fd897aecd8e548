// Issue 32: F03's documents stage, after eKYC, in the person's browser (docs/decisions/providers.md, issue 32,
// F04 decided): the bank statement through the account aggregator (returning to F03's own address) or uploads
// instead, then each document still missing, by the website's KYC and documents services and rules.
import { documentNameKey, documentTerm, UPLOAD_CODES } from "../../../core/validation/documents.ts";
import { isDocumentStep } from "../../../core/journey/index.ts";
import type { DocumentsService } from "../documents/documents.service.ts";
import type { KycService } from "../kyc/kyc.service.ts";
import { DomainError } from "../domain-errors.ts";
import type { PageMessage } from "./form-f01-page.ts";
import type { F03Document } from "./form-f03-page.ts";

export function createF03Documents(deps: { kyc: Pick<KycService, "accountAggregator">; documents: Pick<DocumentsService, "mandatory" | "upload"> }) {
  const { kyc, documents } = deps;
  return {
    /** The document the documents stage asks for now (the first missing one of the journey's step), or null. */
    async documentAsked(profileId: string, nextStep: string | null): Promise<F03Document | null> {
      if (!isDocumentStep(nextStep)) return null;
      const asked = (await documents.mandatory(profileId)).find((d) => d.event_name === nextStep);
      const nameKey = asked ? documentNameKey(asked.doc_type) : null;
      return asked && nameKey ? { docType: asked.doc_type, nameKey, format: asked.allowed_format === "pdf" ? "pdf" : "image" } : null;
    },

    /**
     * The statement's choice: the aggregator's consent (its page's address, returning to `returnUrl`, F03's own),
     * or uploads instead (the website's skip). Both by the KYC service, as on the website.
     */
    async statement(
      profileId: string,
      choice: string,
      returnUrl: string,
    ): Promise<{ ok: true; url?: string } | { ok: false; errors: Record<string, PageMessage>; notice?: PageMessage }> {
      try {
        if (choice === "consent") {
          const started = await kyc.accountAggregator(profileId, { action: "consent", consent_handle: null }, { returnUrl });
          return { ok: true, url: "consentUrl" in started ? started.consentUrl : undefined };
        }
        await kyc.accountAggregator(profileId, { action: "skip", consent_handle: null });
        return { ok: true };
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return { ok: false, errors: {}, notice: error.code ?? error.message };
      }
    },

    /** Back from the aggregator: the consent's status, then the statement fetched and stored (the KYC service). */
    async statementReturn(profileId: string, consentHandle: string | null): Promise<{ ok: true } | { ok: false; notice: PageMessage }> {
      try {
        await kyc.accountAggregator(profileId, { action: "status", consent_handle: consentHandle });
        return { ok: true };
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return { ok: false, notice: error.code ?? error.message };
      }
    },

    /** One document of the documents stage, by the documents service (its size, type and password rules). */
    async uploadDocument(
      profileId: string,
      asked: F03Document,
      nextStep: string,
      fields: Record<string, string>,
      file: File | undefined,
    ): Promise<{ ok: true } | { ok: false; errors: Record<string, PageMessage>; notice?: PageMessage }> {
      const name = documentTerm(asked.docType, asked.docType);
      if (!file || file.size === 0) return { ok: false, errors: { file: UPLOAD_CODES.fileNotChosen(name) } };
      if (!isDocumentStep(nextStep) || fields.doc_type !== asked.docType) return { ok: false, errors: {}, notice: { key: "ondc.f03.notOpen" } };
      const ext = /\.([a-z0-9]{1,5})$/i.exec(file.name)?.[1] ?? "";
      try {
        await documents.upload(profileId, {
          event: nextStep,
          docType: asked.docType,
          file: Buffer.from(await file.arrayBuffer()).toString("base64"),
          ext,
          password: fields.file_password?.trim() || null,
        });
        return { ok: true };
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        const errors = Object.fromEntries(Object.entries(error.errors ?? {}).map(([k, v]) => [k === "doc_type" ? "file" : k, v as PageMessage]));
        return Object.keys(errors).length ? { ok: false, errors } : { ok: false, errors: {}, notice: error.code ?? error.message };
      }
    },
  };
}

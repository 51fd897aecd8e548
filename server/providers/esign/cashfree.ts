// Production eSign through Cashfree's verification suite (Aadhaar eSign via an ESP):
// upload the document, create the signing request, read its status, fetch the signed copy.
// Webhooks are signed base64(HMAC-SHA256(client secret, x-webhook-timestamp + raw body)).
import { PDFDocument } from "pdf-lib";
import { readProviderJson } from "../read-json.ts";
import type { EsignPort, EsignStatus } from "./port.ts";

export interface CashfreeEsignConfig {
  /** e.g. https://api.cashfree.com/verification (sandbox: https://sandbox.cashfree.com/verification) */
  url: string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
}

/** The provider signs one document per request: the agreement and the KFS go as one PDF, in that order. */
async function mergePdfs(documents: { pdf: Uint8Array }[]): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  for (const doc of documents) {
    const source = await PDFDocument.load(doc.pdf);
    for (const page of await out.copyPages(source, source.getPageIndices())) out.addPage(page);
  }
  return out.save();
}

const STATUS: Record<string, EsignStatus> = {
  SIGNED: "SIGNED",
  COMPLETED: "SIGNED",
  EXPIRED: "EXPIRED",
  FAILED: "FAILED",
  REJECTED: "FAILED",
  DECLINED: "FAILED",
};

export function createCashfreeEsign(config: CashfreeEsignConfig): EsignPort {
  const doFetch = config.fetch ?? fetch;
  const base = config.url.replace(/\/$/, "");
  const auth = { "x-client-id": config.clientId, "x-client-secret": config.clientSecret };

  async function call<T>(path: string, init: RequestInit): Promise<T> {
    const response = await doFetch(`${base}${path}`, {
      ...init,
      headers: { ...auth, ...(init.headers as Record<string, string>) },
      signal: AbortSignal.timeout(30_000),
    });
    // No body or personal data in errors: they reach the logs.
    if (!response.ok) throw new Error(`eSign provider answered HTTP ${response.status} for ${path.split("?")[0]}`);
    return readProviderJson<T>(response, "eSign provider");
  }

  return {
    provider: "cashfree",
    async createRequest({ verificationId, signer, documents, returnUrl, expiresAt }) {
      const merged = await mergePdfs(documents);
      const form = new FormData();
      form.append("file", new Blob([merged as Uint8Array<ArrayBuffer>], { type: "application/pdf" }), "loan-documents.pdf");
      const uploaded = await call<{ document_id: number | string }>("/esignature/document", { method: "POST", body: form });
      const source = await PDFDocument.load(merged);
      const lastPage = source.getPageCount();
      const days = Math.max(1, Math.ceil((expiresAt.getTime() - Date.now()) / 86_400_000));
      const created = await call<{ reference_id: number | string; signing_link: string }>("/esignature", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          verification_id: verificationId,
          document_id: uploaded.document_id,
          notification_modes: ["sms"],
          auth_type: "AADHAAR",
          expiry_in_days: String(days),
          capture_location: false,
          redirect_url: returnUrl,
          signers: [
            {
              name: signer.name,
              phone: signer.mobile,
              sequence: 1,
              sign_positions: [
                { page: lastPage, top_left_x_coordinate: 350, bottom_right_x_coordinate: 550, top_left_y_coordinate: 180, bottom_right_y_coordinate: 120 },
              ],
            },
          ],
        }),
      });
      return { reference: String(created.reference_id), signUrl: created.signing_link };
    },
    async status(_reference, verificationId) {
      const body = await call<{ status?: string }>(`/esignature?verification_id=${encodeURIComponent(verificationId)}`, { method: "GET" });
      return STATUS[(body.status ?? "").toUpperCase()] ?? "PENDING";
    },
    async downloadSigned(_reference, verificationId) {
      const body = await call<{ signed_document_url?: string; document_url?: string }>(`/esignature?verification_id=${encodeURIComponent(verificationId)}`, {
        method: "GET",
      });
      const url = body.signed_document_url ?? body.document_url;
      if (!url) throw new Error("eSign provider gave no signed document link");
      const response = await doFetch(url, { signal: AbortSignal.timeout(30_000) });
      if (!response.ok) throw new Error(`Signed document download answered HTTP ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    },
  };
}

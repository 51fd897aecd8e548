// The sandbox eSign's requests as the port sees them (sandbox.ts adds the hosted signing page): created,
// their status read, the signed PDF downloaded.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sandboxEsignDocuments } from "../../db/schema/index.ts";
import { randomToken } from "../../security/crypto.ts";
import type { EsignPort } from "./port.ts";

export const SANDBOX_ESIGN_PATH = "/sandbox/esign";

/** A sandbox signing request by its id; null when the id is malformed or unknown. */
export async function loadSandboxRequest(db: Db, id: string) {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(id)) return null;
  const [row] = await db.select().from(sandboxEsignDocuments).where(eq(sandboxEsignDocuments.id, id));
  return row ?? null;
}

export function createSandboxEsignPort(deps: { db: Db; now: () => Date }): EsignPort {
  const { db, now } = deps;
  const load = (id: string) => loadSandboxRequest(db, id);

  return {
    provider: "sandbox",
    async createRequest({ verificationId, signer, documents, returnUrl, expiresAt }) {
      const id = randomToken();
      await db.insert(sandboxEsignDocuments).values({
        id,
        verificationId,
        signerName: signer.name,
        signerMobile: signer.mobile,
        documents: documents.map((d) => ({ name: d.name, title: d.title, pdfBase64: Buffer.from(d.pdf).toString("base64"), language: d.language ?? "en" })),
        returnUrl,
        expiresAt,
        createdAt: now(),
      });
      return { reference: id, signUrl: `${SANDBOX_ESIGN_PATH}/${id}` };
    },
    async status(reference) {
      const row = await load(reference);
      if (!row) return "FAILED";
      if (row.status === "PENDING" && row.expiresAt <= now()) return "EXPIRED";
      return row.status as "PENDING" | "SIGNED" | "EXPIRED";
    },
    async downloadSigned(reference) {
      const row = await load(reference);
      if (!row?.signedPdf) throw new Error("The sandbox document is not signed");
      return new Uint8Array(Buffer.from(row.signedPdf, "base64"));
    },
  };
}

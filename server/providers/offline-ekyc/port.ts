// Issue 33: whom we trust to have made an Aadhaar paperless offline e-KYC file. In production, UIDAI's
// published signing certificates, installed with the release and named by UIDAI_OFFLINE_EKYC_CERTIFICATES;
// in the sandbox, the sandbox's own key (sandbox.ts), which its page signs files with.
import { readFileSync } from "node:fs";
import { signerFromCertificate, type TrustedSigner } from "./file.ts";

export { readOfflineEkyc, offlineEkycMobileMatches, type OfflineEkycRecord, type OfflineEkycRefusal, type TrustedSigner } from "./file.ts";

export interface OfflineEkycTrustPort {
  /** The keys a file may be signed by, each with the dates its certificate allows. */
  signers(): Promise<TrustedSigner[]>;
}

/** Production: UIDAI's certificates (.cer, DER or PEM), read once at start; a file that is not a certificate stops the start. */
export function createUidaiCertificateTrust(paths: string[]): OfflineEkycTrustPort {
  const signers = paths.map((path) => {
    try {
      return signerFromCertificate(readFileSync(path));
    } catch {
      throw new Error(`UIDAI_OFFLINE_EKYC_CERTIFICATES: ${path} is not a readable X.509 certificate.`);
    }
  });
  return { signers: async () => signers };
}

// Production DigiLocker adapter (integrations.md): authorize with PKCE, token with code_verifier,
// then the e-Aadhaar XML, of which only decision 17's fields are kept.
import { DigiLockerError, type AadhaarKyc, type DigiLockerPort } from "./port.ts";

export function createDigiLocker(config: { baseUrl: string; clientId: string; clientSecret: string; fetch?: typeof fetch }): DigiLockerPort {
  const http = config.fetch ?? fetch;
  const base = config.baseUrl.replace(/\/$/, "");
  return {
    async authorizeUrl({ state, codeChallenge, redirectUri }) {
      const url = new URL(`${base}/public/oauth2/1/authorize`);
      url.search = new URLSearchParams({
        response_type: "code",
        client_id: config.clientId,
        redirect_uri: redirectUri,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: "S256",
      }).toString();
      return url.toString();
    },

    async fetchKyc({ code, codeVerifier, redirectUri }) {
      const tokenReply = await http(`${base}/public/oauth2/1/token`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code,
          client_id: config.clientId,
          client_secret: config.clientSecret,
          redirect_uri: redirectUri,
          code_verifier: codeVerifier,
        }),
        signal: AbortSignal.timeout(15_000),
      });
      if (tokenReply.status === 400 || tokenReply.status === 401) throw new DigiLockerError("DigiLocker refused the authorization code.", "invalid_grant");
      if (!tokenReply.ok) throw new DigiLockerError(`DigiLocker token endpoint answered ${tokenReply.status}.`, "provider_error");
      const token = (await tokenReply.json()) as { access_token?: string; digilocker_id?: string; eaadhaar?: string; eaadhar?: string };
      if (!token.access_token) throw new DigiLockerError("DigiLocker sent no access token.", "provider_error");
      if ((token.eaadhaar ?? token.eaadhar) === "N") throw new DigiLockerError("This DigiLocker account has no e-Aadhaar.", "access_denied");
      const xmlReply = await http(`${base}/public/oauth2/3/xml/eaadhaar`, {
        headers: { Authorization: `Bearer ${token.access_token}` },
        signal: AbortSignal.timeout(15_000),
      });
      if (!xmlReply.ok) throw new DigiLockerError(`DigiLocker e-Aadhaar answered ${xmlReply.status}.`, "provider_error");
      return parseKycRes(await xmlReply.text(), token.digilocker_id ?? "");
    },
  };
}

const attr = (tag: string, name: string) => tag.match(new RegExp(`\\b${name}="([^"]*)"`))?.[1] ?? "";

/** Reads the fields decision 17 allows from a KycRes/Certificate e-Aadhaar; the full number is dropped here. */
export function parseKycRes(xml: string, digilockerId: string): AadhaarKyc {
  const poi = xml.match(/<Poi\b[^>]*>/)?.[0] ?? "";
  const poa = xml.match(/<Poa\b[^>]*>/)?.[0] ?? "";
  const uidTag = xml.match(/<(?:UidData|KycRes)\b[^>]*>/g)?.join(" ") ?? "";
  const uid = attr(uidTag, "uid").replace(/\D/g, "");
  const reference = attr(uidTag, "code") || attr(uidTag, "txn") || digilockerId;
  if (!poi || uid.length < 4) throw new DigiLockerError("The e-Aadhaar could not be read.", "provider_error");
  const dob = attr(poi, "dob");
  const iso = /^\d{2}-\d{2}-\d{4}$/.test(dob) ? `${dob.slice(6)}-${dob.slice(3, 5)}-${dob.slice(0, 2)}` : dob;
  const address = ["house", "street", "lm", "loc", "vtc", "subdist", "dist", "state", "pc"]
    .map((k) => attr(poa, k))
    .filter(Boolean)
    .join(", ");
  return { last4: uid.slice(-4), name: attr(poi, "name"), dob: iso, gender: attr(poi, "gender"), address, reference };
}

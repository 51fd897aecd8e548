import { describe, expect, it } from "vitest";
import { createDigiLocker, parseKycRes } from "./digilocker.ts";
import { codeChallengeS256 } from "./port.ts";
import { createSandboxDigiLocker, sandboxAadhaar } from "./sandbox.ts";

const XML = `<?xml version="1.0"?><Certificate><CertificateData><KycRes code="ref-123" ret="Y" ts="2026-11-22T10:00:00" txn="t1">
<UidData uid="xxxxxxxx4321"><Poi dob="20-05-1990" gender="F" name="Meera Rao"/><Poa co="" house="12" street="Lake View Road" lm="" loc="Koramangala" vtc="Bengaluru" dist="Bengaluru" state="Karnataka" pc="560034"/></UidData></KycRes></CertificateData></Certificate>`;

describe("production DigiLocker adapter", () => {
  it("builds the authorize URL with PKCE S256 and exchanges the code with the verifier", async () => {
    const calls: { url: string; init?: RequestInit }[] = [];
    const fakeFetch = (async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      if (url.endsWith("/token")) return new Response(JSON.stringify({ access_token: "at", digilocker_id: "dl-1", eaadhaar: "Y" }), { status: 200 });
      return new Response(XML, { status: 200 });
    }) as typeof fetch;
    const dl = createDigiLocker({ baseUrl: "https://dl.example/", clientId: "cid", clientSecret: "secret", fetch: fakeFetch });
    const url = new URL(await dl.authorizeUrl({ state: "s1", codeChallenge: "ch", redirectUri: "https://app.example/cb" }));
    expect(url.origin + url.pathname).toBe("https://dl.example/public/oauth2/1/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: "cid",
      redirect_uri: "https://app.example/cb",
      state: "s1",
      code_challenge: "ch",
      code_challenge_method: "S256",
    });
    const kyc = await dl.fetchKyc({ code: "c1", codeVerifier: "v1", redirectUri: "https://app.example/cb" });
    expect(calls[0].url).toBe("https://dl.example/public/oauth2/1/token");
    expect(Object.fromEntries(new URLSearchParams(String(calls[0].init?.body)))).toEqual({
      grant_type: "authorization_code",
      code: "c1",
      client_id: "cid",
      client_secret: "secret",
      redirect_uri: "https://app.example/cb",
      code_verifier: "v1",
    });
    expect(calls[1].init?.headers).toEqual({ Authorization: "Bearer at" });
    expect(kyc).toEqual({
      last4: "4321",
      name: "Meera Rao",
      dob: "1990-05-20",
      gender: "F",
      address: "12, Lake View Road, Koramangala, Bengaluru, Bengaluru, Karnataka, 560034",
      reference: "ref-123",
    });
  });

  it("keeps only the last 4 even when the XML carries a full number", () => {
    const kyc = parseKycRes(XML.replace("xxxxxxxx4321", "234567894321"), "dl");
    expect(kyc.last4).toBe("4321");
    expect(JSON.stringify(kyc)).not.toContain("23456789");
  });

  it("maps a refused token request to invalid_grant", async () => {
    const dl = createDigiLocker({
      baseUrl: "https://dl.example",
      clientId: "c",
      clientSecret: "s",
      fetch: (async () => new Response("{}", { status: 400 })) as unknown as typeof fetch,
    });
    await expect(dl.fetchKyc({ code: "x", codeVerifier: "y", redirectUri: "z" })).rejects.toMatchObject({ code: "invalid_grant" });
  });
});

describe("sandbox DigiLocker", () => {
  it("derives a deterministic 12-digit Aadhaar per customer", () => {
    expect(sandboxAadhaar("p1")).toMatch(/^[2-9]\d{11}$/);
    expect(sandboxAadhaar("p1")).toBe(sandboxAadhaar("p1"));
    expect(sandboxAadhaar("p1")).not.toBe(sandboxAadhaar("p2"));
  });

  it("refuses an authorize URL whose challenge was not registered for the state", async () => {
    const sb = createSandboxDigiLocker({ origin: "http://localhost:3000" });
    const url = new URL(await sb.port.authorizeUrl({ state: "st", codeChallenge: codeChallengeS256("v"), redirectUri: "http://localhost:3000/cb" }));
    url.searchParams.set("code_challenge", codeChallengeS256("other"));
    const reply = await sb.routes().request(url.pathname.replace("/sandbox/digilocker", "") + url.search);
    expect(reply.status).toBe(400);
    expect(await reply.text()).toContain("unknown or has expired");
  });
});

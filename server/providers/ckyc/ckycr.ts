// Production skeleton (not tried against CKYCR): CERSAI's registry through the CKYC gateway configured as
// CKYC_URL, with our FI code and the gateway's key. What public material confirms, and this follows: a
// search is by identity type C (PAN) and number and answers the identifier masked to its last four digits
// with a reference for the download; a download is authenticated by an auth factor (the date of birth,
// DD-MM-YYYY) or a code CKYCR sends to the record's mobile; an upload is the bulk ZIP, answered per
// record with the identifier or the rejection's reasons. CKYCR's own interface also encrypts the request
// (a session key under CERSAI's public key) and signs it with the FI's certificate: the gateway does that
// here. Endpoint names and the JSON field names are ours, recorded in docs/decisions/compliance.md (issue 33).
import { ddMmYyyy, fromDdMmYyyy } from "../../../core/ckyc/ckyc-file.ts";
import type { CkycDownloadedRecord, CkycPort } from "./port.ts";

interface GatewayRecord {
  ckyc_no: string;
  name: string;
  father_or_spouse_name?: string | null;
  gender: "M" | "F" | "T";
  dob: string;
  pan: string;
  mobile?: string | null;
  email?: string | null;
  address: { line1: string; line2?: string | null; line3?: string | null; city: string; state_code: string; pincode: string };
  updated_on: string;
}

export class CkycGatewayError extends Error {}

function recordOf(r: GatewayRecord): CkycDownloadedRecord {
  const dob = fromDdMmYyyy(r.dob);
  const updatedOn = fromDdMmYyyy(r.updated_on);
  if (!dob || !updatedOn) throw new CkycGatewayError("CKYC download answered a date that is not DD-MM-YYYY");
  return {
    ckycNumber: r.ckyc_no,
    name: r.name,
    relativeName: r.father_or_spouse_name ?? null,
    gender: r.gender,
    dob,
    pan: r.pan,
    mobile: r.mobile ?? null,
    email: r.email ?? null,
    address: {
      lines: [r.address.line1, r.address.line2, r.address.line3].filter((l): l is string => !!l),
      city: r.address.city,
      stateCode: r.address.state_code,
      pincode: r.address.pincode,
    },
    updatedOn,
  };
}

export function createCkycrGateway(config: { url: string; fiCode: string; apiKey: string; fetch?: typeof fetch }): CkycPort {
  const call = config.fetch ?? fetch;
  const base = config.url.replace(/\/$/, "");
  const headers = { authorization: `Bearer ${config.apiKey}`, "x-fi-code": config.fiCode };
  async function post<T>(path: string, body: Record<string, unknown>, okStatuses: number[] = []): Promise<{ status: number; body: T }> {
    const res = await call(`${base}${path}`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ fi_code: config.fiCode, ...body }),
      signal: AbortSignal.timeout(30_000),
    });
    if (!res.ok && !okStatuses.includes(res.status)) throw new CkycGatewayError(`CKYC ${path} answered ${res.status}`);
    return { status: res.status, body: (await res.json()) as T };
  }
  return {
    async search({ pan, requestId }) {
      const { body } = await post<{ status: "FOUND" | "NOT_FOUND"; ckyc_no_masked?: string; ckyc_reference_id?: string; name?: string }>("/search", {
        request_id: requestId,
        id_type: "C",
        id_no: pan,
      });
      if (body.status !== "FOUND") return { found: false };
      return { found: true, maskedCkycNumber: body.ckyc_no_masked ?? "", ckycReference: body.ckyc_reference_id ?? "", name: body.name ?? "" };
    },
    async sendDownloadCode({ ckycReference, requestId }) {
      const { status, body } = await post<{ sent_to?: string }>("/download/otp", { request_id: requestId, ckyc_reference_id: ckycReference }, [404]);
      return status === 404 ? null : { sentTo: body.sent_to ?? "" };
    },
    async download({ ckycReference, auth, requestId }) {
      const factor = auth.kind === "dob" ? { auth_factor_type: "01", auth_factor: ddMmYyyy(auth.dob) } : { auth_factor_type: "OTP", auth_factor: auth.code };
      const { status, body } = await post<{ status: string; record?: GatewayRecord }>(
        "/download",
        { request_id: requestId, ckyc_reference_id: ckycReference, ...factor },
        [401, 404],
      );
      if (status === 404) return { ok: false, reason: "NOT_FOUND" };
      if (status === 401 || body.status !== "SUCCESS" || !body.record) return { ok: false, reason: "AUTH_FAILED" };
      return { ok: true, record: recordOf(body.record) };
    },
    async upload({ reference, fileName, zip }) {
      const form = new FormData();
      form.set("fi_code", config.fiCode);
      form.set("reference", reference);
      form.set("file", new Blob([zip as Uint8Array<ArrayBuffer>], { type: "application/zip" }), fileName);
      const res = await call(`${base}/upload`, { method: "POST", headers, body: form, signal: AbortSignal.timeout(60_000) });
      if (!res.ok) throw new CkycGatewayError(`CKYC /upload answered ${res.status}`);
      const body = (await res.json()) as { status: "ACCEPTED" | "REJECTED"; ckyc_no?: string; errors?: { code: string; message: string }[] };
      if (body.status === "ACCEPTED" && body.ckyc_no) return { reference, status: "ACCEPTED", ckycNumber: body.ckyc_no };
      return { reference, status: "REJECTED", reasons: (body.errors ?? []).map((e) => ({ code: e.code, message: e.message })) };
    },
  };
}

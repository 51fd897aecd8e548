// The Cashfree eSign adapter against replies modelled on Cashfree's Verification suite eSign API
// documentation (upload document, create eSign request, get status). Not captured from a live account:
// the signing-link and signed-document-link field names are the ones docs/decisions/journey.md lists as unverified.
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { fakeFetch, fixture } from "../../test-support/fake-fetch.ts";
import { createCashfreeEsign } from "./cashfree.ts";

const config = { url: "https://sandbox.cashfree.com/verification/", clientId: "client-1", clientSecret: "secret-1" };
const verificationId = "esign-2f6d1c9a";
const load = (name: string) => fixture(import.meta.url, name);

async function pdfWithPages(count: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < count; i++) doc.addPage();
  return doc.save();
}

async function request(fetch: typeof globalThis.fetch, expiresAt = new Date(Date.now() + 36 * 3_600_000)) {
  return createCashfreeEsign({ ...config, fetch }).createRequest({
    verificationId,
    signer: { name: "RAHUL KUMAR SHARMA", mobile: "9876543210" },
    documents: [
      { name: "loan-agreement", title: "Loan Agreement", pdf: await pdfWithPages(2) },
      { name: "key-fact-statement", title: "Key Fact Statement", pdf: await pdfWithPages(1) },
    ],
    returnUrl: `https://www.salaryontime.example/esign/return?verification_id=${verificationId}`,
    expiresAt,
  });
}

describe("Cashfree eSign", () => {
  it("uploads the agreement and KFS as one PDF, then asks for an Aadhaar signature on its last page", async () => {
    const f = fakeFetch({ json: load("cashfree-document-uploaded.json") }, { json: load("cashfree-esign-created.json") });
    expect(await request(f.fetch)).toEqual({ reference: "48213", signUrl: "https://verification.cashfree.com/esign/sign?token=eyJhbGciOiJIUzI1NiJ9.sample" });
    expect(f.calls).toHaveLength(2);

    const [upload, create] = f.calls;
    expect(upload.url).toBe("https://sandbox.cashfree.com/verification/esignature/document");
    expect(upload.method).toBe("POST");
    expect(upload.headers).toEqual({ "x-client-id": "client-1", "x-client-secret": "secret-1" });
    expect(upload.body).toBeInstanceOf(FormData);
    const file = (upload.body as FormData).get("file") as File;
    expect(file.name).toBe("loan-documents.pdf");
    expect(file.type).toBe("application/pdf");
    expect((await PDFDocument.load(new Uint8Array(await file.arrayBuffer()))).getPageCount()).toBe(3);

    expect(create.url).toBe("https://sandbox.cashfree.com/verification/esignature");
    expect(create.method).toBe("POST");
    expect(create.headers).toEqual({ "content-type": "application/json", "x-client-id": "client-1", "x-client-secret": "secret-1" });
    expect(JSON.parse(String(create.body))).toEqual({
      verification_id: verificationId,
      document_id: 7131,
      notification_modes: ["sms"],
      auth_type: "AADHAAR",
      // 36 hours from now, in whole days, rounded up.
      expiry_in_days: "2",
      capture_location: false,
      redirect_url: `https://www.salaryontime.example/esign/return?verification_id=${verificationId}`,
      signers: [
        {
          name: "RAHUL KUMAR SHARMA",
          phone: "9876543210",
          sequence: 1,
          sign_positions: [{ page: 3, top_left_x_coordinate: 350, bottom_right_x_coordinate: 550, top_left_y_coordinate: 180, bottom_right_y_coordinate: 120 }],
        },
      ],
    });
  });

  it("asks for at least one day, even when the link expires sooner", async () => {
    const f = fakeFetch({ json: load("cashfree-document-uploaded.json") }, { json: load("cashfree-esign-created.json") });
    await request(f.fetch, new Date(Date.now() + 60_000));
    expect(JSON.parse(String(f.calls[1].body)).expiry_in_days).toBe("1");
  });

  it("stops at a refused upload, and fails a refused request, naming the call but not the customer", async () => {
    const refusedUpload = fakeFetch({ status: 400, json: load("cashfree-error.json") });
    await expect(request(refusedUpload.fetch)).rejects.toThrow(/^eSign provider answered HTTP 400 for \/esignature\/document$/);
    expect(refusedUpload.calls).toHaveLength(1);
    const refusedRequest = fakeFetch({ json: load("cashfree-document-uploaded.json") }, { status: 409, json: load("cashfree-error.json") });
    await expect(request(refusedRequest.fetch)).rejects.toThrow(/^eSign provider answered HTTP 409 for \/esignature$/);
  });

  it("reads the request's status by our verification id", async () => {
    const pending = load("cashfree-esign-pending.json");
    const replies = [
      pending,
      load("cashfree-esign-signed.json"),
      { ...pending, status: "completed" },
      { ...pending, status: "EXPIRED" },
      { ...pending, status: "REJECTED" },
      { ...pending, status: "DECLINED" },
      { ...pending, status: "FAILED" },
      { ...pending, status: "SOMETHING_NEW" },
      {},
    ];
    const f = fakeFetch(...replies.map((json) => ({ json })));
    const esign = createCashfreeEsign({ ...config, fetch: f.fetch });
    const statuses = [];
    for (let i = 0; i < replies.length; i++) statuses.push(await esign.status("48213", verificationId));
    expect(statuses).toEqual(["PENDING", "SIGNED", "SIGNED", "EXPIRED", "FAILED", "FAILED", "FAILED", "PENDING", "PENDING"]);
    expect(f.calls[0].url).toBe(`https://sandbox.cashfree.com/verification/esignature?verification_id=${verificationId}`);
    expect(f.calls[0].method).toBe("GET");
    expect(f.calls[0].headers).toEqual({ "x-client-id": "client-1", "x-client-secret": "secret-1" });
  });

  it("fails a status call on an error reply or a body that is not JSON, without the verification id", async () => {
    const failing = createCashfreeEsign({ ...config, fetch: fakeFetch({ status: 500, json: load("cashfree-error.json") }).fetch });
    await expect(failing.status("48213", verificationId)).rejects.toThrow(/^eSign provider answered HTTP 500 for \/esignature$/);
    const garbled = createCashfreeEsign({ ...config, fetch: fakeFetch({ text: "<html>502 Bad Gateway</html>", contentType: "text/html" }).fetch });
    await expect(garbled.status("48213", verificationId)).rejects.toThrow(/^eSign provider sent a reply that is not JSON \(HTTP 200\)$/);
  });

  it("downloads the signed copy from the link in the status reply, without our credentials", async () => {
    const signedPdf = await pdfWithPages(4);
    const f = fakeFetch({ json: load("cashfree-esign-signed.json") }, { bytes: signedPdf, contentType: "application/pdf" });
    const bytes = await createCashfreeEsign({ ...config, fetch: f.fetch }).downloadSigned("48213", verificationId);
    expect(Buffer.from(bytes).equals(Buffer.from(signedPdf))).toBe(true);
    expect(f.calls[1].url).toBe("https://cf-esign-documents.s3.ap-south-1.amazonaws.com/signed/7131.pdf?X-Amz-Signature=sample");
    // The link is a storage URL: the client secret must not travel to it.
    expect(f.calls[1].headers).toEqual({});
  });

  it("takes document_url when there is no signed_document_url, and fails without any link or when the download fails", async () => {
    const { signed_document_url: link, ...withoutLink } = load("cashfree-esign-signed.json");
    const fallback = fakeFetch({ json: { ...withoutLink, document_url: link } }, { bytes: new Uint8Array([37, 80, 68, 70]) });
    expect(Array.from(await createCashfreeEsign({ ...config, fetch: fallback.fetch }).downloadSigned("48213", verificationId))).toEqual([37, 80, 68, 70]);
    expect(fallback.calls[1].url).toBe(link);

    const noLink = createCashfreeEsign({ ...config, fetch: fakeFetch({ json: load("cashfree-esign-pending.json") }).fetch });
    await expect(noLink.downloadSigned("48213", verificationId)).rejects.toThrow(/^eSign provider gave no signed document link$/);
    const expired = createCashfreeEsign({
      ...config,
      fetch: fakeFetch({ json: load("cashfree-esign-signed.json") }, { status: 403, text: "AccessDenied" }).fetch,
    });
    await expect(expired.downloadSigned("48213", verificationId)).rejects.toThrow(/^Signed document download answered HTTP 403$/);
  });
});

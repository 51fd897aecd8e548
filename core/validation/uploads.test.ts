import { describe, expect, it } from "vitest";
import type * as z from "zod";
import { fieldErrors } from "./field-errors.ts";
import {
  DOCUMENTS,
  base64ByteLength,
  decodeBase64Head,
  documentUploadEventSchema,
  documentUploadSchema,
  extensionMatchesContent,
  selfieUploadEventSchema,
  sniffFileType,
} from "./uploads.ts";

const errs = (s: z.ZodType, v: unknown) => {
  const r = s.safeParse(v);
  return r.success ? {} : fieldErrors(r.error);
};
const b64 = (bytes: number[]) => Buffer.from(bytes).toString("base64");
const JPEG = b64([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const PDF = b64([...Buffer.from("%PDF-1.7\n")]);

describe("selfie upload", () => {
  it("needs an image, with the spec message", () => {
    expect(errs(selfieUploadEventSchema, { event_name: "selfie_upload" })).toEqual({ file: "Please select image" });
    expect(errs(selfieUploadEventSchema, { event_name: "selfie_upload", file: "" })).toEqual({ file: "Please select image" });
  });

  it("upper-cases the extension and defaults it to JPEG", () => {
    expect(selfieUploadEventSchema.parse({ event_name: "selfie_upload", file: JPEG, file_ext: ".png" }).file_ext).toBe("PNG");
    expect(selfieUploadEventSchema.parse({ event_name: "selfie_upload", file: JPEG }).file_ext).toBe("JPEG");
    expect(selfieUploadEventSchema.parse({ event_name: "selfie_upload", file: JPEG, file_ext: "webp" }).file_ext).toBe("WEBP");
    expect(errs(selfieUploadEventSchema, { event_name: "selfie_upload", file: JPEG, file_ext: "gif" })).toEqual({
      file_ext: "Selfie must be a JPEG, JPG, PNG or WEBP file.",
    });
  });

  it("drops a data: URL prefix and refuses text that is not base64", () => {
    expect(selfieUploadEventSchema.parse({ event_name: "selfie_upload", file: `data:image/jpeg;base64,${JPEG}` }).file).toBe(JPEG);
    expect(errs(selfieUploadEventSchema, { event_name: "selfie_upload", file: "not base64!" })).toEqual({
      file: "The file could not be read. Please select it again.",
    });
  });

  it("refuses images over 5 MB", () => {
    const big = "A".repeat(Math.ceil((5 * 1024 * 1024 + 3) / 3) * 4);
    expect(errs(selfieUploadEventSchema, { event_name: "selfie_upload", file: big })).toEqual({
      file: "File is too large. The maximum size is 5 MB.",
    });
    const fits = "A".repeat(Math.floor((5 * 1024 * 1024) / 3) * 4); // just under 5 MB
    expect(errs(selfieUploadEventSchema, { event_name: "selfie_upload", file: fits })).toEqual({});
  });
});

describe("document uploads", () => {
  it("uses each document’s spec message when the file is missing", () => {
    expect(errs(documentUploadEventSchema("pan_upload"), { event_name: "pan_upload", file_ext: "jpg" })).toEqual({ file: "Please select  pan image" });
    expect(errs(documentUploadEventSchema("pay_slip_upload"), { event_name: "pay_slip_upload", file_ext: "pdf" })).toEqual({
      file: "Please select salary slip",
    });
    expect(errs(documentUploadEventSchema("residence_proof_upload"), { event_name: "residence_proof_upload", file_ext: "png" })).toEqual({
      file: "Please select  utility image",
    });
  });

  it("takes only PDFs for statements and slips, only images for the others", () => {
    expect(errs(documentUploadSchema, { event_name: "bank_statement_upload", file: PDF, file_ext: "jpg" })).toEqual({
      file_ext: "Bank statement must be a PDF file.",
    });
    expect(errs(documentUploadSchema, { event_name: "pan_upload", file: JPEG, file_ext: "pdf" })).toEqual({
      file_ext: "PAN card must be a JPEG, JPG, PNG or WEBP file.",
    });
    expect(documentUploadSchema.parse({ event_name: "bank_statement_upload", file: PDF, file_ext: "pdf", file_password: "N/A", doc_type: 6 })).toMatchObject({
      file_ext: "PDF",
      file_password: null,
      doc_type: "6",
    });
  });

  it("allows 10 MB for PDFs", () => {
    const nineMb = "A".repeat(Math.floor((9 * 1024 * 1024) / 3) * 4);
    expect(errs(documentUploadSchema, { event_name: "bank_statement_upload", file: nineMb, file_ext: "pdf" })).toEqual({});
    expect(errs(documentUploadSchema, { event_name: "pan_upload", file: nineMb, file_ext: "png" })).toEqual({
      file: "File is too large. The maximum size is 5 MB.",
    });
  });

  it("lists the documents with their formats and legacy ids", () => {
    expect(DOCUMENTS.bank_statement_upload).toMatchObject({ format: "pdf", legacyDocsId: 6 });
    expect(DOCUMENTS.pan_upload).toMatchObject({ format: "image", legacyDocsId: 4 });
    expect(DOCUMENTS.pay_slip_upload).toMatchObject({ format: "pdf", legacyDocsId: 16 });
    expect(DOCUMENTS.residence_proof_upload).toMatchObject({ format: "image", legacyDocsId: 8 });
  });

  it("refuses an unknown document event", () => {
    expect(documentUploadSchema.safeParse({ event_name: "selfie_upload", file: JPEG, file_ext: "jpg" }).success).toBe(false);
  });
});

describe("content sniffing (decision 19)", () => {
  it("recognises JPEG, PNG, WEBP and PDF by their first bytes", () => {
    expect(sniffFileType(Uint8Array.from([0xff, 0xd8, 0xff, 0xdb]))).toBe("jpeg");
    expect(sniffFileType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("png");
    expect(sniffFileType(Uint8Array.from([...Buffer.from("RIFF"), 1, 2, 3, 4, ...Buffer.from("WEBPVP8 ")]))).toBe("webp");
    expect(sniffFileType(Uint8Array.from(Buffer.from("%PDF-1.4")))).toBe("pdf");
    expect(sniffFileType(Uint8Array.from(Buffer.from("<html>")))).toBeNull();
    expect(sniffFileType(new Uint8Array())).toBeNull();
  });

  it("decodes base64 heads like Buffer does", () => {
    const bytes = Array.from({ length: 40 }, (_, i) => (i * 37) % 256);
    const text = b64(bytes);
    expect([...decodeBase64Head(text, 16)]).toEqual(bytes.slice(0, 16));
    expect([...decodeBase64Head(`data:application/pdf;base64,${PDF}`, 5)]).toEqual([...Buffer.from("%PDF-")]);
    expect([...decodeBase64Head(b64([1, 2]), 16)]).toEqual([1, 2]);
  });

  it("matches a declared extension with the content", () => {
    expect(extensionMatchesContent("jpg", decodeBase64Head(JPEG))).toBe(true);
    expect(extensionMatchesContent("PDF", decodeBase64Head(JPEG))).toBe(false);
    expect(extensionMatchesContent("pdf", decodeBase64Head(PDF))).toBe(true);
  });

  it("measures base64 size without decoding", () => {
    expect(base64ByteLength(b64([1, 2, 3]))).toBe(3);
    expect(base64ByteLength(b64([1, 2]))).toBe(2);
    expect(base64ByteLength(b64([1]))).toBe(1);
  });
});

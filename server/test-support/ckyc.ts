// CKYC test records (issue 33): one customer's data as our records would give it, and the upload ZIP
// built from it with the writer in core/ckyc, for the sandbox registry's and the ckyc service's tests.
import { ckycUploadZip, toCkycRecord, type CkycCustomerInput, type CkycInstitution, type CkycRecord } from "../../core/ckyc/ckyc-file.ts";
import { SANDBOX_CKYC_FI_CODE } from "../providers/ckyc/sandbox.ts";

// Tiny stand-ins for JPEGs: the start-of-image mark, a byte, the end mark.
export const JPEG = (n: number) => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, n, 0xff, 0xd9]);

export const testInstitution: CkycInstitution = {
  fiCode: SANDBOX_CKYC_FI_CODE,
  regionCode: "KA01",
  branchCode: "HO",
  orgName: "SalaryOnTime",
  declarationPlace: "Bengaluru",
  verifier: { name: "Meera Rao", designation: "KYC Officer", employeeCode: "E042" },
};

export const ckycCustomer = (over: Partial<CkycCustomerInput> = {}): CkycCustomerInput => ({
  reference: "SOT-1A2B3C4D-V1",
  ckycNumber: null,
  name: "Asha Kumari Verma",
  relative: { kind: "father", name: "Ramesh Verma" },
  gender: 2,
  dob: "1990-06-15",
  pan: "ABCPV1234K",
  mobile: "9876543210",
  email: "asha@example.com",
  address: { line1: "14 Demo Residency, 5th Cross", line2: "Koramangala", city: "Bengaluru", state: "Karnataka", pincode: "560034" },
  aadhaarLast4: "4321",
  kycMode: "DIGITAL_KYC",
  verifiedOn: "2027-01-05",
  images: { photo: JPEG(1), proofOfAddress: JPEG(2), signature: JPEG(3) },
  ...over,
});

export function ckycRecordOf(over: Partial<CkycCustomerInput> = {}): CkycRecord {
  const r = toCkycRecord(ckycCustomer(over), testInstitution);
  if (!r.ok) throw new Error(r.problems.join(" "));
  return r.record;
}

/** The upload of one record, batch number B + the reference, as the sandbox registry takes it. */
export function ckycUploadOf(record: CkycRecord, fiCode = SANDBOX_CKYC_FI_CODE) {
  const built = ckycUploadZip({ batchNumber: `B${record.reference}`, fiCode, regionCode: "KA01", createdOn: "2027-01-07", version: "V1.3" }, [record]);
  return { reference: record.reference, ...built };
}

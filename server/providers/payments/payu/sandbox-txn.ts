// The sandbox PayU's transaction as it keeps it, and the two answers built from it: the form posted
// back to surl/furl (and as the server-to-server notification), and verify_payment's detail.
import { randomId } from "../shared.ts";
import { payuResponseHash } from "./port.ts";

export const SANDBOX_PAYU_KEY = "SOTsbx";
export const SANDBOX_PAYU_SALT = "sandbox-payu-salt";

export interface SandboxTxn {
  token: string;
  fields: Record<string, string>;
  amountPaise: number;
  status: "pending" | "success" | "failure";
  unmappedstatus: string;
  mihpayid: string;
  mode: string;
  addedon: string;
  errorMessage: string;
}

/** The answer PayU posts to surl/furl, with its reverse hash. */
export function answer(txn: SandboxTxn): Record<string, string> {
  const f = txn.fields;
  const out: Record<string, string> = {
    mihpayid: txn.mihpayid,
    mode: txn.mode,
    status: txn.status,
    unmappedstatus: txn.unmappedstatus,
    key: f.key!,
    txnid: f.txnid!,
    amount: f.amount!,
    addedon: txn.addedon,
    productinfo: f.productinfo!,
    firstname: f.firstname!,
    lastname: "",
    email: f.email!,
    phone: f.phone!,
    udf1: f.udf1 ?? "",
    udf2: f.udf2 ?? "",
    udf3: f.udf3 ?? "",
    udf4: f.udf4 ?? "",
    udf5: f.udf5 ?? "",
    field9: txn.errorMessage,
    payment_source: "payu",
    PG_TYPE: "SANDBOX",
    bank_ref_num: txn.status === "success" ? randomId("", 16) : "",
    bankcode: txn.mode,
    error: txn.status === "success" ? "E000" : txn.unmappedstatus === "userCancelled" ? "E1605" : "E308",
    error_Message: txn.errorMessage,
  };
  out.hash = payuResponseHash(SANDBOX_PAYU_KEY, SANDBOX_PAYU_SALT, {
    status: txn.status,
    email: f.email!,
    firstname: f.firstname!,
    productinfo: f.productinfo!,
    amount: f.amount!,
    txnid: f.txnid!,
    udf1: f.udf1,
    udf2: f.udf2,
    udf3: f.udf3,
    udf4: f.udf4,
    udf5: f.udf5,
  });
  return out;
}

/** One transaction in verify_payment's transaction_details. */
export function verifyPaymentDetail(txn: SandboxTxn, txnid: string): Record<string, string> {
  const f = txn.fields;
  return {
    mihpayid: txn.mihpayid,
    request_id: "",
    bank_ref_num: "",
    amt: f.amount!,
    transaction_amount: f.amount!,
    txnid,
    additional_charges: "0.00",
    productinfo: f.productinfo!,
    firstname: f.firstname!,
    bankcode: txn.mode,
    udf1: f.udf1 ?? "",
    udf2: f.udf2 ?? "",
    udf3: f.udf3 ?? "",
    udf4: f.udf4 ?? "",
    udf5: f.udf5 ?? "",
    field9: txn.errorMessage,
    error_code: txn.status === "success" ? "E000" : "",
    addedon: txn.addedon,
    payment_source: "payu",
    error_Message: txn.errorMessage,
    net_amount_debit: txn.status === "success" ? f.amount! : "0",
    disc: "0.00",
    mode: txn.mode,
    PG_TYPE: "SANDBOX",
    status: txn.status,
    unmappedstatus: txn.unmappedstatus,
  };
}

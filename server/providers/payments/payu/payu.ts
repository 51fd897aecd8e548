// Production PayU adapter: builds the hosted-checkout form and calls verify_payment on postservice.
// The sandbox runs this same adapter against its own pages and API (see sandbox.ts).
import { parseRupees, rupeeText } from "../../../../core/money.ts";
import { PaymentGatewayError, readJson } from "../shared.ts";
import { payuSettlementAuthorization, payuSettlementSignature, payuSettlementsFromRange, type PayuSettlementRangeReply } from "./settlement-range.ts";
import {
  verifyPayuRefundNotifyToken,
  PAYU_MIHPAYID,
  PAYU_REFUND_QUEUED,
  PAYU_REFUND_TOKEN,
  PAYU_TXNID,
  payuCommandHash,
  payuRequestHash,
  verifyPayuResponseHash,
  type PayuGateway,
  type PayuPaymentRequest,
  type PayuTransaction,
} from "./port.ts";

export const PAYU_PAYMENT_URL = "https://secure.payu.in/_payment";
export const PAYU_VERIFY_URL = "https://info.payu.in/merchant/postservice.php?form=2";

export interface PayuConfig {
  key: string;
  salt: string;
  /** Where the browser posts the form (test: https://test.payu.in/_payment). */
  paymentUrl: string;
  /** postservice.php?form=2 (test: https://test.payu.in/merchant/postservice.php?form=2). */
  verifyUrl: string;
  /** The Settlement Details Range API (default: postservice's host, /settlement/range). */
  settlementUrl?: string;
  provider?: "payu" | "sandbox";
  fetch?: typeof fetch;
  /** The clock of the Date header the settlement API signs. */
  now?: () => Date;
}

const EMAIL = /^[^\s@|]+@[^\s@|]+\.[^\s@|]+$/;

/** What PayU would refuse, found before the browser is sent there. */
export function payuRequestProblems(r: PayuPaymentRequest): string[] {
  const problems: string[] = [];
  if (!PAYU_TXNID.test(r.txnid ?? "")) problems.push("txnid must be 1 to 25 letters, digits, - or _");
  if (!Number.isSafeInteger(r.amountPaise) || r.amountPaise < 100) problems.push("amount must be an integer of at least 100 paise");
  for (const name of ["productinfo", "firstname", "email", "phone", "surl", "furl"] as const) {
    if (typeof r[name] !== "string" || !r[name].trim()) problems.push(`${name} is required`);
  }
  // A "|" would shift every field of the hash.
  const hashed = [r.productinfo, r.firstname, r.email, r.udf1, r.udf2, r.udf3, r.udf4, r.udf5];
  if (hashed.some((v) => typeof v === "string" && v.includes("|"))) problems.push("hashed fields must not contain |");
  if (r.email && !EMAIL.test(r.email)) problems.push("email is not valid");
  if (r.phone && !/^\d{10}$/.test(r.phone)) problems.push("phone must be 10 digits");
  for (const name of ["surl", "furl", "curl"] as const) {
    const url = r[name];
    if (url && !/^https?:\/\/[^\s]+$/.test(url)) problems.push(`${name} must be an absolute http(s) URL`);
  }
  return problems;
}

const text = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

/** The Settlement Details Range API, page by page (100 a page), for one India date. */
async function payuSettlementReport(config: PayuConfig, doFetch: typeof fetch, on: string) {
  const url = config.settlementUrl ?? config.verifyUrl.replace(/\/merchant\/postservice\.php.*$/, "/settlement/range");
  const data: unknown[] = [];
  for (let page = 1; page <= 50; page++) {
    const body = JSON.stringify({ dateFrom: on, dateTo: on, page, pageSize: 100 });
    const date = (config.now ?? (() => new Date()))().toUTCString();
    const response = await doFetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        date,
        authorization: payuSettlementAuthorization(config.key, payuSettlementSignature(body, date, config.salt)),
      },
      body,
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok)
      throw new PaymentGatewayError(
        "payu",
        response.status < 500 ? "invalid_request" : "provider_error",
        `PayU settlement range answered HTTP ${response.status}`,
      );
    const json = (await readJson(response)) as PayuSettlementRangeReply | null;
    if (!json || typeof json !== "object" || json.status !== 0)
      throw new PaymentGatewayError("payu", "provider_error", "PayU settlement range refused the request");
    const got = Array.isArray(json.result?.data) ? json.result.data : [];
    data.push(...got);
    if (got.length === 0 || page * 100 >= Number(json.result?.totalCount ?? 0)) break;
  }
  return payuSettlementsFromRange(data);
}

export function createPayuGateway(config: PayuConfig): PayuGateway {
  const doFetch = config.fetch ?? fetch;
  /** One postservice command, hashed sha512(key|command|var1|salt); PayU answers JSON with form=2. */
  async function postservice(command: string, var1: string, extra: Record<string, string> = {}): Promise<Record<string, unknown>> {
    const response = await doFetch(config.verifyUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams({ key: config.key, command, var1, ...extra, hash: payuCommandHash(config.key, command, var1, config.salt) }).toString(),
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok)
      throw new PaymentGatewayError("payu", response.status < 500 ? "invalid_request" : "provider_error", `PayU ${command} answered HTTP ${response.status}`);
    const json = (await readJson(response)) as Record<string, unknown> | null;
    if (!json || typeof json !== "object") throw new PaymentGatewayError("payu", "provider_error", `PayU ${command} answered without JSON`);
    // status 0 with "Invalid Hash." is a refusal of our credentials, never an answer about the refund.
    if (Number(json.status) === 0 && /hash|key/i.test(text(json.msg))) throw new PaymentGatewayError("payu", "unauthorized", `PayU refused ${command}`);
    return json;
  }

  return {
    provider: config.provider ?? "payu",

    paymentForm(request) {
      const problems = payuRequestProblems(request);
      if (problems.length) throw new PaymentGatewayError("payu", "invalid_request", `PayU payment refused before sending: ${problems.join("; ")}`);
      const amount = rupeeText(request.amountPaise);
      const fields: Record<string, string> = {
        key: config.key,
        txnid: request.txnid,
        amount,
        productinfo: request.productinfo,
        firstname: request.firstname,
        email: request.email,
        phone: request.phone,
        surl: request.surl,
        furl: request.furl,
        ...(request.curl ? { curl: request.curl } : {}),
        udf1: request.udf1 ?? "",
        udf2: request.udf2 ?? "",
        udf3: request.udf3 ?? "",
        udf4: request.udf4 ?? "",
        udf5: request.udf5 ?? "",
      };
      fields.hash = payuRequestHash(config.key, config.salt, { ...request, amount });
      return { action: config.paymentUrl, method: "POST", fields };
    },

    verifyResponse(fields) {
      if (!verifyPayuResponseHash(config.key, config.salt, fields)) return null;
      const amount = text(fields.amount);
      return {
        status: text(fields.status),
        txnid: text(fields.txnid),
        mihpayid: text(fields.mihpayid),
        amount,
        amountPaise: parseRupees(amount),
        unmappedstatus: text(fields.unmappedstatus),
        mode: text(fields.mode),
        udf5: text(fields.udf5),
        errorMessage: text(fields.error_Message),
      };
    },

    async refund({ mihpayid, token, amountPaise }) {
      if (!PAYU_MIHPAYID.test(mihpayid ?? "") || !PAYU_REFUND_TOKEN.test(token ?? "") || !Number.isSafeInteger(amountPaise) || amountPaise < 100)
        throw new PaymentGatewayError("payu", "invalid_request", "PayU refund refused before sending: mihpayid, token or amount not valid");
      const json = await postservice("cancel_refund_transaction", mihpayid, { var2: token, var3: rupeeText(amountPaise) });
      const code = Number(json.error_code);
      return {
        queued: Number(json.status) === 1 && code === PAYU_REFUND_QUEUED,
        requestId: json.request_id === null || json.request_id === undefined ? null : String(json.request_id),
        errorCode: Number.isFinite(code) ? code : null,
        message: text(json.msg).slice(0, 200),
      };
    },

    async refundStatus({ mihpayid, token }) {
      if (!PAYU_MIHPAYID.test(mihpayid ?? "")) throw new PaymentGatewayError("payu", "invalid_request", "Not a PayU mihpayid");
      const json = await postservice("check_action_status", mihpayid);
      const actions = (json.transaction_details as Record<string, Record<string, Record<string, unknown>>> | undefined)?.[mihpayid];
      if (!actions || typeof actions !== "object") return null;
      const mine = Object.values(actions).find((a) => a && typeof a === "object" && text(a.action) === "refund" && text(a.token) === token);
      if (!mine) return null;
      return {
        requestId: text(mine.request_id),
        token,
        amountPaise: parseRupees(text(mine.amt) || text(mine.amount)),
        status: text(mine.status).toLowerCase(),
        bankRefNum: text(mine.bank_ref_num),
      };
    },

    verifyRefundNotification: (urlToken) => verifyPayuRefundNotifyToken(config.salt, urlToken),

    async verifyPayment(txnid) {
      if (!PAYU_TXNID.test(txnid ?? "")) throw new PaymentGatewayError("payu", "invalid_request", "Not a PayU txnid");
      const response = await doFetch(config.verifyUrl, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
        body: new URLSearchParams({
          key: config.key,
          command: "verify_payment",
          var1: txnid,
          hash: payuCommandHash(config.key, "verify_payment", txnid, config.salt),
        }).toString(),
        signal: AbortSignal.timeout(30_000),
      });
      if (!response.ok)
        throw new PaymentGatewayError(
          "payu",
          response.status < 500 ? "invalid_request" : "provider_error",
          `PayU verify_payment answered HTTP ${response.status}`,
        );
      const json = (await readJson(response)) as { status?: unknown; msg?: unknown; transaction_details?: Record<string, Record<string, unknown>> } | null;
      if (!json || typeof json !== "object") throw new PaymentGatewayError("payu", "provider_error", "PayU verify_payment answered without JSON");
      const details = json.transaction_details?.[txnid];
      if (!details) {
        // status 0 without details is a refusal (bad hash or key), not an unknown transaction.
        if (Number(json.status) !== 1) throw new PaymentGatewayError("payu", "unauthorized", "PayU refused verify_payment");
        return null;
      }
      if (text(details.status) === "Not Found" || text(details.mihpayid) === "Not Found") return null;
      if (text(details.txnid) !== txnid) throw new PaymentGatewayError("payu", "provider_error", "PayU verify_payment answered for another txnid");
      const transaction: PayuTransaction = {
        txnid,
        mihpayid: text(details.mihpayid),
        status: text(details.status),
        unmappedstatus: text(details.unmappedstatus),
        amountPaise: parseRupees(text(details.amt) || text(details.transaction_amount)),
        additionalChargesPaise: parseRupees(text(details.additional_charges)) ?? 0,
        mode: text(details.mode),
        udf5: text(details.udf5),
        errorMessage: text(details.error_Message) || text(details.field9),
        addedOn: text(details.addedon) || null,
      };
      return transaction;
    },

    settlementReport: (on) => payuSettlementReport(config, doFetch, on),
  };
}

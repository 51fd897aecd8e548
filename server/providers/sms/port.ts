export type OtpPurpose = "login" | "esign" | "repayment";

/** Sends a one-time code. The server makes, hashes and expires codes; the provider only delivers them. */
export interface SmsPort {
  sendOtp(input: { mobile: string; code: string; purpose: OtpPurpose }): Promise<void>;
}

export function otpText(code: string, purpose: OtpPurpose): string {
  const what = { login: "login", esign: "loan agreement signing", repayment: "repayment" }[purpose];
  return `${code} is your SalaryOnTime ${what} code. It is valid for 5 minutes. Do not share it with anyone, including our staff.`;
}

/** Service messages (not codes): a loan rejected, paid out, or asked to re-accept a quote. */
export type NoticeKind = "loan_rejected" | "loan_disbursed" | "requote";

/** Sends a plain service message. Production needs a DLT template per kind (docs/decisions.md, open point). */
export interface SmsNoticePort {
  sendNotice(input: { mobile: string; kind: NoticeKind; text: string }): Promise<void>;
}

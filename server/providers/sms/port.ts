import { translate, type Language } from "../../../core/i18n/index.ts";

export type OtpPurpose = "login" | "esign" | "repayment";

/** Service messages besides codes; each is a DLT-registered template in production. */
export type Notice =
  | { kind: "loan_closed"; vars: { loan_no: string } }
  | { kind: "loan_rejected"; vars: { reason: string } }
  | { kind: "loan_disbursed"; vars: { amount: string; loan_no: string; total_due: string; repayment_date: string; cooling_off_until: string } }
  // The bank returned a paid payout (decision 36): there is no loan and nothing is owed.
  | { kind: "payout_reversed"; vars: { amount: string; loan_no: string } }
  | { kind: "requote"; vars: Record<string, never> }
  // Reminders (decision 31) and the copies after signing (regulatory.md).
  | { kind: "reminder_upcoming"; vars: { loan_no: string; total_due: string; repayment_date: string } }
  | { kind: "reminder_due_today"; vars: { loan_no: string; total_due: string } }
  // Issue 29: on the repayment date while an AutoPay debit is due that day: no "pay today", the debit and what to do if short.
  | { kind: "reminder_due_today_autopay"; vars: { loan_no: string; total_due: string; method: string } }
  | { kind: "reminder_overdue"; vars: { loan_no: string; total_due: string; penal: string; days: string; pay_link: string } }
  | { kind: "signed_copies"; vars: { link: string } }
  // Decision 37: the excess refunded; `to` is "your bank account ending 1234" or "your original payment".
  | { kind: "refund_paid"; vars: { amount: string; loan_no: string; to: string } }
  // Issue 22 (RBI's 2024 credit-information directions): told before the loan is first reported overdue.
  | { kind: "bureau_overdue"; vars: { loan_no: string; total_due: string; pay_link: string } }
  // Issue 22: a complaint registered, answered, and the RBI Integrated Ombudsman notice at 30 days.
  | { kind: "grievance_received"; vars: { reference: string } }
  | { kind: "grievance_replied"; vars: { reference: string; link: string } }
  | { kind: "grievance_ombudsman"; vars: { reference: string; portal: string } }
  // Issue 24: the AutoPay pre-debit notice (24 hours before) and a failed debit, with the Pay Now link.
  | { kind: "autopay_notice"; vars: { amount: string; date: string; last4: string; pay_link: string } }
  | { kind: "autopay_failed"; vars: { reason: string; pay_link: string } }
  // Issue 34: a payment posted to the loan, with the day it counts from and where its receipt is.
  | { kind: "payment_received"; vars: { amount: string; loan_no: string; paid_on: string; receipt_link: string } }
  // Issue 33 (RBI KYC directions): the CKYC identifier CKYCR gave the customer's KYC record we uploaded.
  | { kind: "ckyc_registered"; vars: { ckyc_number: string } };
export type NoticeKind = Notice["kind"];

/** Sends a one-time code. The server makes, hashes and expires codes; the provider only delivers them. */
export interface SmsPort {
  /** `lang`: the customer's language (issue 23); each language has its own DLT template. */
  sendOtp(input: { mobile: string; code: string; purpose: OtpPurpose; lang: Language }): Promise<void>;
  /** A service message (no code): its text is the registered template of `lang` filled with `vars`. */
  sendNotice(input: { mobile: string; notice: Notice; lang: Language }): Promise<void>;
}

export function otpText(code: string, purpose: OtpPurpose, lang: Language): string {
  return translate(lang, "messages.otp", { code, purpose });
}

/** The text of each notice in a language, as registered with DLT (the sandbox outbox shows it). */
export function noticeText(notice: Notice, lang: Language): string {
  return translate(lang, `messages.sms.${notice.kind}`, notice.vars);
}

/** What the back office's services need of the SMS port. */
export type SmsNoticePort = Pick<SmsPort, "sendNotice">;

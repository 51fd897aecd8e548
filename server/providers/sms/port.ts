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
  | { kind: "autopay_failed"; vars: { reason: string; pay_link: string } };
export type NoticeKind = Notice["kind"];

/** Sends a one-time code. The server makes, hashes and expires codes; the provider only delivers them. */
export interface SmsPort {
  sendOtp(input: { mobile: string; code: string; purpose: OtpPurpose }): Promise<void>;
  /** A service message (no code): its text is the registered template filled with `vars`. */
  sendNotice(input: { mobile: string; notice: Notice }): Promise<void>;
}

export function otpText(code: string, purpose: OtpPurpose): string {
  const what = { login: "login", esign: "loan agreement signing", repayment: "repayment" }[purpose];
  return `${code} is your SalaryOnTime ${what} code. It is valid for 5 minutes. Do not share it with anyone, including our staff.`;
}

/** The text of each notice, as registered with DLT (the sandbox outbox shows it). */
export function noticeText(notice: Notice): string {
  switch (notice.kind) {
    case "loan_closed":
      return `Your SalaryOnTime loan ${notice.vars.loan_no} is fully repaid and closed. Your No Dues Certificate is in your dashboard. Thank you.`;
    case "loan_rejected":
      return `SalaryOnTime: We are sorry, we could not approve your loan application because ${notice.vars.reason} You may apply again later.`;
    case "loan_disbursed":
      return `SalaryOnTime: ${notice.vars.amount} has been paid to your bank account for loan ${notice.vars.loan_no}. Please repay ${notice.vars.total_due} by ${notice.vars.repayment_date}. You may cancel the loan without penalty until ${notice.vars.cooling_off_until}.`;
    case "payout_reversed":
      return `SalaryOnTime: Your bank returned the ${notice.vars.amount} we paid for loan ${notice.vars.loan_no}, so the loan is not active and you owe nothing. We will contact you before paying it out again.`;
    case "requote":
      return "SalaryOnTime: Your loan offer has expired. Please sign in and accept a fresh quote so we can pay out your loan.";
    case "reminder_upcoming":
      return `SalaryOnTime: Your loan ${notice.vars.loan_no} is due on ${notice.vars.repayment_date}. Amount due: ${notice.vars.total_due}. Pay early to pay less interest.`;
    case "reminder_due_today":
      return `SalaryOnTime: Your loan ${notice.vars.loan_no} is due today. Amount due: ${notice.vars.total_due}. Please repay today to avoid penal charges.`;
    case "reminder_overdue":
      return `SalaryOnTime: Your loan ${notice.vars.loan_no} is ${notice.vars.days} day(s) overdue. Amount due: ${notice.vars.total_due}, including penal charges of ${notice.vars.penal}. Pay now: ${notice.vars.pay_link}`;
    case "signed_copies":
      return `SalaryOnTime: Your Key Fact Statement and signed loan agreement are ready. Sign in to view them: ${notice.vars.link}`;
    case "refund_paid":
      return `SalaryOnTime: We have refunded ${notice.vars.amount}, the extra you paid on loan ${notice.vars.loan_no}, to ${notice.vars.to}. Your bank may take a few days to show it.`;
    case "bureau_overdue":
      return `SalaryOnTime: Your loan ${notice.vars.loan_no} is overdue (${notice.vars.total_due} due). Our next report to the credit bureaus will show it as overdue unless it is repaid. Pay now: ${notice.vars.pay_link}`;
    case "grievance_received":
      return `SalaryOnTime: We have registered your complaint. Your reference number is ${notice.vars.reference}. Our grievance officer will reply to you.`;
    case "grievance_replied":
      return `SalaryOnTime: We have replied to your complaint ${notice.vars.reference}. Read the reply: ${notice.vars.link}`;
    case "autopay_notice":
      return `SalaryOnTime AutoPay: ${notice.vars.amount} will be debited from your bank account ending ${notice.vars.last4} on ${notice.vars.date} for your loan. Paying before then with Pay Now cancels or reduces it: ${notice.vars.pay_link}`;
    case "autopay_failed":
      return `SalaryOnTime AutoPay: we could not debit your loan repayment (${notice.vars.reason}). Please pay now to avoid penal charges: ${notice.vars.pay_link}`;
    case "grievance_ombudsman":
      return `SalaryOnTime: Your complaint ${notice.vars.reference} is not yet resolved. You may now complain to the RBI Integrated Ombudsman at ${notice.vars.portal}`;
  }
}

/** What the back office's services need of the SMS port. */
export type SmsNoticePort = Pick<SmsPort, "sendNotice">;

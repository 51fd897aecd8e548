// Issue 23: every SMS and e-mail a customer gets, in English exactly as before (tests pin them).
// SMS texts are the DLT-registered templates; each language has its own template id in production.
// Values arrive already formatted (amounts by formatINR, dates by customerDate).

export const messagesEn = {
  // One-time codes
  "messages.otp":
    "{code} is your SalaryOnTime {purpose, select, login {login} esign {loan agreement signing} other {repayment}} code. It is valid for 5 minutes. Do not share it with anyone, including our staff.",

  // Service SMS, one per notice kind (server/providers/sms/port.ts)
  "messages.sms.loan_closed": "Your SalaryOnTime loan {loan_no} is fully repaid and closed. Your No Dues Certificate is in your dashboard. Thank you.",
  "messages.sms.loan_rejected": "SalaryOnTime: We are sorry, we could not approve your loan application because {reason} You may apply again later.",
  "messages.sms.loan_disbursed":
    "SalaryOnTime: {amount} has been paid to your bank account for loan {loan_no}. Please repay {total_due} by {repayment_date}. You may cancel the loan without penalty until {cooling_off_until}.",
  "messages.sms.payout_reversed":
    "SalaryOnTime: Your bank returned the {amount} we paid for loan {loan_no}, so the loan is not active and you owe nothing. We will contact you before paying it out again.",
  "messages.sms.requote": "SalaryOnTime: Your loan offer has expired. Please sign in and accept a fresh quote so we can pay out your loan.",
  "messages.sms.reminder_upcoming": "SalaryOnTime: Your loan {loan_no} is due on {repayment_date}. Amount due: {total_due}. Pay early to pay less interest.",
  "messages.sms.reminder_due_today": "SalaryOnTime: Your loan {loan_no} is due today. Amount due: {total_due}. Please repay today to avoid penal charges.",
  "messages.sms.reminder_due_today_autopay":
    "SalaryOnTime: Your loan {loan_no} is due today. AutoPay ({method}) will debit {total_due} today from the account you set it up on, so you need not pay separately. If that account may be short, add the money to it today. If the debit fails, we will tell you at once with a Pay Now link.",
  "messages.sms.reminder_overdue":
    "SalaryOnTime: Your loan {loan_no} is {days} day(s) overdue. Amount due: {total_due}, including penal charges of {penal}. Pay now: {pay_link}",
  "messages.sms.signed_copies": "SalaryOnTime: Your Key Fact Statement and signed loan agreement are ready. Sign in to view them: {link}",
  "messages.sms.refund_paid":
    "SalaryOnTime: We have refunded {amount}, the extra you paid on loan {loan_no}, to {to}. Your bank may take a few days to show it.",
  "messages.sms.bureau_overdue":
    "SalaryOnTime: Your loan {loan_no} is overdue ({total_due} due). Our next report to the credit bureaus will show it as overdue unless it is repaid. Pay now: {pay_link}",
  "messages.sms.grievance_received":
    "SalaryOnTime: We have registered your complaint. Your reference number is {reference}. Our grievance officer will reply to you.",
  "messages.sms.grievance_replied": "SalaryOnTime: We have replied to your complaint {reference}. Read the reply: {link}",
  "messages.sms.grievance_ombudsman":
    "SalaryOnTime: Your complaint {reference} is not yet resolved. You may now complain to the RBI Integrated Ombudsman at {portal}",
  // Issue 24: the AutoPay pre-debit notice (24 hours before) and a failed debit, with the Pay Now link.
  "messages.sms.autopay_notice":
    "SalaryOnTime AutoPay: {amount} will be debited from your bank account ending {last4} on {date} for your loan. Paying before then with Pay Now cancels or reduces it: {pay_link}",
  "messages.sms.payment_received": "SalaryOnTime: We have received your payment of {amount} for loan {loan_no} on {paid_on}. Your receipt: {receipt_link}",
  // Issue 33 (RBI KYC directions): the CKYC identifier once CKYCR has our upload of the customer's KYC record.
  "messages.sms.ckyc_registered":
    "SalaryOnTime: Your KYC record is now with the Central KYC Registry (CERSAI). Your CKYC identifier is {ckyc_number}. Other regulated lenders can use it for your KYC.",
  "messages.sms.autopay_failed": "SalaryOnTime AutoPay: we could not debit your loan repayment ({reason}). Please pay now to avoid penal charges: {pay_link}",
  // Issue 30: why a debit failed, in the customer's words (core's debitFailureOf names the kind).
  "messages.autopayFailure.no_funds": "there was not enough money in the account",
  "messages.autopayFailure.declined": "the bank declined it",

  // Words that fill the messages
  "messages.refundTo.gateway": "your original payment",
  "messages.refundTo.bank": "your bank account ending {last4}",
  "messages.rejection.INCOME_NOT_VERIFIED": "we could not confirm your income from the documents provided.",
  "messages.rejection.DOCUMENTS_MISMATCH": "the documents did not match the details in your application.",
  "messages.rejection.BUREAU_RISK": "your credit history does not meet our lending policy right now.",
  "messages.rejection.EXISTING_OBLIGATIONS": "your existing loan repayments are too high for a new loan right now.",
  "messages.rejection.EMPLOYMENT_NOT_VERIFIED": "we could not confirm your employment.",
  "messages.rejection.BANK_ACCOUNT_ISSUE": "we could not verify your bank account in your name.",
  "messages.rejection.POLICY_OTHER": "your application does not meet our lending policy right now.",
  "messages.grievanceCategory.loan_application": "Loan application or approval",
  "messages.grievanceCategory.repayment": "Repayment or refund",
  "messages.grievanceCategory.charges": "Interest, fees or charges",
  "messages.grievanceCategory.collection_conduct": "Conduct of our collections team or a recovery agent",
  "messages.grievanceCategory.credit_bureau": "Credit-bureau reporting (dispute about data we reported)",
  "messages.grievanceCategory.service": "Customer service",
  "messages.grievanceCategory.other": "Something else",
  "messages.ombudsman":
    "If you are not satisfied with our reply, or have had none within {days} days, you may complain to the RBI Integrated Ombudsman at {portal}.",

  // E-mails: a greeting, the body, a sign-off
  "messages.email.greeting": "Dear {name},",
  "messages.email.customer": "customer",
  "messages.email.signoff": "SalaryOnTime",
  "messages.email.grievanceSignoff": "SalaryOnTime grievance desk",
  "messages.email.loan_disbursed.subject": "Your SalaryOnTime loan {loan_no} is paid out",
  "messages.email.loan_disbursed.body":
    "We have paid {amount} to your bank account for loan {loan_no}.\nPlease repay {total_due} by {repayment_date}.\nYou may cancel the loan without penalty until {cooling_off_until}.\nYour Key Fact Statement and loan agreement are in your dashboard: {link}",
  "messages.email.reminder_upcoming.subject": "Your SalaryOnTime loan {loan_no} is due {when, select, tomorrow {tomorrow} other {in 3 days}}",
  "messages.email.reminder_upcoming.body":
    "Your loan {loan_no} is due on {repayment_date}.\nAmount due on that date: {total_due}.\nPaying earlier costs less: closing the loan today costs {close_today} (principal and interest for the days you have had the money).\nPay now: {pay_link}",
  "messages.email.reminder_due_today.subject": "Your SalaryOnTime loan {loan_no} is due today",
  "messages.email.reminder_due_today.body":
    "Your loan {loan_no} is due today, {repayment_date}.\nAmount due: {total_due}.\nFrom tomorrow a penal charge of 0.5% of the overdue principal a day applies.\nPay now: {pay_link}",
  "messages.email.reminder_due_today_autopay.subject": "Your SalaryOnTime loan {loan_no} is due today: AutoPay will collect it",
  "messages.email.reminder_due_today_autopay.body":
    "Your loan {loan_no} is due today, {repayment_date}.\nAutoPay ({method}) will debit {total_due} today from the bank account you set it up on. You need not pay separately: a second payment would only be refunded later.\nIf that account may be short, please add the money to it today. If the debit fails, we will tell you at once by SMS and e-mail, with a Pay Now link.",
  "messages.email.reminder_overdue.subject": "Your SalaryOnTime loan {loan_no} is overdue",
  "messages.email.reminder_overdue.body":
    "Your loan {loan_no} was due on {repayment_date} and is {days} day(s) overdue.\nAmount due today: {total_due}, including penal charges so far of {penal}.\nInterest continues at 1% of the unpaid principal a day, and a penal charge of 0.5% of the overdue principal a day (never more than 25% of the principal in all). Penal charges are not added to the interest.\nPay now: {pay_link}",
  "messages.email.signed_copies.subject": "Your SalaryOnTime Key Fact Statement and signed loan agreement",
  "messages.email.signed_copies.body":
    "Thank you for signing your loan agreement. Your copies of the Key Fact Statement and of the signed loan agreement are in your dashboard:\n{link}\n\nSign in with your mobile number to open them; they are shown only to you.",
  "messages.email.bureau_overdue.subject": "Your SalaryOnTime loan {loan_no} will be reported to the credit bureaus as overdue",
  "messages.email.bureau_overdue.body":
    "Your loan {loan_no} was due on {repayment_date} and {total_due} is unpaid.\nWe report every loan to the credit bureaus on the 15th and the last day of each month. Unless the loan is repaid before then, our next report will show it as overdue, with the days past due and the amount overdue.\nPay now: {pay_link}\n\nIf you think what we report is wrong, raise a complaint from your dashboard; we correct the record in the next report.",
  "messages.email.autopay_notice.subject": "AutoPay will debit {amount} for your SalaryOnTime loan {loan_no} on {date}",
  "messages.email.autopay_notice.body":
    "Under your AutoPay mandate we will debit {amount} from your bank account ending {last4} on {date}, for your loan {loan_no}.\nIf you pay before then with Pay Now, the debit is cancelled, or reduced to what is still due: {pay_link}\nYou can cancel AutoPay from your dashboard at any time.",
  "messages.email.autopay_failed.subject": "AutoPay could not debit the repayment of your SalaryOnTime loan {loan_no}",
  "messages.email.autopay_failed.body":
    "We could not debit the repayment of your loan {loan_no} under your AutoPay mandate: {reason}.\nPlease pay now with Pay Now to avoid penal charges: {pay_link}\n{retry, select, yes {If it is still due, we will try once more on {retry_date}, after a fresh notice.} other {We will not try again.}}",
  "messages.email.grievance_received.subject": "We have registered your complaint {reference}",
  "messages.email.grievance_received.body":
    "We have registered your complaint about: {category}.\nYour reference number is {reference}. Please quote it whenever you write to us.\nOur {officer} will reply to you. If it is not resolved within {days} days, it goes to our {nodal}.\n{online, select, yes {You can follow it, and read our replies, at {link}} other {We will reply to this address and to your mobile number.}}\n{ombudsman}",
  "messages.email.grievance_escalated.subject": "Your complaint {reference} has gone to our {nodal}",
  "messages.email.grievance_escalated.body": "Your complaint {reference} is not yet resolved, so it has gone to our {nodal}, {nodal_name}.\n{ombudsman}",
  "messages.email.grievance_replied.subject": "Our reply to your complaint {reference}",
  "messages.email.grievance_replied.body":
    "Our reply to your complaint {reference}:\n\n{reply}\n\n{online, select, yes {You can read every reply at {link}\n} other {}}{ombudsman}",
  "messages.email.grievance_resolved.subject": "Your complaint {reference} is resolved",
  "messages.email.grievance_resolved.body": "We have resolved your complaint {reference}:\n\n{reply}\n\n{ombudsman}",
  "messages.email.grievance_ombudsman.subject": "Your complaint {reference}: you may go to the RBI Integrated Ombudsman",
  "messages.email.grievance_ombudsman.body":
    "Your complaint {reference} was raised {days} days ago and is not yet resolved.\nYou may now complain to the Reserve Bank of India's Integrated Ombudsman at {portal}. Quote our reference {reference}.\nWe are still working on it and will write to you.",
} as const;

// The customer's PDFs in English (issue 23): the KFS, the loan agreement's frame, the sanction
// letter, the statement, the No Dues Certificate and the payment receipt. These are the words the
// English PDFs always printed; documents.hi.ts says the same in Hindi, figures and names untouched.
export const documentsEn = {
  "documents.pageOf": "Page {page} of {of}",
  "documents.generatedNoSignature": "This {doc} is generated electronically and needs no signature.",
  "documents.date": "Date: {date}",

  "documents.kfs.title": "Key Fact Statement",
  "documents.kfs.proposalLine": "Proposal number {number}",
  "documents.kfs.footer": "{title} · proposal {number}",
  "documents.kfs.rupeesNote": "Amounts are in Indian rupees (₹).",
  "documents.kfs.partA": "Part A: About the loan",
  "documents.kfs.partB": "Part B: Other disclosures",
  "documents.kfs.proposalNumber": "Proposal number",
  "documents.kfs.issuedOn": "Date of this statement",
  "documents.kfs.lender": "Lender",
  "documents.kfs.borrower": "Borrower",
  "documents.kfs.purpose": "Purpose of the loan",
  "documents.kfs.loanAmount": "Loan amount (sanctioned)",
  "documents.kfs.tenure": "Loan tenure",
  "documents.kfs.tenureValue": "{days} days",
  "documents.kfs.interestRate": "Rate of interest",
  "documents.kfs.interestRateValue": "{rate} of the loan amount per day, flat (fixed rate)",
  "documents.kfs.interestAmount": "Total interest",
  "documents.kfs.processingFee": "Processing fee ({percent} of the loan amount)",
  "documents.kfs.gst": "GST on the processing fee ({percent})",
  "documents.kfs.totalCharges": "Total fees and charges (deducted before disbursal)",
  "documents.kfs.netDisbursed": "Net amount paid to you",
  "documents.kfs.totalPayable": "Total amount you repay",
  "documents.kfs.repayment": "Repayment",
  "documents.kfs.repaymentValue": "One payment of {amount} on {date}",
  "documents.kfs.apr": "Annual Percentage Rate (APR)",
  "documents.kfs.aprValue": "{apr}% (interest, fee and GST over the net amount paid to you, annualised: (total repayable / net amount − 1) × 365 / {days})",
  "documents.kfs.penal": "Penal charges (only if you pay late)",
  "documents.kfs.penalValue":
    "{rate} of the overdue loan amount for each day after the repayment date, at most {cap} of the loan amount in all. A charge, not interest: it is never added to the interest rate and never compounded.",
  "documents.kfs.coolingOff": "Cooling-off (look-up) period",
  "documents.kfs.coolingOffValue":
    "{days} days from the day the loan is paid out to your bank account (until {until} if it is paid out on {issued}): you may exit the loan without any penalty by repaying the loan amount and the interest for the days you kept it (the proportionate APR). The processing fee and its GST are not refunded.",
  "documents.kfs.grievance": "Grievance redressal officer",
  "documents.kfs.grievanceValue":
    "{officer}; e-mail {email}; phone {phone}. If a complaint is not resolved within {days} days, you may complain to the RBI Integrated Ombudsman at {url}.",
  "documents.kfs.recovery": "Recovery mechanism",
  "documents.kfs.recoveryValue":
    "Reminders by SMS, e-mail and phone from {brand}'s own staff, between 8 am and 7 pm only. No recovery agent is engaged today; if one ever is, you will be told their name and contact in advance. No harassment, threats or contact with your family, friends or employer.",
  "documents.kfs.moneyFlow": "Disbursal and repayment",
  "documents.kfs.moneyFlowValue":
    "The net amount is paid straight into your verified bank account, and you repay straight to {lender}'s account; no other account sits between. Customer care: {email}, {phone}.",
} as const;

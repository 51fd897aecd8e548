// Issue 23 (DPDP Act 2023, Rules 2025): the notice of each purpose we ask consent for: what data, why,
// how long it is kept, how to withdraw. English as first written in core/data-rights/purposes.ts.

const WITHDRAW_AT_ANY_TIME = "Open My data in your dashboard and press Withdraw next to this purpose. It is as quick as giving it.";

export const noticesEn = {
  "notice.lending_servicing.title": "Lending and servicing your loan",
  "notice.lending_servicing.data": "Your mobile number, name, date of birth, address, employment and income, bank account, the loan's terms and every payment.",
  "notice.lending_servicing.why": "To assess your application, pay out the loan, take repayments, answer your complaints and meet our duties as a lender.",
  "notice.lending_servicing.kept":
    "While you are our customer, then five years after your last loan closes, as the anti-money-laundering rules and RBI's KYC directions require.",
  "notice.lending_servicing.withdraw": `${WITHDRAW_AT_ANY_TIME} While a loan is open we must still keep and use its records to service and recover it.`,
  "notice.identity_checks.title": "Identity checks (PAN and DigiLocker)",
  "notice.identity_checks.data":
    "Your PAN, and from DigiLocker your name, date of birth, gender, address and the last 4 digits of your Aadhaar. We never keep the full Aadhaar number.",
  "notice.identity_checks.why": "To confirm who you are before we lend, as RBI's KYC directions require.",
  "notice.identity_checks.kept": "Five years after your last loan closes (RBI KYC directions and the anti-money-laundering rules).",
  "notice.identity_checks.withdraw": `${WITHDRAW_AT_ANY_TIME} Without it we cannot start a new loan.`,
  "notice.credit_bureau.title": "Credit bureau check",
  "notice.credit_bureau.data": "Your name, PAN, date of birth and mobile number are sent to a credit bureau; we receive your credit score and report.",
  "notice.credit_bureau.why":
    "To decide whether we can lend to you and how much. While a loan is open we also report it to the bureaus, as the law requires of every lender.",
  "notice.credit_bureau.kept":
    "The score and the decision made with it are kept with your loan records; a check that led to no loan is deleted after 12 months.",
  "notice.credit_bureau.withdraw": `${WITHDRAW_AT_ANY_TIME} We will not pull your report again; reporting an open loan continues, as the law requires.`,
  "notice.account_aggregator.title": "Bank statements through an account aggregator",
  "notice.account_aggregator.data": "Six months of statements of the bank account you choose, fetched once through an RBI-licensed account aggregator.",
  "notice.account_aggregator.why": "To confirm your salary and judge what you can repay.",
  "notice.account_aggregator.kept": "With your loan application's records, five years after the loan closes; if no loan follows, 12 months.",
  "notice.account_aggregator.withdraw": `${WITHDRAW_AT_ANY_TIME} We fetch nothing further; you can upload statements yourself instead.`,
  "notice.reminders.title": "Repayment reminders",
  "notice.reminders.data": "Your mobile number, e-mail address and your loan's due date and amount.",
  "notice.reminders.why": "To remind you by SMS and e-mail before and on your repayment date, and when a payment is late.",
  "notice.reminders.kept": "Sent messages are kept with your loan records.",
  "notice.reminders.withdraw": `${WITHDRAW_AT_ANY_TIME} Reminders stop at once; the amount still falls due on the repayment date.`,
  "notice.marketing.title": "Offers by SMS and e-mail",
  "notice.marketing.data": "Your mobile number, e-mail address and first name.",
  "notice.marketing.why": "To tell you about new loan offers. We never sell or share your details for others' marketing.",
  "notice.marketing.kept": "Until you withdraw, or 12 months after your last loan closes, whichever is sooner.",
  "notice.marketing.withdraw": `${WITHDRAW_AT_ANY_TIME} Offers stop at once.`,
  "notice.tracking.title": "Analytics and campaign tracking",
  "notice.tracking.data": "The advert or link that brought you to us (campaign parameters and click id), and events such as signing in and paying.",
  "notice.tracking.why": "To learn which of our adverts work. Nothing here is used to decide on your loan.",
  "notice.tracking.kept": "Until you withdraw, or 12 months after it was collected.",
  "notice.tracking.withdraw": `${WITHDRAW_AT_ANY_TIME} Visitors without an account use the choice on the site's cookie banner. Tracking stops at once.`,
  // Issue 34: the notices on WhatsApp (Meta's WhatsApp Business Platform) instead of SMS.
  "notice.whatsapp_updates.title": "Loan updates on WhatsApp",
  "notice.whatsapp_updates.data": "Your mobile number, your language, and what each update is about: loan number, amounts, dates and links.",
  "notice.whatsapp_updates.why":
    "To send your loan's notices (payout, reminders, AutoPay, payments received, complaints) on WhatsApp instead of SMS. Meta delivers them through its WhatsApp Business Platform. We send no offers there.",
  "notice.whatsapp_updates.kept": "Sent messages and whether they were delivered are kept with your loan records.",
  "notice.whatsapp_updates.withdraw": `${WITHDRAW_AT_ANY_TIME} You can also reply STOP on WhatsApp. WhatsApp updates stop at once and your notices come by SMS again.`,
  // Issue 33: video KYC (V-CIP) with a live official, when DigiLocker cannot be used.
  "notice.video_kyc.title": "Video KYC with our official",
  "notice.video_kyc.data":
    "From your Aadhaar offline e-KYC file your name, date of birth, gender, address, photo and the last 4 digits of your Aadhaar; your live location; the video and sound of the call, with snapshots of your face and your PAN card.",
  "notice.video_kyc.why":
    "To confirm who you are on a live video call with our own official when DigiLocker cannot be used, as RBI's KYC directions allow. A second official reviews each call.",
  "notice.video_kyc.kept":
    "Five years after your last loan closes (RBI KYC directions and the anti-money-laundering rules). We never keep the file you upload, its share code or your full Aadhaar number.",
  "notice.video_kyc.withdraw": `${WITHDRAW_AT_ANY_TIME} A video KYC not yet finished stops; one already done stays in your loan records, as the law requires.`,
  // Issue 33: the search of the Central KYC Records Registry (CKYCR) by PAN, and the download of a found record.
  "notice.ckyc.title": "Your KYC record at the Central KYC Registry",
  "notice.ckyc.data":
    "Your PAN, to search CERSAI's Central KYC Records Registry (CKYCR); with your date of birth or the code CKYCR sends you, the record it holds: your name, father's or spouse's name, gender, date of birth, address, mobile and e-mail.",
  "notice.ckyc.why":
    "So you need not type again what your KYC record already says: every detail we take from it is shown to you to confirm first. RBI's KYC directions also ask us to search CKYCR and to upload your KYC record to it once your loan is paid out.",
  "notice.ckyc.kept": "Five years after your last loan closes (RBI KYC directions and the anti-money-laundering rules), with your other KYC records.",
  "notice.ckyc.withdraw": `${WITHDRAW_AT_ANY_TIME} We stop searching and downloading at once; the upload of your KYC record after a payout is required by law and goes on.`,
  // Shown at the journey step that needs the purpose (credit bureau, account aggregator, DigiLocker)
  "notice.ask.heading": "Before we go on: {title}",
  "notice.ask.data": "What data",
  "notice.ask.why": "Why",
  "notice.ask.kept": "How long we keep it",
  "notice.ask.withdraw": "How to withdraw",
  "notice.ask.agree": "I agree to this use of my data",
  "notice.ask.version": "Notice version {version}",
  "notice.withdrawn": "You have withdrawn your consent to {title}, so we have stopped this step. Please contact us if you want to give it again.",
  "notice.needed": "Please read the notice and tick the box to agree before you go on.",
} as const;

// The English catalogue: every customer-facing word of the converted screens, once. Texts the spec
// gives are copied exactly (core/i18n/catalogue.test.ts holds them to core/validation's MESSAGES).
// ICU message syntax: {name} interpolates, {n, plural, one {…} other {…}} counts.
import { joinCatalogue } from "./join-catalogue.ts";
import { servicingEn } from "./servicing.en.ts";
import { myDataEn } from "./my-data.en.ts";

import { publicEn } from "./public.en.ts";

import { documentsEn } from "./documents.en.ts";
import { myDataPdfEn } from "./my-data-pdf.en.ts";

import { journeyEn } from "./journey.en.ts";
import { journeyRulesEn } from "./journey-rules.en.ts";
import { journeyTermsEn } from "./journey-terms.en.ts";

import { messagesEn } from "./messages.en.ts";
import { noticesEn } from "./notices.en.ts";

import { autopayEn } from "./autopay.en.ts";
import { ondcFormsEn } from "./ondc-forms.en.ts";
import { ckycEn } from "./ckyc.en.ts";

/** The words of the shared chrome and of the screens without a file of their own. */
const sharedEn = {
  // Shared chrome: public header and footer, dashboard shell
  "chrome.skipToContent": "Skip to content",
  "chrome.homeLink": "SalaryOnTime home",
  "chrome.applyNow": "Apply Now",
  "chrome.payNow": "Pay Now",
  "chrome.menu": "Menu",
  "chrome.openMenu": "Open menu",
  "chrome.closeMenu": "Close menu",
  "chrome.mainNav": "Main",
  "chrome.language": "Language",
  "nav.home": "Home",
  "nav.about": "About us",
  "nav.instantLoan": "Instant loan",
  "nav.shortTermLoan": "Short-term loan",
  "nav.emergencyLoan": "Emergency loan",
  "nav.rates": "Rates and terms",
  "nav.blog": "Blog",
  "nav.contact": "Contact",
  "footer.aboutCompany": "About SalaryOnTime",
  "footer.serviceArea": "Service area",
  "footer.faq": "FAQ",
  "footer.grievancePolicy": "Grievance redressal and fair practices",
  "footer.privacy": "Privacy policy",
  "footer.terms": "Terms and conditions",
  "footer.contactUs": "Contact us",
  "footer.loansByAmount": "Loans by amount",
  "footer.loansByNeed": "Loans by need",
  "footer.company": "Company",
  "footer.contact": "Contact",
  "footer.office": "Office",
  "footer.followUs": "Follow us",
  "footer.getApp": "Get the app",
  "footer.store.google-play": "Get it on Google Play",
  "footer.store.app-store": "Download on the App Store",
  "footer.amountLink": "{amount} loan",
  "footer.loansByLocation": "Loans by location",
  "footer.grievance": "Grievance redressal",
  "footer.asAbove": "as above",
  "footer.afterDays": "(after {days} days)",
  "footer.ombudsman": "If we do not resolve your complaint within {days} days, you may approach the RBI Integrated Ombudsman.",
  "footer.readPolicy": "Read the full grievance redressal policy",
  "footer.raiseComplaint": "Raise a complaint",
  "footer.recoveryAgents": "See the recovery agents we use",
  "footer.nbfc": "Non-Banking Financial Company (NBFC), registered with the Reserve Bank of India",
  "footer.legal": "© {year} {legalName}. {category}. CIN {cin}. RBI registration {registration}.",
  "footer.supportHours": "Monday to Saturday, 9:30 am to 6:30 pm (closed on national holidays)",
  "footer.officeHours": "Monday to Friday, 10:00 am to 6:00 pm (closed on national holidays)",
  "contact.customerSupport": "Customer support",
  "contact.grievanceOfficer": "Grievance Redressal Officer",
  "contact.nodalOfficer": "Principal Nodal Officer",
  "contact.ombudsman": "RBI Integrated Ombudsman",
  "error.notFoundTitle": "Page not found | SalaryOnTime",
  "error.title": "Error | SalaryOnTime",
  "error.notFound": "We could not find that page",
  "error.unexpected": "Unexpected Application Error!",
  "error.moved": "The page may have moved. These links can help you carry on.",
  "error.home": "Go to Home",
  "dashboard.nav": "Dashboard",
  "dashboard.myAccount": "My Account",
  "dashboard.loanHistory": "Loan History",
  "dashboard.repayment": "Repayment",
  "dashboard.complaints": "Complaints",
  "dashboard.myData": "My data",
  "dashboard.support": "Support",
  "dashboard.terms": "Terms and Conditions",
  "dashboard.privacy": "Privacy Policy",
  "dashboard.logout": "Logout",
  "dashboard.logoutConfirm": "Are you sure you want to logout?",
  "dashboard.cancel": "Cancel",

  // Home page
  "home.title": "SalaryOnTime: Instant Salary-Day Loans up to ₹1 Lakh",
  "home.description":
    "Short-term personal loans for salaried people in India, from ₹10,000 to ₹1 lakh, paid out in about 10 minutes and repaid on your next salary day.",
  "home.kicker": "Salary-day loans for salaried India",
  "home.heading": "Instant salary-day loans up to ₹1 lakh",
  "home.lead": "Borrow ₹10,000 to ₹1 lakh online, get the money in about 10 minutes, and repay it in one go on your next salary day.",
  "home.highlights": "Highlights",
  "home.howTitle": "How it works",
  "home.whyTitle": "Why SalaryOnTime",
  "home.calcTitle": "Loan calculator",
  "home.faqTitle": "Frequently asked questions",
  "home.moreFaq": "More questions and answers",
  "home.citiesTitle": "Instant loans in your city",
  "home.serviceArea": "See our full service area",
  "home.step1.title": "Application Submission",
  "home.step1.text":
    "Sign up with your mobile number, fill in your personal, residence, income and employment details, and upload your documents. It all happens on your phone.",
  "home.step2.title": "Application Review",
  "home.step2.text":
    "We run the credit checks and verify your PAN, your Aadhaar through DigiLocker, your salary and your bank account, then show you a clear offer and Key Fact Statement.",
  "home.step3.title": "Disbursal Initiation",
  "home.step3.text": "Once you accept the offer and e-sign, we send the money directly to your bank account, usually in about 10 minutes.",
  "home.hl.amount.title": "Up to ₹1 lakh",
  "home.hl.amount.text": "Borrow from ₹10,000 to ₹1 lakh, sized to your salary.",
  "home.hl.speed.title": "In about 10 minutes",
  "home.hl.speed.text": "Approved money reaches your bank account in about 10 minutes.",
  "home.hl.collateral.title": "No collateral",
  "home.hl.collateral.text": "Nothing to pledge and no guarantor to find.",
  "home.hl.paperless.title": "100% paperless",
  "home.hl.paperless.text": "PAN, Aadhaar eKYC through DigiLocker and e-signature, all online.",
  "home.hl.cities.title": "{count} cities",
  "home.hl.cities.text": "Serving salaried people in {count} cities across India, and growing.",
  "home.hl.transparent.title": "No hidden charges",
  "home.hl.transparent.text": "Every charge and the APR in your Key Fact Statement before you accept.",
  "home.hl.credit-score.title": "Low credit score? Apply anyway",
  "home.hl.credit-score.text": "New to credit or rebuilding? We look at your salary too.",
  "home.hl.reminders.title": "Reminders before your due date",
  "home.hl.reminders.text": "One repayment on your salary date, with reminders before it.",

  "home.faq1.q": "What is an instant loan?",
  "home.faq1.a":
    "An instant loan is a small personal loan that you apply for online and receive within minutes, without collateral or paperwork. Ours is a salary-day loan for salaried people: you borrow between ₹10,000 and ₹1 lakh and repay it in one payment on your next salary date.",
  "home.faq2.q": "How long does it take to process a loan?",
  "home.faq2.a":
    "Filling in the application takes a few minutes if your documents are ready. Once your loan is approved and e-signed, the money usually reaches your bank account in about 10 minutes, and within 1 hour at most.",
  "home.faq3.q": "Can I apply if I have a low credit score?",
  "home.faq3.a":
    "Yes, you can. We look at your salary along with your credit report, and people with no credit history at all are welcome. A very low score may mean we can't make an offer this time, but it never hurts to check.",
  "home.faq4.q": "Can I get a loan of ₹50,000?",
  "home.faq4.a":
    "Yes. We lend up to ₹1 lakh, so ₹50,000 is well within our range. The amount we can offer you depends on your eligibility, mainly your monthly salary and your credit report, and you see the offer before you decide.",
  "home.cityLoan": "Loan in {city}",
  "home.citiesLabel": "Cities we serve",
  "home.citiesNote": "City pages are in English for now.",
  // Loan calculator (home page; the public-site island updates its figures)
  "calc.form": "Loan calculator",
  "calc.amount": "Loan amount:",
  "calc.days": "Days until your salary:",
  "calc.range": "{min} to {max}",
  "calc.daysRange": "{min} to {max} days",
  "calc.daysValue": "{days, plural, one {# day} other {# days}}",
  "calc.result": "You receive {net} and repay {repay} on salary day. APR {apr}.",
  "calc.estimate": "An estimate from our published rates; your offer and Key Fact Statement show the exact figures.",
  "calc.how": "How we calculate",
  "calc.net": "Reaches your account",
  "calc.fee": "Processing fee",
  "calc.gst": "GST on the fee",
  "calc.interest": "Interest",
  "calc.barLabel": "Of {total} repaid: {parts}",

  // Apply Now: sign-in with a one-time code (spec 5 for the validation texts)
  "apply.title": "Apply Now for an Instant Salary Loan | SalaryOnTime",
  "apply.description": "Sign in with your mobile number and a one-time code to apply for a salary-day loan of ₹10,000 to ₹1 lakh from SalaryOnTime.",
  "apply.point1": "Loans from ₹10,000 to ₹1 lakh",
  "apply.point2": "Money in your bank in about 10 minutes",
  "apply.point3": "Paperless, with no collateral",
  "apply.heading": "Apply for an instant salary loan",
  "apply.hint": "Enter your mobile number. We will send you a {length}-digit OTP to sign in or register.",
  "apply.mobile": "Mobile number",
  "consent.terms": "I accept the <terms>Terms and Conditions</terms> and the <privacy>Privacy Policy</privacy>, and agree to receive the OTP by SMS.",
  "apply.getOtp": "Get OTP",
  "apply.otpHeading": "Enter the OTP",
  "apply.sentTo": "We sent a {length}-digit code to {mobile}.",
  "apply.changeNumber": "Change number",
  "apply.otpLegend": "One-time password",
  "apply.otpDigit": "Digit {n} of {length}",
  "apply.resendIn": "Resend OTP in {seconds}s",
  "apply.resend": "Resend OTP",
  "apply.verify": "Verify OTP",
  "apply.verifyError": "Error verifying OTP",
  "validation.mobileInvalid": "The Mobile field must be at least 10 characters in length.",
  "validation.mobileFirstDigit": "Please enter a valid 10-digit mobile number starting with 6, 7, 8 or 9.",
  "validation.termsRequired": "Please check the checkbox to accept our terms and conditions",
  "validation.otpInvalid": "Please enter 4-digit OTP",

  // The sign-in service's answers (server/modules/auth), by code
  "auth.otpSent": "OTP sent successfully.",
  "auth.otpResent": "A new OTP has been sent.",
  "auth.verified": "OTP verified successfully.",
  "auth.expired": "This OTP has expired. Please request a new one.",
  "auth.burned": "Too many wrong attempts. Please request a new OTP.",
  "auth.locked": "This OTP was locked after too many wrong attempts. Please request a new OTP.",
  "auth.wrong": "Incorrect OTP. {left, plural, one {# attempt} other {# attempts}} left.",
  "auth.unknownProfile": "Please start again with your mobile number.",
  "auth.tooSoon":
    "Please wait {unit, select, minutes {{n, plural, one {# minute} other {# minutes}}} other {{n, plural, one {# second} other {# seconds}}}} before requesting a new OTP.",
  "auth.tooMany":
    "Too many OTP requests. Please try again in {unit, select, minutes {{n, plural, one {# minute} other {# minutes}}} other {{n, plural, one {# second} other {# seconds}}}}.",
  "auth.smsFailed": "We could not send the OTP right now. Please try again in a minute.",
  "auth.loggedOut": "You have been logged out.",
  "auth.captchaNeeded": "Many codes were sent from your network in the last hour. Please type the characters in the image to get your code.",

  // Pay Now, first step (PAN and code)
  "pay.title": "Pay Now: Repay Your Loan | SalaryOnTime",
  "pay.description": "Repay your SalaryOnTime loan with your PAN and a one-time code, by UPI, card or net banking, or by bank transfer to our current account.",
  "pay.heading": "Pay Now",
  "pay.hint": "Enter the PAN on your loan. We send a 4-digit OTP to the mobile number registered with it.",
  "pay.pan": "PAN number",
  "pay.otpHeading": "Enter the OTP",
  "pay.changePan": "Change PAN",
  "pay.otpSent": "If this PAN has a loan with us, a code has been sent to the mobile number registered with it.",
  "pay.otp": "OTP",
  "pay.bankTitle": "Or pay by bank transfer",
  "pay.bankIntro": "Transfer the amount due (NEFT, RTGS or IMPS) to our current account.",
  "pay.bankReference": "Write your loan number and registered mobile number in the transfer remarks.",
  "pay.accountName": "Account name",
  "pay.accountNumber": "Account number",
  "pay.ifsc": "IFSC",
  "pay.bank": "Bank",
  "pay.branchAddress": "Branch address",
  "pay.accountType": "Account type",
  "pay.currentAccount": "Current account",
  "pay.bankNote":
    "Repayments go only to this account or through the payment options on this page, never to a person. A transfer is credited to your loan once our accounts team matches it.",
  "validation.payNowPanRequired": "PAN card is required.",
  "validation.panInvalid": "Please enter a valid PAN number",
  "validation.payNowOtpRequired": "OTP is required.",
  "validation.payNowTermsPlease": "Please accept the terms and conditions to proceed.",
  "validation.payNowSendOtpError": "An error occurred while sending OTP.",
  "validation.payNowVerifyOtpError": "An error occurred while verifying OTP.",
  // Issue 23: the visitors' tracking choice and the optional consents at sign-in.
  "consent.label": "Your choice on tracking",
  "consent.text": "May we measure which advert brought you here? We track nothing unless you allow it. You can change your mind on My data after signing in.",
  "consent.allow": "Allow tracking",
  "consent.refuse": "No, thanks",
  "consent.privacy": "Privacy Policy",
  "signInConsent.noticesSummary": "How we use your data",
  "signInConsent.noticesIntro":
    "Ticking the terms lets us use your data for these purposes, each explained below. You can withdraw any of them later on My data.",
  "signInConsent.marketing": "Send me loan offers by SMS and e-mail (optional).",
  "signInConsent.tracking": "Let SalaryOnTime measure which advert brought me here (optional).",
  "signInConsent.whatsapp": "Send my loan updates on WhatsApp instead of SMS (optional).",
} as const;

export const en = joinCatalogue(
  publicEn,
  journeyEn,
  journeyRulesEn,
  journeyTermsEn,
  messagesEn,
  noticesEn,
  autopayEn,
  ondcFormsEn,
  ckycEn,
  sharedEn,
  servicingEn,
  myDataEn,
  documentsEn,
  myDataPdfEn,
);

export type MessageKey = keyof typeof en;

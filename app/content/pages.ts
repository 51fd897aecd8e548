/**
 * Text pages (about, the three loan offering pages, service area, privacy policy, terms
 * and conditions, grievance redressal and fair-practices code), the home page's
 * 'how it works' steps and highlights, and the words around the rate-and-terms figures.
 *
 * `para` is plain text and may contain `[text](/path)` links to our own pages (see
 * ./types.ts); it never contains HTML. A paragraph with a `heading` starts a new
 * section; render the heading as an h2 before the paragraph.
 *
 * Contact details are read from ./site.ts so that they are written only once. The legal
 * pages are a careful first draft for a digital NBFC and must be reviewed by the
 * company's counsel and compliance officer before launch.
 */
import { site } from "./site.ts";
import type { PageMeta } from "./types.ts";

export type TextParagraph = {
  id_para: number;
  /** Optional section heading shown before this paragraph. */
  heading?: string;
  para: string;
};

export type TextPageId =
  | "about"
  | "short-term-loan"
  | "instant-loan"
  | "emergency-loan"
  | "service-area"
  | "privacy-policy"
  | "terms-and-conditions"
  | "grievance-redressal"
  | "recovery-agents";

export type TextPage = PageMeta & {
  id: TextPageId;
  /** Route path, starting with '/'. */
  path: string;
  pageHeading: string;
  /** Optional banner title shown above the heading (for example 'Instant Loans'). */
  banner?: string;
  /** Optional call to action shown after the text. */
  cta?: { label: string; href: string };
  /** ISO date the text was last revised (legal pages). */
  lastUpdated?: string;
  paraList: TextParagraph[];
};

export type HowItWorksStep = {
  id: number;
  title: "Application Submission" | "Application Review" | "Disbursal Initiation";
  text: string;
};

export type Highlight = {
  id: string;
  title: string;
  text: string;
};

const { support, grievanceOfficer: gro, nodalOfficer: nodal, company } = site;

/** Numbers paragraphs 1..n so ids never drift when a paragraph is added. */
function numbered(paras: Omit<TextParagraph, "id_para">[]): TextParagraph[] {
  return paras.map((p, i) => ({ id_para: i + 1, ...p }));
}

export const aboutPage: TextPage = {
  id: "about",
  path: "/about-salaryontime",
  metaTitle: "About SalaryOnTime | RBI-Registered Digital Lender",
  metaDis:
    "SalaryOnTime is an RBI-registered NBFC giving salaried Indians short loans of up to ₹1 lakh, repaid on salary day, with every charge shown upfront.",
  pageHeading: "About SalaryOnTime",
  cta: { label: "Check your eligibility", href: "/apply-now" },
  paraList: numbered([
    {
      para: "SalaryOnTime began with a simple observation: most salaried people don't need a big loan. They need a bridge across the few weeks between a bill and their next salary, and they need it without a branch visit, a guarantor, or a pile of photocopies. For that bridge many people end up borrowing from friends, paying a credit card late, or trusting an unregistered app. We wanted to offer something better.",
    },
    {
      heading: "What we do",
      para: "We give salaried people short-term personal loans of ₹10,000 to ₹1 lakh, entirely online. You apply on our website or app, verify your identity through DigiLocker, and once your loan is approved and signed the money usually reaches your bank account in about 10 minutes. You repay it in one payment on your next salary date, 7 to 40 days later. That is the whole product, and we try to do it very well.",
    },
    {
      heading: "How we are regulated",
      para: `${company.legalName} is a non-banking financial company (NBFC) registered with the Reserve Bank of India, and we follow RBI's rules for digital lending. Every borrower receives a Key Fact Statement, with the APR, before accepting a loan; every loan comes with a cooling-off period of 3 days; loans are paid only into the borrower's own bank account; and repayments come only into ours. Our registration details and our grievance officer's contact details are in the footer of every page.`,
    },
    {
      heading: "What we believe",
      para: "Clear numbers. Interest at 1% of the loan per day, a processing fee of 10% plus GST on the fee, and nothing hidden. Respect. We never ask for access to your contacts or photos, and our collection staff never threaten or shame anyone. Responsibility. Your offer is sized to your salary so that one salary can repay it, and we would rather you borrowed less than more.",
    },
    {
      heading: "Where we work",
      para: "We serve salaried residents in 26 cities across India, from Delhi and Mumbai to Guntur and Raigarh. Our team works from Bengaluru, and our support team is available by phone and e-mail six days a week. See our [service area](/service-area), or [get in touch](/contact-salaryontime).",
    },
  ]),
};

export const shortTermLoanPage: TextPage = {
  id: "short-term-loan",
  path: "/apply-for-short-term-personal-loan",
  metaTitle: "Apply for a Short-Term Personal Loan | SalaryOnTime",
  metaDis:
    "A short-term personal loan of ₹10,000 to ₹1 lakh for 7 to 40 days, repaid in one payment on your next salary date. See how it works and when it suits you.",
  pageHeading: "Short-term personal loan",
  cta: { label: "Apply now", href: "/apply-now" },
  paraList: numbered([
    {
      para: "A short-term personal loan is borrowed for weeks, not years. Ours runs from the day you receive the money until your next salary date, at least 7 and at most 40 days away, and is repaid in a single payment. There's no long EMI schedule hanging over your next few years, and the loan is finished the day your salary arrives.",
    },
    {
      heading: "When a short-term loan makes sense",
      para: "It works best for a cost that is urgent and one-off, and small enough to come out of your next salary: a repair, a medical bill, a fee deadline, a trip you cannot postpone, or a gap between paying one deposit and getting another back. It is not meant for costs that will take months to repay, or for repaying other loans.",
    },
    {
      heading: "How it works",
      para: "Sign up with your mobile number, verify your PAN, and tell us about your home, your salary and your employer. If you are eligible, we show you a loan offer with your repayment date. You then complete Aadhaar eKYC through DigiLocker, share your bank statement and salary slip, add your bank account, read and accept the Key Fact Statement, and e-sign. The money usually reaches your account in about 10 minutes.",
    },
    {
      heading: "What it costs",
      para: "Interest is a flat 1% of the loan amount per day, so the cost depends directly on how many days you keep the money. A processing fee of 10% of the loan, plus 18% GST on the fee, is deducted when the loan is paid out. Our [Rates and terms](/rate-and-terms) page has a worked example with the APR, and your Key Fact Statement shows your exact figures before you accept.",
    },
    {
      heading: "Who can apply",
      para: "Salaried employees aged 21 to 60 with a monthly salary of at least ₹30,000 credited to a bank account, a valid PAN, and a home in our [service area](/service-area).",
    },
  ]),
};

export const instantLoanPage: TextPage = {
  id: "instant-loan",
  path: "/instant-loan",
  metaTitle: "Instant Loans Online, Approved Swiftly | SalaryOnTime",
  metaDis:
    "Instant loans for salaried people: swift online approval, up to ₹1 lakh in your account in about 10 minutes, no collateral and no paperwork to carry.",
  banner: "Instant Loans",
  pageHeading: "Swift approvals, money in minutes",
  cta: { label: "Apply Now", href: "/apply-now" },
  paraList: numbered([
    {
      para: "When you need money quickly, the slowest part is usually the paperwork and the waiting. We've taken both out. Your PAN is verified online, your Aadhaar through DigiLocker, and your salary from your bank statement and salary slip, so most applications are decided swiftly, without anyone having to call you back or collect documents from your home.",
    },
    {
      heading: "From approval to your account in about 10 minutes",
      para: "Once your loan is approved and you have accepted the Key Fact Statement and e-signed the agreement, we send the money straight to your verified bank account. It usually arrives within 10 minutes of approval, and within 1 hour at most. There is no cheque to deposit and no branch to visit.",
    },
    {
      heading: "Instant, but never rushed",
      para: "Speed never comes at the cost of clarity. Before you accept, you see the amount you will receive, the total you will repay, your repayment date and the APR. Loans are from ₹10,000 to ₹1 lakh, with interest at 1% of the loan per day, a processing fee of 10% plus GST on the fee, and one repayment on your next salary date. You also have a cooling-off period of 3 days after payout in case you change your mind.",
    },
    {
      heading: "Ready to start?",
      para: "Keep your PAN, a recent salary slip and your bank statement on your phone, and you can finish in one sitting. Read our [Rates and terms](/rate-and-terms) first if you like, then apply.",
    },
  ]),
};

export const emergencyLoanPage: TextPage = {
  id: "emergency-loan",
  path: "/apply-for-emergency-personal-loan",
  metaTitle: "Apply for an Emergency Personal Loan | SalaryOnTime",
  metaDis:
    "Hospital bill, urgent repair or a family crisis? Salaried people can get an emergency loan of ₹10,000 to ₹1 lakh online, usually within 10 minutes of approval.",
  pageHeading: "Emergency personal loan",
  cta: { label: "Apply now", href: "/apply-now" },
  paraList: numbered([
    {
      para: "Emergencies rarely come at a convenient time of the month. A hospital asks for a deposit, the roof leaks in the monsoon, the bike is stolen on the way to work, or a family member needs help far from home. When that happens, you need money today, not next week, and you need to know exactly what it will cost you.",
    },
    {
      heading: "Fast when it matters",
      para: "You can apply from your phone wherever you are, even from a hospital waiting room. Once your loan is approved and signed, the money usually reaches your bank account within 10 minutes, and within 1 hour at most. No guarantor, no collateral and no branch visit.",
    },
    {
      heading: "Keep it manageable",
      para: "In a stressful moment it is tempting to borrow extra just in case. Try not to. The loan, plus interest of 1% of it per day, is repaid in one payment on your next salary date, so borrow what the situation needs. If your insurer or employer can help, for example with cashless treatment or a salary advance, check that too; the cooling-off period of 3 days lets you return the loan without penalty if help arrives from elsewhere.",
    },
    {
      heading: "What to keep ready",
      para: "Your PAN, a recent salary slip, your bank statement and access to your DigiLocker account (through your Aadhaar-linked mobile number). With these at hand, most people finish the application in one go. Read [how to plan for emergencies](/blog/plan-for-financial-emergencies) for the next time, and see [Rates and terms](/rate-and-terms) for the costs.",
    },
  ]),
};

export const serviceAreaPage: TextPage = {
  id: "service-area",
  path: "/service-area",
  metaTitle: "Service Area: 26 Cities Across India | SalaryOnTime",
  metaDis: "SalaryOnTime lends to salaried residents in 26 cities across India. See the cities we serve and check whether your PIN code is covered.",
  pageHeading: "Where we lend",
  cta: { label: "Check your eligibility", href: "/apply-now" },
  paraList: numbered([
    {
      para: "SalaryOnTime lends to salaried residents of 26 cities across India, from the National Capital Region and the big metros to growing cities such as Guntur, Raigarh, Nellore and Vellore. Because everything happens online, we can serve a city without opening a branch in it.",
    },
    {
      heading: "We go by your home PIN code",
      para: "Our service area is defined by PIN code, and what counts is where you live now, not where your employer is. When you enter your current address in the application, we check your PIN code straight away and tell you if it is covered.",
    },
    {
      heading: "Not covered yet?",
      para: "We add new PIN codes regularly. If your area is not on the list, [tell us where you are](/contact-salaryontime) and we will let you know when we start lending there.",
    },
  ]),
};

export const privacyPolicyPage: TextPage = {
  id: "privacy-policy",
  path: "/privacy-policy",
  metaTitle: "Privacy Policy | SalaryOnTime",
  metaDis:
    "How SalaryOnTime collects, uses, stores and protects your personal data under the DPDP Act 2023: purposes, consent, your rights and our grievance officer.",
  pageHeading: "Privacy policy",
  lastUpdated: "2026-01-15",
  paraList: numbered([
    {
      para: `This policy explains how ${company.legalName} ("SalaryOnTime", "we", "us") collects, uses, shares, stores and protects your personal data when you use our website and apps. Under the Digital Personal Data Protection Act, 2023 (the DPDP Act) we are the data fiduciary for this data. We have written this policy in plain language; if anything is unclear, please ask us.`,
    },
    {
      heading: "The data we collect, and why",
      para: "We collect only what we need to assess, give, service and recover a loan, and to meet our legal duties as an RBI-regulated lender. When you register: your mobile number, to create your account and send one-time codes. For eligibility: your PAN, name, date of birth, gender, e-mail, marital status, current address, monthly salary, salary date and how your salary is paid, and a selfie, to verify who you are and check whether we can lend to you. For the loan: your employer and office details, your Aadhaar details received through DigiLocker, your bank statement, salary slip and a utility bill, and your bank account details, to complete KYC, confirm your income and pay the loan to your own account. We also obtain your credit report from credit bureaus, with your consent, to assess your application.",
    },
    {
      para: "When you use our website or apps we also record basic technical information: your IP address, browser or device type, the pages you visit and the time of each action. We use it to keep your account secure, prevent fraud and fix problems. If you arrive from an advertisement or a campaign link, we store the campaign tags with your application so we know which campaigns work.",
    },
    {
      heading: "Consent, and withdrawing it",
      para: "We ask for your consent for each purpose separately and in plain words, and we record each consent with the date and time. You can withdraw consent at any time by writing to our Grievance Officer or our support team. Withdrawing consent stops further processing for that purpose; it does not undo what was done lawfully before, and if you have a loan outstanding we may still need some data to service and recover it and to meet our legal obligations.",
    },
    {
      heading: "What we never access",
      para: "We do not access your contacts, call logs, SMS inbox, photos, media or files. Our app uses your camera only once, to take your selfie during the application, and only after you give permission. We do not read your device location. We will never ask for these permissions as a condition of a loan.",
    },
    {
      heading: "Aadhaar",
      para: "Aadhaar eKYC happens through DigiLocker: you sign in to your own DigiLocker account and choose to share your Aadhaar details with us. We never store your full Aadhaar number. We keep only the last four digits, shown masked as XXXX-XXXX-1234, together with the name, date of birth, gender, address and reference that KYC requires. We will never ask you for your Aadhaar OTP by phone, SMS or e-mail.",
    },
    {
      heading: "Who we share data with",
      para: "We share data only where needed for your loan or required by law: credit information companies (to obtain your credit report and to report your loan, as RBI requires); service providers that verify your PAN, your Aadhaar through DigiLocker, your bank account and your bank statement through an account aggregator, with your consent; our e-sign, SMS and payment-gateway providers; and regulators, courts and law-enforcement agencies when the law requires it. Every service provider is bound by contract to use the data only for the service it provides to us. We do not sell your data, and we do not share it with anyone for their own marketing.",
    },
    {
      heading: "Where your data is stored, and how it is protected",
      para: "All personal data is stored on servers located in India. Your PAN and bank account numbers are encrypted, access is limited to staff who need it for their work, sessions expire automatically, and our logs never contain your PAN, Aadhaar, account numbers or one-time codes. Uploaded documents are stored privately and are available only to you and our authorised staff.",
    },
    {
      heading: "How long we keep it",
      para: "We keep data only as long as we need it for the purpose it was collected for, or as long as the law requires. KYC and loan records are kept for the period required by anti-money-laundering law and RBI rules, generally five years after our relationship with you ends. If your application does not lead to a loan, we delete or anonymise your documents and personal data once they are no longer needed, except for records we must keep by law.",
    },
    {
      heading: "Your rights",
      para: "Under the DPDP Act you can ask us for a summary of the personal data we hold about you and how we use it; ask us to correct, complete, update or erase it; withdraw your consent; nominate someone to exercise your rights if you die or become unable to; and have your grievances addressed. Write to our Grievance Officer from your registered e-mail or mobile. We may need to verify your identity before we act, and we will explain if the law requires us to keep some data.",
    },
    {
      heading: "Cookies",
      para: "We use essential cookies to keep you signed in securely; they cannot be read by scripts on the page. Where we use analytics or advertising measurement, we share only a click or campaign identifier, never your PAN, Aadhaar, bank or loan details.",
    },
    {
      heading: "Children",
      para: "Our services are not meant for anyone under 18, and we lend only to people aged 21 to 60. We do not knowingly collect data about children.",
    },
    {
      heading: "Grievance Officer",
      para: `For any question or complaint about your personal data, contact our Grievance Officer, ${gro.name}, at ${gro.email} or ${gro.phone} (${gro.hours}). If you are not satisfied with our response, you may approach the Data Protection Board of India under the DPDP Act.`,
    },
    {
      heading: "Changes to this policy",
      para: "If we change this policy in a way that affects you, we will tell you by e-mail or SMS, or in your dashboard, before the change takes effect. The date at the top shows when it was last revised.",
    },
  ]),
};

export const termsPage: TextPage = {
  id: "terms-and-conditions",
  path: "/terms-and-conditions",
  metaTitle: "Terms and Conditions | SalaryOnTime",
  metaDis:
    "The terms for using SalaryOnTime and taking a salary-day loan: eligibility, charges, disbursal, repayment, the 3-day cooling-off period and complaints.",
  pageHeading: "Terms and conditions",
  lastUpdated: "2026-01-15",
  paraList: numbered([
    {
      para: `These terms apply when you use the SalaryOnTime website or apps, operated by ${company.legalName}, a non-banking financial company registered with the Reserve Bank of India. Each loan is also governed by its Key Fact Statement and the loan agreement you e-sign; if anything in those documents differs from these terms, the loan documents apply to that loan.`,
    },
    {
      heading: "Who can borrow",
      para: "You can apply if you are an Indian resident aged 21 to 60, employed on a salary, with a monthly salary of at least ₹30,000 credited to your own bank account, a valid PAN, and a residence PIN code within our service area. Meeting these conditions does not guarantee a loan; every application is assessed individually, including a check of your credit report.",
    },
    {
      heading: "Your application",
      para: "You agree to give true, complete and current information and documents, and to tell us if anything changes before the loan is paid out. You authorise us, with your consent recorded for each purpose, to verify your PAN, to complete Aadhaar eKYC through DigiLocker, to obtain your credit report, to verify your bank account and to review your bank statement. If information proves false or misleading, we may decline or cancel the application.",
    },
    {
      heading: "The loan",
      para: "Loans range from ₹10,000 to ₹1,00,000. The amount we offer depends on your salary and our assessment. The repayment date is your next salary date that falls at least 7 and at most 40 days after the loan; where your salary date is not known, you choose a tenure of 7 to 40 days. Before you accept, we show you a Key Fact Statement with the loan amount, interest, every charge, the amount you will receive, the total you will repay, the repayment date, the APR, the cooling-off period, our grievance officer and our recovery process. You accept the loan by acknowledging the Key Fact Statement and e-signing the loan agreement.",
    },
    {
      heading: "Interest and charges",
      para: "Interest is charged at a flat 1% of the principal per day for the tenure of the loan. A processing fee of 10% of the principal, plus GST at 18% on the fee, is deducted from the loan when it is paid out. Penal charges apply only if you pay late; they are stated in the Key Fact Statement and loan agreement, are not added to the rate of interest and are not compounded. We charge nothing that is not disclosed in the Key Fact Statement.",
    },
    {
      heading: "Disbursal",
      para: "After you accept the loan, we pay the amount, net of the processing fee and GST, directly into your own verified bank account. The money usually reaches your account within 10 minutes of approval, and within 1 hour at most, though your bank may occasionally take longer to credit it. We never pay a loan into a third party's account.",
    },
    {
      heading: "Repayment",
      para: "You repay the loan in a single payment of principal and interest on the repayment date, through the Pay Now page or by bank transfer to our current account shown there. Repayments are made only to our own account or through our payment gateways, never to an individual or a third-party account. If you pay part of the amount due, the balance remains payable. We send reminders before the repayment date.",
    },
    {
      heading: "Cooling-off period",
      para: "For 3 days after the loan is paid out, you may exit the loan without any penalty by repaying the principal and the proportionate APR for the days you had the money. Contact support or use the Pay Now page to do this.",
    },
    {
      heading: "Late payment and recovery",
      para: "If you do not pay on time, penal charges apply as set out in your loan documents, and the overdue loan is reported to credit information companies, which can affect your ability to borrow in future. We will contact you to recover the dues in line with RBI's fair practices code: our staff and any recovery agents identify themselves, contact you only between 8 am and 7 pm, and never use threats, intimidation, abusive language or contact your family, friends or colleagues to shame you. Details of any recovery agent assigned to your loan are shared with you in advance.",
    },
    {
      heading: "Communication and your account",
      para: "You agree that we may contact you by SMS, e-mail, phone and app notification about your application and loan, including one-time codes, reminders and service messages. Keep your phone and one-time codes private; we will never ask you for a code by phone. Your session expires after a period of inactivity and when you log out.",
    },
    {
      heading: "Use of the website",
      para: "You may use our website and apps only for lawful purposes and only for your own application. Do not try to access another person's account, interfere with the service or use automated tools to submit applications. The content of the website belongs to SalaryOnTime.",
    },
    {
      heading: "Complaints",
      para: "If you have a complaint, please follow the steps on our [Grievance redressal](/grievance-redressal) page. If your complaint is not resolved within 30 days, you can approach the RBI Integrated Ombudsman.",
    },
    {
      heading: "Law and changes",
      para: "These terms are governed by the laws of India, and the courts at Bengaluru have jurisdiction, without limiting your right to approach the RBI Ombudsman or a consumer forum. We may update these terms; changes that affect an existing loan apply to it only if the loan agreement allows it, and we will tell you in advance.",
    },
  ]),
};

export const grievancePage: TextPage = {
  id: "grievance-redressal",
  path: "/grievance-redressal",
  metaTitle: "Grievance Redressal and Fair Practices Code | SalaryOnTime",
  metaDis:
    "How to raise a complaint with SalaryOnTime, our grievance and nodal officers, escalation to the RBI Integrated Ombudsman, and our fair practices code.",
  pageHeading: "Grievance redressal and fair practices code",
  lastUpdated: "2026-01-15",
  paraList: numbered([
    {
      para: "We want every customer to be treated fairly, and to be heard quickly when something goes wrong. This page explains how to raise a complaint, how to escalate it if you're not satisfied, and the fair practices we follow in every loan.",
    },
    {
      heading: "Step 1: Customer support",
      para: `Call us on ${support.phone} or write to ${support.email} (${support.hours}). Please mention your registered mobile number and, if you have one, your loan number. You will receive a complaint reference number, and most issues are resolved on the first contact.`,
    },
    {
      heading: "Step 2: Grievance Redressal Officer",
      para: `If support has not resolved your complaint, or you have not heard back, write to our Grievance Redressal Officer: ${gro.name}, ${gro.email}, ${gro.phone} (${gro.hours}). Quote your complaint reference number.`,
    },
    {
      heading: "Step 3: Principal Nodal Officer",
      para: `If you are not satisfied with the Grievance Redressal Officer's reply, escalate to our Principal Nodal Officer: ${nodal.name}, ${nodal.email}, ${nodal.phone} (${nodal.hours}).`,
    },
    {
      heading: "Step 4: RBI Integrated Ombudsman",
      para: `If your complaint is not resolved within ${site.ombudsmanAfterDays} days of your first raising it with us, or if we reject it, or you are not satisfied with our reply, you can complain to the Reserve Bank of India under the Reserve Bank - Integrated Ombudsman Scheme, 2021. File your complaint online at ${site.rbiOmbudsmanUrl}, call the RBI contact centre on 14448, or write to the Centralised Receipt and Processing Centre, Reserve Bank of India, 4th Floor, Sector 17, Chandigarh 160017.`,
    },
    {
      heading: "Our fair practices code",
      para: "These commitments apply to every customer and every loan. We do not discriminate on grounds of gender, caste, religion, disability or any other personal characteristic. We explain our terms in plain language and show you a Key Fact Statement, with the APR and every charge, before you accept. If we cannot offer you a loan, we tell you so and give the main reason.",
    },
    {
      para: "We pay loans only into your own verified bank account and accept repayments only into our own account or through our payment gateways, with no pooled or third-party account in between. We give you a cooling-off period of 3 days after payout to exit the loan without penalty. We send you a copy of the Key Fact Statement and the signed loan agreement after signing, and they remain available in your dashboard.",
    },
    {
      para: "We will not change the terms of your loan without telling you in advance and, where the agreement requires it, getting your consent. Penal charges for late payment are disclosed upfront, are reasonable, and are never compounded or added to the interest rate.",
    },
    {
      para: "Our staff and any recovery agents will identify themselves, contact you only between 8 am and 7 pm, respect your privacy, and never use threats, abusive language, or contact your family, friends or colleagues to shame you. We never access your contacts, call logs or photos, and we use your data only as our [privacy policy](/privacy-policy) describes.",
    },
    {
      heading: "Who we are",
      para: `${company.legalName} (brand name ${company.brand}) is a ${company.rbiCategory}. RBI Certificate of Registration: ${company.rbiRegistrationNo}. CIN: ${company.cin}. Registered office: ${[company.registeredOffice.line1, company.registeredOffice.line2, company.registeredOffice.city, company.registeredOffice.state, company.registeredOffice.pinCode].join(", ")}.`,
    },
    {
      heading: "Our lending products and channels",
      para: "We offer one lending product, the salary-day personal loan, through our own website and our Android and iPhone apps, all listed below. We lend directly and do not currently work through any lending service provider. If anyone approaches you in SalaryOnTime's name through another app, website or messaging channel, or asks you to pay anything before a loan, please report it to us.",
    },
  ]),
};

/** Issue 22: the recovery agencies we use (RBI's Fair Practices Code asks lenders to publish them). We use none today. */
export const recoveryAgentsPage: TextPage = {
  id: "recovery-agents",
  path: "/recovery-agents",
  metaTitle: "Recovery agents | SalaryOnTime",
  metaDis:
    "SalaryOnTime does not use any recovery agency. Our own collections team contacts borrowers only between 8 am and 7 pm. How to check who is calling and how to complain.",
  pageHeading: "Recovery agents",
  lastUpdated: "2026-11-26",
  paraList: numbered([
    {
      heading: "We do not use any recovery agency",
      para: "SalaryOnTime does not engage any recovery agency or recovery agent. Reminders about a loan that is due or overdue come only from us: by SMS and e-mail, and by calls from our own collections team. If we ever engage an agency, we will list its name and address on this page before it contacts anyone.",
    },
    {
      heading: "How we contact you",
      para: "We contact borrowers only between 8 am and 7 pm India time; our systems refuse to record a call outside those hours. Whoever calls gives their name and says they are calling for SalaryOnTime. We never threaten, use abusive language, or contact your family, friends or colleagues about your loan.",
    },
    {
      heading: "If someone else contacts you in our name",
      para: `Anyone who says they collect for SalaryOnTime but is not on this page is not acting for us. Please do not pay them: pay only through Pay Now on our website or into our own bank account shown there, and tell us at ${support.email} or ${support.phone}. Every contact we make on your loan is listed in your dashboard under Complaints, with the name of the agent if one was ever used.`,
    },
    {
      heading: "Complaints about collection",
      para: `You can [raise a complaint](/raise-a-complaint) at any time, or from your dashboard. A complaint about how we collected is flagged to our collections team until it is resolved. If we do not resolve it within 30 days, you may go to the RBI Integrated Ombudsman at ${site.rbiOmbudsmanUrl}.`,
    },
  ]),
};

/** Every text page, in footer order. */
export const textPages: TextPage[] = [
  aboutPage,
  shortTermLoanPage,
  instantLoanPage,
  emergencyLoanPage,
  serviceAreaPage,
  privacyPolicyPage,
  termsPage,
  grievancePage,
  recoveryAgentsPage,
];

/** Text pages keyed by route path (with the leading '/'). */
export const textPagesByPath: ReadonlyMap<string, TextPage> = new Map(textPages.map((p) => [p.path, p]));

export function getTextPage(path: string): TextPage | undefined {
  return textPagesByPath.get(path);
}

/** The home page's three-step 'how it works' block. */
export const howItWorks: HowItWorksStep[] = [
  {
    id: 1,
    title: "Application Submission",
    text: "Sign up with your mobile number, fill in your personal, residence, income and employment details, and upload your documents. It all happens on your phone.",
  },
  {
    id: 2,
    title: "Application Review",
    text: "We run the credit checks and verify your PAN, your Aadhaar through DigiLocker, your salary and your bank account, then show you a clear offer and Key Fact Statement.",
  },
  {
    id: 3,
    title: "Disbursal Initiation",
    text: "Once you accept the offer and e-sign, we send the money directly to your bank account, usually in about 10 minutes.",
  },
];

/** The home page's highlight tiles. */
export const homeHighlights: Highlight[] = [
  {
    id: "amount",
    title: "Up to ₹1 lakh",
    text: "Borrow from ₹10,000 to ₹1 lakh, sized to your salary.",
  },
  {
    id: "speed",
    title: "In about 10 minutes",
    text: "Approved money reaches your bank account in about 10 minutes.",
  },
  {
    id: "collateral",
    title: "No collateral",
    text: "Nothing to pledge and no guarantor to find.",
  },
  {
    id: "paperless",
    title: "100% paperless",
    text: "PAN, Aadhaar eKYC through DigiLocker and e-signature, all online.",
  },
  {
    id: "cities",
    title: "26 cities",
    text: "Serving salaried people in 26 cities across India, and growing.",
  },
  {
    id: "transparent",
    title: "No hidden charges",
    text: "Every charge and the APR in your Key Fact Statement before you accept.",
  },
  {
    id: "credit-score",
    title: "Low credit score? Apply anyway",
    text: "New to credit or rebuilding? We look at your salary too.",
  },
  {
    id: "reminders",
    title: "Reminders before your due date",
    text: "One repayment on your salary date, with reminders before it.",
  },
];

/** Words around the figures on /rate-and-terms. The figures themselves come from core/. */
export const rateAndTermsCopy = {
  metaTitle: "Rates and Terms | SalaryOnTime",
  metaDis:
    "SalaryOnTime rates and terms: 1% of the loan per day, a 10% processing fee plus GST, one repayment on salary day, with a worked example and the APR.",
  pageHeading: "Rates and terms",
  intro:
    "Everything a SalaryOnTime loan costs, in one place. The figures below are calculated from the same product settings that produce your loan quote and Key Fact Statement.",
  productHeading: "The salary-day loan",
  productText:
    "Loans from ₹10,000 to ₹1 lakh, repaid in one payment on your next salary date, 7 to 40 days away. Interest is a flat 1% of the principal per day. A processing fee of 10% of the principal, plus 18% GST on the fee, is deducted when the loan is paid out.",
  exampleHeading: "Worked example",
  exampleText: "Here is how one loan works out from start to finish: what is deducted at payout, what reaches your account, what you repay, and the APR.",
  aprHeading: "How we calculate the APR",
  aprText:
    "The APR includes the interest, the processing fee and the GST, and is calculated on the amount you actually receive. For a loan repaid in one payment, it is the total you repay divided by the amount you received, minus one, multiplied by 365 and divided by the number of days of the loan. Because our loans are short and the fee is charged once, the APR is high when expressed as a yearly rate. That is why the loan is meant only for short gaps.",
  instalmentHeading: "Illustration: a loan repaid in monthly instalments",
  instalmentText:
    "For comparison, this illustration applies the same method to a loan repaid in equal monthly instalments over a year, at a fixed annual rate on a reducing balance, with its own processing fee and GST. Its APR is the monthly internal rate of return multiplied by 12. It is an illustration only: the loan SalaryOnTime offers is the salary-day loan above.",
  eligibilityHeading: "Who can apply",
  eligibilityText:
    "Salaried Indian residents aged 21 to 60, with a monthly salary of at least ₹30,000 credited to a bank account, a valid PAN and a home in our service area.",
  coolingOffHeading: "Cooling-off period",
  coolingOffText: "For 3 days after payout you can exit the loan without penalty by repaying the principal and the proportionate APR.",
  payoutText: "Payout usually within 10 minutes of approval, and within 1 hour at most.",
} as const;

export type RateAndTermsCopy = typeof rateAndTermsCopy;

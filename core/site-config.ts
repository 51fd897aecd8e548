/**
 * The one site configuration (decision 23): brand, contact details, grievance
 * officer and escalation path, company bank account for transfers, legal
 * identifiers and the list of lending products (decision 25).
 *
 * SAMPLE VALUES: every phone number, e-mail address, street address, legal
 * identifier (CIN, RBI registration) and bank detail below is FICTIONAL and is
 * marked `isSample: true`. Replace them with the company's real, verified values
 * before the site goes live, and never publish the sample bank account as a place
 * to send real money.
 *
 * Loan figures (amounts, rates, fees, tenure) are NOT kept here: they live in the
 * typed product configuration under core/ (decision 1). Product descriptions below
 * are marketing words only.
 */
import { SITE_URL } from "./site-url.ts";

/** A site-relative link used in navigation lists. */
export type NavLink = {
  label: string;
  href: string;
};

export type ContactPoint = {
  /** Display form, for example '+91-80-4000-0000'. */
  phone: string;
  /** E.164 form for tel: links, for example '+918040000000'. */
  phoneHref: string;
  email: string;
  hours: string;
};

export type PostalAddress = {
  line1: string;
  line2: string;
  city: string;
  state: string;
  pinCode: string;
  country: "India";
};

export type SocialLink = {
  network: "facebook" | "instagram" | "x" | "linkedin" | "youtube";
  label: string;
  url: string;
};

export type AppStoreLink = {
  store: "google-play" | "app-store";
  label: string;
  url: string;
};

export type GrievanceOfficer = {
  name: string;
  designation: string;
  email: string;
  phone: string;
  phoneHref: string;
  hours: string;
  address: PostalAddress;
  isSample: true;
};

/** One level of the complaint escalation path, in order. */
export type EscalationLevel = {
  level: 1 | 2 | 3 | 4;
  title: string;
  /** Who handles it and when to move to this level. Plain text. */
  description: string;
  contact: {
    name?: string;
    email?: string;
    phone?: string;
    url?: string;
    address?: string;
  };
  /** Days the customer should allow at this level before escalating, if fixed. */
  allowDays?: number;
};

export type CompanyBankAccount = {
  accountName: string;
  accountType: "Current account";
  bankName: string;
  accountNumber: string;
  ifsc: string;
  branchName: string;
  branchAddress: string;
  /** What to write in the transfer remarks so the payment can be matched. */
  referenceHint: string;
  isSample: true;
};

export type CompanyLegal = {
  legalName: string;
  brand: string;
  /** Corporate Identification Number (sample). */
  cin: string;
  /** RBI Certificate of Registration number as an NBFC (sample). */
  rbiRegistrationNo: string;
  rbiCategory: string;
  registeredOffice: PostalAddress;
  isSample: true;
};

/**
 * A lending product offered digitally (decision 25). `productCode` is the key of the
 * product in core/'s product configuration, where its figures live.
 */
export type LendingProduct = {
  productCode: "salary-day-loan";
  name: string;
  description: string;
  /** Marketing pages that describe this same product. */
  pages: NavLink[];
  /** Channels through which the product is offered (digital lending apps and website). */
  channels: string[];
};

/** A digital lending app or website of the company, as RBI asks lenders to list. */
export type DigitalLendingChannel = {
  name: string;
  kind: "website" | "android-app" | "ios-app";
  url: string;
};

export type SiteConfig = {
  brand: "SalaryOnTime";
  tagline: string;
  /** Canonical public origin, used for absolute links in meta tags (sample). */
  siteUrl: string;
  support: ContactPoint;
  officeAddress: PostalAddress;
  social: SocialLink[];
  appStores: AppStoreLink[];
  company: CompanyLegal;
  grievanceOfficer: GrievanceOfficer;
  nodalOfficer: GrievanceOfficer;
  escalation: EscalationLevel[];
  /** How long the lender has before a customer may go to the RBI Ombudsman. */
  ombudsmanAfterDays: 30;
  rbiOmbudsmanUrl: "https://cms.rbi.org.in";
  bankAccount: CompanyBankAccount;
  lendingProducts: LendingProduct[];
  digitalLendingChannels: DigitalLendingChannel[];
  /**
   * Lending service providers (LSPs) that act for us. Empty: SalaryOnTime lends
   * directly through its own website and apps. If an LSP is ever engaged, RBI rules
   * require it to be listed here (name, role, website).
   */
  lendingServiceProviders: { name: string; role: string; url: string }[];
  mainNav: NavLink[];
  footerInfoLinks: NavLink[];
  /** Shown wherever a sample value might be mistaken for a real one. */
  sampleValueNotice: string;
};

const registeredOffice: PostalAddress = {
  line1: "3rd Floor, Sample Towers, 12 Residency Road",
  line2: "Shanthala Nagar, Ashok Nagar",
  city: "Bengaluru",
  state: "Karnataka",
  pinCode: "560025",
  country: "India",
};

const support: ContactPoint = {
  phone: "+91-80-4000-0000",
  phoneHref: "+918040000000",
  email: "support@salaryontime.in",
  hours: "Monday to Saturday, 9:30 am to 6:30 pm (closed on national holidays)",
};

const grievanceOfficer: GrievanceOfficer = {
  name: "Ms. Kavya Raman",
  designation: "Grievance Redressal Officer",
  email: "grievance@salaryontime.in",
  phone: "+91-80-4000-0001",
  phoneHref: "+918040000001",
  hours: "Monday to Friday, 10:00 am to 6:00 pm (closed on national holidays)",
  address: registeredOffice,
  isSample: true,
};

const nodalOfficer: GrievanceOfficer = {
  name: "Mr. Arjun Mehta",
  designation: "Principal Nodal Officer",
  email: "nodal.officer@salaryontime.in",
  phone: "+91-80-4000-0002",
  phoneHref: "+918040000002",
  hours: "Monday to Friday, 10:00 am to 6:00 pm (closed on national holidays)",
  address: registeredOffice,
  isSample: true,
};

const playStoreUrl = "https://play.google.com/store/apps/details?id=in.salaryontime.app";
const appStoreUrl = "https://apps.apple.com/in/app/salaryontime/id0000000000";
const siteUrl = SITE_URL;

export const site: SiteConfig = {
  brand: "SalaryOnTime",
  tagline: "Salary-day loans, in about 10 minutes.",
  siteUrl,
  support,
  officeAddress: registeredOffice,

  social: [
    { network: "facebook", label: "SalaryOnTime on Facebook", url: "https://www.facebook.com/salaryontime" },
    { network: "instagram", label: "SalaryOnTime on Instagram", url: "https://www.instagram.com/salaryontime" },
    { network: "x", label: "SalaryOnTime on X", url: "https://x.com/salaryontime" },
    { network: "linkedin", label: "SalaryOnTime on LinkedIn", url: "https://www.linkedin.com/company/salaryontime" },
    { network: "youtube", label: "SalaryOnTime on YouTube", url: "https://www.youtube.com/@salaryontime" },
  ],

  appStores: [
    { store: "google-play", label: "Get it on Google Play", url: playStoreUrl },
    { store: "app-store", label: "Download on the App Store", url: appStoreUrl },
  ],

  company: {
    legalName: "SalaryOnTime Finance Private Limited",
    brand: "SalaryOnTime",
    cin: "U64990KA2024PTC000000 (sample value)",
    rbiRegistrationNo: "N-02.00000 (sample value)",
    rbiCategory: "Non-Banking Financial Company (NBFC), registered with the Reserve Bank of India",
    registeredOffice,
    isSample: true,
  },

  grievanceOfficer,
  nodalOfficer,

  escalation: [
    {
      level: 1,
      title: "Customer support",
      description:
        "Call or write to customer support from your registered mobile number or e-mail, and mention your loan number if you have one. Most questions are settled on the first call, and every complaint gets a reference number.",
      contact: { email: support.email, phone: support.phone },
    },
    {
      level: 2,
      title: "Grievance Redressal Officer",
      description:
        "If the answer from support does not settle the matter, or you have not heard back, write to our Grievance Redressal Officer and quote your complaint reference number.",
      contact: { name: grievanceOfficer.name, email: grievanceOfficer.email, phone: grievanceOfficer.phone },
    },
    {
      level: 3,
      title: "Principal Nodal Officer",
      description:
        "If you are still not satisfied with the Grievance Redressal Officer's reply, escalate the complaint to our Principal Nodal Officer, who reviews it afresh.",
      contact: { name: nodalOfficer.name, email: nodalOfficer.email, phone: nodalOfficer.phone },
    },
    {
      level: 4,
      title: "RBI Integrated Ombudsman",
      description:
        "If your complaint is not resolved within 30 days of your first raising it with us, or if we reject it, or you are not satisfied with our reply, you can complain to the Reserve Bank of India under the Reserve Bank - Integrated Ombudsman Scheme, 2021. File online on the RBI Complaint Management System, or call the RBI contact centre on 14448.",
      contact: {
        url: "https://cms.rbi.org.in",
        phone: "14448",
        address: "Centralised Receipt and Processing Centre, Reserve Bank of India, 4th Floor, Sector 17, Chandigarh 160017",
      },
      allowDays: 30,
    },
  ],

  ombudsmanAfterDays: 30,
  rbiOmbudsmanUrl: "https://cms.rbi.org.in",

  bankAccount: {
    accountName: "SalaryOnTime Finance Private Limited",
    accountType: "Current account",
    bankName: "Sample Bank Limited",
    accountNumber: "920020000000001",
    ifsc: "SAMP0000001",
    branchName: "MG Road branch",
    branchAddress: "Ground Floor, 45 MG Road, Bengaluru, Karnataka 560001",
    referenceHint: "Write your loan number and registered mobile number in the transfer remarks.",
    isSample: true,
  },

  lendingProducts: [
    {
      productCode: "salary-day-loan",
      name: "Salary-day personal loan",
      description:
        "An unsecured short-term personal loan for salaried people, from ₹10,000 up to ₹1 lakh, repaid in one payment on your next salary date. Interest is a flat 1% of the loan amount per day, and a processing fee of 10% of the loan plus 18% GST on that fee is deducted when the money is paid out. The Key Fact Statement, with the APR, is shown before you accept.",
      pages: [
        { label: "Instant loan", href: "/instant-loan" },
        { label: "Short-term personal loan", href: "/apply-for-short-term-personal-loan" },
        { label: "Emergency personal loan", href: "/apply-for-emergency-personal-loan" },
        { label: "Rates and terms", href: "/rate-and-terms" },
      ],
      channels: ["SalaryOnTime website", "SalaryOnTime for Android", "SalaryOnTime for iPhone"],
    },
  ],

  digitalLendingChannels: [
    { name: "SalaryOnTime website", kind: "website", url: siteUrl },
    { name: "SalaryOnTime for Android", kind: "android-app", url: playStoreUrl },
    { name: "SalaryOnTime for iPhone", kind: "ios-app", url: appStoreUrl },
  ],

  lendingServiceProviders: [],

  mainNav: [
    { label: "Home", href: "/" },
    { label: "About us", href: "/about-salaryontime" },
    { label: "Instant loan", href: "/instant-loan" },
    { label: "Short-term loan", href: "/apply-for-short-term-personal-loan" },
    { label: "Emergency loan", href: "/apply-for-emergency-personal-loan" },
    { label: "Rates and terms", href: "/rate-and-terms" },
    { label: "Blog", href: "/blog" },
    { label: "Contact", href: "/contact-salaryontime" },
  ],

  footerInfoLinks: [
    { label: "About SalaryOnTime", href: "/about-salaryontime" },
    { label: "Service area", href: "/service-area" },
    { label: "FAQ", href: "/faq" },
    { label: "Rates and terms", href: "/rate-and-terms" },
    { label: "Grievance redressal and fair practices", href: "/grievance-redressal" },
    { label: "Privacy policy", href: "/privacy-policy" },
    { label: "Terms and conditions", href: "/terms-and-conditions" },
    { label: "Pay Now", href: "/repayloan" },
    { label: "Contact us", href: "/contact-salaryontime" },
    { label: "Blog", href: "/blog" },
  ],

  sampleValueNotice: "Sample value for development. Replace with the verified company detail before launch.",
};

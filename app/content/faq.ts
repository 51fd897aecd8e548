/**
 * FAQ content: the four home-page questions (spec section 2) and the longer /faq page,
 * grouped by topic. Answers are plain text (no links, no HTML).
 */
import type { PageMeta } from "./types.ts";

export type FaqItem = {
  id: number;
  question: string;
  answer: string;
};

export type FaqGroupId = "eligibility" | "charges" | "repayment" | "kyc-and-data" | "grievances";

export type FaqGroup = {
  id: FaqGroupId;
  title: string;
  items: FaqItem[];
};

/** The home-page accordion: exactly four questions, one open at a time. */
export const homeFaq: FaqItem[] = [
  {
    id: 1,
    question: "What is an instant loan?",
    answer:
      "An instant loan is a small personal loan that you apply for online and receive within minutes, without collateral or paperwork. Ours is a salary-day loan for salaried people: you borrow between ₹10,000 and ₹1 lakh and repay it in one payment on your next salary date.",
  },
  {
    id: 2,
    question: "How long does it take to process a loan?",
    answer:
      "Filling in the application takes a few minutes if your documents are ready. Once your loan is approved and e-signed, the money usually reaches your bank account in about 10 minutes, and within 1 hour at most.",
  },
  {
    id: 3,
    question: "Can I apply if I have a low credit score?",
    answer:
      "Yes, you can. We look at your salary along with your credit report, and people with no credit history at all are welcome. A very low score may mean we can't make an offer this time, but it never hurts to check.",
  },
  {
    id: 4,
    question: "Can I get a loan of ₹50,000?",
    answer:
      "Yes. We lend up to ₹1 lakh, so ₹50,000 is well within our range. The amount we can offer you depends on your eligibility, mainly your monthly salary and your credit report, and you see the offer before you decide.",
  },
];

export const faqPageMeta: PageMeta & { pageHeading: string; intro: string } = {
  metaTitle: "Frequently Asked Questions | SalaryOnTime",
  metaDis: "Answers about eligibility, charges, repayment, Aadhaar eKYC, your data and complaints for SalaryOnTime salary-day loans of ₹10,000 to ₹1 lakh.",
  pageHeading: "Frequently asked questions",
  intro: "Plain answers to the questions we hear most. If yours isn't here, call or write to our support team.",
};

export const faqGroups: FaqGroup[] = [
  {
    id: "eligibility",
    title: "Eligibility",
    items: [
      {
        id: 101,
        question: "Who can apply for a SalaryOnTime loan?",
        answer:
          "Salaried employees aged 21 to 60 who live in India, earn at least ₹30,000 a month, have their salary credited to a bank account, have a valid PAN, and live in a PIN code within our service area.",
      },
      {
        id: 102,
        question: "I am self-employed or run a business. Can I apply?",
        answer:
          "Not at present. Our loan is repaid in one payment from your next salary, so it is only available to salaried employees. That includes government, PSU and private-sector employees, and contract staff paid a monthly salary into a bank account.",
      },
      {
        id: 103,
        question: "How much can I borrow?",
        answer:
          "Between ₹10,000 and ₹1 lakh. The maximum we can offer you is worked out mainly from your monthly salary, so that you can repay it from one salary. You see your offer before you accept, and you can choose to borrow less.",
      },
      {
        id: 104,
        question: "Which documents do I need?",
        answer:
          "Your PAN, Aadhaar (verified online through DigiLocker), a recent salary slip, your bank statement for the last six months, and a utility bill as proof of address. You also take a selfie with your phone camera. Some applicants can share their bank statement through an account aggregator instead of uploading it.",
      },
    ],
  },
  {
    id: "charges",
    title: "Charges",
    items: [
      {
        id: 201,
        question: "What does the loan cost?",
        answer:
          "Interest is a flat 1% of the loan amount for each day until your repayment date. There is also a processing fee of 10% of the loan, plus 18% GST on that fee. You can see a worked example with the APR on our Rates and terms page.",
      },
      {
        id: 202,
        question: "Do I pay anything before I get the loan?",
        answer:
          "No. The processing fee and GST are deducted from the loan when it's paid out, so the amount that reaches your account is the loan minus those two. Nobody from SalaryOnTime will ever ask you to pay money before a loan is disbursed.",
      },
      {
        id: 203,
        question: "What is the APR and why is it high for a short loan?",
        answer:
          "The APR, or annual percentage rate, expresses everything you pay (interest, fee and GST) as a yearly rate on the amount you actually receive. Because our loans last only 7 to 40 days and the fee is charged once, the APR looks large when it's turned into a yearly figure. It's the honest way to compare loans, and it's shown in your Key Fact Statement before you accept.",
      },
      {
        id: 204,
        question: "Are there charges for paying late?",
        answer:
          "Yes. If you pay after your repayment date, penal charges apply. They are listed separately in your Key Fact Statement and loan agreement before you sign. As RBI requires, they are charges, not extra interest added to your rate, and they are not compounded.",
      },
    ],
  },
  {
    id: "repayment",
    title: "Repayment",
    items: [
      {
        id: 301,
        question: "When do I repay?",
        answer:
          "In one payment on your next salary date that is at least 7 and at most 40 days after the loan. The exact date is in your loan quote and your Key Fact Statement, and we send you reminders before it.",
      },
      {
        id: 302,
        question: "How can I repay?",
        answer:
          "Use the Pay Now page: enter your PAN, confirm the one-time code sent to your registered mobile, and pay by UPI, card or net banking. You can also transfer the amount to our current account shown on the Pay Now page, with your loan number in the remarks. Repayments always go directly to SalaryOnTime's own account.",
      },
      {
        id: 303,
        question: "Can I cancel the loan after I receive the money?",
        answer:
          "Yes, within the cooling-off period of 3 days after the payout. Repay the principal plus the proportionate APR for the days you had the money and the loan is closed with no penalty.",
      },
      {
        id: 304,
        question: "What happens if I cannot pay on time?",
        answer:
          "Contact us before your repayment date. Late payment attracts penal charges and is reported to credit bureaus, which lowers your credit score. Our collection staff follow RBI fair-practice rules: they identify themselves, call only between 8 am and 7 pm, and never use threats, abuse or public shaming.",
      },
    ],
  },
  {
    id: "kyc-and-data",
    title: "KYC and your data",
    items: [
      {
        id: 401,
        question: "How does Aadhaar eKYC work?",
        answer:
          "You are sent to DigiLocker, where you sign in and agree to share your Aadhaar details with us. We receive your name, date of birth, gender, address and a reference, and keep only the last four digits of your Aadhaar number, shown masked as XXXX-XXXX-1234.",
      },
      {
        id: 402,
        question: "Which phone permissions do you use?",
        answer: "Only the camera, once, to take your selfie, and only after you allow it. We never access your contacts, call logs, photos or other files.",
      },
      {
        id: 403,
        question: "Where is my data stored and can I ask for it to be deleted?",
        answer:
          "All your data is stored on servers in India. You can withdraw consent and ask us to delete your data at any time; we will do so except where the law requires us to keep records, such as KYC and loan records, for a set period. Our privacy policy explains the details.",
      },
    ],
  },
  {
    id: "grievances",
    title: "Complaints and grievances",
    items: [
      {
        id: 501,
        question: "How do I make a complaint?",
        answer:
          "Call or e-mail our support team first; you will get a complaint reference number. If the answer does not resolve it, write to our Grievance Redressal Officer, and then to our Principal Nodal Officer. Their names and contact details are on our Grievance redressal page and in the footer of every page.",
      },
      {
        id: 502,
        question: "What if my complaint is still not resolved?",
        answer:
          "If your complaint is not resolved within 30 days, or you are not satisfied with our reply, you can complain to the Reserve Bank of India under the Integrated Ombudsman Scheme at https://cms.rbi.org.in or by calling 14448.",
      },
    ],
  },
];

/** Every /faq page item in order, for search or structured data. */
export const allFaqItems: FaqItem[] = faqGroups.flatMap((g) => g.items);

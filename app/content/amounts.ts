/**
 * Loan-amount landing pages, served at /amount/{slugs}.
 *
 * `discription` holds '@'-separated paragraphs with `[text](/path)` links to our own
 * pages (see ./types.ts). Copy states only fixed product facts; the worked example
 * each page shows (net disbursal, total repayable, APR) is computed at render time by
 * core/ loan-math from `amount` and `exampleTenureDays`, never typed in here.
 */
import type { PageMeta } from "./types.ts";

export type AmountPage = PageMeta & {
  id: string;
  /** URL slug under /amount/. The field name follows the spec. */
  slugs: string;
  heading: string;
  banner_Dis: string;
  /** Relative image path, for example 'bg/amount/10000.svg'. */
  bannerImg: string;
  /** Exactly three badge strings. */
  tag: [string, string, string];
  /** Display amount as the spec has it: '10000' ... '50000', '1 Lakh'. */
  loan_Amt: string;
  /** The principal in rupees, for the worked example and the apply link. */
  amount: number;
  /**
   * Tenure in days for the worked example on the page (7 to 40). The page computes the
   * fee, GST, net disbursal, total repayable and APR for `amount` over this many days.
   */
  exampleTenureDays: number;
  subHeading: string;
  /** '@'-separated paragraphs with `[text](/path)` links. */
  discription: string;
};

export const amountPages: AmountPage[] = [
  {
    id: "1",
    slugs: "10000-instant-personal-loan",
    heading: "₹10,000 instant personal loan",
    metaTitle: "₹10,000 Instant Personal Loan Online | SalaryOnTime",
    metaDis: "Short by ₹10,000 before payday? Borrow it online, get it in about 10 minutes after approval, and repay it in one go from your next salary.",
    banner_Dis: "When you're ₹10,000 short before payday, borrow just that, and clear it from your next salary.",
    bannerImg: "bg/amount/10000.svg",
    tag: ["Our smallest loan", "10-min disbursal", "One repayment"],
    loan_Amt: "10000",
    amount: 10000,
    exampleTenureDays: 15,
    subHeading: "Small, quick and easy to repay",
    discription:
      "₹10,000 is our smallest loan, and often the most useful one. It's the amount that covers a cracked phone screen, an electricity bill and an internet bill that arrived in the same week, a doctor's visit with tests and medicines, or a train ticket home at short notice. It is small enough for one salary to clear comfortably, which is exactly what a salary-day loan should do.@Here is a simple way to think about repayment. Interest is 1% of the loan for each day you keep it, so the closer your salary date, the less you pay: a loan held for 15 days costs 15% of the amount in interest, and one held for 30 days costs 30%. The processing fee (10% of the loan) and the GST on it are deducted when we pay out, so a little less than ₹10,000 reaches your account. The worked example on this page and your Key Fact Statement show the exact figures and the APR.@To apply, you need to be salaried, aged 21 to 60, with a monthly salary of at least ₹30,000 paid into your bank account. [Check your eligibility](/apply-now), read our [Rates and terms](/rate-and-terms), or if you need a little more, see the [₹15,000 loan](/amount/15000-instant-personal-loan).",
  },
  {
    id: "2",
    slugs: "15000-instant-personal-loan",
    heading: "₹15,000 instant personal loan",
    metaTitle: "₹15,000 Instant Personal Loan | SalaryOnTime",
    metaDis: "Need ₹15,000 for fees, a repair or a trip? Salaried people can borrow it online with no collateral and repay it once on their next salary date.",
    banner_Dis: "School books, a bike service, a short trip home: ₹15,000 covers a lot of life between two salaries.",
    bannerImg: "bg/amount/15000.svg",
    tag: ["Instant credit", "No collateral", "Paperless process"],
    loan_Amt: "15000",
    amount: 15000,
    exampleTenureDays: 20,
    subHeading: "For the bills that arrive together",
    discription:
      "Some months everything seems to fall due at once. The two-wheeler needs a service and its insurance renewal, the new school term wants uniforms and books, or a hostel or PG asks for a deposit before you move in. ₹15,000 is often the amount that settles these without dipping into savings meant for something else.@Before you borrow, do a quick check on your next salary. Write down what leaves your account every month: rent, EMIs, school fees, groceries, money sent home. Then add the total you will repay on this loan, which is the ₹15,000 plus 1% of it for each day until your salary date. If the sum still leaves you some breathing room, the loan fits. If it would leave you short again next month, borrow less; our [₹10,000 loan](/amount/10000-instant-personal-loan) may be enough.@Everything happens online: PAN check, Aadhaar eKYC through DigiLocker, your salary details and bank statement, then an e-signature. After approval the money usually reaches your account in about 10 minutes. See the worked example below, read our [Rates and terms](/rate-and-terms), and [apply here](/apply-now).",
  },
  {
    id: "3",
    slugs: "20000-instant-personal-loan",
    heading: "₹20,000 instant personal loan",
    metaTitle: "₹20,000 Instant Personal Loan Online | SalaryOnTime",
    metaDis:
      "Borrow ₹20,000 online for a repair, a move or dental work. Paid in about 10 minutes after approval, repaid on your next salary date. See every charge first.",
    banner_Dis: "A broken appliance, a dental bill or a move across town: get ₹20,000 in about 10 minutes after approval.",
    bannerImg: "bg/amount/20000.svg",
    tag: ["Instant credit", "10-min disbursal", "Key Fact Statement upfront"],
    loan_Amt: "20000",
    amount: 20000,
    exampleTenureDays: 25,
    subHeading: "When something needs fixing now",
    discription:
      "₹20,000 is the kind of sum that a refrigerator or washing machine repair, a root canal, or a move across town with packers and a token advance on the new flat can easily add up to. These aren't costs you can put off until the 1st, and they are small enough to clear from one salary if you plan for it.@Timing makes a real difference to the cost. Your repayment date is your next salary date that is at least 7 and at most 40 days away, and interest runs at 1% of the loan per day until then. Borrowing the day you need the money, rather than a week early just in case, keeps the interest down. Applying just after payday means a longer loan, and so more interest, than applying two weeks later for the same need.@You'll see the amount you receive, the total you repay, your repayment date and the APR in the Key Fact Statement before you accept, and the worked example on this page shows how those figures are built. Nothing is pledged and no guarantor is needed. [Start your application](/apply-now), or compare with the [₹25,000 loan](/amount/25000-instant-personal-loan).",
  },
  {
    id: "4",
    slugs: "25000-instant-personal-loan",
    heading: "₹25,000 instant personal loan",
    metaTitle: "₹25,000 Instant Personal Loan | SalaryOnTime",
    metaDis:
      "A ₹25,000 loan for salaried people: no collateral, Aadhaar eKYC, payout in about 10 minutes and one repayment tied to your salary date, not to a claim.",
    banner_Dis: "Between a hospital bill and the insurance payout, or between two rents: ₹25,000 to bridge the gap.",
    bannerImg: "bg/amount/25000.svg",
    tag: ["Instant credit", "No collateral", "One repayment"],
    loan_Amt: "25000",
    amount: 25000,
    exampleTenureDays: 30,
    subHeading: "A bridge across an awkward gap",
    discription:
      "Many ₹25,000 needs are really timing problems. You pay a hospital bill now and wait weeks for the insurance reimbursement. You pay the new landlord's deposit before the old one refunds yours. You travel to a wedding and the gift, tickets and stay all need paying before payday. A short loan lets you act now instead of waiting.@One thing to keep in mind: the loan is repaid on your salary date, not on the day the other money arrives. If you are expecting a reimbursement, a deposit refund or a full-and-final settlement, don't count on it reaching you in time. Make sure your next salary alone can cover the repayment, which is the ₹25,000 plus 1% of it for each day you keep the loan. Anything that arrives later is a bonus.@To qualify you need to be salaried, 21 to 60, with at least ₹30,000 a month credited to your bank account; the amount we can offer depends mainly on your salary. The worked example on this page shows the fee, GST, the amount you receive and the APR. [Check your eligibility](/apply-now) or read our [Rates and terms](/rate-and-terms).",
  },
  {
    id: "5",
    slugs: "30000-instant-personal-loan",
    heading: "₹30,000 instant personal loan",
    metaTitle: "₹30,000 Instant Personal Loan Online | SalaryOnTime",
    metaDis:
      "Need ₹30,000 for an admission fee, a laptop or a hospital deposit? Borrow online, get it in about 10 minutes after approval and repay from one salary.",
    banner_Dis: "Admission fees, a work laptop or a hospital deposit: ₹30,000 online, repaid from your next salary.",
    bannerImg: "bg/amount/30000.svg",
    tag: ["Instant credit", "Up to ₹1 lakh", "Paperless process"],
    loan_Amt: "30000",
    amount: 30000,
    exampleTenureDays: 30,
    subHeading: "For the bigger one-off costs",
    discription:
      "₹30,000 tends to go on the bigger one-offs: a college admission fee that must be paid within the week, a laptop when yours dies in the middle of a project, a hospital's admission deposit, or flights for the family when someone back home falls ill. These are costs that come once and then go, which is what a salary-day loan is built for.@Be honest with yourself about the size of the repayment. Because the whole loan, plus interest of 1% of it for each day, comes out of a single salary, a ₹30,000 loan suits people whose salary is comfortably larger than that. That is also why the amount we offer depends mainly on your monthly salary: if you earn close to our minimum of ₹30,000, expect a smaller offer, and see it as protection rather than a refusal.@If you can't repay the full amount from your next salary, a longer instalment loan from your bank may suit you better than ours. If you can, the worked example on this page shows exactly what you will receive and repay. [Apply online](/apply-now), or read [how salary-day loans work](/blog/how-salary-day-loans-work).",
  },
  {
    id: "6",
    slugs: "50000-instant-personal-loan",
    heading: "₹50,000 instant personal loan",
    metaTitle: "₹50,000 Instant Personal Loan | SalaryOnTime",
    metaDis:
      "Borrow ₹50,000 for a move, a procedure or a family emergency. Unsecured, fully online, paid in about 10 minutes after approval, repaid once on salary day.",
    banner_Dis: "Moving cities, a medical procedure or a family emergency: ₹50,000 without collateral, in about 10 minutes.",
    bannerImg: "bg/amount/50000.svg",
    tag: ["Instant credit", "10-min disbursal", "No collateral"],
    loan_Amt: "50000",
    amount: 50000,
    exampleTenureDays: 30,
    subHeading: "For moments that change the month",
    discription:
      "A job offer in another city comes with a deposit, brokerage, travel and a few weeks of setting up before the first salary. A planned procedure turns into a longer stay. A relative needs help that can't wait. ₹50,000 is the amount that often makes the difference in moments like these, and getting it the same day can matter as much as getting it at all.@A ₹50,000 loan is a serious commitment for a single repayment. Before accepting, check three things: that your next salary will cover the full repayment (the ₹50,000 plus 1% of it for each day) and still leave enough to live on; that your repayment date, your next salary date between 7 and 40 days away, is one you're sure of; and that you have read the Key Fact Statement, which shows the amount you receive after the fee and GST, the total you repay and the APR.@If all three check out, the process takes a few minutes online and there's nothing to pledge. You also have a cooling-off period of 3 days after payout if you change your mind. See the worked example below, our [Rates and terms](/rate-and-terms), and [apply here](/apply-now). Need more? See the [₹1 lakh loan](/amount/1-lakh-instant-personal-loan).",
  },
  {
    id: "7",
    slugs: "1-lakh-instant-personal-loan",
    heading: "₹1 lakh instant personal loan",
    metaTitle: "₹1 Lakh Instant Personal Loan Online | SalaryOnTime",
    metaDis:
      "Our largest loan: up to ₹1 lakh for salaried people, unsecured and fully online, paid in about 10 minutes after approval and repaid on your next salary date.",
    banner_Dis: "Our largest loan: up to ₹1 lakh, paid in about 10 minutes after approval, repaid in one go on salary day.",
    bannerImg: "bg/amount/1-lakh.svg",
    tag: ["Up to ₹1 lakh", "10-min disbursal", "No collateral"],
    loan_Amt: "1 Lakh",
    amount: 100000,
    exampleTenureDays: 30,
    subHeading: "Our maximum, for when it really counts",
    discription:
      "₹1 lakh is the most we lend, and it is meant for real emergencies and large, short-lived costs: a hospital admission before the insurance approval comes through, an urgent repair after a leak or a flood, or a family crisis that needs money today. It is unsecured, so there is no gold, property or vehicle to pledge and no guarantor to find.@Because the whole amount is repaid from one salary, a ₹1 lakh loan is available only to people whose monthly salary can comfortably carry it. Your offer is worked out from your salary and credit report, and it may be lower than the amount you ask for. That limit is there to protect you. The repayment is the ₹1 lakh plus 1% of it for each day until your salary date, and the processing fee and GST are deducted at payout, so the amount that reaches your account is less than ₹1 lakh. The worked example on this page shows all the figures, including the APR.@If your next salary cannot cover the repayment, please don't stretch: borrow a smaller amount such as our [₹50,000 loan](/amount/50000-instant-personal-loan), or consider an instalment loan spread over months. If it can, [check your eligibility](/apply-now) and read the [Rates and terms](/rate-and-terms) before you accept.",
  },
];

/** Amount pages keyed by slug. */
export const amountPagesBySlug: ReadonlyMap<string, AmountPage> = new Map(amountPages.map((p) => [p.slugs, p]));

export function getAmountPage(slug: string): AmountPage | undefined {
  return amountPagesBySlug.get(slug);
}

/** Footer and menu links for the amount pages. */
export const amountLinks: { label: string; href: string }[] = amountPages.map((p) => ({
  label: p.heading.replace(" instant personal loan", " loan"),
  href: `/amount/${p.slugs}`,
}));

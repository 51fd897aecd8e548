/**
 * Loan-purpose landing pages, served at /personal-need/{url}.
 *
 * `discription` holds '@'-separated paragraphs with `[text](/path)` links to our own
 * pages (see ./types.ts). Every purpose is served by the same salary-day loan; these
 * pages explain how it fits that need, honestly, including when it does not.
 */
import type { PageMeta } from "./types.ts";

export type PurposeBenefit = {
  title: string;
  dis: string;
};

export type PurposePage = PageMeta & {
  id: string;
  /** URL slug under /personal-need/. */
  url: string;
  loan_type: string;
  banner_heading: string;
  /** Relative image path, for example 'bg/purpose/travel.svg'. */
  bannerImg: string;
  tag: string[];
  heading: string;
  /** '@'-separated paragraphs with `[text](/path)` links. */
  discription: string;
  benifit_title: string;
  benifit_dis: PurposeBenefit[];
  /**
   * The loan-purpose code to preselect on the quote screen, when one fits
   * (1 Travel, 2 Medical, 3 Shopping, 4 Academics, 5 Obligation, 6 Festival, 7 Others).
   */
  quotePurposeId?: 1 | 2 | 3 | 4 | 5 | 6 | 7;
};

export const purposePages: PurposePage[] = [
  {
    id: "1",
    url: "personal-loan-for-travel",
    loan_type: "Travel loan",
    metaTitle: "Personal Loan for Travel | SalaryOnTime",
    metaDis:
      "A short personal loan for tickets, stays and trips home, from ₹10,000 to ₹1 lakh, paid in about 10 minutes and repaid once from your next salary.",
    banner_heading: "Personal loan for travel",
    bannerImg: "bg/purpose/travel.svg",
    tag: ["Book today", "10-min disbursal", "Repay on salary day"],
    heading: "Book the trip now, settle it on salary day",
    discription:
      "Most travel that can't wait isn't a holiday. It's a grandparent's illness, a sibling's wedding, a festival at home you've promised to attend, or an interview in another city. Fares climb the closer you get to the date, and waiting for payday can cost more than a short loan does. A SalaryOnTime loan of ₹10,000 to ₹1 lakh lets you book at today's fares and repay in one go on your next salary date.@Keep the loan in proportion to the trip. Tickets, a stay and some spending money for a week away are a good fit for a loan that is repaid from one salary. A long international holiday usually isn't; if it would take several months of saving, save for it instead. Remember that interest is 1% of the loan for each day until your salary date, so a loan taken closer to the trip costs less than one taken weeks ahead.@You can apply from anywhere with your phone, even from the station. After approval the money reaches your bank account in about 10 minutes, ready for the booking. See our [Rates and terms](/rate-and-terms), then [apply now](/apply-now).",
    benifit_title: "Why travellers use SalaryOnTime",
    benifit_dis: [
      {
        title: "Book before fares rise",
        dis: "Money in about 10 minutes after approval, so you can confirm the ticket the same day.",
      },
      {
        title: "Apply on the move",
        dis: "Fully online with Aadhaar eKYC through DigiLocker. Your progress is saved if the signal drops.",
      },
      {
        title: "One repayment after you are back",
        dis: "The whole loan is repaid on your next salary date, 7 to 40 days away. No instalments to remember while you travel.",
      },
      {
        title: "No surprises",
        dis: "The Key Fact Statement shows what you receive, what you repay and the APR before you accept.",
      },
    ],
    quotePurposeId: 1,
  },
  {
    id: "2",
    url: "personal-loan-for-low-salary",
    loan_type: "Personal loan for modest salaries",
    metaTitle: "Personal Loan for Low Salary: Minimum ₹30,000 | SalaryOnTime",
    metaDis:
      "Earning ₹30,000 a month or more? You can apply for a salary-day loan. Here is what a modest salary can borrow, and why we cannot lend below ₹30,000.",
    banner_heading: "Personal loan for a modest salary",
    bannerImg: "bg/purpose/low-salary.svg",
    tag: ["Minimum salary ₹30,000", "New to credit welcome", "Small loans from ₹10,000"],
    heading: "You don't need a big salary. You do need ₹30,000 a month.",
    discription:
      "Many people assume that an instant loan is only for people with large pay packets. It isn't. If you are salaried, aged 21 to 60, and at least ₹30,000 a month is credited to your bank account, you can apply, even if you are new to credit and have never had a loan or a credit card.@We want to be straightforward about the limit: our minimum monthly salary is ₹30,000. If your salary is below that, we cannot lend to you at present, and no agent or app can get around it in our name. The reason is simple. Our loan is repaid in one payment from your next salary, and below this level one repayment would take too big a bite out of the month.@With a modest salary, the amount we offer is modest too, starting from our smallest loan of [₹10,000](/amount/10000-instant-personal-loan). That is deliberate: the offer is worked out from your salary so that repaying it doesn't leave you short the following month. Before you accept, check that your next salary covers the loan plus interest of 1% of it per day, on top of rent and essentials. If your salary is under ₹30,000 today, our guide on [planning for emergencies](/blog/plan-for-financial-emergencies) may help more than a loan. Otherwise, [check your eligibility](/apply-now).",
    benifit_title: "What a modest salary gets you",
    benifit_dis: [
      {
        title: "A clear entry point",
        dis: "If you earn ₹30,000 a month or more, paid into your bank account, you can apply.",
      },
      {
        title: "Credit history not required",
        dis: "People who are new to credit are welcome. We look at your salary together with your credit report.",
      },
      {
        title: "Loans sized to your pay",
        dis: "Offers start at ₹10,000 and grow with your salary, so the repayment stays within reach.",
      },
      {
        title: "A chance to build credit",
        dis: "We report to credit bureaus, so repaying on time helps build your credit history.",
      },
    ],
  },
  {
    id: "3",
    url: "personal-loan-for-teachers",
    loan_type: "Personal loan for teachers",
    metaTitle: "Personal Loan for Teachers | SalaryOnTime",
    metaDis:
      "For school and college teachers on a monthly salary: borrow ₹10,000 to ₹1 lakh online, outside school hours, and repay it once on your next salary date.",
    banner_heading: "Personal loan for teachers",
    bannerImg: "bg/purpose/teachers.svg",
    tag: ["For school and college staff", "Apply after school hours", "10-min disbursal"],
    heading: "A short loan that fits a teacher's timetable",
    discription:
      "Teachers spend their days on other people's futures and rarely have a free hour during banking time. Our application is online from start to finish, so you can do it in the evening after the copies are corrected: verify your PAN, complete Aadhaar eKYC through DigiLocker, share your salary slip and bank statement, and e-sign. After approval, the money usually reaches your account in about 10 minutes.@Government school teachers, teachers at private and international schools, college and university faculty, coaching-institute staff and school administrators can all apply, as long as they are on a payroll with a monthly salary of at least ₹30,000 credited to a bank account, and aged 21 to 60. You can borrow ₹10,000 to ₹1 lakh and repay it in one go on your next salary date.@One thing to check first: if your school does not pay a salary during the summer break, your next salary date may be more than 40 days away. Our repayment date must fall 7 to 40 days after the loan, so in that case please apply once regular salaries resume. Read our [Rates and terms](/rate-and-terms), or [apply now](/apply-now).",
    benifit_title: "Why teachers choose a salary-day loan",
    benifit_dis: [
      {
        title: "Apply after school",
        dis: "No branch hours to fit around. Apply in the evening or at the weekend.",
      },
      {
        title: "Repayment on your pay date",
        dis: "The loan is repaid in one go on your next salary date, so it never clashes with your month.",
      },
      {
        title: "For every kind of institution",
        dis: "Government, aided, private and international schools, colleges and coaching institutes alike.",
      },
      {
        title: "Nothing to pledge",
        dis: "An unsecured loan: no guarantor from the staff room, no collateral.",
      },
    ],
  },
  {
    id: "4",
    url: "personal-loan-for-medical-emergency",
    loan_type: "Medical emergency loan",
    metaTitle: "Personal Loan for a Medical Emergency | SalaryOnTime",
    metaDis:
      "Hospital deposit, medicines or tests before the insurance comes through? Borrow ₹10,000 to ₹1 lakh online, usually in your account in about 10 minutes.",
    banner_heading: "Personal loan for medical emergencies",
    bannerImg: "bg/purpose/medical.svg",
    tag: ["Money in about 10 minutes", "No collateral", "Apply from the hospital"],
    heading: "When treatment cannot wait for payday",
    discription:
      "Medical emergencies don't check the calendar. A hospital may ask for an admission deposit before treatment starts, the insurance approval may take hours or days, and tests, medicines and a relative's travel add up fast. A SalaryOnTime loan of ₹10,000 to ₹1 lakh can be applied for from your phone in the hospital corridor, and once approved, the money usually reaches your bank account in about 10 minutes, and within 1 hour at most.@A few things help in a stressful moment. Ask the hospital's insurance desk whether your policy, or your employer's group policy, offers cashless treatment, because that can reduce what you need to borrow. Keep your PAN, a recent salary slip and your bank statement on your phone. Borrow what the situation needs now; you can always apply again later once this loan is repaid.@Remember that the loan is repaid in one go on your next salary date, 7 to 40 days away, whether or not an insurance reimbursement has arrived by then. Interest is 1% of the loan per day, and the Key Fact Statement shows every figure, including the APR, before you accept. Read our [guide to emergency planning](/blog/plan-for-financial-emergencies), or [apply now](/apply-now).",
    benifit_title: "Built for urgent moments",
    benifit_dis: [
      {
        title: "Fast payout",
        dis: "Usually within 10 minutes of approval, and within 1 hour at most, straight to your bank account.",
      },
      {
        title: "Apply from anywhere",
        dis: "No branch visit and no papers to carry. Your phone is enough.",
      },
      {
        title: "Use it as you need",
        dis: "Deposit, medicines, tests, travel or a stay near the hospital. You choose.",
      },
      {
        title: "Room to change your mind",
        dis: "If the insurer approves cashless treatment after all, the cooling-off period of 3 days lets you repay early without penalty.",
      },
    ],
    quotePurposeId: 2,
  },
  {
    id: "5",
    url: "two-wheeler-loan",
    loan_type: "Personal loan for a two-wheeler",
    metaTitle: "Personal Loan for a Two-Wheeler, up to ₹1 Lakh | SalaryOnTime",
    metaDis:
      "Use a personal loan of up to ₹1 lakh for a scooter or bike: no hypothecation on your RC, paid in about 10 minutes, repaid once on your next salary date.",
    banner_heading: "Personal loan for your two-wheeler",
    bannerImg: "bg/purpose/two-wheeler.svg",
    tag: ["No hypothecation", "Up to ₹1 lakh", "Repay on salary day"],
    heading: "A personal loan you can use for a scooter or bike",
    discription:
      "Let's be clear about what this is. SalaryOnTime doesn't offer a vehicle loan. What we offer is a personal loan of ₹10,000 up to ₹1 lakh that you can use for a two-wheeler. Because it isn't a vehicle loan, there is no hypothecation: your registration certificate carries no lender's name, there is nothing to remove from the RC later, and the bike or scooter is yours from day one.@It suits the two-wheeler costs that a single salary can clear: topping up the down payment on a new scooter, buying a good used bike from a colleague, a big repair after an accident, or the insurance renewal that always comes at the wrong time. The whole loan is repaid in one payment on your next salary date, 7 to 40 days away, with interest of 1% of the loan for each day until then.@If you want to finance the full price of a new motorcycle and pay it off over a year or more, a dealer's two-wheeler loan with monthly EMIs will usually suit you better than a salary-day loan. If you need a smaller sum fast, apply online and, after approval, the money is usually in your account in about 10 minutes. Read our [Rates and terms](/rate-and-terms), or [check your eligibility](/apply-now).",
    benifit_title: "Why use a personal loan for your two-wheeler",
    benifit_dis: [
      {
        title: "No hypothecation",
        dis: "The lender's name never goes on your RC, so there is no NOC to chase when you are done.",
      },
      {
        title: "Buy new or used",
        dis: "Use the money at a showroom, for a used bike from a private seller, or for repairs and insurance.",
      },
      {
        title: "Up to ₹1 lakh",
        dis: "Borrow ₹10,000 to ₹1 lakh, depending on your salary and credit checks.",
      },
      {
        title: "One repayment",
        dis: "Repay the whole amount on your next salary date. No EMIs running for years.",
      },
    ],
    quotePurposeId: 7,
  },
];

/** Purpose pages keyed by url slug. */
export const purposePagesByUrl: ReadonlyMap<string, PurposePage> = new Map(purposePages.map((p) => [p.url, p]));

export function getPurposePage(url: string): PurposePage | undefined {
  return purposePagesByUrl.get(url);
}

/** Footer and menu links for the purpose pages. */
export const purposeLinks: { label: string; href: string }[] = purposePages.map((p) => ({
  label: p.banner_heading,
  href: `/personal-need/${p.url}`,
}));

/**
 * City landing pages, one per slug, served at /{slug}.
 *
 * Text conventions (see ./types.ts):
 * - `shortdis` holds 2-3 paragraphs separated by '@'.
 * - Inline links inside `shortdis` are written `[link text](/path)`, always to one of our
 *   own pages (site-relative path starting with '/'). Render them with `parseInline()`
 *   from ./text.ts. No HTML is allowed in any field.
 * - `faq[].ans`, `benifit_dis`, `benifitList`, `apply_dis` and `banner_dis` are plain text.
 *
 * Every city has its own intro and FAQ written about that place. Service-area PIN codes
 * are not kept here; they live with the service-area data.
 */
import type { ApplyStep, PageMeta, QA } from "./types.ts";

export type CityPage = PageMeta & {
  /** String id, '1'..'26', in the order of the spec's slug list. */
  id: string;
  slug: string;
  cityname: string;
  state: string;
  heading: string;
  banner_dis: string;
  /** Badge strings shown in the banner. */
  tag: string[];
  /** Intro: '@'-separated paragraphs with `[text](/path)` links. */
  shortdis: string;
  /** Relative image path under bg/city, for example 'bg/city/delhi.svg'. */
  cityImg: string;
  benifit_title: string;
  benifit_dis: string;
  benifitList: string[];
  apply_title: string;
  apply_dis: string;
  faq: QA[];
  stepData: ApplyStep[];
};

/** The entry used by the city-link list component. */
export type CityLink = {
  id: string;
  slug: string;
  cityname: string;
};

/** The four application steps shown on every city page. */
export const cityApplySteps: ApplyStep[] = [
  {
    step_no: "01",
    step_dis: "Sign up with your mobile number and the one-time code we send you, then verify your PAN.",
  },
  {
    step_no: "02",
    step_dis: "Tell us about your home, your salary and your employer, take a quick selfie and see your loan offer.",
  },
  {
    step_no: "03",
    step_dis: "Complete Aadhaar eKYC through DigiLocker, share your bank statement and salary slip, and add your salary account.",
  },
  {
    step_no: "04",
    step_dis: "Read and accept the Key Fact Statement, e-sign the agreement, and receive the money in about 10 minutes.",
  },
];

export const cities: CityPage[] = [
  {
    id: "1",
    slug: "instant-personal-loan-in-delhi",
    cityname: "Delhi",
    state: "Delhi",
    metaTitle: "Instant Personal Loan in Delhi | SalaryOnTime",
    metaDis:
      "Salaried in Delhi? Borrow ₹10,000 to ₹1 lakh online, get it in about 10 minutes and repay once on your next salary day. No collateral, no branch visit.",
    heading: "Instant personal loan in Delhi",
    banner_dis: "From Dwarka to Mayur Vihar, salaried Delhiites borrow ₹10,000 to ₹1 lakh online and repay it in one go on salary day.",
    tag: ["Instant credit", "10-min disbursal", "Paperless process"],
    shortdis:
      "Delhi runs on salaries. Every morning lakhs of people ride the Metro to offices in Connaught Place, Nehru Place, Okhla and the ministries around Central Secretariat, and most of them live on a monthly cycle: rent early in the month, school fees every quarter, EMIs in between. When something lands in the middle of that cycle, such as a car repair after a flooded underpass, a last-minute train ticket home or a bill at a private hospital, waiting for the 1st is not always possible.@SalaryOnTime gives salaried Delhi residents a short bridge to the next payday. You apply on your phone, complete Aadhaar eKYC through DigiLocker, and once you're approved the money usually reaches your salary account in about 10 minutes. You repay the whole amount once, on your next salary date. There is no guarantor to find and no office to visit in Karol Bagh or Laxmi Nagar.@Before you accept, a Key Fact Statement spells out every rupee: interest at 1% of the loan per day, the processing fee with GST, what lands in your account, and the APR. See how it works on [Rates and terms](/rate-and-terms), or [check your eligibility](/apply-now) now.",
    cityImg: "bg/city/delhi.svg",
    benifit_title: "Why a salary-day loan suits life in Delhi",
    benifit_dis: "Delhi's costs rarely wait for payday. Our loan is sized for the gap between two salaries and is cleared in one payment.",
    benifitList: [
      "Borrow ₹10,000 to ₹1 lakh, based on your salary",
      "Money in your account in about 10 minutes after approval",
      "One repayment on your next salary date, 7 to 40 days away",
      "Aadhaar eKYC through DigiLocker, no photocopies",
      "No collateral and no guarantor",
    ],
    apply_title: "How to apply in Delhi",
    apply_dis: "Keep your PAN, a recent salary slip and your bank statement on your phone, and you can finish in one sitting.",
    faq: [
      {
        question: "I live in Delhi but work in Gurgaon or Noida. Can I apply?",
        ans: "Yes. What matters is where you live and how you're paid, not where your office is. Your home PIN code needs to be in our service area, and your salary must be credited to your bank account every month. Crossing a state border for work every day makes no difference to us.",
      },
      {
        question: "Do government employees in Delhi qualify?",
        ans: "Yes. Central government, Delhi government, PSU or private company, it doesn't matter as long as you're salaried, aged 21 to 60, earn at least ₹30,000 a month and receive your salary in a bank account.",
      },
      {
        question: "How fast will the money reach me?",
        ans: "Once your loan is approved and you have e-signed, the payout usually reaches your account within 10 minutes, and within 1 hour at most. The application itself goes faster if your PAN, bank statement and salary slip are ready on your phone.",
      },
      {
        question: "Which parts of Delhi do you cover?",
        ans: "Our service area is set by PIN code and covers localities across Delhi. The application checks your PIN code as soon as you enter your address, and our Service area page lists the cities we serve.",
      },
    ],
    stepData: cityApplySteps,
  },
  {
    id: "2",
    slug: "apply-for-personal-loan-in-gurgaon",
    cityname: "Gurgaon",
    state: "Haryana",
    metaTitle: "Apply for a Personal Loan in Gurgaon | SalaryOnTime",
    metaDis:
      "Work in Cyber City or Udyog Vihar? Salaried Gurugram residents can borrow up to ₹1 lakh online, paid in about 10 minutes and repaid on salary day.",
    heading: "Apply for a personal loan in Gurgaon",
    banner_dis: "For the people who keep Cyber City and Udyog Vihar running: a salary-day loan of up to ₹1 lakh, approved online.",
    tag: ["Instant credit", "Up to ₹1 lakh", "Paperless process"],
    shortdis:
      "Gurugram, still Gurgaon to most of us, has become one of India's busiest corporate addresses. Glass towers along Golf Course Road and in Cyber City, support centres in Udyog Vihar, warehouses out on the Sohna Road side: the city's salaries come from thousands of companies, and a large share of the people who earn them moved here from somewhere else. That usually means rent and a security deposit on a flat, a car or scooter for long commutes, and money sent home every month.@Those costs rarely arrive on payday. A salary-day loan from SalaryOnTime covers the gap: borrow from ₹10,000 to ₹1 lakh, receive it about 10 minutes after approval, and pay it back in a single instalment on your next salary date, which falls 7 to 40 days away. The whole application happens on your phone, so you can finish it between meetings or on the Rapid Metro.@Every charge is in the Key Fact Statement before you say yes, and there is nothing to pledge. See [how the charges work](/rate-and-terms), or [start your application](/apply-now).",
    cityImg: "bg/city/gurgaon.svg",
    benifit_title: "Built for busy Gurugram professionals",
    benifit_dis: "No branch visits and no paperwork to courier. Apply in a break, and have the money before your next meeting ends.",
    benifitList: [
      "Fully online, from PAN check to e-signature",
      "Loans from ₹10,000 to ₹1 lakh",
      "Usually paid out within 10 minutes of approval",
      "Repay once, on your salary date",
      "Every charge shown in the Key Fact Statement first",
    ],
    apply_title: "Applying from Gurgaon",
    apply_dis: "Four short steps, all on your phone. Your progress is saved after each one.",
    faq: [
      {
        question: "I moved to Gurgaon recently. Can I apply if my Aadhaar shows my hometown address?",
        ans: "Yes. Aadhaar eKYC confirms who you are; in the application you enter the address where you live now, and that PIN code must be in our service area. Keep a recent utility bill or rent document for your Gurgaon home handy, as we may ask for it as proof of residence.",
      },
      {
        question: "My company pays me through a payroll provider. Does that count as salary?",
        ans: "Yes, if it arrives in your bank account every month as salary. We check your salary slip and the salary credits in your bank statement, so a payroll company name on the credit is fine.",
      },
      {
        question: "Can I use the loan for a flat deposit or brokerage?",
        ans: "You can use it for any genuine personal need. Just remember that the whole amount, with interest at 1% of the loan per day, is due on your next salary date, so borrow only what one salary can comfortably repay.",
      },
      {
        question: "Are your rates different in Gurgaon?",
        ans: "No. Our terms are the same in every city: interest of 1% of the loan amount per day, a processing fee of 10% plus 18% GST on the fee, and one repayment on your salary date.",
      },
    ],
    stepData: cityApplySteps,
  },
  {
    id: "3",
    slug: "get-personal-loan-in-noida",
    cityname: "Noida",
    state: "Uttar Pradesh",
    metaTitle: "Get a Personal Loan in Noida | SalaryOnTime",
    metaDis: "From Sector 62 to the Expressway, salaried Noida residents can get ₹10,000 to ₹1 lakh online, usually in about 10 minutes, repaid on salary day.",
    heading: "Get a personal loan in Noida",
    banner_dis: "Salaried in one of Noida's sectors? Borrow ₹10,000 to ₹1 lakh online, with the money in your account in about 10 minutes.",
    tag: ["Instant credit", "10-min disbursal", "No collateral"],
    shortdis:
      "Noida is a planned city of numbered sectors, and you can often guess someone's job from theirs. IT and back-office teams fill the towers around Sector 62 and along the Noida-Greater Noida Expressway, newsrooms and studios cluster around Film City in Sector 16A, and garment exporters and electronics makers occupy the industrial phases. Most of these people commute on the Blue and Aqua lines or the Expressway, and most are paid once a month.@When an expense can't wait for that one day, SalaryOnTime lends salaried Noida residents from ₹10,000 up to ₹1 lakh. There's nothing to post and nowhere to queue: you verify your PAN, complete eKYC through DigiLocker, share your bank statement and salary details online, and after approval the money typically arrives in about 10 minutes. You repay it in one go on your next salary date.@If you're comparing options, start with the numbers. Our [Rates and terms](/rate-and-terms) page has a worked example with the APR, and the same figures appear in your Key Fact Statement before you accept. Ready? [Check your eligibility](/apply-now).",
    cityImg: "bg/city/noida.svg",
    benifit_title: "What you get in Noida",
    benifit_dis: "A short, clearly priced loan that fits between two salaries, with nothing to print and nothing to pledge.",
    benifitList: [
      "₹10,000 to ₹1 lakh for salaried employees",
      "Approval and payout in minutes, not days",
      "One repayment from your next salary",
      "Reminders before your repayment date",
      "Unsecured: no collateral, no guarantor",
    ],
    apply_title: "How to apply in Noida",
    apply_dis: "Everything happens online. Have your PAN, salary slip and bank statement ready.",
    faq: [
      {
        question: "I work night shifts at an IT park. Can I apply at odd hours?",
        ans: "You can fill in your application at any hour on our website or app, and your progress is saved after every step. Some checks depend on banks and other services and may complete when they are available, and our support team takes calls during office hours.",
      },
      {
        question: "I already pay an EMI on a flat. Will that stop me from getting a loan?",
        ans: "Existing EMIs don't rule you out on their own. We check your credit report, and the amount we can offer depends mainly on your monthly salary. Before you accept, make sure the repayment fits alongside your EMIs in the same month.",
      },
      {
        question: "Do you lend to people working in Noida's factories?",
        ans: "Yes, if you're on the company's payroll with a monthly salary of at least ₹30,000 credited to your bank account. Daily wages or pay in cash don't qualify, because we confirm your salary from your bank statement.",
      },
      {
        question: "How do I repay?",
        ans: "On your salary date, pay the full amount on our Pay Now page using your PAN and a one-time code, by UPI, card or net banking, or by bank transfer to our current account. We remind you before the date.",
      },
    ],
    stepData: cityApplySteps,
  },
  {
    id: "4",
    slug: "apply-personal-loan-in-faridabad",
    cityname: "Faridabad",
    state: "Haryana",
    metaTitle: "Apply for a Personal Loan in Faridabad | SalaryOnTime",
    metaDis:
      "Faridabad's salaried workers can apply online for ₹10,000 to ₹1 lakh with no guarantor, get it in about 10 minutes and repay once from the next salary.",
    heading: "Apply for a personal loan in Faridabad",
    banner_dis: "Faridabad builds things. When a bill arrives before salary day, borrow up to ₹1 lakh online and repay it when you're paid.",
    tag: ["Instant credit", "No collateral", "Paperless process"],
    shortdis:
      "Faridabad has been an industrial town since its early planned days, and it still earns its living by making things: auto components, tractors and engineering goods from the units along Mathura Road and in the industrial sectors. Alongside the factories, more and more residents now work in offices in Delhi and Gurugram, riding the Violet Line metro through Badarpur or heading out on the highways every morning.@Whether you are on the payroll of a plant in Sector 24 or sit at a desk in Nehru Place, if you are salaried and live in Faridabad you can ask SalaryOnTime for ₹10,000 to ₹1 lakh. The application is paperless, you need no guarantor and pledge nothing, and approved money reaches your account in about 10 minutes. You pay it back in one instalment on your next salary date.@Families in NIT, Ballabgarh and Greater Faridabad juggle the same things: school fees, a scooter repair, a wedding in the family. Borrow for the real need and no more. Our [Rates and terms](/rate-and-terms) page and your Key Fact Statement show exactly what you will repay. [Apply now](/apply-now).",
    cityImg: "bg/city/faridabad.svg",
    benifit_title: "A straightforward loan for working Faridabad",
    benifit_dis: "Plain terms, one repayment and no running around. The money goes straight to your own bank account.",
    benifitList: [
      "For salaried employees of factories, offices and government",
      "Borrow ₹10,000 to ₹1 lakh",
      "Paid out in about 10 minutes after approval",
      "Repaid in one go on your salary date",
      "No guarantor, no collateral, no branch visit",
    ],
    apply_title: "Steps to apply from Faridabad",
    apply_dis: "Your phone is enough. Each step takes a few minutes.",
    faq: [
      {
        question: "I work in a factory on shifts. Can I apply?",
        ans: "Yes, if you're paid a monthly salary of at least ₹30,000 into your bank account, whether you are a permanent or a contract employee. Daily or weekly wages, or pay in cash, don't meet our salary rules, because the loan is repaid from a monthly salary credit.",
      },
      {
        question: "Do I need to visit an office in Faridabad?",
        ans: "No. We don't have branches. Everything from KYC to signing happens online, support is a phone call or e-mail away, and the money goes straight to your own bank account.",
      },
      {
        question: "Will the loan show up on my credit report?",
        ans: "Yes. As an RBI-registered NBFC we report loans to credit bureaus. Repaying on your salary date builds your credit history; paying late hurts it and attracts the penal charges listed in your Key Fact Statement.",
      },
    ],
    stepData: cityApplySteps,
  },
  {
    id: "5",
    slug: "advance-loans-online-in-bangalore",
    cityname: "Bangalore",
    state: "Karnataka",
    metaTitle: "Salary Advance Loans Online in Bangalore | SalaryOnTime",
    metaDis:
      "A salary advance without asking HR: Bengaluru professionals borrow ₹10,000 to ₹1 lakh online, paid in about 10 minutes and repaid on the next payday.",
    heading: "Advance loans online in Bangalore",
    banner_dis: "A salary advance without asking HR: Bengaluru professionals borrow up to ₹1 lakh and repay it on the next payday.",
    tag: ["Salary advance", "10-min disbursal", "Paperless process"],
    shortdis:
      "Bengaluru pays well and spends fast. Salaries from the tech parks of Whitefield, Electronic City, Manyata and the Outer Ring Road are among the best in the country, but so are the rents in Koramangala, HSR Layout and Indiranagar, where landlords still often ask for several months' rent as a deposit. Add the traffic and the two-wheeler that helps you beat it, and it's no surprise that many people feel stretched in the last week of the month.@An advance from SalaryOnTime works like a salary advance you don't have to ask your manager for. Borrow ₹10,000 to ₹1 lakh and repay it in one instalment on your next salary date, anything from 7 to 40 days away. The application takes a few minutes online, with Aadhaar eKYC through DigiLocker, and after approval the money is usually in your account in about 10 minutes.@We're a Bengaluru-based lender, and we would rather you borrowed for something that matters than for the sake of it. See [what it costs](/rate-and-terms), or if you're moving house, read about our [₹50,000 loan](/amount/50000-instant-personal-loan).",
    cityImg: "bg/city/bangalore.svg",
    benifit_title: "Why Bengaluru uses a salary-day advance",
    benifit_dis: "It bridges a few weeks, not a few years, and it is cleared the day your salary arrives.",
    benifitList: [
      "No need to involve your employer or HR",
      "From ₹10,000 to ₹1 lakh",
      "In your account in about 10 minutes after approval",
      "Repayment date matched to your salary date",
      "APR and all charges shown before you accept",
    ],
    apply_title: "Get your advance in four steps",
    apply_dis: "Apply from your desk, your cab or your couch. No branch, no paperwork.",
    faq: [
      {
        question: "Is this the same as my company's salary advance?",
        ans: "It works in a similar way, because it is paid back from your next salary. But it comes from us, not your employer, so HR isn't involved. Unlike most employer advances it carries interest and a processing fee, and you see both in full in the Key Fact Statement before you accept.",
      },
      {
        question: "Can I borrow for a house deposit in Bengaluru?",
        ans: "Yes, many people use a short loan for moving costs. But a deposit of several months' rent can be large, and our loan must be repaid in full on your next salary date. If the amount can't come out of one salary, a salary-day loan isn't the right tool; ask your landlord whether the deposit can be paid in parts.",
      },
      {
        question: "I am paid on the last working day. How is my repayment date set?",
        ans: "It is your next salary date that is at least 7 and at most 40 days away. If your salary is due in 5 days, for example, the repayment moves to the salary date after that.",
      },
      {
        question: "Do you lend across Bengaluru?",
        ans: "Our service area is set by PIN code and covers localities across the city. Enter yours during the application, or see our Service area page.",
      },
    ],
    stepData: cityApplySteps,
  },
  {
    id: "6",
    slug: "apply-for-quick-personal-loan-in-pune",
    cityname: "Pune",
    state: "Maharashtra",
    metaTitle: "Apply for a Quick Personal Loan in Pune | SalaryOnTime",
    metaDis:
      "From Hinjewadi to Hadapsar, salaried Pune residents can get a quick loan of ₹10,000 to ₹1 lakh, paid in about 10 minutes. New to credit? You can apply.",
    heading: "Apply for a quick personal loan in Pune",
    banner_dis: "From Hinjewadi to Hadapsar, Pune's salaried people get a quick loan of up to ₹1 lakh, paid in about 10 minutes.",
    tag: ["Quick approval", "10-min disbursal", "New to credit welcome"],
    shortdis:
      "Pune wears two hats. It's a college town at heart, and it's one of India's big industrial and IT centres: carmakers and their suppliers in Chakan, Pimpri-Chinchwad and Talegaon, software teams in Hinjewadi, Kharadi and Magarpatta, and a growing band of startups in Baner and Viman Nagar. Many people who come here to study stay on for their first job, and their first salary.@That first salary often has to stretch a long way: a room or a shared flat, a two-wheeler for the Hinjewadi commute, money sent home. If something comes up before payday, SalaryOnTime lends salaried Pune residents ₹10,000 to ₹1 lakh, repaid once on the next salary date. You apply on your phone, complete KYC through DigiLocker and receive the money in about 10 minutes after approval.@Quick should never mean confusing. Your Key Fact Statement lists the interest (1% of the loan per day), the processing fee with GST and the APR before you sign, and our [Rates and terms](/rate-and-terms) page explains the method. When you're ready, [apply here](/apply-now).",
    cityImg: "bg/city/pune.svg",
    benifit_title: "Quick, but clear",
    benifit_dis: "Speed matters when money is short, and so does knowing exactly what you owe. You get both.",
    benifitList: [
      "Open to first-jobbers with little or no credit history",
      "Borrow ₹10,000 to ₹1 lakh",
      "Money in about 10 minutes after approval",
      "Single repayment on your next salary date",
      "Cooling-off period of 3 days after payout",
    ],
    apply_title: "How to apply in Pune",
    apply_dis: "Four steps on your phone. Most people finish in one go.",
    faq: [
      {
        question: "I just started my first job in Pune. Can I apply?",
        ans: "Yes, if you're 21 or older, your monthly salary is at least ₹30,000 and it's credited to your bank account. A new or thin credit history doesn't stop you, as we welcome people who are new to credit. You'll need a salary slip and a bank statement that shows your salary credit.",
      },
      {
        question: "I am a student doing a paid internship. Am I eligible?",
        ans: "Not yet. Our loans are only for salaried employees, so stipends and part-time income don't qualify. Once you're on a payroll with a salary of ₹30,000 or more, you're welcome to apply.",
      },
      {
        question: "Do you cover Pimpri-Chinchwad as well as Pune city?",
        ans: "Our service area is defined by PIN code. The application checks yours as soon as you enter your address, and the Service area page lists the cities we cover.",
      },
    ],
    stepData: cityApplySteps,
  },
  {
    id: "7",
    slug: "get-online-personal-loan-in-thane",
    cityname: "Thane",
    state: "Maharashtra",
    metaTitle: "Get an Online Personal Loan in Thane | SalaryOnTime",
    metaDis:
      "Commuting from Thane? Apply on your phone for ₹10,000 to ₹1 lakh, get it in about 10 minutes after approval and repay once on your next salary date.",
    heading: "Get an online personal loan in Thane",
    banner_dis: "For Thane's daily commuters: apply for up to ₹1 lakh on your phone, before the train reaches your station.",
    tag: ["Online application", "10-min disbursal", "No collateral"],
    shortdis:
      "Thane is where a lot of Mumbai goes home at night. Every morning the Central line platforms at Thane station fill with people heading to offices in Lower Parel, Fort and BKC, while others drive up Ghodbunder Road to Wagle Estate or cross over to the business parks of Navi Mumbai. Homes here are roomier than in the island city, but a bigger flat brings a bigger society bill, and the commute has costs of its own.@An online personal loan from SalaryOnTime fits that rhythm. You can apply between stations: verify your PAN, finish Aadhaar eKYC through DigiLocker, share your salary details and bank statement, and once approved the money is usually in your account in about 10 minutes. Loans run from ₹10,000 to ₹1 lakh and are repaid in one instalment on your next salary date.@No guarantor, no collateral and no office visit. Every charge is in the Key Fact Statement you review before accepting, and our [Rates and terms](/rate-and-terms) page shows how the figures are worked out. [Start online](/apply-now).",
    cityImg: "bg/city/thane.svg",
    benifit_title: "Made for the commute",
    benifit_dis: "Start on the platform, finish at home. The application remembers where you stopped.",
    benifitList: [
      "Progress saved after every step",
      "Borrow ₹10,000 to ₹1 lakh",
      "Paid out in about 10 minutes after approval",
      "One repayment on your salary date",
      "RBI-registered lender, Key Fact Statement upfront",
    ],
    apply_title: "Apply from Thane in four steps",
    apply_dis: "Clear photos or PDFs of your documents on your phone make the uploads quicker.",
    faq: [
      {
        question: "Can I apply on a patchy mobile connection during my commute?",
        ans: "Yes. Your progress is saved after each step, so if the signal drops between stations you can pick up where you left off. Keeping your documents as clear photos or PDFs on your phone makes the uploads quicker.",
      },
      {
        question: "Our society maintenance bill is due. Is that a valid reason to borrow?",
        ans: "Any genuine personal expense is fine: society maintenance, a repair, medical costs or travel. We ask you to choose a purpose, but we don't ask you to prove what you spend on. Just make sure the total you repay on salary day fits your budget.",
      },
      {
        question: "Is SalaryOnTime an RBI-registered lender?",
        ans: "Yes. SalaryOnTime is a non-bank finance company registered with the Reserve Bank of India, and our registration details are in the footer of every page. We follow RBI's digital lending rules, including giving you a Key Fact Statement and a cooling-off period of 3 days.",
      },
    ],
    stepData: cityApplySteps,
  },
  {
    id: "8",
    slug: "instant-personal-loan-in-mysore",
    cityname: "Mysore",
    state: "Karnataka",
    metaTitle: "Instant Personal Loan in Mysore | SalaryOnTime",
    metaDis:
      "Salaried in Mysuru? Borrow ₹10,000 to ₹1 lakh online with no branch visit, receive it in about 10 minutes and repay it once on your next salary day.",
    heading: "Instant personal loan in Mysore",
    banner_dis: "Mysuru's pace is calmer, but bills still come early. Salaried residents can borrow up to ₹1 lakh online.",
    tag: ["Instant credit", "Paperless process", "Up to ₹1 lakh"],
    shortdis:
      "Mysuru has long been Bengaluru's unhurried cousin: wide roads, the palace lit up on Sunday evenings, and a cost of living that lets a salary go further. It has a working heart of its own too, from the IT offices and the well-known training campus in the Hebbal industrial area to the engineering units of Metagalli and Hootagalli, the hospitals and colleges, and the tourism that swells every Dasara.@Life here is cheaper, but not free of surprises. A relative's hospital stay, a child's admission or a trip to Bengaluru that turns into a week can all land before salary day. SalaryOnTime lends salaried Mysuru residents ₹10,000 to ₹1 lakh, paid in about 10 minutes after approval and repaid once, on the next salary date.@It's all online and paperless, so there's no need to take a day off. Read our [Rates and terms](/rate-and-terms) first, then [check your eligibility](/apply-now).",
    cityImg: "bg/city/mysore.svg",
    benifit_title: "The same fast loan, without the big-city hassle",
    benifit_dis: "Mysuru residents get exactly the same product as anywhere else, from the comfort of home.",
    benifitList: [
      "No travel to Bengaluru or any branch",
      "₹10,000 to ₹1 lakh for salaried employees",
      "Money in about 10 minutes after approval",
      "One repayment on your salary date",
      "Nothing to pledge, no guarantor",
    ],
    apply_title: "How to apply in Mysuru",
    apply_dis: "Four steps, done from your phone in one sitting.",
    faq: [
      {
        question: "Is the loan amount lower in Mysore than in Bengaluru?",
        ans: "No. Our product is the same everywhere: ₹10,000 to ₹1 lakh, depending on your salary and our credit checks, not on your city.",
      },
      {
        question: "I work in Bengaluru on weekdays but my home is in Mysuru. Which address do I give?",
        ans: "Give the address where you actually live now, as shown on your rent agreement or a utility bill. Its PIN code needs to be in our service area. Where your employer is located does not affect eligibility.",
      },
      {
        question: "Can I use the loan for family expenses during Dasara?",
        ans: "Yes. Festival spending, guests and travel are common reasons to borrow. Plan it so that repaying on your next salary date still leaves enough for the rest of that month.",
      },
    ],
    stepData: cityApplySteps,
  },
  {
    id: "9",
    slug: "instant-personal-loan-in-ahmedabad",
    cityname: "Ahmedabad",
    state: "Gujarat",
    metaTitle: "Instant Personal Loan in Ahmedabad | SalaryOnTime",
    metaDis:
      "Amdavadis like clear numbers. Borrow ₹10,000 to ₹1 lakh with every charge and the APR shown before you sign, paid in about 10 minutes after approval.",
    heading: "Instant personal loan in Ahmedabad",
    banner_dis: "Amdavadis know the value of a rupee. Borrow ₹10,000 to ₹1 lakh with every charge spelt out before you sign.",
    tag: ["Instant credit", "No hidden charges", "10-min disbursal"],
    shortdis:
      "Ahmedabad has always been a city of traders and mill workers, and it still keeps a close eye on the bottom line. Today its salaried class works everywhere from the offices on SG Highway and in Prahlad Nagar to the pharmaceutical and chemical units around Vatva and Changodar, the car plants out at Sanand, and the finance firms that have moved to GIFT City in neighbouring Gandhinagar.@People here like to know exactly what a loan will cost, and so do we. A SalaryOnTime loan is simple: interest of 1% of the amount for each day you keep it, a processing fee of 10% plus GST deducted at payout, and one repayment on your next salary date. Your Key Fact Statement shows the net amount you'll receive, the total you'll repay and the APR before you accept.@Whether it's a medical bill, an admission deposit or a repair to an old house in the pols, you can apply from your phone and, after approval, have the money in about 10 minutes. See the [worked example](/rate-and-terms), then [apply](/apply-now).",
    cityImg: "bg/city/ahmedabad.svg",
    benifit_title: "A loan you can check line by line",
    benifit_dis: "Three charges, all disclosed upfront: daily interest, the processing fee and GST on that fee. Nothing else unless you pay late.",
    benifitList: [
      "Interest of 1% of the loan per day, nothing compounded",
      "Processing fee and GST deducted at payout, so nothing to pay upfront",
      "Borrow ₹10,000 to ₹1 lakh",
      "Money in about 10 minutes after approval",
      "Cooling-off period of 3 days to change your mind",
    ],
    apply_title: "How to apply in Ahmedabad",
    apply_dis: "Four online steps. You see the full cost before you commit to anything.",
    faq: [
      {
        question: "Are there any hidden charges?",
        ans: "No. The only charges are interest at 1% of the loan per day and the processing fee of 10% plus 18% GST on it, deducted at payout. Penal charges apply only if you pay late, and they are listed in your Key Fact Statement before you sign.",
      },
      {
        question: "I work at GIFT City but live in Ahmedabad. Can I apply?",
        ans: "Yes. We go by where you live: if your Ahmedabad PIN code is in our service area and your salary of ₹30,000 or more comes into your bank account, you can apply.",
      },
      {
        question: "Can I change my mind after taking the loan?",
        ans: "Yes. You have a cooling-off period of 3 days after the payout. If you decide you don't need the money, repay the principal plus the proportionate APR for those days within that window, and the loan is closed with no penalty.",
      },
    ],
    stepData: cityApplySteps,
  },
  {
    id: "10",
    slug: "instant-personal-loan-online-in-hyderabad",
    cityname: "Hyderabad",
    state: "Telangana",
    metaTitle: "Instant Personal Loan Online in Hyderabad | SalaryOnTime",
    metaDis:
      "HITEC City hours, Hyderabad expenses. Salaried residents borrow ₹10,000 to ₹1 lakh online, paid in about 10 minutes, repaid in one go on salary day.",
    heading: "Instant personal loan online in Hyderabad",
    banner_dis: "HITEC City hours, Hyderabad expenses: borrow up to ₹1 lakh online and repay it in one go on salary day.",
    tag: ["Instant credit", "10-min disbursal", "Aadhaar eKYC"],
    shortdis:
      "Hyderabad has grown outward from the old city around Charminar to the glass campuses of HITEC City, Gachibowli and the Financial District, and its salaried workforce has grown with it. Software firms and global capability centres, the pharma and life-sciences companies of Genome Valley, large hospitals, and the older public-sector employers of Secunderabad and the industrial estates all pay their people monthly.@Many of those people moved here from elsewhere in Telangana, Andhra Pradesh and beyond, and a month in Hyderabad can include rent in Kondapur, a bus or flight home for Sankranti, and the odd family emergency. SalaryOnTime lends salaried Hyderabad residents ₹10,000 to ₹1 lakh online, with the money usually in your account about 10 minutes after approval and one repayment on your next salary date.@The whole process happens on your phone, with Aadhaar eKYC through DigiLocker and an e-signature at the end. Compare the cost on our [Rates and terms](/rate-and-terms) page, and if you live in the western IT corridor, see our page for [Ranga Reddy](/instant-personal-loan-in-ranga-reddy) too.",
    cityImg: "bg/city/hyderabad.svg",
    benifit_title: "Why Hyderabad borrows online",
    benifit_dis: "Long hours and long commutes leave no time for a branch. Our loan fits in a lunch break.",
    benifitList: [
      "Apply and e-sign entirely online",
      "Loans from ₹10,000 to ₹1 lakh",
      "Usually paid within 10 minutes of approval",
      "One repayment on your salary date",
      "Aadhaar verified through DigiLocker, stored masked",
    ],
    apply_title: "How to apply in Hyderabad",
    apply_dis: "Four steps. Keep your PAN, salary slip and bank statement handy.",
    faq: [
      {
        question: "I need money for Sankranti tickets. Can I apply a week before?",
        ans: "Yes, apply whenever you need it. Remember that your repayment date is your next salary date that is at least 7 days away, so if payday is very close, the loan runs to the payday after.",
      },
      {
        question: "My office is in Gachibowli. Should I use this page or the Ranga Reddy page?",
        ans: "Either works. Eligibility depends on your home PIN code, not your office address, and the application tells you straight away whether your PIN code is in our service area.",
      },
      {
        question: "Can I see the total before I commit?",
        ans: "Yes. After the eligibility check you get a loan quote, and before you accept you see a Key Fact Statement with the amount you'll receive, the total repayable, the repayment date and the APR. Nothing is paid out until you accept and e-sign.",
      },
    ],
    stepData: cityApplySteps,
  },
  {
    id: "11",
    slug: "loan-agency-in-mumbai",
    cityname: "Mumbai",
    state: "Maharashtra",
    metaTitle: "Personal Loans in Mumbai, Direct from the Lender | SalaryOnTime",
    metaDis:
      "Skip the loan agent. Salaried Mumbaikars borrow ₹10,000 to ₹1 lakh directly from an RBI-registered NBFC, with no upfront fee and payout in about 10 minutes.",
    heading: "Personal loans in Mumbai, straight from the lender",
    banner_dis: "No agent, no middleman, no upfront fee. Salaried Mumbaikars borrow up to ₹1 lakh directly from an RBI-registered NBFC.",
    tag: ["Direct lender", "No upfront fee", "10-min disbursal"],
    shortdis:
      "In Mumbai, people who search for a 'loan agency' usually want someone who can get them money quickly. SalaryOnTime isn't an agent or a broker; we are the lender, a non-bank finance company registered with the Reserve Bank of India. You deal with us directly on our website or app, and the money comes from us straight into your bank account.@That matters in a city where life moves fast and money moves faster. Between the leave-and-licence deposit on a flat in Andheri or Ghatkopar, the monthly train pass or fuel, and a monsoon that can flood a ground-floor home overnight, Mumbai's salaried people often need a bridge to payday. We lend ₹10,000 to ₹1 lakh, paid in about 10 minutes after approval and repaid once on your next salary date.@A word of caution: a genuine lender never asks you to pay a 'file charge' or 'insurance' before you get the loan. Our processing fee is deducted from the loan at payout and shown in your Key Fact Statement first. Read more about [avoiding loan fraud](/blog/avoid-loan-app-fraud-know-your-rights), check [our rates](/rate-and-terms), or [apply directly](/apply-now).",
    cityImg: "bg/city/mumbai.svg",
    benifit_title: "Why go direct",
    benifit_dis: "With no middleman there is no commission, no one holding your documents, and one clear point of contact for any problem.",
    benifitList: [
      "You deal only with the RBI-registered lender",
      "Nothing to pay before the loan; the fee is deducted at payout",
      "₹10,000 to ₹1 lakh, paid in about 10 minutes after approval",
      "One repayment on your salary date",
      "A named grievance officer and a clear escalation path",
    ],
    apply_title: "Apply directly in four steps",
    apply_dis: "Only on our own website or app. We never ask for documents over WhatsApp.",
    faq: [
      {
        question: "Do you charge anything before the loan is approved?",
        ans: "Never. It costs nothing to apply. The processing fee of 10% plus GST is deducted from the loan when it's paid out, and you see it in the Key Fact Statement before you accept. If anyone asks you to pay money upfront in SalaryOnTime's name, don't pay, and report it to us.",
      },
      {
        question: "Are you a DSA or an agent for banks?",
        ans: "No. We lend our own money as an RBI-registered NBFC. We do not use outside agents or lending service providers today; if that ever changes, we will list them on our website as RBI rules require.",
      },
      {
        question: "What if I cannot pay on the due date?",
        ans: "Talk to us before the date. Late payment adds the penal charges listed in your Key Fact Statement and is reported to credit bureaus, so it's better to call support early. Our collection staff follow RBI's fair practices: they identify themselves, call only between 8 am and 7 pm, and never threaten or shame you.",
      },
      {
        question: "Do you cover the whole of Mumbai, including the suburbs?",
        ans: "Our service area is set by PIN code. Enter yours in the application, or check the Service area page. If you live in Thane, we have a separate page for you.",
      },
    ],
    stepData: cityApplySteps,
  },
  {
    id: "12",
    slug: "instant-personal-loan-in-greater-noida",
    cityname: "Greater Noida",
    state: "Uttar Pradesh",
    metaTitle: "Instant Personal Loan in Greater Noida | SalaryOnTime",
    metaDis:
      "New flat in Greater Noida? Salaried residents can borrow ₹10,000 to ₹1 lakh online, in about 10 minutes after approval, with one repayment on salary day.",
    heading: "Instant personal loan in Greater Noida",
    banner_dis: "Wide roads, new homes and long drives: Greater Noida's salaried residents can borrow up to ₹1 lakh online.",
    tag: ["Instant credit", "No collateral", "Paperless process"],
    shortdis:
      "Greater Noida was planned big, and it feels it: broad roads, green belts, and sectors named after Greek letters, Alpha, Beta, Gamma and Delta. Its economy mixes industrial estates, the universities and colleges of Knowledge Park, and a fast-growing belt of housing societies in Greater Noida West and along the Yamuna Expressway.@Many families here have just moved into a new flat, with the interiors, furniture and society charges that come with it, and many residents commute to Noida or Delhi by the Aqua Line or by road. When a big cost arrives before salary day, SalaryOnTime can lend salaried residents ₹10,000 to ₹1 lakh, usually in your account about 10 minutes after approval, and repaid once on your next salary date.@Everything happens online and nothing needs to be pledged. See [how we work out the cost](/rate-and-terms), or visit our page for neighbouring [Noida](/get-personal-loan-in-noida). [Apply now](/apply-now).",
    cityImg: "bg/city/greater-noida.svg",
    benifit_title: "Handy for new homes and long commutes",
    benifit_dis: "A short loan to cover a few weeks, with your repayment date lined up with your salary.",
    benifitList: [
      "Borrow ₹10,000 to ₹1 lakh",
      "Apply from home, no trip to Noida or Delhi",
      "Money in about 10 minutes after approval",
      "Single repayment on your salary date",
      "Unsecured: no property or vehicle pledged",
    ],
    apply_title: "How to apply in Greater Noida",
    apply_dis: "Four online steps. A recent utility bill for your new home helps with address proof.",
    faq: [
      {
        question: "I have just moved into a flat in Greater Noida West. Can I use my new address?",
        ans: "Yes. Enter the address where you live now. If your Aadhaar still shows an older address, keep a recent utility bill for your new home ready, as we may ask for proof of residence.",
      },
      {
        question: "Can I borrow to pay for furniture or interiors?",
        ans: "You can, within our ₹1 lakh limit. But because the loan is repaid in full on your next salary date, it suits a gap of a few weeks, not a large fit-out that will take months to pay for.",
      },
      {
        question: "I teach at a college in Knowledge Park. Am I eligible?",
        ans: "Yes, if you're on the college's payroll, aged 21 to 60, and your monthly salary of at least ₹30,000 is credited to your bank account. Our page for teachers has more details.",
      },
    ],
    stepData: cityApplySteps,
  },
  {
    id: "13",
    slug: "get-instant-personal-loan-in-ghaziabad",
    cityname: "Ghaziabad",
    state: "Uttar Pradesh",
    metaTitle: "Get an Instant Personal Loan in Ghaziabad | SalaryOnTime",
    metaDis: "From Indirapuram to Raj Nagar Extension, salaried Ghaziabad residents get ₹10,000 to ₹1 lakh online, usually within 10 minutes of approval.",
    heading: "Get an instant personal loan in Ghaziabad",
    banner_dis: "Ghaziabad's commuters keep Delhi and Noida running. Borrow up to ₹1 lakh online, ready in about 10 minutes.",
    tag: ["Instant credit", "10-min disbursal", "Low score? Still apply"],
    shortdis:
      "Ghaziabad sits right on Delhi's eastern border, and much of its working population crosses that border every day, on the Red Line and Blue Line metro, the Namo Bharat trains on the Meerut corridor, or by road. At home the city ranges from the high-rises of Indirapuram, Vaishali and Raj Nagar Extension to the older neighbourhoods around the railway station and the industrial areas of Sahibabad and Loni.@Long commutes and two-city lives can make money tight just before payday. SalaryOnTime lends salaried Ghaziabad residents ₹10,000 to ₹1 lakh, with no collateral and no papers to carry. You apply on your phone, finish eKYC through DigiLocker and, once approved, typically receive the money within 10 minutes. The full amount is repaid once, on your next salary date.@Before you accept, a Key Fact Statement shows the amount you'll receive, the total you'll repay and the APR. Read our [Rates and terms](/rate-and-terms), then [check your eligibility](/apply-now).",
    cityImg: "bg/city/ghaziabad.svg",
    benifit_title: "A loan that works around your commute",
    benifit_dis: "Nothing to carry across the border and no office to find. Your phone and your documents are enough.",
    benifitList: [
      "Borrow ₹10,000 to ₹1 lakh",
      "Applicants new to credit are welcome",
      "Money in about 10 minutes after approval",
      "One repayment on your next salary date",
      "No collateral, no guarantor",
    ],
    apply_title: "How to apply in Ghaziabad",
    apply_dis: "Four steps, all online. Your progress is saved as you go.",
    faq: [
      {
        question: "Do you lend to people working in Sahibabad's industrial units?",
        ans: "Yes, if you're on a monthly payroll, earn at least ₹30,000 and are paid into your bank account. We'll ask for a recent salary slip and your bank statement to confirm it.",
      },
      {
        question: "I have a low credit score because of an old credit card. Can I still apply?",
        ans: "Yes, you can apply. We look at your credit report together with your salary, and people with no credit history are welcome too. A very low score may mean we can't make an offer this time; clearing old dues and paying on time is the surest way to rebuild it.",
      },
      {
        question: "How do I repay if I don't have a card?",
        ans: "Use the Pay Now page with your PAN and a one-time code and pay by UPI or net banking, or transfer the amount to our current account shown on that page. Put your loan number in the transfer remarks.",
      },
    ],
    stepData: cityApplySteps,
  },
  {
    id: "14",
    slug: "apply-for-instant-personal-loan-in-bhopal",
    cityname: "Bhopal",
    state: "Madhya Pradesh",
    metaTitle: "Apply for an Instant Personal Loan in Bhopal | SalaryOnTime",
    metaDis:
      "In the City of Lakes, salaried residents can apply online for ₹10,000 to ₹1 lakh, receive it in about 10 minutes and repay it once on their salary date.",
    heading: "Apply for an instant personal loan in Bhopal",
    banner_dis: "In the City of Lakes a salary goes a long way, until it does not. Borrow ₹10,000 to ₹1 lakh online.",
    tag: ["Instant credit", "Paperless process", "Up to ₹1 lakh"],
    shortdis:
      "Bhopal is Madhya Pradesh's capital, and that shapes who earns a salary here: state government departments and corporations, teachers and doctors, engineers in the BHEL township and the Govindpura industrial area, and factory staff who travel out to Mandideep each day. In the newer part of the city, MP Nagar has become the commercial hub, full of coaching institutes, banks and offices.@It's a city where the cost of living is reasonable and family ties are close, which also means weddings, festivals and visits that rarely fit a budget. When a cost runs ahead of your salary, SalaryOnTime lends salaried Bhopal residents ₹10,000 to ₹1 lakh. Apply online, complete eKYC through DigiLocker, and after approval the money usually reaches your bank in about 10 minutes. You repay once, on your next salary date.@We don't have a branch in New Market or anywhere else, because we don't need one. See [how the charges work](/rate-and-terms) and [begin your application](/apply-now) from home.",
    cityImg: "bg/city/bhopal.svg",
    benifit_title: "For Bhopal's government and private employees alike",
    benifit_dis: "Government, PSU or private company: if you are salaried and meet our conditions, the process is the same.",
    benifitList: [
      "Open to central and state government staff",
      "Borrow ₹10,000 to ₹1 lakh",
      "Usually paid within 10 minutes of approval",
      "Repaid in one go on your salary date",
      "Fully online, nothing to print",
    ],
    apply_title: "Four steps to apply in Bhopal",
    apply_dis: "No branch and no queue. Apply from home or the office.",
    faq: [
      {
        question: "I am a state government employee. Can I apply?",
        ans: "Yes. Central and state government employees are salaried, so you qualify if you're aged 21 to 60, earn at least ₹30,000 a month and your salary goes into your bank account.",
      },
      {
        question: "Why do you ask for my office's address?",
        ans: "After you accept the loan quote, the employment step asks for your employer's name and office address. We use them to confirm your employment, along with your salary slip and bank statement.",
      },
      {
        question: "How soon after approval will I get the money?",
        ans: "Usually within 10 minutes of approval, and within 1 hour at most. It goes straight to the bank account you verify in the banking step.",
      },
    ],
    stepData: cityApplySteps,
  },
  {
    id: "15",
    slug: "instant-personal-loan-in-coimbatore",
    cityname: "Coimbatore",
    state: "Tamil Nadu",
    metaTitle: "Instant Personal Loan in Coimbatore | SalaryOnTime",
    metaDis:
      "Kovai's mills, foundries and IT parks pay monthly. Salaried residents can borrow ₹10,000 to ₹1 lakh online and know the exact repayment before accepting.",
    heading: "Instant personal loan in Coimbatore",
    banner_dis: "Kovai's mills, foundries and IT parks pay monthly. When you need money sooner, borrow up to ₹1 lakh online.",
    tag: ["Instant credit", "10-min disbursal", "Fixed repayment date"],
    shortdis:
      "Coimbatore earned the name 'Manchester of South India' from its textile mills, and its knack for making things never left. Pump and motor makers, foundries, auto-component and textile-machinery firms fill its industrial estates, while IT offices have grown around Saravanampatti and along Avinashi Road. Add its hospitals and engineering colleges, and Kovai has one of Tamil Nadu's most varied salaried workforces.@It's also a city of planners, and people here are careful with money. A SalaryOnTime loan suits that habit: before you accept, you know the exact repayment date (your next salary date, 7 to 40 days away), the exact amount you'll repay and the APR. Loans range from ₹10,000 to ₹1 lakh, and approved money usually reaches your account in about 10 minutes.@Use it for a school fee due before payday, a relative's treatment or a trip home for Pongal. Read the [Rates and terms](/rate-and-terms) page, or [apply from your phone](/apply-now).",
    cityImg: "bg/city/coimbatore.svg",
    benifit_title: "A loan for people who plan",
    benifit_dis: "One date, one amount, known before you sign. No rolling instalments to keep track of.",
    benifitList: [
      "Exact repayment amount and date shown upfront",
      "Borrow ₹10,000 to ₹1 lakh",
      "Paid out in about 10 minutes after approval",
      "Reminders before your repayment date",
      "No collateral and no guarantor",
    ],
    apply_title: "How to apply in Coimbatore",
    apply_dis: "Four online steps. Have your PAN, salary slip and bank statement ready.",
    faq: [
      {
        question: "I work at a textile mill on a monthly salary. Am I eligible?",
        ans: "If your salary is at least ₹30,000 a month and credited to your bank account, and you're 21 to 60, yes. Wages paid in cash don't count, because we confirm your salary from your bank statement.",
      },
      {
        question: "Can I pay school or college fees with the loan?",
        ans: "Yes. Fee deadlines often fall mid-month, and a short loan repaid from your next salary can bridge that gap. If fees come due every term, it's worth setting aside a little each month so you don't need to borrow every time.",
      },
      {
        question: "Is there a branch in Coimbatore I can visit?",
        ans: "We're fully online, so there's no branch to visit. Our support team is available by phone and e-mail, and your Key Fact Statement, agreement and loan details are always in your dashboard.",
      },
    ],
    stepData: cityApplySteps,
  },
  {
    id: "16",
    slug: "apply-for-personal-loan-in-kanchipuram",
    cityname: "Kanchipuram",
    state: "Tamil Nadu",
    metaTitle: "Apply for a Personal Loan in Kanchipuram | SalaryOnTime",
    metaDis: "Work in the Sriperumbudur or Oragadam belt? Salaried Kanchipuram residents can apply for ₹10,000 to ₹1 lakh online, paid in about 10 minutes.",
    heading: "Apply for a personal loan in Kanchipuram",
    banner_dis: "Temple town, silk town, factory town: salaried residents of Kanchipuram can borrow up to ₹1 lakh online.",
    tag: ["Instant credit", "Shift-friendly", "Paperless process"],
    shortdis:
      "Kanchipuram is famous for two things that take patience: its ancient temples, and its silk sarees woven by hand over weeks. But the district has a fast-moving side as well. The manufacturing belt around Sriperumbudur and Oragadam, home to car plants, electronics makers and their many suppliers, employs a large salaried workforce that travels in by company bus and two-wheeler from across the district.@Shift work, long commutes and a monthly salary can leave little room for surprises. If something comes up before payday, SalaryOnTime lends salaried Kanchipuram residents ₹10,000 to ₹1 lakh with nothing to pledge. You apply on your phone, and once approved the money is usually in your account in about 10 minutes. The full amount is repaid once, on your next salary date.@Weavers and traders who aren't on a payroll can't apply for this loan, because it is repaid from a monthly salary. If you are salaried, see [how the cost is worked out](/rate-and-terms) and [check your eligibility](/apply-now).",
    cityImg: "bg/city/kanchipuram.svg",
    benifit_title: "Fits around your shifts",
    benifit_dis: "Apply in parts across breaks; your progress is saved, and the money goes straight to your salary account.",
    benifitList: [
      "Apply any time, finish across breaks",
      "Borrow ₹10,000 to ₹1 lakh",
      "Money in about 10 minutes after approval",
      "One repayment on your next salary date",
      "No collateral, no guarantor",
    ],
    apply_title: "How to apply in Kanchipuram",
    apply_dis: "Four steps on your phone, with a quick selfie and Aadhaar eKYC through DigiLocker.",
    faq: [
      {
        question: "I work shifts at a plant near Sriperumbudur. When can I apply?",
        ans: "Whenever it suits you. The application is online and your progress is saved after every step, so you can complete it across breaks. Payout follows approval, and our support team answers during office hours.",
      },
      {
        question: "I am a silk weaver paid per saree. Can I apply?",
        ans: "Sorry, not at present. Our loans are only for salaried employees with a monthly salary of at least ₹30,000 credited to a bank account, because the loan is repaid in one instalment from that salary.",
      },
      {
        question: "Which documents will I need?",
        ans: "Your PAN, your Aadhaar (verified online through DigiLocker), a recent bank statement showing your salary credits, a recent salary slip and a utility bill as address proof. You'll also take a quick selfie with your phone camera.",
      },
    ],
    stepData: cityApplySteps,
  },
  {
    id: "17",
    slug: "apply-for-personal-loan-in-vadodara",
    cityname: "Vadodara",
    state: "Gujarat",
    metaTitle: "Apply for a Personal Loan in Vadodara | SalaryOnTime",
    metaDis:
      "Engineers, teachers and office staff in Vadodara can apply online for ₹10,000 to ₹1 lakh with no guarantor, paid in about 10 minutes after approval.",
    heading: "Apply for a personal loan in Vadodara",
    banner_dis: "Sanskari Nagari, industrial city: Vadodara's salaried people can borrow ₹10,000 to ₹1 lakh, paid in about 10 minutes.",
    tag: ["Instant credit", "No guarantor", "Paperless process"],
    shortdis:
      "Vadodara carries its royal past lightly: the Laxmi Vilas Palace, the MS University, and a love of garba that fills the city every Navratri. Its salaries come largely from industry: the refinery and petrochemical complexes on the city's edge, engineering and power-equipment makers, pharma units, and the industrial estates of Makarpura, Por and Savli, along with a growing number of offices in Alkapuri and along Old Padra Road.@Engineers, technicians, teachers and office staff all face the same mid-month squeeze now and then. SalaryOnTime lends salaried Vadodara residents from ₹10,000 to ₹1 lakh online, with no collateral and no guarantor. After approval the money usually reaches your account in about 10 minutes, and you repay it once on your next salary date.@Before you accept, you see exactly what you'll get and what you'll owe in the Key Fact Statement. Learn more on our [Rates and terms](/rate-and-terms) page, or [apply now](/apply-now).",
    cityImg: "bg/city/vadodara.svg",
    benifit_title: "What Vadodara gets with SalaryOnTime",
    benifit_dis: "A fair, fast loan for salaried people, with every figure disclosed before you sign.",
    benifitList: [
      "Borrow ₹10,000 to ₹1 lakh",
      "Key Fact Statement with APR before you accept",
      "Money in about 10 minutes after approval",
      "One repayment on your salary date",
      "Unsecured: no guarantor, no collateral",
    ],
    apply_title: "How to apply in Vadodara",
    apply_dis: "Four online steps, the same for every city we serve.",
    faq: [
      {
        question: "I am posted at a plant outside the city but live in Vadodara. Can I apply?",
        ans: "Yes. We look at your home PIN code, and your employer can be anywhere. Your salary should be at least ₹30,000 a month, credited to your bank account.",
      },
      {
        question: "Can I take a loan for Navratri expenses?",
        ans: "You can, but borrow what you need, not what the festive mood suggests. The whole amount plus interest at 1% of the loan per day is due on your next salary date, so a smaller loan is often the wiser choice.",
      },
      {
        question: "What is a Key Fact Statement?",
        ans: "It's a short summary that RBI requires lenders to give you before you accept a loan. It shows the amount, interest, fees, the amount you'll receive, the total you'll repay, the repayment date, the APR and how to complain. Read it carefully; we ask you to acknowledge it before you sign.",
      },
    ],
    stepData: cityApplySteps,
  },
  {
    id: "18",
    slug: "personal-loan-in-chennai",
    cityname: "Chennai",
    state: "Tamil Nadu",
    metaTitle: "Personal Loan in Chennai | SalaryOnTime",
    metaDis:
      "From OMR to Ambattur, salaried Chennai residents borrow ₹10,000 to ₹1 lakh online, usually paid in about 10 minutes, repaid once on the next salary date.",
    heading: "Personal loan in Chennai",
    banner_dis: "From OMR to Ambattur, Chennai's salaried people borrow ₹10,000 to ₹1 lakh online and repay on salary day.",
    tag: ["Instant credit", "10-min disbursal", "No hidden charges"],
    shortdis:
      "Chennai's salaries come from a remarkable spread of work. The IT corridor along OMR runs from Tidel Park past Sholinganallur to Siruseri; the car and component makers that earned the city its 'Detroit of Asia' label stretch out along GST Road and towards Sriperumbudur; Ambattur and Guindy have their industrial estates; and banks, hospitals, the port and government offices fill the gaps in between.@Living here has its own calendar: school fees in June, Deepavali and Pongal shopping in T. Nagar, and a northeast monsoon that can leave a ground-floor flat needing repairs. SalaryOnTime helps salaried Chennai residents with short loans of ₹10,000 to ₹1 lakh, repaid once on the next salary date. The application is online, eKYC is done through DigiLocker, and after approval the money is usually in your account in about 10 minutes.@There's no collateral, no guarantor and no hidden charge, because your Key Fact Statement lists everything. Read our [Rates and terms](/rate-and-terms), or if you live just outside the city, see our pages for [Kanchipuram](/apply-for-personal-loan-in-kanchipuram) and [Tiruvallur](/instant-loans-in-tiruvallur).",
    cityImg: "bg/city/chennai.svg",
    benifit_title: "Ready when Chennai surprises you",
    benifit_dis: "Rain damage, fee deadlines or a family function: a short loan that is cleared from your next salary.",
    benifitList: [
      "Borrow ₹10,000 to ₹1 lakh",
      "Usually paid within 10 minutes of approval",
      "One repayment on your salary date",
      "Aadhaar eKYC through DigiLocker",
      "Every charge in the Key Fact Statement",
    ],
    apply_title: "How to apply in Chennai",
    apply_dis: "Four steps on your phone, from sign-up to e-signature.",
    faq: [
      {
        question: "My flat was damaged in the rains. How fast can I get money for repairs?",
        ans: "Once your loan is approved and signed, the money usually reaches your bank account in about 10 minutes, and within 1 hour at most. Keep your PAN, bank statement and salary slip handy so the application itself moves quickly.",
      },
      {
        question: "I get a variable bonus on top of my salary. Which income should I enter?",
        ans: "Enter your regular monthly salary, the amount credited every month. Bonuses and incentives that come now and then aren't counted, because the loan is repaid from your regular salary.",
      },
      {
        question: "Is there an age limit?",
        ans: "Yes. You need to be between 21 and 60 years old on the day of the eligibility check, salaried, and earning at least ₹30,000 a month credited to your bank account.",
      },
    ],
    stepData: cityApplySteps,
  },
  {
    id: "19",
    slug: "apply-for-personal-loan-in-raigarh",
    cityname: "Raigarh",
    state: "Chhattisgarh",
    metaTitle: "Apply for a Personal Loan in Raigarh | SalaryOnTime",
    metaDis:
      "Salaried at a plant or office in Raigarh? Apply online for ₹10,000 to ₹1 lakh with Aadhaar eKYC, no branch visit, and payout in about 10 minutes.",
    heading: "Apply for a personal loan in Raigarh",
    banner_dis: "Steel, power and coal keep Raigarh busy. Salaried residents can borrow up to ₹1 lakh without visiting a branch.",
    tag: ["Instant credit", "No branch visit", "Aadhaar eKYC"],
    shortdis:
      "Raigarh, in eastern Chhattisgarh, has grown from a quiet district town into one of the state's industrial engines. Steel plants, sponge-iron units, power stations and coal mines in and around the district employ engineers, supervisors, technicians and office staff, many of whom moved here from other states for the work. The town keeps a rich cultural life too, celebrated every year at the Chakradhar Samaroh festival of classical music and dance.@For a salaried professional on plant shifts, getting to a bank during working hours isn't always easy, and a trip home to another state can be expensive. SalaryOnTime works entirely online: borrow ₹10,000 to ₹1 lakh, complete Aadhaar eKYC through DigiLocker on your phone, and receive approved money in about 10 minutes. You repay once, on your next salary date.@First check that your PIN code is in our [service area](/service-area), then see [what the loan costs](/rate-and-terms) and [apply](/apply-now).",
    cityImg: "bg/city/raigarh.svg",
    benifit_title: "A lender that comes to you",
    benifit_dis: "No branch, no agent and no travel. Everything is done on your phone, and the money lands in your own account.",
    benifitList: [
      "Completely online, wherever your shift is",
      "Borrow ₹10,000 to ₹1 lakh",
      "Money in about 10 minutes after approval",
      "One repayment on your salary date",
      "Aadhaar stored masked, only the last four digits kept",
    ],
    apply_title: "How to apply in Raigarh",
    apply_dis: "Four steps on your phone. A steady mobile connection is all you need.",
    faq: [
      {
        question: "My permanent address is in another state. Can I apply from Raigarh?",
        ans: "Yes, if you live in Raigarh now and that PIN code is in our service area. Give your current address in the application. Your Aadhaar can show your permanent address; we may ask for a utility bill or rent document for where you live now.",
      },
      {
        question: "My salary comes from a contractor, not the plant. Does that count?",
        ans: "If you're on the contractor's payroll with a monthly salary of at least ₹30,000 credited to your bank account, you count as salaried. We confirm it from your salary slip and bank statement.",
      },
      {
        question: "Is it safe to do KYC online?",
        ans: "Yes, with a genuine lender. We use DigiLocker, so you share your Aadhaar details from your own DigiLocker account with your consent, and we keep only the last four digits of your Aadhaar number. Never share an OTP with anyone who calls you.",
      },
    ],
    stepData: cityApplySteps,
  },
  {
    id: "20",
    slug: "instant-personal-loan-in-ranga-reddy",
    cityname: "Ranga Reddy",
    state: "Telangana",
    metaTitle: "Instant Personal Loan in Ranga Reddy | SalaryOnTime",
    metaDis:
      "Live in Ranga Reddy district, from the Financial District to Shamshabad? Borrow ₹10,000 to ₹1 lakh online, repaid in one go on your next salary date.",
    heading: "Instant personal loan in Ranga Reddy",
    banner_dis: "Much of Hyderabad's IT corridor sits in Ranga Reddy district. Borrow up to ₹1 lakh online, paid in about 10 minutes.",
    tag: ["Instant credit", "10-min disbursal", "Up to ₹1 lakh"],
    shortdis:
      "Plenty of people who say they work in Hyderabad actually work in Ranga Reddy district. The district wraps around the city's south and west and takes in a large share of its growth: the tech offices of the Financial District, Nanakramguda and Kokapet, the airport at Shamshabad, the research and farm institutes around Rajendranagar, and the industrial and logistics parks that stretch towards Shadnagar.@It's also where many new homes are going up, from gated communities near Narsingi to more affordable layouts along the Outer Ring Road. New homes, new schools and long drives all add up. SalaryOnTime lends salaried residents of Ranga Reddy district ₹10,000 to ₹1 lakh, repaid once on the next salary date, with a fully online application and payout in about 10 minutes after approval.@See our [Rates and terms](/rate-and-terms) for how the cost works, or visit our [Hyderabad page](/instant-personal-loan-online-in-hyderabad) if you live in the city proper. Ready? [Apply now](/apply-now).",
    cityImg: "bg/city/ranga-reddy.svg",
    benifit_title: "Made for the outer-ring commute",
    benifit_dis: "Apply before you leave home or after you get back. The loan is timed to your salary, not to a branch's hours.",
    benifitList: [
      "Borrow ₹10,000 to ₹1 lakh",
      "Fully online, with e-signature",
      "Money in about 10 minutes after approval",
      "Repayment date set to your salary date",
      "No collateral, no guarantor",
    ],
    apply_title: "How to apply in Ranga Reddy",
    apply_dis: "Four steps. Your PIN code is checked as soon as you enter your address.",
    faq: [
      {
        question: "My address says Hyderabad but my PIN code is in Ranga Reddy district. Does it matter?",
        ans: "No. We check your PIN code against our service area, whatever name your address uses. If the application accepts your PIN code, you are covered.",
      },
      {
        question: "I work at the airport on rotating shifts. Can I apply?",
        ans: "Yes, if you're a salaried employee of an airline, the airport operator or a service company, with a monthly salary of at least ₹30,000 credited to your bank account, and you're 21 to 60.",
      },
      {
        question: "How long do I get to repay?",
        ans: "Until your next salary date, as long as it is between 7 and 40 days away. You repay the whole amount in one payment on that day, and we send reminders before it.",
      },
    ],
    stepData: cityApplySteps,
  },
  {
    id: "21",
    slug: "instant-personal-loan-in-jaipur",
    cityname: "Jaipur",
    state: "Rajasthan",
    metaTitle: "Instant Personal Loan in Jaipur | SalaryOnTime",
    metaDis:
      "Salaried in the Pink City? Borrow ₹10,000 to ₹1 lakh online with no collateral, get it in about 10 minutes after approval and repay on salary day.",
    heading: "Instant personal loan in Jaipur",
    banner_dis: "The Pink City runs on tourism, trade and a growing salaried class. Borrow ₹10,000 to ₹1 lakh online.",
    tag: ["Instant credit", "No collateral", "Paperless process"],
    shortdis:
      "Jaipur's pink walls and busy bazaars draw visitors from all over the world, but the city's working life goes well beyond tourism. As Rajasthan's capital it employs a large number of government staff; its gem-cutting and jewellery trade, handicraft exporters and textile printers run on skilled hands; and IT and service firms have set up in Mahindra World City, Sitapura and the offices along Tonk Road and in Malviya Nagar.@Jaipur is also a city of big celebrations, and a wedding season can drain a family's savings quickly. When a cost arrives before your salary does, SalaryOnTime lends salaried Jaipur residents ₹10,000 to ₹1 lakh. Apply from your phone, complete eKYC through DigiLocker, and after approval the money is usually in your bank account in about 10 minutes. You repay the full amount on your next salary date.@There's no collateral and no guarantor, and every charge is in the Key Fact Statement before you accept. See our [Rates and terms](/rate-and-terms), or [start now](/apply-now).",
    cityImg: "bg/city/jaipur.svg",
    benifit_title: "Why Jaipur chooses a short loan",
    benifit_dis: "When a cost is big but temporary, a loan repaid from one salary keeps long-term debt off your books.",
    benifitList: [
      "Borrow ₹10,000 to ₹1 lakh",
      "No gold, property or guarantor needed",
      "Money in about 10 minutes after approval",
      "Single repayment on your salary date",
      "Low or no credit history? You can still apply",
    ],
    apply_title: "How to apply in Jaipur",
    apply_dis: "Four steps on your phone. Most people finish in one sitting.",
    faq: [
      {
        question: "I work at a hotel with a salary plus service charge. What counts as income?",
        ans: "Your fixed monthly salary credited to your bank account is what counts. Tips and irregular extras aren't included, because the loan is repaid from your regular salary.",
      },
      {
        question: "Can I borrow for a family wedding?",
        ans: "Yes, within our ₹1 lakh limit. Weddings are a common reason to borrow, but because the loan is repaid on your next salary date, it's best for a short gap rather than the whole wedding budget.",
      },
      {
        question: "Do I need a good credit score?",
        ans: "We check your credit report, but a low score does not stop you from applying, and people with no credit history are welcome. Your salary and your report together decide your offer.",
      },
    ],
    stepData: cityApplySteps,
  },
  {
    id: "22",
    slug: "secure-personal-loan-in-indore",
    cityname: "Indore",
    state: "Madhya Pradesh",
    metaTitle: "Secure Personal Loan in Indore | SalaryOnTime",
    metaDis:
      "A secure, unsecured loan for Indore: your data stays in India, Aadhaar is masked, nothing is pledged. Borrow ₹10,000 to ₹1 lakh online, paid in minutes.",
    heading: "Secure personal loan in Indore",
    banner_dis: "India's cleanest city deserves a clean loan: safe, paperless and transparent, up to ₹1 lakh for salaried Indoris.",
    tag: ["Data stays in India", "No collateral", "10-min disbursal"],
    shortdis:
      "Indore has topped India's national cleanliness survey year after year, and its people take pride in doing things properly. It is also Madhya Pradesh's commercial capital: traders around Rajwada and Siyaganj, the auto and pharma plants of Pithampur, IT firms in Crystal IT Park and along the Super Corridor, and the students and staff of the city's IIT and IIM.@When we say 'secure', we mean your data and your money. Your Aadhaar is verified through DigiLocker and we keep only its last four digits. PAN and bank details are encrypted, your data stays on servers in India, and our app never asks for your contacts, call logs or photos. The loan itself is unsecured, which means you don't pledge any gold, property or vehicle.@Salaried Indore residents can borrow ₹10,000 to ₹1 lakh, usually receive it about 10 minutes after approval, and repay it once on their next salary date. Read our [privacy policy](/privacy-policy) and [Rates and terms](/rate-and-terms), then [apply](/apply-now).",
    cityImg: "bg/city/indore.svg",
    benifit_title: "Secure by design",
    benifit_dis: "We collect only what the loan needs, ask your consent for each use, and keep it protected in India.",
    benifitList: [
      "Aadhaar shown and stored masked, as XXXX-XXXX-1234",
      "No access to contacts, call logs or media",
      "Camera used once, for your selfie, with your permission",
      "Borrow ₹10,000 to ₹1 lakh, nothing pledged",
      "Money in about 10 minutes after approval",
    ],
    apply_title: "How to apply in Indore",
    apply_dis: "Four steps, each one asking only for what it needs.",
    faq: [
      {
        question: "Is this a secured loan? Do I need to pledge anything?",
        ans: "No. It's an unsecured personal loan: no gold, property, vehicle or cheques. When we say 'secure', we mean your application and your data are protected.",
      },
      {
        question: "Which permissions does the SalaryOnTime app ask for?",
        ans: "Only what the loan needs: the camera, once, for your selfie, and only after you allow it. We never access your contacts, call logs, photos or other media.",
      },
      {
        question: "I work in Pithampur but live in Indore. Can I apply?",
        ans: "Yes. What matters is that your Indore home PIN code is in our service area and that your salary of ₹30,000 or more is credited to your bank account, not where the plant is.",
      },
    ],
    stepData: cityApplySteps,
  },
  {
    id: "23",
    slug: "apply-for-instant-personal-loan-in-vellore",
    cityname: "Vellore",
    state: "Tamil Nadu",
    metaTitle: "Apply for an Instant Personal Loan in Vellore | SalaryOnTime",
    metaDis:
      "Hospital and campus staff in Vellore can borrow ₹10,000 to ₹1 lakh online, usually paid in about 10 minutes, and repay it once on the next salary date.",
    heading: "Apply for an instant personal loan in Vellore",
    banner_dis: "A city of care and campuses: Vellore's salaried residents can borrow up to ₹1 lakh online, paid in about 10 minutes.",
    tag: ["Instant credit", "10-min disbursal", "Paperless process"],
    shortdis:
      "Vellore is known across India for two institutions: its large medical college hospital, which draws patients from every state, and its big private university at Katpadi. Between them they employ thousands of doctors, nurses, technicians, teachers and administrators, and they keep the city's lodges, pharmacies and eateries busy. The old fort at the city's heart and the leather and footwear industry of the wider region complete the picture.@Working in healthcare or education here often means long hours and a monthly salary that has to support family back home as well. If a cost can't wait, SalaryOnTime lends salaried Vellore residents ₹10,000 to ₹1 lakh, with no collateral. Apply on your phone, complete eKYC through DigiLocker, and after approval the money usually reaches your account in about 10 minutes. You repay once, on your next salary date.@If you're helping a relative through treatment, read our page on [loans for medical emergencies](/personal-need/personal-loan-for-medical-emergency), and see [what the loan costs](/rate-and-terms) before you [apply](/apply-now).",
    cityImg: "bg/city/vellore.svg",
    benifit_title: "For people who look after others",
    benifit_dis: "Nurses, doctors, lab staff and teachers work long shifts. Our application fits around them.",
    benifitList: [
      "Apply any time; progress saved after each step",
      "Borrow ₹10,000 to ₹1 lakh",
      "Money in about 10 minutes after approval",
      "One repayment on your salary date",
      "Cooling-off period of 3 days",
    ],
    apply_title: "How to apply in Vellore",
    apply_dis: "Four online steps, with nothing to print or post.",
    faq: [
      {
        question: "I'm a nurse on a hospital's payroll in Vellore. Can I apply?",
        ans: "Yes, if you're 21 to 60, your monthly salary is at least ₹30,000 and it's credited to your bank account. Staff on rotating shifts can apply online at any time.",
      },
      {
        question: "A relative has come to Vellore for treatment. Can they take the loan?",
        ans: "The loan is for the salaried person who will repay it, and that person's home PIN code must be in our service area. If you are salaried and meet our conditions, you can borrow and use the money for your relative's treatment.",
      },
      {
        question: "What is the cooling-off period?",
        ans: "For 3 days after the payout you can change your mind. Repay the principal plus the proportionate APR for the days you had the money, and the loan closes without any penalty.",
      },
    ],
    stepData: cityApplySteps,
  },
  {
    id: "24",
    slug: "apply-for-instant-personal-loan-in-guntur",
    cityname: "Guntur",
    state: "Andhra Pradesh",
    metaTitle: "Apply for an Instant Personal Loan in Guntur | SalaryOnTime",
    metaDis:
      "Salaried in Guntur? Apply online for ₹10,000 to ₹1 lakh with one repayment and no surprises, paid in about 10 minutes after approval. No guarantor.",
    heading: "Apply for an instant personal loan in Guntur",
    banner_dis: "Guntur's chillies are famous for their heat. Our loan is known for clarity: up to ₹1 lakh, one repayment, no surprises.",
    tag: ["Instant credit", "One repayment", "No guarantor"],
    shortdis:
      "Guntur's name is tied to its red chillies. Its chilli market yard is among the largest in Asia, and the district's farms also grow cotton, tobacco and much more. But the city's salaried side is large and growing: hospitals and medical colleges, engineering colleges, banks and government offices, and, with Vijayawada a short drive away across the Krishna and the capital region next door, a steady flow of new jobs.@Salaried families here often support relatives on the land, and a poor crop season, a wedding or a hospital stay can put pressure on a monthly budget. SalaryOnTime lends salaried Guntur residents ₹10,000 to ₹1 lakh online, with no collateral and no guarantor. Once approved, the money typically arrives in about 10 minutes, and you repay it once on your next salary date.@The cost is clear from the start: interest of 1% of the loan per day, a processing fee of 10% plus GST taken at payout, and the APR in your Key Fact Statement. See our [Rates and terms](/rate-and-terms), then [apply](/apply-now).",
    cityImg: "bg/city/guntur.svg",
    benifit_title: "Clear terms for Guntur",
    benifit_dis: "You know what you get, what you pay and when, before you accept. That is the whole loan.",
    benifitList: [
      "Borrow ₹10,000 to ₹1 lakh",
      "One repayment, on your salary date",
      "Money in about 10 minutes after approval",
      "Fully online, no guarantor",
      "APR shown in the Key Fact Statement",
    ],
    apply_title: "How to apply in Guntur",
    apply_dis: "Four steps on your phone. Keep your PAN, salary slip and bank statement ready.",
    faq: [
      {
        question: "I am a farmer with seasonal income. Can I apply?",
        ans: "Not for this loan. We lend only to salaried employees with a monthly salary of at least ₹30,000 credited to a bank account, because the loan is repaid in one go from the next salary.",
      },
      {
        question: "I teach at an engineering college in Guntur. Am I eligible?",
        ans: "Yes, if you're on the college's payroll and meet our conditions: ₹30,000 a month or more credited to your bank account, and aged 21 to 60. Our page for teachers explains more.",
      },
      {
        question: "I commute to Vijayawada for work. Does that matter?",
        ans: "No. We look at where you live, so your Guntur PIN code needs to be in our service area. Your office can be in Vijayawada or anywhere else.",
      },
    ],
    stepData: cityApplySteps,
  },
  {
    id: "25",
    slug: "instant-loans-in-tiruvallur",
    cityname: "Tiruvallur",
    state: "Tamil Nadu",
    metaTitle: "Instant Loans in Tiruvallur | SalaryOnTime",
    metaDis: "Work in Avadi, Gummidipoondi or Ennore? Salaried Tiruvallur residents borrow ₹10,000 to ₹1 lakh online, repaid once on the next salary date.",
    heading: "Instant loans in Tiruvallur",
    banner_dis: "On the edge of Chennai, Tiruvallur's workers keep its factories and ports running. Borrow up to ₹1 lakh online.",
    tag: ["Instant credit", "10-min disbursal", "No collateral"],
    shortdis:
      "Tiruvallur district wraps around Chennai's north and west, and much of the region's heavy work happens here: the defence and engineering establishments at Avadi, the industrial parks at Gummidipoondi and Ponneri, the port and power plants along the Ennore coast, and the warehouses that line the highways out of the city. Suburban trains from Tiruvallur, Avadi and Gummidipoondi carry thousands more into Chennai every morning.@It's a place where people work hard for a monthly salary, and where the hill temple at Tiruttani and the Pulicat lagoon are a short trip away for a family day out. When a bill comes before payday, SalaryOnTime lends salaried Tiruvallur residents ₹10,000 to ₹1 lakh. You apply online, verify your Aadhaar through DigiLocker, and once approved the money usually lands in your account in about 10 minutes. You repay it in one go on your next salary date.@Read [how the charges work](/rate-and-terms) first, and check that your PIN code is in our [service area](/service-area). Then [apply from your phone](/apply-now).",
    cityImg: "bg/city/tiruvallur.svg",
    benifit_title: "What Tiruvallur gets",
    benifit_dis: "A quick, fully online loan with one repayment, so you are never juggling instalments.",
    benifitList: [
      "Borrow ₹10,000 to ₹1 lakh",
      "No need to travel into Chennai",
      "Money in about 10 minutes after approval",
      "Repaid in one go on your salary date",
      "No collateral and no guarantor",
    ],
    apply_title: "How to apply in Tiruvallur",
    apply_dis: "Four short steps from your phone.",
    faq: [
      {
        question: "I get a shift allowance at a port or power plant. What income should I give?",
        ans: "Give your regular monthly salary as it is credited to your bank account. If allowances are paid every month as part of your salary, they will show in your salary slip and bank statement.",
      },
      {
        question: "Do I need my employer's permission?",
        ans: "No. The loan is between you and us. We ask for your employer's name and office address to confirm your employment, and your salary slip and bank statement to confirm your salary.",
      },
      {
        question: "What if my salary date is only a few days away?",
        ans: "Your repayment date is your next salary date that is at least 7 days away. If payday is sooner than that, the loan runs to the following payday, as long as it is no more than 40 days away.",
      },
    ],
    stepData: cityApplySteps,
  },
  {
    id: "26",
    slug: "apply-for-instant-personal-loan-in-nellore",
    cityname: "Nellore",
    state: "Andhra Pradesh",
    metaTitle: "Apply for an Instant Personal Loan in Nellore | SalaryOnTime",
    metaDis:
      "From the paddy fields to the Krishnapatnam port, salaried Nellore residents can borrow ₹10,000 to ₹1 lakh online, usually paid in about 10 minutes.",
    heading: "Apply for an instant personal loan in Nellore",
    banner_dis: "From the paddy fields to the port, Nellore is on the move. Salaried residents can borrow up to ₹1 lakh online.",
    tag: ["Instant credit", "Paperless process", "Up to ₹1 lakh"],
    shortdis:
      "Nellore's name is said to come from 'nellu', the Telugu word for paddy, and rice is still at the heart of the district. So is the sea: aquaculture farms along the coast have made the district a big name in shrimp, and the port at Krishnapatnam, with the power plants nearby, has brought engineers, logistics staff and office workers to the area.@The city's salaried residents, in hospitals, schools, banks, government offices and the port-led industries, earn monthly and spend on the same things as everyone else: fees, family, festivals and the occasional emergency. SalaryOnTime lends them ₹10,000 to ₹1 lakh online. After approval the money is usually in your account in about 10 minutes, and you repay it once, on your next salary date.@No collateral, no guarantor and nothing to print. See the [Rates and terms](/rate-and-terms) page for how the cost is worked out, then [check your eligibility](/apply-now).",
    cityImg: "bg/city/nellore.svg",
    benifit_title: "Why Nellore applies online",
    benifit_dis: "The same product as in the metros, without the trip. You deal directly with the lender from your phone.",
    benifitList: [
      "Borrow ₹10,000 to ₹1 lakh",
      "Money in about 10 minutes after approval",
      "One repayment on your salary date",
      "Reminders before your repayment date",
      "Direct from an RBI-registered NBFC",
    ],
    apply_title: "How to apply in Nellore",
    apply_dis: "Four steps, all online. It helps to have your documents as clear photos or PDFs.",
    faq: [
      {
        question: "My family runs an aquaculture farm and I also have a salaried job. Which income counts?",
        ans: "Only your monthly salary credited to your bank account counts for this loan. Farm income isn't considered, because the loan is repaid in one payment from your next salary.",
      },
      {
        question: "How do I know SalaryOnTime is genuine?",
        ans: "Make sure you're on our official website or app, that the Key Fact Statement carries our company name, and that no one asks you to pay anything before the loan. Our RBI registration, grievance officer and escalation path are on our Grievance redressal page.",
      },
      {
        question: "Will I get a reminder before my repayment date?",
        ans: "Yes. We send SMS and e-mail reminders before your repayment date, and you can check the amount due at any time in your dashboard or on the Pay Now page.",
      },
    ],
    stepData: cityApplySteps,
  },
];

/** The city-link list: id, slug and name of every city, in page order. */
export const cityLinks: CityLink[] = cities.map(({ id, slug, cityname }) => ({ id, slug, cityname }));

/** Every city page keyed by its slug. */
export const citiesBySlug: ReadonlyMap<string, CityPage> = new Map(cities.map((c) => [c.slug, c]));

/** The city page for a slug, or undefined when the slug is not a city page. */
export function getCityBySlug(slug: string): CityPage | undefined {
  return citiesBySlug.get(slug);
}

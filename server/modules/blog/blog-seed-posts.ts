/**
 * The first blog posts, seeded into the database (decision 24). They live with the server
 * (which alone writes the database); pages read posts through the blog service.
 *
 * `long_description` is HTML using only: p, h2, h3, ul, ol, li, strong, em, blockquote,
 * table (with thead, tbody, tr, th, td), and a with an href to one of our own pages
 * (site-relative, starting with '/'). The server sanitises post HTML when it is saved and
 * again when it is shown, so this list is also the allow-list the sanitiser can expect.
 * No computed loan figures (APR, totals) appear here; posts link to /rate-and-terms.
 */

import type { BlogPostInput } from "../../../core/validation/blog.ts";

/** A post as the back office form sends it (core/validation/blog.ts); `long_description` is HTML as above. */
export type BlogPostSeed = BlogPostInput;

/** Tags the post HTML may use (table parts included). */
export const blogAllowedTags = ["p", "h2", "h3", "ul", "ol", "li", "strong", "em", "a", "blockquote", "table", "thead", "tbody", "tr", "th", "td"] as const;

const image = (slug: string): string => `/images/blog/${slug}.svg`;

export const blogPosts: BlogPostSeed[] = [
  {
    slug: "how-salary-day-loans-work",
    title: "How instant salary-day loans work",
    category_name: "Loan basics",
    publish_date: "2026-01-12",
    short_description:
      "A plain guide to salary-day loans: how the repayment date is set, what the loan costs, how the money reaches you, and when such a loan is, and is not, a good idea.",
    seo_title: "How Instant Salary-Day Loans Work | SalaryOnTime Blog",
    seo_description:
      "How a salary-day loan works in India: repayment on your next salary date, 1% daily interest, the processing fee and GST, the KFS and when to use one.",
    thumb_image_url: image("how-salary-day-loans-work"),
    banner_image_url: image("how-salary-day-loans-work"),
    long_description: `<p>Most salaried people know the feeling. Salary arrives, rent and EMIs go out, and then, somewhere around the third week, a bill turns up that can't wait. A salary-day loan exists for exactly that moment. This guide explains how one works, step by step, so you can decide whether it suits you.</p>
<h2>What a salary-day loan is</h2>
<p>A salary-day loan is a small, unsecured personal loan that you repay in <strong>one payment on your next salary date</strong>. There is no EMI schedule and nothing to pledge. At SalaryOnTime you can borrow from ₹10,000 up to ₹1 lakh, and the money usually reaches your bank account in about 10 minutes once your loan is approved.</p>
<p>Because it is repaid from a salary, it is only for salaried people: you need to be 21 to 60 years old, earn at least ₹30,000 a month, and have your salary credited to a bank account.</p>
<h2>How your repayment date is set</h2>
<p>Your repayment date is your <strong>next salary date that is at least 7 and at most 40 days away</strong>. The number of days until then is the tenure of your loan. A few examples make it clear:</p>
<ul>
<li>You are paid on the 1st and apply on the 10th. Your next salary date is about three weeks away, so that is your repayment date.</li>
<li>You are paid on the 1st and apply on the 27th. The 1st is only a few days away, which is less than 7, so the loan runs to the salary date after that.</li>
<li>If we cannot work out your salary date, you choose a tenure between 7 and 40 days yourself.</li>
</ul>
<h2>What it costs</h2>
<p>There are three parts to the cost, and all of them appear in your Key Fact Statement before you accept.</p>
<table>
<thead>
<tr><th>Part</th><th>How it is worked out</th><th>When you pay it</th></tr>
</thead>
<tbody>
<tr><td>Interest</td><td>A flat 1% of the loan amount for each day of the tenure</td><td>With the loan, on your repayment date</td></tr>
<tr><td>Processing fee</td><td>10% of the loan amount</td><td>Deducted when the loan is paid out</td></tr>
<tr><td>GST on the fee</td><td>18% of the processing fee</td><td>Deducted when the loan is paid out</td></tr>
</tbody>
</table>
<p>Two things follow from this. First, <strong>the amount that reaches your account is less than the amount you borrow</strong>, because the fee and GST are taken off at the start. Second, <strong>the number of days matters</strong>: the interest on a loan held for 10 days is a third of the interest on one held for 30. Our <a href="/rate-and-terms">Rates and terms</a> page works through a full example, including the APR.</p>
<h2>How the process goes</h2>
<ol>
<li><strong>Sign up</strong> with your mobile number and a one-time code.</li>
<li><strong>Share your details</strong>: PAN, personal details, home address, salary and a selfie. We check your eligibility and show you an offer with your repayment date.</li>
<li><strong>Complete KYC</strong>: Aadhaar eKYC through DigiLocker, your employer's details, your bank statement and salary slip, and the bank account where you want the money.</li>
<li><strong>Read and sign</strong>: you review the Key Fact Statement, accept it and e-sign the loan agreement.</li>
<li><strong>Receive the money</strong> in your own bank account, usually within 10 minutes of approval and within 1 hour at most.</li>
<li><strong>Repay</strong> on your salary date through the Pay Now page or by bank transfer. We remind you before the date.</li>
</ol>
<p>If you change your mind after the money arrives, you have a <strong>cooling-off period of 3 days</strong> to return the principal with the proportionate APR and close the loan without any penalty.</p>
<h2>When a salary-day loan is a good idea</h2>
<ul>
<li>The cost is urgent and one-off: a medical bill, a repair, a fee deadline, a ticket home.</li>
<li>Your next salary can cover the whole repayment and still leave enough for the month.</li>
<li>The alternative is worse: a bounced payment, a missed fee deadline, or borrowing from an unregistered app.</li>
</ul>
<h2>When it is not</h2>
<ul>
<li>To repay another loan. Borrowing to repay borrowing usually makes the hole deeper.</li>
<li>For something that will take several months to pay off. A longer instalment loan or saving up is the better tool.</li>
<li>When you already know your next salary won't stretch to the repayment.</li>
</ul>
<blockquote>A good rule of thumb: if you couldn't comfortably pay the total back from your next salary, borrow less, or don't borrow yet.</blockquote>
<h2>The bottom line</h2>
<p>A salary-day loan is a short bridge, not a long road. Used for a genuine, short-term need and repaid on time, it can save you a great deal of stress, and it builds your credit history too. If that sounds like what you need, <a href="/apply-now">check your eligibility</a>, or read our guide on <a href="/blog/how-to-read-a-key-fact-statement-and-apr">reading a Key Fact Statement</a> first.</p>`,
  },
  {
    slug: "how-to-read-a-key-fact-statement-and-apr",
    title: "How to read a Key Fact Statement and its APR",
    category_name: "Borrowing wisely",
    publish_date: "2026-01-26",
    short_description:
      "Every RBI-regulated lender must show you a Key Fact Statement before you accept a loan. Here is what each line means, how the APR is worked out, and what to check before you sign.",
    seo_title: "How to Read a Key Fact Statement (KFS) and APR | SalaryOnTime",
    seo_description:
      "What a Key Fact Statement shows, how APR is calculated on the amount you actually receive, why short loans have high APRs, and red flags to watch for.",
    thumb_image_url: image("how-to-read-a-key-fact-statement-and-apr"),
    banner_image_url: image("how-to-read-a-key-fact-statement-and-apr"),
    long_description: `<p>Loan documents used to be long and hard to follow. To fix that, the Reserve Bank of India requires every regulated lender to give you a <strong>Key Fact Statement (KFS)</strong>, a short, standard summary of your loan, <em>before</em> you accept it. If you learn to read one, you can compare any two loans in a couple of minutes.</p>
<h2>What a Key Fact Statement contains</h2>
<p>The KFS follows a standard format and carries a unique proposal number. At SalaryOnTime it includes:</p>
<ul>
<li><strong>Loan amount</strong>: the principal you are borrowing.</li>
<li><strong>Tenure and repayment date</strong>: how many days the loan runs and the date you repay it.</li>
<li><strong>Interest</strong>: the rate and the amount in rupees. Ours is a flat 1% of the principal per day.</li>
<li><strong>Fees and charges</strong>: every charge you pay, such as the processing fee (10% of the principal) and the GST on it (18% of the fee).</li>
<li><strong>Net disbursed amount</strong>: what actually reaches your bank account after deductions.</li>
<li><strong>Total amount payable</strong>: principal plus interest, the figure you repay.</li>
<li><strong>Annual Percentage Rate (APR)</strong>: the whole cost expressed as a yearly rate.</li>
<li><strong>Penal charges</strong>: what applies if you pay late, listed separately.</li>
<li><strong>Cooling-off period</strong>: how long you have to exit the loan without penalty. Ours is 3 days.</li>
<li><strong>Recovery mechanism and grievance contact</strong>: how dues are collected, and whom to call if something goes wrong.</li>
</ul>
<h2>What APR means</h2>
<p>The interest rate alone doesn't tell you what a loan costs, because fees can be larger than the interest, especially on small loans. The APR solves this. It adds <strong>all the interest and every charge you pay</strong>, and works them out as a yearly rate on the <strong>amount you actually receive</strong>, not the headline amount.</p>
<p>For a loan repaid in one payment, the method is:</p>
<ol>
<li>Divide the total you repay by the net amount you received.</li>
<li>Subtract 1. This is the cost as a share of what you received.</li>
<li>Multiply by 365 and divide by the number of days of the loan, to turn it into a yearly rate.</li>
</ol>
<p>For loans repaid in monthly instalments, lenders use the internal rate of return of the payments, multiplied by 12. Either way, the point is the same: a single number that includes everything, which you can compare across lenders. Our <a href="/rate-and-terms">Rates and terms</a> page shows a worked example with real figures from our current terms.</p>
<h2>Why short loans show a high APR</h2>
<p>This surprises many people, so it is worth explaining. A salary-day loan lasts weeks, not years, and it carries a one-time processing fee. When you turn a few weeks' cost into a yearly rate, the result is large: for short loans like ours, the APR runs into hundreds of percent. That isn't a hidden charge. It is the honest annual equivalent of what you pay.</p>
<p>What it tells you is practical: <strong>a short loan is an expensive way to borrow for a long time</strong>. Use it to bridge a few weeks, repay it on time, and don't roll one loan into the next.</p>
<h2>A checklist before you accept</h2>
<table>
<thead>
<tr><th>Check</th><th>Why it matters</th></tr>
</thead>
<tbody>
<tr><td>Net disbursed amount</td><td>Is it enough for what you need, after the fee and GST?</td></tr>
<tr><td>Total payable and repayment date</td><td>Can your next salary cover it and still leave enough for the month?</td></tr>
<tr><td>APR</td><td>Use it to compare offers from different lenders, like for like.</td></tr>
<tr><td>Penal charges</td><td>Know what happens if you are late, before you need to.</td></tr>
<tr><td>Lender's name</td><td>It should be the RBI-regulated entity actually lending to you.</td></tr>
<tr><td>Grievance contact</td><td>Note it down; you may need it one day.</td></tr>
</tbody>
</table>
<h2>Red flags</h2>
<ul>
<li>No KFS at all, or a KFS shown only after the money is sent.</li>
<li>A charge that appears later but was not in the KFS. Under RBI rules, a lender cannot charge a fee that was not in the KFS without your explicit consent.</li>
<li>Someone asking you to pay a fee before the loan is paid out.</li>
<li>A KFS in the name of a company that doesn't match the app or website you used, with no explanation.</li>
</ul>
<blockquote>Read the KFS the way you would read a bill before paying it: line by line, with a calculator nearby if you like.</blockquote>
<p>At SalaryOnTime you acknowledge the KFS before you e-sign, and a copy is sent to you afterwards and kept in your dashboard. When you are ready, <a href="/apply-now">start your application</a>, or read <a href="/blog/how-salary-day-loans-work">how salary-day loans work</a>.</p>`,
  },
  {
    slug: "build-your-credit-score",
    title: "Building a good credit score, one habit at a time",
    category_name: "Credit score",
    publish_date: "2026-02-09",
    short_description:
      "What your credit score measures, what moves it up or down, how to start if you are new to credit, and how to fix a mistake in your credit report.",
    seo_title: "How to Build a Good Credit Score in India | SalaryOnTime Blog",
    seo_description:
      "A practical guide to credit scores in India: what counts, habits that raise your score, starting with no credit history, and correcting report errors.",
    thumb_image_url: image("build-your-credit-score"),
    banner_image_url: image("build-your-credit-score"),
    long_description: `<p>Your credit score is a three-digit summary of how you have handled borrowing. Lenders use it to decide whether to lend to you and on what terms. The good news is that it isn't fixed: it reflects your habits, and habits can change.</p>
<h2>Who keeps your credit record</h2>
<p>In India, banks and NBFCs report your loans and credit cards to credit information companies, often called credit bureaus. There are four of them: TransUnion CIBIL, Experian, Equifax and CRIF High Mark. Each keeps a credit report on you and calculates a score, usually between 300 and 900. The higher the score, the more reliable you look to a lender.</p>
<h2>What moves your score</h2>
<table>
<thead>
<tr><th>Factor</th><th>What helps</th><th>What hurts</th></tr>
</thead>
<tbody>
<tr><td>Repayment history</td><td>Paying every EMI and card bill in full and on time</td><td>Late payments, defaults, settlements</td></tr>
<tr><td>Credit use</td><td>Using a small part of your card limits</td><td>Running cards close to the limit every month</td></tr>
<tr><td>Length of history</td><td>Keeping old, well-managed accounts open</td><td>Closing your oldest card without need</td></tr>
<tr><td>Credit mix</td><td>A sensible mix of loans and cards over time</td><td>Relying only on many small unsecured loans</td></tr>
<tr><td>New applications</td><td>Applying only when you need credit</td><td>Applying to many lenders in a short time</td></tr>
</tbody>
</table>
<p>Of these, <strong>paying on time</strong> matters most. One missed payment can stay on your report for years, while a steady record of on-time payments slowly lifts your score.</p>
<h2>Habits that build a strong score</h2>
<ol>
<li><strong>Automate your payments.</strong> Set up auto-debit for EMIs and at least the minimum due on cards, timed for just after your salary arrives.</li>
<li><strong>Pay card bills in full.</strong> Paying only the minimum keeps you out of default but builds expensive interest, and a high balance counts against you.</li>
<li><strong>Keep card use low.</strong> Try to use less than about a third of your total limit. If you often need more, ask yourself why before asking for a higher limit.</li>
<li><strong>Borrow when you need to, not because you can.</strong> Every application leads to a hard enquiry, and many enquiries close together suggest you are short of money.</li>
<li><strong>Check your report regularly.</strong> You are entitled to one free full credit report a year from each of the four bureaus, and checking your own report does not lower your score.</li>
</ol>
<h2>If you are new to credit</h2>
<p>Having no history isn't the same as having bad history, but it does leave lenders with little to go on. Ways to start:</p>
<ul>
<li>A credit card against a fixed deposit, used lightly and paid in full every month.</li>
<li>A small loan that you are sure you can repay, paid back on time. At SalaryOnTime, people who are new to credit are welcome to apply, and we report every loan to the bureaus, so repaying on your salary date helps build your record.</li>
<li>Patience: a few months of on-time payments start to show.</li>
</ul>
<h2>Fixing a mistake in your report</h2>
<p>Errors happen: a loan you closed still shows as open, or an account that isn't yours appears. If you find one:</p>
<ol>
<li>Raise a dispute with the credit bureau through its website, with any proof you have, such as a closure letter.</li>
<li>Tell the lender concerned as well, because the lender must send the correction to the bureau.</li>
<li>Keep the reference numbers. Under RBI rules, lenders and bureaus must resolve complaints about credit information within 30 days, and they owe you compensation for each day of delay beyond that.</li>
</ol>
<h2>Rebuilding after a bad patch</h2>
<p>If you have missed payments, the best time to start repairing your score is today. Bring overdue accounts up to date, talk to your lender about a plan if you are struggling, and avoid new credit for a while. A settled account is better than an unpaid one, but paying in full, even late, looks better than a settlement. Over the following months, on-time payments will gradually outweigh the old marks.</p>
<blockquote>A credit score isn't a judgement of you. It is a record of habits, and it rewards the boring ones: paying on time, borrowing only what you need, and checking your report.</blockquote>
<p>Want to understand what a short loan costs before you take one? Read <a href="/blog/how-to-read-a-key-fact-statement-and-apr">how to read a Key Fact Statement</a>, or see our <a href="/faq">FAQ</a>.</p>`,
  },
  {
    slug: "plan-for-financial-emergencies",
    title: "Planning for emergencies on a monthly salary",
    category_name: "Money planning",
    publish_date: "2026-02-23",
    short_description:
      "An emergency fund, the right insurance and a little paperwork done in advance can turn a crisis into an inconvenience. Here is a realistic plan for salaried people.",
    seo_title: "How to Plan for Financial Emergencies | SalaryOnTime Blog",
    seo_description:
      "A realistic emergency plan for salaried Indians: building an emergency fund, health and term insurance, a document kit, and borrowing safely if you must.",
    thumb_image_url: image("plan-for-financial-emergencies"),
    banner_image_url: image("plan-for-financial-emergencies"),
    long_description: `<p>Emergencies are, by definition, hard to predict. But the kinds of emergencies most families face are not a mystery: illness, a job loss, a major repair, a family crisis far from home. You can't stop them happening, but you can make sure they don't knock your finances over. Here is a realistic plan for anyone living on a monthly salary.</p>
<h2>1. Build an emergency fund, starting small</h2>
<p>An emergency fund is money set aside only for genuine emergencies. The usual target is <strong>three to six months of essential expenses</strong>: rent or home loan EMI, groceries, utilities, school fees, insurance premiums and other loan EMIs. It sounds like a lot, and it is, which is why you should not wait until you can do it all at once.</p>
<ul>
<li><strong>Start with one month.</strong> Even a month's essentials saved changes how an emergency feels.</li>
<li><strong>Pay yourself first.</strong> Set up a standing instruction to move a fixed amount the day after your salary arrives, before you spend anything.</li>
<li><strong>Use windfalls.</strong> A bonus, an increment's arrears or a tax refund can jump-start the fund.</li>
</ul>
<p>Keep the fund somewhere safe and easy to reach but not <em>too</em> easy: a separate savings account, a sweep-in fixed deposit, or a liquid mutual fund. It should not be in shares, and it should not be on the same card you use for shopping.</p>
<h2>2. Get the insurance that matters</h2>
<p>Insurance turns the biggest emergencies into manageable ones.</p>
<ul>
<li><strong>Health insurance.</strong> Your employer's group cover is valuable, but it usually ends when you leave the job and may not be enough for a serious illness. A personal family floater policy fills that gap. Check the room-rent limits and waiting periods.</li>
<li><strong>Term life insurance.</strong> If anyone depends on your income, a term plan protects them at a low cost. It is pure protection, with no investment attached.</li>
<li><strong>Two-wheeler and home contents insurance</strong> are inexpensive and save a lot of stress after a theft or a flood.</li>
</ul>
<h2>3. Prepare an emergency kit of documents</h2>
<p>In a crisis, time goes on finding papers. Keep these in one safe place, with digital copies in DigiLocker or a password-protected folder:</p>
<ul>
<li>Health insurance cards and policy numbers, and the insurer's claim helpline</li>
<li>PAN, Aadhaar (a masked copy is enough for most uses) and passport</li>
<li>Bank account details and the name of each account's nominee</li>
<li>A list of regular medicines and blood groups for the family</li>
<li>Employer HR contact and your employee ID</li>
</ul>
<p>Tell one trusted family member where everything is.</p>
<h2>4. Know your order of options</h2>
<p>When an emergency arrives, it helps to have decided in advance which money you reach for first.</p>
<table>
<thead>
<tr><th>Situation</th><th>First step</th><th>If that is not enough</th></tr>
</thead>
<tbody>
<tr><td>Hospital admission</td><td>Ask the insurance desk about cashless treatment</td><td>Emergency fund, then a short loan to cover the gap</td></tr>
<tr><td>Urgent repair</td><td>Emergency fund</td><td>A short loan repaid from your next salary</td></tr>
<tr><td>Job loss</td><td>Emergency fund; cut non-essential spending at once</td><td>Talk to your lenders early about your EMIs</td></tr>
<tr><td>Family crisis far away</td><td>Emergency fund for travel</td><td>A short loan for tickets, repaid from salary</td></tr>
</tbody>
</table>
<h2>5. If you need to borrow, borrow safely</h2>
<p>Sometimes the fund isn't big enough yet, and that's all right. Borrowing for a real emergency is sensible when you do it carefully:</p>
<ul>
<li><strong>Use a regulated lender.</strong> A bank or an RBI-registered NBFC, with its registration and grievance officer on its website.</li>
<li><strong>Read the Key Fact Statement.</strong> Check the amount you will receive, the total you will repay and the date. See our guide to <a href="/blog/how-to-read-a-key-fact-statement-and-apr">reading a KFS</a>.</li>
<li><strong>Match the loan to your repayment capacity.</strong> A salary-day loan, like our <a href="/apply-for-emergency-personal-loan">emergency personal loan</a>, is repaid in one go from your next salary, so it suits a gap of a few weeks, not months.</li>
<li><strong>Never pay anyone upfront</strong> to get a loan.</li>
</ul>
<h2>6. After the emergency, rebuild</h2>
<p>Once things settle, repay what you borrowed first, then restart your monthly transfer to the emergency fund. Note what the emergency taught you: perhaps your health cover needs topping up, or your fund needs to be bigger than you thought.</p>
<blockquote>An emergency fund doesn't make emergencies smaller. It makes them shorter, because you spend your energy on the problem instead of on finding money.</blockquote>
<p>Have questions about how our loans work in an emergency? Read our <a href="/faq">FAQ</a> or <a href="/contact-salaryontime">talk to us</a>.</p>`,
  },
  {
    slug: "aadhaar-ekyc-with-digilocker-explained",
    title: "Aadhaar eKYC with DigiLocker, explained safely",
    category_name: "KYC and safety",
    publish_date: "2026-03-09",
    short_description:
      "What happens when you complete Aadhaar eKYC through DigiLocker, what a lender receives and keeps, why your Aadhaar should be masked, and why you should never share an OTP.",
    seo_title: "Aadhaar eKYC with DigiLocker Explained | SalaryOnTime Blog",
    seo_description:
      "How Aadhaar eKYC through DigiLocker works for loans, what data the lender gets, masked Aadhaar, and simple rules to keep your OTP and identity safe.",
    thumb_image_url: image("aadhaar-ekyc-with-digilocker-explained"),
    banner_image_url: image("aadhaar-ekyc-with-digilocker-explained"),
    long_description: `<p>Every regulated lender in India must confirm who you are before lending to you. This is called KYC, short for Know Your Customer. Not long ago it meant photocopies, signatures and sometimes a visit from an agent. Today it can be done in a couple of minutes through <strong>DigiLocker</strong>. Here is how it works, what we receive, and how to keep yourself safe while doing it.</p>
<h2>What DigiLocker is</h2>
<p>DigiLocker is the Government of India's digital document wallet. Documents in it, such as your Aadhaar details, come directly from the issuing authority, so they can't be forged or edited. When you share a document from DigiLocker, you do it from your own account, and you decide who receives it.</p>
<h2>How eKYC through DigiLocker works</h2>
<ol>
<li><strong>You start eKYC in our application.</strong> We send you to DigiLocker's own sign-in page.</li>
<li><strong>You sign in to DigiLocker</strong> with your Aadhaar number or registered mobile number, and confirm with the one-time code sent to your mobile. You type this code only on the DigiLocker page.</li>
<li><strong>DigiLocker shows you a consent screen</strong> that says exactly which details SalaryOnTime is asking for. You choose to allow or deny.</li>
<li><strong>You return to our application</strong>, and we receive the details you agreed to share, directly from DigiLocker.</li>
</ol>
<p>At no point do you give us your DigiLocker password or your one-time code. The whole exchange happens between you and DigiLocker, and we only get the result.</p>
<h2>What we receive, and what we keep</h2>
<p>For KYC we need your name, date of birth, gender and address, together with a reference that proves the details came from DigiLocker. That is all we keep from the DigiLocker response.</p>
<p>What we <strong>do not</strong> keep is your full Aadhaar number. We store only its <strong>last four digits</strong>, and wherever it appears it is shown masked, like this: <strong>XXXX-XXXX-1234</strong>. This follows UIDAI's rules, which do not allow lenders to store or display full Aadhaar numbers without the safeguards that the law requires.</p>
<h2>Masked Aadhaar: use it everywhere you can</h2>
<p>UIDAI lets you download a <strong>masked Aadhaar</strong>, which shows only the last four digits of your number. It is accepted for most everyday purposes, such as hotel check-ins and many kinds of address proof. If someone asks for a copy of your Aadhaar and doesn't need the full number, give them the masked version.</p>
<h2>Golden rules for your OTP</h2>
<ul>
<li><strong>Never share an OTP with anyone</strong>, in person, on the phone, by SMS or on WhatsApp. Not with a caller who says they are from a bank, a lender, UIDAI or the police.</li>
<li><strong>Type an OTP only on the page where you started the action yourself</strong>, and check that the page is the genuine one.</li>
<li><strong>Read the OTP message.</strong> It usually says what the code is for. If it is for something you didn't start, don't use it.</li>
<li><strong>No genuine lender needs your OTP to "verify" or "unlock" a loan over the phone.</strong> At SalaryOnTime, our staff will never ask you for one.</li>
</ul>
<blockquote>An OTP is like the key to your front door. You use it yourself; you never hand it to a stranger who rings the bell.</blockquote>
<h2>More ways to protect your Aadhaar</h2>
<ul>
<li><strong>Lock your biometrics</strong> through UIDAI's website or the mAadhaar app, and unlock them only when you need them.</li>
<li><strong>Use a Virtual ID</strong>, a temporary 16-digit number you can generate instead of sharing your Aadhaar number for authentication.</li>
<li><strong>Check your Aadhaar authentication history</strong> on UIDAI's website now and then. If you see an authentication you don't recognise, report it.</li>
<li><strong>Keep your Aadhaar-linked mobile number current</strong>, so that OTPs reach you and not an old SIM.</li>
</ul>
<h2>What if eKYC doesn't work?</h2>
<p>Sometimes DigiLocker is busy, or your Aadhaar-linked mobile number has changed. In that case you can try again later, or update your mobile number at an Aadhaar centre. Our support team can tell you what other options are available for your application. Whatever happens, don't send a photo of your Aadhaar card to anyone who contacts you on a messaging app claiming they can "complete your KYC" for you.</p>
<p>We take your data seriously. Read our <a href="/privacy-policy">privacy policy</a> to see exactly what we collect and why, or <a href="/apply-now">start your application</a>.</p>`,
  },
  {
    slug: "avoid-loan-app-fraud-know-your-rights",
    title: "Avoiding loan-app fraud, and your rights under RBI digital lending rules",
    category_name: "Your rights",
    publish_date: "2026-03-23",
    short_description:
      "Fake loan apps trap people with hidden fees, harassment and data theft. Learn the warning signs, how to check a lender, your rights under RBI digital lending rules, and what to do if you are targeted.",
    seo_title: "Avoid Loan App Fraud: Your RBI Digital Lending Rights | SalaryOnTime",
    seo_description:
      "Spot fake loan apps, verify an RBI-registered lender, know your rights (KFS, cooling-off, data, recovery) and what to do if a loan app harasses you.",
    thumb_image_url: image("avoid-loan-app-fraud-know-your-rights"),
    banner_image_url: image("avoid-loan-app-fraud-know-your-rights"),
    long_description: `<p>Instant loans have helped many people through a difficult month. They have also attracted fraudsters: apps that charge fees and never lend, lenders who aren't registered with anyone, and recovery gangs that harass borrowers and their families. The good news is that the Reserve Bank of India's digital lending rules give you clear rights, and a few simple checks keep you safe.</p>
<h2>Warning signs of a fraudulent loan app</h2>
<ul>
<li><strong>It asks for money first.</strong> A "registration fee", "file charge", "insurance" or "GST" to be paid before the loan. A genuine lender deducts its disclosed fee from the loan, or bills it openly; it doesn't ask you to transfer money to unlock a loan.</li>
<li><strong>It wants your contacts, photos or call logs.</strong> Regulated lenders are not allowed to access these. An app that insists on them is usually planning to use them to pressure you later.</li>
<li><strong>You can't find the lender's name.</strong> Every digital loan must come from an RBI-regulated bank or NBFC, and the app or website must say which one.</li>
<li><strong>There is no Key Fact Statement</strong>, or the terms appear only after the money is sent.</li>
<li><strong>The loan is smaller than promised and the repayment is due in days</strong>, with charges you never agreed to.</li>
<li><strong>It arrives through a link on WhatsApp, Telegram or SMS</strong> rather than from an official app store or the lender's website.</li>
</ul>
<h2>How to check a lender in five minutes</h2>
<ol>
<li>Find the name of the bank or NBFC behind the app. It should be on the website, in the app and in the KFS.</li>
<li>Search for that company on the Reserve Bank of India's website, which lists registered NBFCs. RBI's website also carries a list of digital lending apps reported by regulated lenders.</li>
<li>Check that the lender's own website lists the app you are using, its grievance officer, and any agents or partners it works with.</li>
<li>Read the privacy policy. Does it say what data the app collects and why?</li>
<li>If anything doesn't match, stop.</li>
</ol>
<h2>Your rights under RBI digital lending rules</h2>
<table>
<thead>
<tr><th>Your right</th><th>What it means for you</th></tr>
</thead>
<tbody>
<tr><td>A Key Fact Statement before you sign</td><td>Every charge, the total payable and the APR, in a standard format, before you accept</td></tr>
<tr><td>No undisclosed charges</td><td>A fee not shown in the KFS cannot be charged later without your explicit consent</td></tr>
<tr><td>Money to your own account</td><td>The loan is paid directly into your bank account, not through a third party</td></tr>
<tr><td>Repayment to the lender</td><td>You repay directly to the lender's account, never to an agent's personal account</td></tr>
<tr><td>Cooling-off period</td><td>You can exit the loan in the first few days by repaying the principal and proportionate APR, without penalty</td></tr>
<tr><td>Consent for your data</td><td>Only data needed for the loan, with your explicit consent; no access to contacts, media or call logs</td></tr>
<tr><td>Fair recovery</td><td>No threats, abuse or shaming; calls only between 8 am and 7 pm; agents must identify themselves</td></tr>
<tr><td>A grievance officer</td><td>A named person to complain to, shown on the lender's website and app</td></tr>
<tr><td>The RBI Ombudsman</td><td>If your complaint isn't resolved within 30 days, you can escalate to the RBI Integrated Ombudsman</td></tr>
</tbody>
</table>
<h2>If a loan app is harassing you</h2>
<ol>
<li><strong>Don't pay under pressure</strong> into any personal account or UPI ID.</li>
<li><strong>Keep evidence</strong>: screenshots of messages, call recordings if you have them, and the app's name and payment details.</li>
<li><strong>Report cyber fraud</strong> on the national cybercrime portal, cybercrime.gov.in, or call the helpline 1930. If you are threatened, go to your local police station.</li>
<li><strong>Complain about the lender</strong>: first to the lender's grievance officer if it is a regulated entity, then to the RBI Integrated Ombudsman at cms.rbi.org.in. RBI's Sachet portal accepts reports about entities that lend without being regulated.</li>
<li><strong>Tell your contacts</strong>, if the app has their numbers, that any message about you is harassment and should be ignored.</li>
</ol>
<blockquote>You are never obliged to pay a fee you were not told about, to a person you cannot identify, into an account that isn't the lender's.</blockquote>
<h2>How we do it at SalaryOnTime</h2>
<p>We are an RBI-registered NBFC and we lend directly, through our own website and apps. We never ask for money before a loan: the processing fee is deducted at payout and shown in the KFS first. We never access your contacts, call logs or photos; we use your camera once, for your selfie, with your permission. Our grievance officer, nodal officer and the route to the RBI Ombudsman are on our <a href="/grievance-redressal">grievance redressal page</a>.</p>
<p>If someone contacts you in our name and something feels wrong, <a href="/contact-salaryontime">tell us</a> before you do anything else.</p>`,
  },
];

/** Posts keyed by slug. */
export const blogPostsBySlug: ReadonlyMap<string, BlogPostSeed> = new Map(blogPosts.map((p) => [p.slug, p]));

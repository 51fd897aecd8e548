import { Link } from "react-router";
import type { Route } from "./+types/rate-and-terms.ts";
import { PRODUCT } from "../../../core/product.ts";
import { productIllustration, quoteSingle } from "../../../core/loan-math/index.ts";
import { formatINR } from "../../../core/format.ts";
import { rateAndTermsCopy as C } from "../../content/pages.ts";
import { PublicErrorBoundary } from "../../components/public/error-view.tsx";
import { LoanBreakdownBar, WorkedExample } from "../../components/public/loan-figures.tsx";
import { REPRESENTATIVE, salaryDayLoanLd } from "../../lib/loan-product.ts";
import { breadcrumbLd, pageMeta } from "../../lib/seo.ts";
import { STATIC_PAGE, loadAsDocument } from "../../lib/page-handle.ts";

/** Plain HTML plus the public-site island; no React in the browser (root.tsx). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

const P = PRODUCT.singleLoan;
/** Worked examples: the representative loan plus the shortest and longest tenures. */
const EXAMPLES = [
  REPRESENTATIVE,
  { principal: P.amount.min, tenureDays: P.tenureDays.min },
  { principal: P.amount.max, tenureDays: P.tenureDays.max },
];

/** Every figure is computed from core/product.ts by core/ loan math at render time (decisions 3-4). */
export function loader() {
  const illustration = PRODUCT.instalmentIllustration;
  return {
    examples: EXAMPLES.map((e) => quoteSingle(e)),
    instalment: { ...productIllustration(), config: illustration },
    product: P,
    eligibility: PRODUCT.eligibility,
  };
}

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: C.metaTitle,
    description: C.metaDis,
    path: "/rate-and-terms",
    jsonLd: [breadcrumbLd([{ name: "Rates and terms", path: "/rate-and-terms" }]), salaryDayLoanLd("/rate-and-terms")],
  });

export default function RateAndTerms({ loaderData }: Route.ComponentProps) {
  const { examples, instalment, product } = loaderData;
  const [main, ...others] = examples;
  const rows: [string, string][] = [
    ["Loan amount", `${formatINR(product.amount.min)} to ${formatINR(product.amount.max)}`],
    ["Repayment", `One payment on your next salary date, ${product.tenureDays.min} to ${product.tenureDays.max} days away`],
    ["Interest", `${product.interestPercentPerDay}% of the loan amount per day (flat)`],
    ["Processing fee", `${product.processingFeePercent}% of the loan amount, deducted at payout`],
    ["GST", `${product.gstPercent}% of the processing fee, deducted at payout`],
    ["Cooling-off period", `${product.coolingOffDays} days after payout`],
    ["Collateral or guarantor", "None"],
  ];
  return (
    <main id="main" className="page page-narrow prose">
      <h1>{C.pageHeading}</h1>
      <p>{C.intro}</p>
      <section className="section" aria-labelledby="product-title">
        <h2 id="product-title">{C.productHeading}</h2>
        <p>{C.productText}</p>
        <div className="table-wrap">
          <table className="figure-table">
            <caption className="visually-hidden">Charges and terms of the salary-day loan</caption>
            <tbody>
              {rows.map(([k, v]) => (
                <tr key={k}><th scope="row">{k}</th><td>{v}</td></tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="section" aria-labelledby="example-title">
        <h2 id="example-title">{C.exampleHeading}: {formatINR(main.principal)} for {main.tenureDays} days</h2>
        <p>{C.exampleText}</p>
        <LoanBreakdownBar quote={main} />
        <WorkedExample quote={main} caption={`Worked example: ${formatINR(main.principal)} for ${main.tenureDays} days`} />
        {others.map((q) => (
          <div key={`${q.principal}-${q.tenureDays}`}>
            <h3>{formatINR(q.principal)} for {q.tenureDays} days</h3>
            <WorkedExample quote={q} caption={`Worked example: ${formatINR(q.principal)} for ${q.tenureDays} days`} />
          </div>
        ))}
      </section>
      <section className="section" aria-labelledby="apr-title">
        <h2 id="apr-title">{C.aprHeading}</h2>
        <p>{C.aprText}</p>
        <p>
          For the first example: ({formatINR(main.totalRepayable)} ÷ {formatINR(main.netDisbursal)} − 1) × 365 ÷ {main.tenureDays} = <strong>{main.apr.toFixed(2)}%</strong>.
        </p>
      </section>
      <section className="section" aria-labelledby="instalment-title">
        <h2 id="instalment-title">{C.instalmentHeading}</h2>
        <p>{C.instalmentText}</p>
        <div className="table-wrap">
          <table className="figure-table">
            <caption className="visually-hidden">Instalment loan illustration</caption>
            <tbody>
              <tr><th scope="row">Loan amount</th><td>{formatINR(instalment.config.principal)}</td></tr>
              <tr><th scope="row">Term</th><td>{instalment.config.months} months</td></tr>
              <tr><th scope="row">Annual interest rate (reducing balance)</th><td>{instalment.config.annualRatePercent}%</td></tr>
              <tr><th scope="row">Processing fee ({instalment.config.feePercent}%) and GST</th><td>{formatINR(instalment.fee)} + {formatINR(instalment.gst)}</td></tr>
              <tr><th scope="row">Amount received</th><td>{formatINR(instalment.disbursed)}</td></tr>
              <tr><th scope="row">Monthly instalment</th><td>{formatINR(instalment.emi)}</td></tr>
              <tr><th scope="row">Total interest</th><td>{formatINR(instalment.interest)}</td></tr>
              <tr><th scope="row">Total repaid</th><td>{formatINR(instalment.total)}</td></tr>
              <tr><th scope="row">APR</th><td>{instalment.apr.toFixed(2)}%</td></tr>
            </tbody>
          </table>
        </div>
      </section>
      <section className="section" aria-labelledby="who-title">
        <h2 id="who-title">{C.eligibilityHeading}</h2>
        <p>{C.eligibilityText}</p>
        <h2>{C.coolingOffHeading}</h2>
        <p>{C.coolingOffText}</p>
        <p>{C.payoutText}</p>
        <p><Link className="btn btn-primary" to="/apply-now">Apply Now</Link></p>
      </section>
    </main>
  );
}

export const ErrorBoundary = PublicErrorBoundary;

import { Link } from "react-router";
import type { Route } from "./+types/rate-and-terms.ts";
import { PRODUCT } from "../../../core/product.ts";
import { productIllustration, quoteSingle } from "../../../core/loan-math/index.ts";
import { formatINR, formatPaise } from "../../../core/format.ts";
import { rateAndTermsCopyIn } from "../../content/pages.hi.ts";
import { PublicErrorBoundary } from "../../components/public/error-view.tsx";
import { FigureTable, LoanBreakdownBar, WorkedExample } from "../../components/public/loan-figures.tsx";
import { REPRESENTATIVE, salaryDayLoanLd } from "../../lib/loan-product.ts";
import { breadcrumbLd, pageMeta } from "../../lib/seo.ts";
import { STATIC_PAGE, loadAsDocument } from "../../lib/page-handle.ts";
import { calculatorWords } from "../../components/public/loan-calculator.tsx";
import { addressLanguage, useLocalizedPath, useRichT, useT } from "../../lib/i18n.tsx";
import { splitLanguagePath } from "../../../core/i18n/index.ts";

/** Plain HTML plus the public-site island; no React in the browser (root.tsx). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

const P = PRODUCT.singleLoan;
/** Worked examples: the representative loan plus the shortest and longest tenures. */
const EXAMPLES = [REPRESENTATIVE, { principal: P.amount.min, tenureDays: P.tenureDays.min }, { principal: P.amount.max, tenureDays: P.tenureDays.max }];

/** Every figure is computed from core/product.ts by core/ loan math at render time (decisions 3-4). */
export function loader({ request }: Route.LoaderArgs) {
  const illustration = PRODUCT.instalmentIllustration;
  return {
    copy: rateAndTermsCopyIn(addressLanguage(request.url)),
    examples: EXAMPLES.map((e) => quoteSingle(e)),
    instalment: { ...productIllustration(), config: illustration },
    product: P,
    eligibility: PRODUCT.eligibility,
  };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = splitLanguagePath(location.pathname).lang;
  const C = rateAndTermsCopyIn(lang);
  return pageMeta({
    title: C.metaTitle,
    description: C.metaDis,
    path: "/rate-and-terms",
    lang,
    jsonLd: [breadcrumbLd([{ name: "Rates and terms", path: "/rate-and-terms" }]), salaryDayLoanLd("/rate-and-terms")],
  });
};

export default function RateAndTerms({ loaderData }: Route.ComponentProps) {
  const { examples, instalment, product, copy: C } = loaderData;
  const t = useT();
  const rich = useRichT();
  const to = useLocalizedPath();
  const [main, ...others] = examples;
  const example = (q: (typeof examples)[number]) => t("public.rates.example", { amount: formatPaise(q.principalPaise), days: q.tenureDays });
  const rows: [string, string][] = [
    [t("public.rates.amount"), t("public.rates.amountValue", { min: formatINR(product.amount.min), max: formatINR(product.amount.max) })],
    [t("public.rates.repayment"), t("public.rates.repaymentValue", { min: product.tenureDays.min, max: product.tenureDays.max })],
    [t("public.rates.interest"), t("public.rates.interestValue", { percent: product.interestPercentPerDay })],
    [t("public.rates.fee"), t("public.rates.feeValue", { percent: product.processingFeePercent })],
    [t("public.rates.gst"), t("public.rates.gstValue", { percent: product.gstPercent })],
    [t("public.rates.coolingOff"), t("public.rates.coolingOffValue", { days: product.coolingOffDays })],
    [t("public.rates.collateral"), t("public.rates.none")],
  ];
  const illustration: [string, string][] = [
    [t("public.rates.amount"), formatINR(instalment.config.principal)],
    [t("public.rates.term"), t("public.rates.months", { months: instalment.config.months })],
    [t("public.rates.annualRate"), `${instalment.config.annualRatePercent}%`],
    [t("public.rates.feeAndGst", { percent: instalment.config.feePercent }), `${formatINR(instalment.fee)} + ${formatINR(instalment.gst)}`],
    [t("public.rates.received"), formatINR(instalment.disbursed)],
    [t("public.rates.emi"), formatINR(instalment.emi)],
    [t("public.rates.totalInterest"), formatINR(instalment.interest)],
    [t("public.rates.totalRepaid"), formatINR(instalment.total)],
    [t("public.rates.apr"), `${instalment.apr.toFixed(2)}%`],
  ];
  return (
    <main id="main" className="page page-narrow prose">
      <h1>{C.pageHeading}</h1>
      <p>{C.intro}</p>
      <section className="section" aria-labelledby="product-title">
        <h2 id="product-title">{C.productHeading}</h2>
        <p>{C.productText}</p>
        <FigureTable caption={t("public.rates.caption")} rows={rows} />
      </section>
      <section className="section" aria-labelledby="example-title">
        <h2 id="example-title">
          {C.exampleHeading}: {example(main)}
        </h2>
        <p>{C.exampleText}</p>
        <LoanBreakdownBar quote={main} words={calculatorWords(t)} />
        <WorkedExample quote={main} caption={`${C.exampleHeading}: ${example(main)}`} />
        {others.map((q) => (
          <div key={`${q.principalPaise}-${q.tenureDays}`}>
            <h3>{example(q)}</h3>
            <WorkedExample quote={q} caption={`${C.exampleHeading}: ${example(q)}`} />
          </div>
        ))}
      </section>
      <section className="section" aria-labelledby="apr-title">
        <h2 id="apr-title">{C.aprHeading}</h2>
        <p>{C.aprText}</p>
        <p>
          {rich("public.rates.aprFirst", {
            repay: formatPaise(main.totalRepayablePaise),
            net: formatPaise(main.netDisbursalPaise),
            days: main.tenureDays,
            apr: `${main.apr.toFixed(2)}%`,
            b: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
      </section>
      <section className="section" aria-labelledby="instalment-title">
        <h2 id="instalment-title">{C.instalmentHeading}</h2>
        <p>{C.instalmentText}</p>
        <FigureTable caption={t("public.rates.instalmentCaption")} rows={illustration} />
      </section>
      <section className="section" aria-labelledby="who-title">
        <h2 id="who-title">{C.eligibilityHeading}</h2>
        <p>{C.eligibilityText}</p>
        <h2>{C.coolingOffHeading}</h2>
        <p>{C.coolingOffText}</p>
        <p>{C.payoutText}</p>
        <p>
          <Link className="btn btn-primary" to={to("/apply-now")}>
            {t("chrome.applyNow")}
          </Link>
        </p>
      </section>
    </main>
  );
}

export const ErrorBoundary = PublicErrorBoundary;

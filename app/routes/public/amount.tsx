import { data } from "react-router";
import type { Route } from "./+types/amount.ts";
import { getAmountPage } from "../../content/amounts.ts";
import { quoteSingle } from "../../../core/loan-math/index.ts";
import { formatMoney } from "../../../core/format.ts";
import { PublicErrorBoundary } from "../../components/public/error-view.tsx";
import { LoanBreakdownBar, WorkedExample } from "../../components/public/loan-figures.tsx";
import { RichText } from "../../components/public/rich-text.tsx";
import { salaryDayLoanLd } from "../../lib/loan-product.ts";
import { breadcrumbLd, pageMeta } from "../../lib/seo.ts";
import { LoanPageBanner } from "../../components/public/loan-page-banner.tsx";
import { STATIC_PAGE, loadAsDocument } from "../../lib/page-handle.ts";

/** Plain HTML plus the public-site island; no React in the browser (root.tsx). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

/** `/amount/{slug}`: one loan-amount landing page with a worked example from core/ loan math. */
export function loader({ params }: Route.LoaderArgs) {
  const page = getAmountPage(params.slug);
  if (!page) throw data(null, { status: 404, statusText: "Not Found" });
  return { page, quote: quoteSingle({ principal: page.amount, tenureDays: page.exampleTenureDays }) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { page } = loaderData;
  const path = `/amount/${page.slugs}`;
  return pageMeta({
    title: page.metaTitle,
    description: page.metaDis,
    path,
    image: `/${page.bannerImg}`,
    jsonLd: [breadcrumbLd([{ name: page.heading, path }]), salaryDayLoanLd(path, page.heading)],
  });
};

export default function AmountPage({ loaderData }: Route.ComponentProps) {
  const { page, quote } = loaderData;
  return (
    <main id="main">
      <LoanPageBanner
        kicker={`Loan amount: ${page.loan_Amt === "1 Lakh" ? "₹1 lakh" : formatMoney(Number(page.loan_Amt))}`}
        heading={page.heading}
        lead={page.banner_Dis}
        tags={page.tag}
        image={{ src: page.bannerImg, alt: "" }}
      />
      <div className="page">
        <section className="section prose" aria-labelledby="sub-title">
          <h2 id="sub-title">{page.subHeading}</h2>
          <RichText text={page.discription} />
        </section>
        <section className="section" aria-labelledby="example-title">
          <h2 id="example-title">Worked example: {page.heading.replace(" instant personal loan", "")} for {quote.tenureDays} days</h2>
          <LoanBreakdownBar quote={quote} />
          <WorkedExample quote={quote} caption={`Worked example for ${page.heading}`} />
          <p className="hint">Your own figures depend on your repayment date and are shown in your Key Fact Statement before you accept.</p>
        </section>
      </div>
    </main>
  );
}

export const ErrorBoundary = PublicErrorBoundary;

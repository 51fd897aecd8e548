import { Link } from "react-router";
import type { Route } from "./+types/home.ts";
import { cityLinks } from "../../content/cities.ts";
import { homeFaq } from "../../content/faq.ts";
import { homeHighlights, howItWorks } from "../../content/pages.ts";
import { CityLinkList } from "../../components/public/city-link-list.tsx";
import { FaqAccordion } from "../../components/public/faq-accordion.tsx";
import { LoanCalculator } from "../../components/public/loan-calculator.tsx";
import { PublicErrorBoundary } from "../../components/public/error-view.tsx";
import { faqPageLd, pageMeta } from "../../lib/seo.ts";
import { salaryDayLoanLd } from "../../lib/loan-product.ts";
import { STATIC_PAGE, loadAsDocument } from "../../lib/page-handle.ts";

/** Plain HTML plus the public-site island; no React in the browser (root.tsx). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

export function loader() {
  const faq = homeFaq.map(({ question, answer }) => ({ question, answer }));
  return {
    howItWorks,
    highlights: homeHighlights,
    faq,
    cities: cityLinks.map(({ slug, cityname }) => ({ slug, cityname })),
    // Built on the server so the JSON-LD builders stay out of the home page's JavaScript.
    jsonLd: [faqPageLd(faq), salaryDayLoanLd("/")],
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: "SalaryOnTime: Instant Salary-Day Loans up to ₹1 Lakh",
    description: "Short-term personal loans for salaried people in India, from ₹10,000 to ₹1 lakh, paid out in about 10 minutes and repaid on your next salary day.",
    path: "/",
    jsonLd: loaderData?.jsonLd,
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { howItWorks: steps, highlights, faq, cities } = loaderData;
  const spotlight = highlights.filter((h) => h.id === "amount" || h.id === "speed");
  const rest = highlights.filter((h) => h.id !== "amount" && h.id !== "speed");
  return (
    <main id="main">
      <section className="banner" aria-labelledby="hero-title">
        <div className="banner-inner">
          <div>
            <span className="banner-kicker">Salary-day loans for salaried India</span>
            <h1 id="hero-title">Instant salary-day loans up to ₹1 lakh</h1>
            <p className="banner-lead">Borrow ₹10,000 to ₹1 lakh online, get the money in about 10 minutes, and repay it in one go on your next salary day.</p>
            <ul className="badges" aria-label="Highlights">
              {spotlight.map((h) => (
                <li key={h.id}>{h.title}</li>
              ))}
            </ul>
            <div className="cta-row">
              <Link className="btn btn-primary" to="/apply-now">Apply Now</Link>
              <a className="btn btn-secondary" href="/repayloan">Pay Now</a>
            </div>
          </div>
          <img src="/images/apply-hero.svg" alt="" width="480" height="400" fetchPriority="high" />
        </div>
      </section>

      <div className="page">
        <section className="section" aria-labelledby="how-title">
          <h2 id="how-title">How it works</h2>
          <ol className="steps">
            {steps.map((s) => (
              <li key={s.id}>
                <span className="step-no" aria-hidden="true">{s.id}</span>
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className="section" aria-labelledby="why-title">
          <h2 id="why-title">Why SalaryOnTime</h2>
          <ul className="grid-cards">
            {[...spotlight, ...rest].map((h) => (
              <li key={h.id}>
                <h3>{h.title}</h3>
                <p>{h.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="section" aria-labelledby="calc-title">
          <h2 id="calc-title">Loan calculator</h2>
          <LoanCalculator />
        </section>

        <section className="section" aria-labelledby="faq-title">
          <h2 id="faq-title">Frequently asked questions</h2>
          <FaqAccordion items={faq} />
          <p><Link className="more-link" to="/faq">More questions and answers</Link></p>
        </section>

        <section className="section" aria-labelledby="cities-title">
          <h2 id="cities-title">Instant loans in your city</h2>
          <CityLinkList cities={cities} />
          <p><Link className="more-link" to="/service-area">See our full service area</Link></p>
        </section>
      </div>
    </main>
  );
}

export const ErrorBoundary = PublicErrorBoundary;

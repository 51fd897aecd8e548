import { data } from "react-router";
import type { Route } from "./+types/purpose.ts";
import { getPurposePage } from "../../content/purposes.ts";
import { PublicErrorBoundary } from "../../components/public/error-view.tsx";
import { RichText } from "../../components/public/rich-text.tsx";
import { salaryDayLoanLd } from "../../lib/loan-product.ts";
import { breadcrumbLd, pageMeta } from "../../lib/seo.ts";
import { LoanPageBanner } from "../../components/public/loan-page-banner.tsx";
import { STATIC_PAGE, loadAsDocument } from "../../lib/page-handle.ts";

/** Plain HTML plus the public-site island; no React in the browser (root.tsx). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

/** `/personal-need/{url}`: one loan-purpose landing page. */
export function loader({ params }: Route.LoaderArgs) {
  const page = getPurposePage(params.url);
  if (!page) throw data(null, { status: 404, statusText: "Not Found" });
  return { page };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { page } = loaderData;
  const path = `/personal-need/${page.url}`;
  return pageMeta({
    title: page.metaTitle,
    description: page.metaDis,
    path,
    image: `/${page.bannerImg}`,
    jsonLd: [breadcrumbLd([{ name: page.banner_heading, path }]), salaryDayLoanLd(path, page.loan_type)],
  });
};

export default function PurposePage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <main id="main">
      <LoanPageBanner kicker={page.loan_type} heading={page.banner_heading} tags={page.tag} image={{ src: page.bannerImg, alt: "" }} />
      <div className="page">
        <section className="section prose" aria-labelledby="purpose-heading">
          <h2 id="purpose-heading">{page.heading}</h2>
          <RichText text={page.discription} />
        </section>
        <section className="section" aria-labelledby="purpose-benefits">
          <h2 id="purpose-benefits">{page.benifit_title}</h2>
          <ul className="grid-cards">
            {page.benifit_dis.map((b) => (
              <li key={b.title}>
                <h3>{b.title}</h3>
                <p>{b.dis}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </main>
  );
}

export const ErrorBoundary = PublicErrorBoundary;

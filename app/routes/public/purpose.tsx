import { data } from "react-router";
import type { Route } from "./+types/purpose.ts";
import { getPurposePage } from "../../content/purposes.ts";
import { purposeNameIn } from "../../content/purposes.hi.ts";
import { hasHindiVersion, splitLanguagePath, translate } from "../../../core/i18n/index.ts";
import { PublicErrorBoundary } from "../../components/public/error-view.tsx";
import { RichText } from "../../components/public/rich-text.tsx";
import { EnglishNote, EnglishText, LANDING_BENEFITS, LANDING_TAGS } from "../../components/public/landing-blocks.tsx";
import { salaryDayLoanLd } from "../../lib/loan-product.ts";
import { breadcrumbLd, pageMeta } from "../../lib/seo.ts";
import { LoanPageBanner } from "../../components/public/loan-page-banner.tsx";
import { STATIC_PAGE, loadAsDocument } from "../../lib/page-handle.ts";
import { addressLanguage, useLanguage, useT } from "../../lib/i18n.tsx";

/** Plain HTML plus the public-site island; no React in the browser (root.tsx). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

/** `/personal-need/{url}` (and `/hi/personal-need/{url}`): one loan-purpose landing page. */
export function loader({ params, request }: Route.LoaderArgs) {
  const page = getPurposePage(params.url);
  if (!page || (addressLanguage(request.url) === "hi" && !hasHindiVersion(`/personal-need/${page.url}`)))
    throw data(null, { status: 404, statusText: "Not Found" });
  return { page };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  if (!loaderData) return [];
  const { page } = loaderData;
  const lang = splitLanguagePath(location.pathname).lang;
  const hindi = lang === "hi";
  const purpose = purposeNameIn(page, lang);
  const path = `/personal-need/${page.url}`;
  return pageMeta({
    title: hindi ? translate(lang, "public.purpose.title", { purpose }) : page.metaTitle,
    description: hindi ? translate(lang, "public.purpose.description", { purpose }) : page.metaDis,
    path,
    lang,
    image: `/${page.bannerImg}`,
    jsonLd: [breadcrumbLd([{ name: page.banner_heading, path }]), salaryDayLoanLd(path, page.loan_type)],
  });
};

/**
 * In English every block is the page's own text. In Hindi the banner and the benefits are the shared
 * blocks of the landing pages (the catalogue's), and the page's own intro stays English (marked
 * lang="en-IN") under a line that says so.
 */
export default function PurposePage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const t = useT();
  const lang = useLanguage();
  const hindi = lang === "hi";
  const purpose = purposeNameIn(page, lang);
  return (
    <main id="main">
      <LoanPageBanner
        kicker={hindi ? t("public.purpose.kicker") : page.loan_type}
        heading={hindi ? t("public.purpose.heading", { purpose }) : page.banner_heading}
        lead={hindi ? t("public.purpose.lead") : undefined}
        tags={hindi ? LANDING_TAGS.map((k) => t(k)) : page.tag}
        image={{ src: page.bannerImg, alt: "" }}
      />
      <div className="page">
        <section className="section prose" aria-labelledby="purpose-heading">
          <h2 id="purpose-heading">{hindi ? t("public.purpose.introTitle", { purpose }) : page.heading}</h2>
          <EnglishNote say="public.landing.englishNote" />
          <EnglishText>
            {hindi ? (
              <p>
                <strong>{page.heading}</strong>
              </p>
            ) : null}
            <RichText text={page.discription} />
          </EnglishText>
        </section>
        <section className="section" aria-labelledby="purpose-benefits">
          <h2 id="purpose-benefits">{hindi ? t("public.purpose.benefitTitle") : page.benifit_title}</h2>
          {hindi ? (
            <>
              <p>{t("public.city.benefitText")}</p>
              <ul className="grid-cards">
                {LANDING_BENEFITS.map((k) => (
                  <li key={k}>{t(k)}</li>
                ))}
              </ul>
            </>
          ) : (
            <ul className="grid-cards">
              {page.benifit_dis.map((b) => (
                <li key={b.title}>
                  <h3>{b.title}</h3>
                  <p>{b.dis}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </main>
  );
}

export const ErrorBoundary = PublicErrorBoundary;

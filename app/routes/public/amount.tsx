import { data } from "react-router";
import type { Route } from "./+types/amount.ts";
import { getAmountPage, type AmountPage } from "../../content/amounts.ts";
import { quoteSingle } from "../../../core/loan-math/index.ts";
import { formatMoney } from "../../../core/format.ts";
import { hasHindiVersion, splitLanguagePath, translate, type Language } from "../../../core/i18n/index.ts";
import { PublicErrorBoundary } from "../../components/public/error-view.tsx";
import { LoanBreakdownBar, WorkedExample } from "../../components/public/loan-figures.tsx";
import { calculatorWords } from "../../components/public/loan-calculator.tsx";
import { RichText } from "../../components/public/rich-text.tsx";
import { EnglishNote, EnglishText, LANDING_TAGS } from "../../components/public/landing-blocks.tsx";
import { salaryDayLoanLd } from "../../lib/loan-product.ts";
import { breadcrumbLd, pageMeta } from "../../lib/seo.ts";
import { LoanPageBanner } from "../../components/public/loan-page-banner.tsx";
import { STATIC_PAGE, loadAsDocument } from "../../lib/page-handle.ts";
import { addressLanguage, useLanguage, useT } from "../../lib/i18n.tsx";

/** Plain HTML plus the public-site island; no React in the browser (root.tsx). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

/** `/amount/{slug}` (and `/hi/amount/{slug}`): one loan-amount landing page with a worked example from core/ loan math. */
export function loader({ params, request }: Route.LoaderArgs) {
  const page = getAmountPage(params.slug);
  if (!page || (addressLanguage(request.url) === "hi" && !hasHindiVersion(`/amount/${page.slugs}`))) throw data(null, { status: 404, statusText: "Not Found" });
  return { page, quote: quoteSingle({ principal: page.amount, tenureDays: page.exampleTenureDays }) };
}

/** The amount as the page shows it: "₹10,000", "₹1 lakh" (₹1,00,000 in Hindi). */
function amountText(page: AmountPage, lang: Language): string {
  return page.loan_Amt === "1 Lakh" && lang === "en" ? "₹1 lakh" : formatMoney(page.amount);
}

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  if (!loaderData) return [];
  const { page } = loaderData;
  const lang = splitLanguagePath(location.pathname).lang;
  const hindi = lang === "hi";
  const path = `/amount/${page.slugs}`;
  return pageMeta({
    title: hindi ? translate(lang, "public.amount.title", { amount: amountText(page, lang) }) : page.metaTitle,
    description: hindi ? translate(lang, "public.amount.description", { amount: amountText(page, lang) }) : page.metaDis,
    path,
    lang,
    image: `/${page.bannerImg}`,
    jsonLd: [breadcrumbLd([{ name: page.heading, path }]), salaryDayLoanLd(path, page.heading)],
  });
};

/**
 * In English every block is the page's own text. In Hindi the banner and the worked example come from
 * the catalogue, and the page's own intro stays English (marked lang="en-IN") under a line that says so.
 */
export default function AmountPage({ loaderData }: Route.ComponentProps) {
  const { page, quote } = loaderData;
  const t = useT();
  const lang = useLanguage();
  const hindi = lang === "hi";
  const amount = amountText(page, lang);
  const heading = hindi ? t("public.amount.heading", { amount }) : page.heading;
  return (
    <main id="main">
      <LoanPageBanner
        kicker={t("public.amount.kicker", { amount })}
        heading={heading}
        lead={hindi ? t("public.amount.lead", { amount }) : page.banner_Dis}
        tags={hindi ? LANDING_TAGS.map((k) => t(k)) : page.tag}
        image={{ src: page.bannerImg, alt: "" }}
      />
      <div className="page">
        <section className="section prose" aria-labelledby="sub-title">
          <h2 id="sub-title">{hindi ? t("public.amount.introTitle", { amount }) : page.subHeading}</h2>
          <EnglishNote say="public.landing.englishNote" />
          <EnglishText>
            {hindi ? (
              <p>
                <strong>{page.subHeading}</strong>
              </p>
            ) : null}
            <RichText text={page.discription} />
          </EnglishText>
        </section>
        <section className="section" aria-labelledby="example-title">
          <h2 id="example-title">{t("public.amount.exampleTitle", { amount, days: quote.tenureDays })}</h2>
          <LoanBreakdownBar quote={quote} words={calculatorWords(t)} />
          <WorkedExample quote={quote} caption={t("public.amount.exampleCaption", { heading })} />
          <p className="hint">{t("public.amount.exampleHint")}</p>
        </section>
      </div>
    </main>
  );
}

export const ErrorBoundary = PublicErrorBoundary;

import { Link } from "react-router";
import type { Route } from "./+types/home.ts";
import { cityLinks } from "../../content/cities.ts";
import { CityLinkList } from "../../components/public/city-link-list.tsx";
import { FaqAccordion } from "../../components/public/faq-accordion.tsx";
import { LoanCalculator } from "../../components/public/loan-calculator.tsx";
import { PublicErrorBoundary } from "../../components/public/error-view.tsx";
import { faqPageLd, pageMeta } from "../../lib/seo.ts";
import { salaryDayLoanLd } from "../../lib/loan-product.ts";
import { STATIC_PAGE, loadAsDocument } from "../../lib/page-handle.ts";
import { useLocalizedPath, useT } from "../../lib/i18n.tsx";
import { splitLanguagePath, translate, type Language, type MessageKey } from "../../../core/i18n/index.ts";

/** Plain HTML plus the public-site island; no React in the browser (root.tsx). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

/** The highlight tiles, in order; the first two are also the banner's badges. */
const HIGHLIGHTS = ["amount", "speed", "collateral", "paperless", "cities", "transparent", "credit-score", "reminders"] as const;
const STEPS = [1, 2, 3] as const;
const FAQ = [1, 2, 3, 4] as const;
const highlightKey = (id: (typeof HIGHLIGHTS)[number], part: "title" | "text") => `home.hl.${id}.${part}` as const satisfies MessageKey;

/** The page's language is its address: / is English, /hi is Hindi (prerendered both). */
const languageOf = (url: string): Language => splitLanguagePath(new URL(url, "http://x").pathname).lang;

export function loader({ request }: Route.LoaderArgs) {
  const lang = languageOf(request.url);
  const faq = FAQ.map((n) => ({ question: translate(lang, `home.faq${n}.q`), answer: translate(lang, `home.faq${n}.a`) }));
  return {
    faq,
    cities: cityLinks.map(({ slug, cityname }) => ({ slug, cityname })),
    // Built on the server so the JSON-LD builders stay out of the home page's JavaScript.
    jsonLd: [faqPageLd(faq), salaryDayLoanLd("/")],
  };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  const lang = splitLanguagePath(location.pathname).lang;
  return pageMeta({
    title: translate(lang, "home.title"),
    description: translate(lang, "home.description"),
    path: "/",
    lang,
    jsonLd: loaderData?.jsonLd,
  });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { faq, cities } = loaderData;
  const t = useT();
  const to = useLocalizedPath();
  const count = cities.length;
  const tile = (id: (typeof HIGHLIGHTS)[number]) => ({ id, title: t(highlightKey(id, "title"), { count }), text: t(highlightKey(id, "text"), { count }) });
  const tiles = HIGHLIGHTS.map(tile);
  return (
    <main id="main">
      <section className="banner" aria-labelledby="hero-title">
        <div className="banner-inner">
          <div>
            <span className="banner-kicker">{t("home.kicker")}</span>
            <h1 id="hero-title">{t("home.heading")}</h1>
            <p className="banner-lead">{t("home.lead")}</p>
            <ul className="badges" aria-label={t("home.highlights")}>
              {tiles.slice(0, 2).map((h) => (
                <li key={h.id}>{h.title}</li>
              ))}
            </ul>
            <div className="cta-row">
              <Link className="btn btn-primary" to={to("/apply-now")}>
                {t("chrome.applyNow")}
              </Link>
              <a className="btn btn-secondary" href={to("/repayloan")}>
                {t("chrome.payNow")}
              </a>
            </div>
          </div>
          <img src="/images/apply-hero.svg" alt="" width="480" height="400" fetchPriority="high" />
        </div>
      </section>

      <div className="page">
        <section className="section" aria-labelledby="how-title">
          <h2 id="how-title">{t("home.howTitle")}</h2>
          <ol className="steps">
            {STEPS.map((n) => (
              <li key={n}>
                <span className="step-no" aria-hidden="true">
                  {n}
                </span>
                <h3>{t(`home.step${n}.title`)}</h3>
                <p>{t(`home.step${n}.text`)}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className="section" aria-labelledby="why-title">
          <h2 id="why-title">{t("home.whyTitle")}</h2>
          <ul className="grid-cards">
            {tiles.map((h) => (
              <li key={h.id}>
                <h3>{h.title}</h3>
                <p>{h.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="section" aria-labelledby="calc-title">
          <h2 id="calc-title">{t("home.calcTitle")}</h2>
          <LoanCalculator />
        </section>

        <section className="section" aria-labelledby="faq-title">
          <h2 id="faq-title">{t("home.faqTitle")}</h2>
          <FaqAccordion items={faq} />
          <p>
            <Link className="more-link" to={to("/faq")}>
              {t("home.moreFaq")}
            </Link>
          </p>
        </section>

        <section className="section" aria-labelledby="cities-title">
          <h2 id="cities-title">{t("home.citiesTitle")}</h2>
          {to("/") === "/" ? null : <p className="hint">{t("home.citiesNote")}</p>}
          <CityLinkList cities={cities} />
          <p>
            <Link className="more-link" to={to("/service-area")}>
              {t("home.serviceArea")}
            </Link>
          </p>
        </section>
      </div>
    </main>
  );
}

export const ErrorBoundary = PublicErrorBoundary;

import { Link } from "react-router";
import type { CityPage } from "../../content/cities.ts";
import { cityNameIn, stateNameIn } from "../../content/cities.hi.ts";
import { FaqAccordion } from "./faq-accordion.tsx";
import { RichText } from "./rich-text.tsx";
import { LoanPageBanner } from "./loan-page-banner.tsx";
import { EnglishNote, EnglishText, LANDING_BENEFITS, LANDING_TAGS } from "./landing-blocks.tsx";
import { useLanguage, useLocalizedPath, useT } from "../../lib/i18n.tsx";
import type { MessageKey } from "../../../core/i18n/index.ts";

const STEPS = ["public.city.step1", "public.city.step2", "public.city.step3", "public.city.step4"] as const satisfies MessageKey[];

/**
 * A city landing page: banner, city image, intro, benefits, four steps, FAQ. In English every block is the
 * city's own text; in Hindi the shared blocks come from the catalogue, and the city's own intro and
 * questions stay English (marked lang="en-IN"), with a line saying so (issue 23).
 */
export function CityPageView({ city }: { city: CityPage }) {
  const t = useT();
  const to = useLocalizedPath();
  const lang = useLanguage();
  const hindi = lang === "hi";
  const name = cityNameIn(city.cityname, lang);
  return (
    <main id="main">
      <LoanPageBanner
        kicker={`${name}, ${stateNameIn(city.state, lang)}`}
        heading={hindi ? t("public.city.heading", { city: name }) : city.heading}
        lead={hindi ? t("public.city.lead", { city: name }) : city.banner_dis}
        tags={hindi ? LANDING_TAGS.map((k) => t(k)) : city.tag}
        image={{ src: city.cityImg, alt: t("public.city.imageAlt", { city: name }) }}
        actions={
          <Link className="btn btn-secondary" to={to("/rate-and-terms")}>
            {t("nav.rates")}
          </Link>
        }
      />
      <div className="page">
        <section className="section prose" aria-labelledby="intro-title">
          <h2 id="intro-title">{t("public.city.introTitle", { city: name })}</h2>
          <EnglishNote say="public.city.englishNote" />
          <EnglishText>
            <RichText text={city.shortdis} />
          </EnglishText>
        </section>
        <section className="section" aria-labelledby="benefit-title">
          <h2 id="benefit-title">{hindi ? t("public.city.benefitTitle", { city: name }) : city.benifit_title}</h2>
          <p>{hindi ? t("public.city.benefitText") : city.benifit_dis}</p>
          <ul className="grid-cards">
            {(hindi ? LANDING_BENEFITS.map((k) => t(k)) : city.benifitList).map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        </section>
        <section className="section" aria-labelledby="apply-title">
          <h2 id="apply-title">{hindi ? t("public.city.applyTitle", { city: name }) : city.apply_title}</h2>
          <p>{hindi ? t("public.city.applyText") : city.apply_dis}</p>
          <ol className="steps">
            {city.stepData.map((s, i) => (
              <li key={s.step_no}>
                <span className="step-no" aria-hidden="true">
                  {s.step_no}
                </span>
                <p>{hindi ? t(STEPS[i]) : s.step_dis}</p>
              </li>
            ))}
          </ol>
        </section>
        <section className="section" aria-labelledby="city-faq-title">
          <h2 id="city-faq-title">{t("public.city.faqTitle", { city: name })}</h2>
          <EnglishText>
            <FaqAccordion items={city.faq.map((q) => ({ question: q.question, answer: q.ans }))} />
          </EnglishText>
        </section>
      </div>
    </main>
  );
}

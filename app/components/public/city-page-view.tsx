import { Link } from "react-router";
import type { CityPage } from "../../content/cities.ts";
import { FaqAccordion } from "./faq-accordion.tsx";
import { RichText } from "./rich-text.tsx";
import { LoanPageBanner } from "./loan-page-banner.tsx";

/** A city landing page: banner, city image, intro, benefits, four steps, FAQ. */
export function CityPageView({ city }: { city: CityPage }) {
  return (
    <main id="main">
      <LoanPageBanner
        kicker={`${city.cityname}, ${city.state}`}
        heading={city.heading}
        lead={city.banner_dis}
        tags={city.tag}
        image={{ src: city.cityImg, alt: `Illustration of the ${city.cityname} skyline` }}
        actions={<Link className="btn btn-secondary" to="/rate-and-terms">Rates and terms</Link>}
      />
      <div className="page">
        <section className="section prose" aria-labelledby="intro-title">
          <h2 id="intro-title">Personal loans for salaried people in {city.cityname}</h2>
          <RichText text={city.shortdis} />
        </section>
        <section className="section" aria-labelledby="benefit-title">
          <h2 id="benefit-title">{city.benifit_title}</h2>
          <p>{city.benifit_dis}</p>
          <ul className="grid-cards">
            {city.benifitList.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        </section>
        <section className="section" aria-labelledby="apply-title">
          <h2 id="apply-title">{city.apply_title}</h2>
          <p>{city.apply_dis}</p>
          <ol className="steps">
            {city.stepData.map((s) => (
              <li key={s.step_no}>
                <span className="step-no" aria-hidden="true">{s.step_no}</span>
                <p>{s.step_dis}</p>
              </li>
            ))}
          </ol>
        </section>
        <section className="section" aria-labelledby="city-faq-title">
          <h2 id="city-faq-title">Questions from {city.cityname}</h2>
          <FaqAccordion items={city.faq.map((q) => ({ question: q.question, answer: q.ans }))} />
        </section>
      </div>
    </main>
  );
}

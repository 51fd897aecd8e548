import { Link } from "react-router";
import { screenFor, type CardStatus, type StepCard } from "../../../core/journey/index.ts";
import { useT } from "../../lib/i18n.tsx";

/**
 * Step cards (spec sections 2 and 4): done cards green and ticked, only the current one opens, on
 * the screen of the current step (a stage card covers several steps, e.g. eKYC then its verification).
 */
export function StepCards({ cards, nextStep, label }: { cards: readonly (StepCard & { status: CardStatus })[]; nextStep: string; label: string }) {
  const t = useT();
  return (
    <ol className="step-cards" aria-label={label}>
      {cards.map((card, i) => {
        const body = (
          <>
            <span className="step-no" aria-hidden="true">
              {card.status === "done" ? "✓" : i + 1}
            </span>
            <span className="step-title">{t(card.titleKey)}</span>
            <span className="step-state">
              {card.status === "done" ? t("journey.cardDone") : card.status === "current" ? t("journey.cardCurrent") : t("journey.cardLocked")}
            </span>
          </>
        );
        return (
          <li key={card.step} className={`step-card is-${card.status}`}>
            {card.status === "current" ? (
              <Link to={card.step === nextStep ? card.screen : screenFor(nextStep)} aria-current="step">
                {body}
              </Link>
            ) : (
              <div aria-disabled="true">{body}</div>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** The banner cards shown when there are no steps to list. */
export function BannerCards() {
  const t = useT();
  return (
    <div className="banner-cards">
      <section className="card banner-card">
        <h2>{t("journey.banner.gatewayTitle")}</h2>
        <p>{t("journey.banner.gatewayText")}</p>
      </section>
      <section className="card banner-card">
        <h2>{t("journey.banner.stepsTitle")}</h2>
        <p>{t("journey.banner.stepsText")}</p>
      </section>
      <section className="card banner-card">
        <h2>{t("journey.banner.freedomTitle")}</h2>
        <p>{t("journey.banner.freedomText")}</p>
        <a className="btn btn-secondary" href="/contact-salaryontime">
          {t("journey.banner.support")}
        </a>
      </section>
    </div>
  );
}

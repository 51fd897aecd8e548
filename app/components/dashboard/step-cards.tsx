import { Link } from "react-router";
import { screenFor, type CardStatus, type StepCard } from "../../../core/journey/index.ts";

/**
 * Step cards (spec sections 2 and 4): done cards green and ticked, only the current one opens, on
 * the screen of the current step (a stage card covers several steps, e.g. eKYC then its verification).
 */
export function StepCards({ cards, nextStep, label }: { cards: readonly (StepCard & { status: CardStatus })[]; nextStep: string; label: string }) {
  return (
    <ol className="step-cards" aria-label={label}>
      {cards.map((card, i) => {
        const body = (
          <>
            <span className="step-no" aria-hidden="true">
              {card.status === "done" ? "✓" : i + 1}
            </span>
            <span className="step-title">{card.title}</span>
            <span className="step-state">{card.status === "done" ? "Completed" : card.status === "current" ? "Continue" : "Locked"}</span>
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
  return (
    <div className="banner-cards">
      <section className="card banner-card">
        <h2>Your Gateway to Quick Easy &amp; Hassle Free Finances.</h2>
        <p>Salary-day loans from ₹10,000 to ₹1 lakh, with every charge shown before you accept.</p>
      </section>
      <section className="card banner-card">
        <h2>JOURNEY STEPS</h2>
        <p>Verify your PAN, tell us about yourself, check your eligibility, then complete eKYC, documents and banking.</p>
      </section>
      <section className="card banner-card">
        <h2>Dive into Financial Freedom!</h2>
        <p>Questions about your loan? Our team is here to help.</p>
        <a className="btn btn-secondary" href="/contact-salaryontime">
          Support
        </a>
      </section>
    </div>
  );
}

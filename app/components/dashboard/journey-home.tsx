import { useState } from "react";
import { Link } from "react-router";
import {
  REGISTRATION_CARDS,
  applicationStageCardsFor,
  cardsWithStatus,
  isRegistrationComplete,
  stageCardsPercent,
  stageCardsWithStatus,
} from "../../../core/journey/index.ts";
import { useDashboardData } from "../../lib/dashboard-data.ts";
import { EligibilityAction } from "./eligibility-action.tsx";
import { EligibilityDecline } from "./eligibility-decline.tsx";
import { LoanNotices } from "./loan-notices.tsx";
import { ApplicationStatusCard } from "./application-status.tsx";
import { ActiveLoanCard } from "../repayment/active-loan-card.tsx";
import type { RepaymentData } from "../../lib/repayment.ts";
import { BannerCards, StepCards } from "./step-cards.tsx";
import { useT, useCodeText } from "../../lib/i18n.tsx";
import { homeSections } from "../../lib/home-sections.ts";

/** The dashboard home (also the eligibility page once eligible): progress, step cards, actions. */
export function JourneyHome({ repayment = null }: { repayment?: RepaymentData | null } = {}) {
  const { data, error, reload } = useDashboardData();
  const [failure, setFailure] = useState("");
  const t = useT();
  const words = useCodeText();
  // Every state keeps a page heading, so the page has its h1 while the data loads or fails.
  if (error)
    return (
      <>
        <h1 className="visually-hidden">{t("journey.home.yourDashboard")}</h1>
        <p className="alert alert-error" role="alert">
          {words(error)}
        </p>
      </>
    );
  if (!data)
    return (
      <>
        <h1 className="visually-hidden">{t("journey.home.yourDashboard")}</h1>
        <p className="loading" role="status">
          {t("journey.home.loading")}
        </p>
      </>
    );

  const next = data.next_event_name;
  const registered = isRegistrationComplete(next);
  const sections = homeSections(data);
  // Once registered, every application stage has a card (issue 14: the aggregator and eSign too); the bar counts those cards.
  const stageCards = applicationStageCardsFor(data.Steps.data.user_type);
  const cards = registered ? stageCardsWithStatus(stageCards, next) : cardsWithStatus(REGISTRATION_CARDS, next);
  const percent = registered ? stageCardsPercent(stageCards, next) : data.profile_filled_percent;
  const title = registered ? t("journey.home.loanApplication") : t("journey.home.profileRegistration");
  const name = data.profile_details.first_name;
  const profilePreview = (
    <Link className="btn btn-secondary" to="/my-dashboard/profile-preview">
      {t("journey.home.profilePreview")}
    </Link>
  );

  return (
    <div className="journey-home">
      <h1>{name ? t("journey.home.hello", { name }) : t("journey.home.welcome")}</h1>
      {/* A loan to repay comes before the steps of a new application. */}
      <ActiveLoanCard data={data} repayment={repayment} />
      {/* After submission the application's status, next step, credit manager and documents (issue 14). */}
      <ApplicationStatusCard data={data} />
      {next === "pancard_verification" ? <p className="hint">{t("journey.home.panFirst")}</p> : null}
      {/* Declined: the answer and when to try again, instead of a fresh 0% with every step locked. */}
      {data.eligibility_decline ? <EligibilityDecline decline={data.eligibility_decline} /> : null}
      {sections.steps ? (
        <section className="card journey-steps" aria-labelledby="progress-title">
          <div className="progress-head">
            <h2 id="progress-title">{title}</h2>
            <span>{percent}%</span>
          </div>
          <div className="progress" role="progressbar" aria-labelledby="progress-title" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <span style={{ width: `${percent}%` }} />
          </div>
          <StepCards cards={cards} nextStep={next} label={t("journey.cardsLabel", { title })} />
        </section>
      ) : sections.banners ? (
        <BannerCards />
      ) : null}
      <LoanNotices data={data} />
      {failure && !data.eligibility_decline ? (
        <p className="alert alert-error" role="alert">
          {words(failure)}
        </p>
      ) : null}
      {data.show_eligibility_btn === 1 ? (
        <EligibilityAction
          userType={data.Steps.data.user_type}
          actionsClass="home-actions"
          noticeOnRequest={sections.noticeOnRequest}
          onFailure={(m) => {
            setFailure(m);
            void reload();
          }}
        >
          {profilePreview}
        </EligibilityAction>
      ) : (
        <div className="home-actions">{profilePreview}</div>
      )}
    </div>
  );
}

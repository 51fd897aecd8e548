import type { ReactNode } from "react";
import { Link } from "react-router";
import { useLocalizedPath, useT } from "../../lib/i18n.tsx";

/** The banner of the loan landing pages (city, amount, purpose): kicker, heading, lead, badge tags, Apply Now, picture. */
export function LoanPageBanner(props: {
  kicker: string;
  heading: string;
  lead?: string;
  tags: readonly string[];
  image: { src: string; alt: string };
  /** Extra calls to action after Apply Now. */
  actions?: ReactNode;
}) {
  const t = useT();
  const to = useLocalizedPath();
  return (
    <section className="banner">
      <div className="banner-inner">
        <div>
          <p className="banner-kicker">{props.kicker}</p>
          <h1>{props.heading}</h1>
          {props.lead ? <p className="banner-lead">{props.lead}</p> : null}
          <ul className="badges" aria-label={t("home.highlights")}>
            {props.tags.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
          <div className="cta-row">
            <Link className="btn btn-primary" to={to("/apply-now")}>
              {t("chrome.applyNow")}
            </Link>
            {props.actions}
          </div>
        </div>
        <img src={`/${props.image.src}`} alt={props.image.alt} width="480" height="360" fetchPriority="high" />
      </div>
    </section>
  );
}

// Issue 23: the tracking choice for visitors. Rendered hidden; shown only while no choice is stored. On
// static pages the public island (no React) shows it and handles the buttons; on hydrated pages this
// component does the same. Nothing is tracked until "Allow" is pressed.
import { useEffect, useState } from "react";
import { useT } from "../../lib/i18n.tsx";
import { loadTrackingTag, readConsentChoice, writeConsentChoice } from "../../lib/consent-choice.ts";
import type { CookieChoice } from "../../../core/data-rights/consent-cookie.ts";

export function ConsentBanner() {
  const t = useT();
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(readConsentChoice(document.cookie) === null), []);
  const choose = (choice: CookieChoice) => {
    writeConsentChoice(choice);
    if (choice === "tracking") loadTrackingTag();
    setOpen(false);
  };
  return (
    <section className="consent-banner" aria-label={t("consent.label")} hidden={!open}>
      <p>
        {t("consent.text")} <a href="/privacy-policy">{t("consent.privacy")}</a>
      </p>
      <div className="consent-banner-actions">
        <button type="button" className="btn btn-primary" data-consent="tracking" onClick={() => choose("tracking")}>
          {t("consent.allow")}
        </button>
        <button type="button" className="btn btn-secondary" data-consent="none" onClick={() => choose("none")}>
          {t("consent.refuse")}
        </button>
      </div>
    </section>
  );
}

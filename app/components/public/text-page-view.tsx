import { Link } from "react-router";
import type { TextPage } from "../../content/pages.ts";
import { InlineText } from "./rich-text.tsx";
import { useLanguage, useLocalizedPath, useT } from "../../lib/i18n.tsx";
import { formatDateInWords } from "../../../core/format.ts";

/** A generic content page: optional banner, heading, sections with h2 headings, call to action. */
export function TextPageView({ page, children }: { page: TextPage; children?: React.ReactNode }) {
  const t = useT();
  const lang = useLanguage();
  const to = useLocalizedPath();
  // English keeps the date as it always showed it; Hindi writes it in words.
  const updated = page.lastUpdated && (lang === "hi" ? formatDateInWords(page.lastUpdated, "hi") : page.lastUpdated);
  return (
    <main id="main">
      <section className="banner">
        <div className="banner-inner">
          <div>
            {page.banner ? <p className="banner-kicker">{page.banner}</p> : null}
            <h1>{page.pageHeading}</h1>
            {page.cta ? (
              <div className="cta-row">
                <Link className="btn btn-primary" to={to(page.cta.href)}>
                  {page.cta.label}
                </Link>
              </div>
            ) : null}
          </div>
        </div>
      </section>
      <div className="page page-narrow prose">
        {updated ? <p className="updated">{t("public.updated", { date: updated })}</p> : null}
        {page.paraList.map((p) => (
          <section key={p.id_para}>
            {p.heading ? <h2>{p.heading}</h2> : null}
            <p>
              <InlineText text={p.para} />
            </p>
          </section>
        ))}
        {children}
        {page.cta ? (
          <p>
            <Link className="btn btn-primary" to={to(page.cta.href)}>
              {page.cta.label}
            </Link>
          </p>
        ) : null}
      </div>
    </main>
  );
}

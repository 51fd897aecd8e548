import { Link } from "react-router";
import type { Route } from "./+types/faq.ts";
import { faqIn } from "../../content/faq.hi.ts";
import { site } from "../../content/site.ts";
import { PublicErrorBoundary } from "../../components/public/error-view.tsx";
import { breadcrumbLd, faqPageLd, pageMeta } from "../../lib/seo.ts";
import { STATIC_PAGE, loadAsDocument } from "../../lib/page-handle.ts";
import { addressLanguage, useLocalizedPath, useRichT, useT } from "../../lib/i18n.tsx";
import { splitLanguagePath } from "../../../core/i18n/index.ts";

/** Plain HTML plus the public-site island; no React in the browser (root.tsx). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

export function loader({ request }: Route.LoaderArgs) {
  const { meta, groups } = faqIn(addressLanguage(request.url));
  const all = groups.flatMap((g) => g.items).map(({ question, answer }) => ({ question, answer }));
  return { page: meta, groups, all, support: site.support };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  const lang = splitLanguagePath(location.pathname).lang;
  const page = faqIn(lang).meta;
  return pageMeta({
    title: page.metaTitle,
    description: page.metaDis,
    path: "/faq",
    lang,
    jsonLd: [breadcrumbLd([{ name: "FAQ", path: "/faq" }]), faqPageLd(loaderData?.all ?? [])],
  });
};

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { page, groups, support } = loaderData;
  const t = useT();
  const rich = useRichT();
  const to = useLocalizedPath();
  return (
    <main id="main" className="page page-narrow">
      <h1>{page.pageHeading}</h1>
      <p>{page.intro}</p>
      <nav aria-label={t("public.faq.topics")}>
        <ul className="footer-inline">
          {groups.map((g) => (
            <li key={g.id}>
              <a href={`#${g.id}`}>{g.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      {groups.map((g) => (
        <section key={g.id} id={g.id} className="section" aria-labelledby={`${g.id}-title`}>
          <h2 id={`${g.id}-title`}>{g.title}</h2>
          <dl className="faq-static">
            {g.items.map((q) => (
              <div key={q.id}>
                <dt>{q.question}</dt>
                <dd>{q.answer}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <p>
        {rich("public.faq.more", {
          phone: <a href={`tel:${support.phoneHref}`}>{support.phone}</a>,
          email: <a href={`mailto:${support.email}`}>{support.email}</a>,
          rates: (chunks) => <Link to={to("/rate-and-terms")}>{chunks}</Link>,
        })}
      </p>
    </main>
  );
}

export const ErrorBoundary = PublicErrorBoundary;

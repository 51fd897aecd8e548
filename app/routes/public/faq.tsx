import { Link } from "react-router";
import type { Route } from "./+types/faq.ts";
import { allFaqItems, faqGroups, faqPageMeta } from "../../content/faq.ts";
import { site } from "../../content/site.ts";
import { PublicErrorBoundary } from "../../components/public/error-view.tsx";
import { breadcrumbLd, faqPageLd, pageMeta } from "../../lib/seo.ts";
import { STATIC_PAGE, loadAsDocument } from "../../lib/page-handle.ts";

/** Plain HTML plus the public-site island; no React in the browser (root.tsx). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

export function loader() {
  return { groups: faqGroups, all: allFaqItems.map(({ question, answer }) => ({ question, answer })), support: site.support };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: faqPageMeta.metaTitle,
    description: faqPageMeta.metaDis,
    path: "/faq",
    jsonLd: [breadcrumbLd([{ name: "FAQ", path: "/faq" }]), faqPageLd(loaderData?.all ?? [])],
  });

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { groups, support } = loaderData;
  return (
    <main id="main" className="page page-narrow">
      <h1>{faqPageMeta.pageHeading}</h1>
      <p>{faqPageMeta.intro}</p>
      <nav aria-label="FAQ topics">
        <ul className="footer-inline">
          {groups.map((g) => (
            <li key={g.id}><a href={`#${g.id}`}>{g.title}</a></li>
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
        Still have a question? Call <a href={`tel:${support.phoneHref}`}>{support.phone}</a> or write to <a href={`mailto:${support.email}`}>{support.email}</a>, or see our{" "}
        <Link to="/rate-and-terms">rates and terms</Link>.
      </p>
    </main>
  );
}

export const ErrorBoundary = PublicErrorBoundary;

import { data } from "react-router";
import type { Route } from "./+types/slug.ts";
import { getCityBySlug } from "../../content/cities.ts";
import { getTextPageIn } from "../../content/pages.hi.ts";
import { CityPageView } from "../../components/public/city-page-view.tsx";
import { PublicErrorBoundary } from "../../components/public/error-view.tsx";
import { TextPageView } from "../../components/public/text-page-view.tsx";
import { salaryDayLoanLd } from "../../lib/loan-product.ts";
import { breadcrumbLd, faqPageLd, pageMeta } from "../../lib/seo.ts";
import { STATIC_PAGE, loadAsDocument } from "../../lib/page-handle.ts";
import { addressLanguage } from "../../lib/i18n.tsx";
import { hasHindiVersion, splitLanguagePath, translate } from "../../../core/i18n/index.ts";
import { cityNameIn } from "../../content/cities.hi.ts";

/** Plain HTML plus the public-site island; no React in the browser (root.tsx). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

const LOAN_PAGES = new Set(["/instant-loan", "/apply-for-short-term-personal-loan", "/apply-for-emergency-personal-loan"]);

/** `/{slug}` (and `/hi/{slug}`): a city landing page or a generic content page; anything else is a real 404. */
export function loader({ params, request }: Route.LoaderArgs) {
  const lang = addressLanguage(request.url);
  const path = `/${params.slug}`;
  if (lang === "hi" && !hasHindiVersion(path)) throw data(null, { status: 404, statusText: "Not Found" });
  const city = getCityBySlug(params.slug);
  if (city) return { kind: "city" as const, city };
  const page = getTextPageIn(path, lang);
  if (page && page.path !== "/service-area") return { kind: "text" as const, page };
  throw data(null, { status: 404, statusText: "Not Found" });
}

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  if (!loaderData) return [];
  const lang = splitLanguagePath(location.pathname).lang;
  if (loaderData.kind === "city") {
    const { city } = loaderData;
    const path = `/${city.slug}`;
    const name = cityNameIn(city.cityname, lang);
    return pageMeta({
      title: lang === "hi" ? translate(lang, "public.city.title", { city: name }) : city.metaTitle,
      description: lang === "hi" ? translate(lang, "public.city.description", { city: name }) : city.metaDis,
      path,
      lang,
      image: `/${city.cityImg}`,
      jsonLd: [
        breadcrumbLd([
          { name: "Service area", path: "/service-area" },
          { name: city.cityname, path },
        ]),
        faqPageLd(city.faq.map((q) => ({ question: q.question, answer: q.ans }))),
        salaryDayLoanLd(path, `Salary-day personal loan in ${city.cityname}`),
      ],
    });
  }
  const { page } = loaderData;
  return pageMeta({
    title: page.metaTitle,
    description: page.metaDis,
    path: page.path,
    lang,
    jsonLd: [
      breadcrumbLd([{ name: page.pageHeading, path: page.path }]),
      ...(LOAN_PAGES.has(page.path) ? [salaryDayLoanLd(page.path, page.banner ?? page.pageHeading)] : []),
    ],
  });
};

export default function SlugPage({ loaderData }: Route.ComponentProps) {
  return loaderData.kind === "city" ? <CityPageView city={loaderData.city} /> : <TextPageView page={loaderData.page} />;
}

export const ErrorBoundary = PublicErrorBoundary;

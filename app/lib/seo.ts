/**
 * Per-page metadata for the public site: one call gives a route's `meta` export a unique
 * title, meta description, absolute canonical URL, Open Graph and Twitter tags and any
 * JSON-LD blocks. Pure: safe in route modules, in prerendering and in the browser.
 *
 *   export const meta: Route.MetaFunction = () =>
 *     pageMeta({ title, description, path: "/faq", jsonLd: [faqPageLd(items), breadcrumbLd([...])] });
 */
import type { MetaDescriptor } from "react-router";
import { SITE_URL } from "../content/site-url.ts";
import { hasHindiVersion, localizedPath, type Language } from "../../core/i18n/index.ts";

export const SITE_NAME = "SalaryOnTime";
/** Canonical public origin (site configuration), used for canonical and Open Graph URLs. */
export const SITE_ORIGIN = SITE_URL.replace(/\/$/, "");
export const DEFAULT_OG_IMAGE = "/images/og-default.svg";

export interface PageMetaInput {
  /** Unique per page. */
  title: string;
  /** Unique per page, at most 160 characters. */
  description: string;
  /** Site-relative path of the page ("/", "/faq", "/blog/some-post"). */
  path: string;
  /** Site-relative or absolute image for social cards. */
  image?: string;
  /** Open Graph type: "website" (default) or "article" for blog posts. */
  type?: "website" | "article";
  /** Extra JSON-LD objects (each gets its own <script type="application/ld+json">). */
  jsonLd?: object[];
  /** Keep the page out of search indexes (error pages). */
  noindex?: boolean;
  /** The page's language (issue 23); a page that exists in Hindi gets its /hi address and hreflang alternates. */
  lang?: Language;
}

export function absoluteUrl(pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return `${SITE_ORIGIN}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** The full `meta` array for one public page. */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const lang = input.lang ?? "en";
  const url = absoluteUrl(localizedPath(input.path, lang));
  const image = absoluteUrl(input.image ?? DEFAULT_OG_IMAGE);
  const tags: MetaDescriptor[] = [
    { title: input.title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: lang === "hi" ? "hi_IN" : "en_IN" },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: input.description },
  ];
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  if (hasHindiVersion(input.path)) {
    const english = absoluteUrl(localizedPath(input.path, "en"));
    tags.push(
      { tagName: "link", rel: "alternate", hrefLang: "en-IN", href: english },
      { tagName: "link", rel: "alternate", hrefLang: "hi-IN", href: absoluteUrl(localizedPath(input.path, "hi")) },
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: english },
    );
  }
  // The Organization block is rendered once by the public layout (organizationLd), not here.
  for (const block of input.jsonLd ?? []) tags.push({ "script:ld+json": block });
  return tags;
}

/** BreadcrumbList from Home down to the current page. Pass the trail without Home. */
export function breadcrumbLd(trail: { name: string; path: string }[]) {
  const items = [{ name: "Home", path: "/" }, ...trail];
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({ "@type": "ListItem", position: i + 1, name: item.name, item: absoluteUrl(item.path) })),
  };
}

/** FAQPage for a page that shows these questions. */
export function faqPageLd(items: { question: string; answer: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((q) => ({ "@type": "Question", name: q.question, acceptedAnswer: { "@type": "Answer", text: q.answer } })),
  };
}

/** A loan-product description for the loan pages; figures come from core/product.ts via the caller. */
export function loanProductLd(input: {
  name: string;
  description: string;
  path: string;
  minAmount: number;
  maxAmount: number;
  /** Flat interest per day in percent, e.g. 1. */
  dailyRatePercent: number;
  minDays: number;
  maxDays: number;
  /** APR of a representative loan, in percent. */
  representativeAprPercent?: number;
}) {
  return {
    "@context": "https://schema.org",
    "@type": "LoanOrCredit",
    name: input.name,
    description: input.description,
    url: absoluteUrl(input.path),
    provider: { "@id": `${SITE_ORIGIN}/#organization` },
    loanType: "Unsecured short-term personal loan",
    currency: "INR",
    amount: { "@type": "MonetaryAmount", currency: "INR", minValue: input.minAmount, maxValue: input.maxAmount },
    loanTerm: { "@type": "QuantitativeValue", minValue: input.minDays, maxValue: input.maxDays, unitCode: "DAY" },
    requiredCollateral: "None",
    annualPercentageRate: input.representativeAprPercent,
    interestRate: { "@type": "QuantitativeValue", value: input.dailyRatePercent, unitText: "percent per day" },
    areaServed: { "@type": "Country", name: "India" },
  };
}

/** BlogPosting, for the blog helper's detail page. */
export function blogPostingLd(input: {
  title: string;
  description: string;
  path: string;
  image?: string;
  datePublished: string;
  dateModified?: string;
  category?: string;
}) {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: input.title,
    description: input.description,
    url: absoluteUrl(input.path),
    mainEntityOfPage: absoluteUrl(input.path),
    image: input.image ? absoluteUrl(input.image) : undefined,
    datePublished: input.datePublished,
    dateModified: input.dateModified ?? input.datePublished,
    articleSection: input.category,
    author: { "@id": `${SITE_ORIGIN}/#organization` },
    publisher: { "@id": `${SITE_ORIGIN}/#organization` },
  };
}

import { data, Link } from "react-router";
import type { Route } from "./+types/blog.ts";
import { BLOG_PAGE_SIZE, formatPublishDate, requireBlog, truncateTitle } from "../../lib/blog.ts";
import { breadcrumbLd, pageMeta } from "../../lib/seo.ts";
import { serverContext } from "../../lib/server-context.ts";
import blogCss from "../../styles/blog.css?url";
import { STATIC_PAGE, loadAsDocument } from "../../lib/page-handle.ts";
import { useT } from "../../lib/i18n.tsx";

/** Plain HTML plus the public-site island; no React in the browser (root.tsx). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: blogCss }];

/** Server-rendered list: posts 0 to 10 (spec 9), further pages with ?page=n. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("page");
  const page = raw === null ? 1 : /^[1-9]\d{0,3}$/.test(raw) ? Number(raw) : 0;
  if (!page) throw data(null, { status: 404 });
  const blog = requireBlog(context.get(serverContext).blog);
  const start = (page - 1) * BLOG_PAGE_SIZE;
  // One extra post tells whether an older page exists.
  const rows = await blog.list(start, start + BLOG_PAGE_SIZE + 1);
  if (page > 1 && rows.length === 0) throw data(null, { status: 404 });
  return { page, posts: rows.slice(0, BLOG_PAGE_SIZE), hasOlder: rows.length > BLOG_PAGE_SIZE };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const page = loaderData?.page ?? 1;
  const suffix = page > 1 ? ` (page ${page})` : "";
  return pageMeta({
    title: `Blog: guides to salary-day loans, credit and money${suffix} | SalaryOnTime`,
    description: `Plain-language guides from SalaryOnTime on short-term loans, Key Fact Statements and APR, credit scores, eKYC and planning for emergencies${suffix}.`,
    path: page > 1 ? `/blog?page=${page}` : "/blog",
    jsonLd: [breadcrumbLd([{ name: "Blog", path: "/blog" }])],
  });
};

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const { posts, page, hasOlder } = loaderData;
  const t = useT();
  return (
    <main id="main" className="blog">
      <section className="blog-hero">
        <div className="blog-hero-inner">
          <h1>{t("public.blog.title")}</h1>
          <p>{t("public.blog.lead")}</p>
        </div>
      </section>
      <div className="page">
        {posts.length === 0 ? (
          <p>{t("public.blog.empty")}</p>
        ) : (
          <ul className="blog-grid">
            {posts.map((post, i) => (
              <li key={post.slug} className="blog-card">
                <img
                  className="blog-card-image"
                  src={post.thumb_image_url}
                  alt=""
                  width={400}
                  height={210}
                  loading={i < 3 ? "eager" : "lazy"}
                  decoding="async"
                />
                <div className="blog-card-body">
                  <p className="blog-card-meta">
                    <time dateTime={post.publish_date}>{formatPublishDate(post.publish_date)}</time>
                    <span aria-hidden="true"> · </span>
                    <span className="blog-category">{post.category_name}</span>
                  </p>
                  <h2 className="blog-card-title" title={post.title}>
                    {truncateTitle(post.title)}
                  </h2>
                  <Link className="blog-card-link" to={`/blog/${post.slug}`}>
                    {t("public.blog.knowMore")}
                    <span className="visually-hidden">: {post.title}</span>
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
        {(page > 1 || hasOlder) && (
          <nav className="blog-pager" aria-label={t("public.blog.pages")}>
            {page > 1 && <Link to={page === 2 ? "/blog" : `/blog?page=${page - 1}`}>{t("public.blog.newer")}</Link>}
            {hasOlder && <Link to={`/blog?page=${page + 1}`}>{t("public.blog.older")}</Link>}
          </nav>
        )}
      </div>
    </main>
  );
}

import { data, Link } from "react-router";
import type { Route } from "./+types/blog-post.ts";
import { formatPublishDate, requireBlog } from "../../lib/blog.ts";
import { blogPostingLd, breadcrumbLd, pageMeta } from "../../lib/seo.ts";
import { serverContext } from "../../lib/server-context.ts";
import blogCss from "../../styles/blog.css?url";
import { STATIC_PAGE, loadAsDocument } from "../../lib/page-handle.ts";
import { useT } from "../../lib/i18n.tsx";

/** Plain HTML plus the public-site island; no React in the browser (root.tsx). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: blogCss }];

const LATEST = 5;

/** Server-rendered post; an unknown slug is a real 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const blog = requireBlog(context.get(serverContext).blog);
  const [post, recent] = await Promise.all([blog.detail(params.slug), blog.list(0, LATEST + 1)]);
  if (!post) throw data(null, { status: 404 });
  return { post, latest: recent.filter((p) => p.slug !== post.slug).slice(0, LATEST) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { post } = loaderData;
  const path = `/blog/${post.slug}`;
  return pageMeta({
    title: post.seo_title,
    description: post.seo_description,
    path,
    image: post.banner_image_url,
    type: "article",
    jsonLd: [
      blogPostingLd({
        title: post.title,
        description: post.seo_description,
        path,
        image: post.banner_image_url,
        datePublished: post.publish_date,
        dateModified: post.updated_at.slice(0, 10) > post.publish_date ? post.updated_at.slice(0, 10) : post.publish_date,
        category: post.category_name,
      }),
      breadcrumbLd([
        { name: "Blog", path: "/blog" },
        { name: post.title, path },
      ]),
    ],
  });
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, latest } = loaderData;
  const t = useT();
  return (
    <main id="main" className="blog">
      <div className="page blog-layout">
        <article className="blog-article">
          <nav aria-label={t("public.blog.breadcrumb")} className="breadcrumb">
            <ol>
              <li>
                <Link to="/">{t("nav.home")}</Link>
              </li>
              <li>
                <Link to="/blog">{t("nav.blog")}</Link>
              </li>
              <li aria-current="page">{post.title}</li>
            </ol>
          </nav>
          <p className="blog-card-meta">
            <time dateTime={post.publish_date}>{formatPublishDate(post.publish_date)}</time>
            <span aria-hidden="true"> · </span>
            <span className="blog-category">{post.category_name}</span>
          </p>
          {/* Upper case by CSS (spec 2): screen readers get the words, not letter-by-letter capitals. */}
          <h1 className="blog-title">{post.title}</h1>
          <p className="blog-lead">{post.short_description}</p>
          <img className="blog-banner" src={post.banner_image_url} alt="" width={1200} height={630} fetchPriority="high" decoding="async" />
          {/* long_description is sanitized by the server with the allow-list, when saved and again when read. */}
          <div className="blog-body" dangerouslySetInnerHTML={{ __html: post.long_description }} />
          <p className="blog-cta">
            <Link className="btn btn-primary" to="/apply-now">
              {t("chrome.applyNow")}
            </Link>{" "}
            <Link className="btn btn-secondary" to="/blog">
              {t("public.blog.allPosts")}
            </Link>
          </p>
        </article>
        <aside className="blog-sidebar" aria-labelledby="latest-blogs">
          <h2 id="latest-blogs">{t("public.blog.latest")}</h2>
          <ul>
            {latest.map((p) => (
              <li key={p.slug}>
                <Link to={`/blog/${p.slug}`} className="blog-latest">
                  <img src={p.banner_image_url} alt="" width={96} height={50} loading="lazy" decoding="async" />
                  <span>{p.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </main>
  );
}

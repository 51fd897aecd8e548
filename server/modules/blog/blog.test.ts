import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../test-support/test-app.ts";
import { sanitizePostHtml } from "./blog-sanitize.ts";
import { blogPosts as seedPosts } from "./blog-seed-posts.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LIST = "/Api/Website/BlogsController/blog";
const DETAIL = "/Api/Website/BlogsController/blogDetail";

const MALICIOUS = `<p onclick="steal()">Hello <strong>reader</strong></p>
<script>alert(1)</script>
<img src="x" onerror="alert(2)">
<p><a href="javascript:alert(3)">click</a> <a href="JaVaScRiPt:alert(4)">again</a> <a href="/apply-now" onmouseover="x()">apply</a></p>
<svg onload="alert(5)"><script>alert(6)</script></svg>
<iframe src="https://evil.example/"></iframe>
<a href="data:text/html;base64,PHNjcmlwdD4=">data</a>
<p style="background:url(javascript:alert(7))">styled</p>`;

function expectClean(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/alert\(/);
  expect(html).not.toMatch(/\bon[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toMatch(/<(img|svg|iframe|style)\b/i);
  expect(html).not.toMatch(/data:/i);
}

describe("blog list", () => {
  it("returns at least six seeded posts newest first with the summary fields of spec section 3", async () => {
    const reply = await t.post({ start: 0, end: 10 }, { path: LIST });
    expect(reply.status).toBe(200);
    expect(reply.body.Status).toBe(1);
    const data = (reply.body as unknown as { data: Record<string, string>[] }).data;
    expect(data.length).toBeGreaterThanOrEqual(6);
    expect(data.length).toBe(seedPosts.length);
    for (const post of data) {
      expect(Object.keys(post).sort()).toEqual(["banner_image_url", "category_name", "publish_date", "slug", "thumb_image_url", "title"]);
      expect(post.publish_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const dates = data.map((p) => p.publish_date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("pages with start and end (end exclusive)", async () => {
    const all = (await t.post({ start: 0, end: 10 }, { path: LIST })).body as unknown as { data: { slug: string }[] };
    const page = (await t.post({ start: 2, end: 4 }, { path: LIST })).body as unknown as { data: { slug: string }[] };
    expect(page.data.map((p) => p.slug)).toEqual(all.data.slice(2, 4).map((p) => p.slug));
    const defaults = (await t.post({}, { path: LIST })).body as unknown as { data: unknown[] };
    expect(defaults.data.length).toBe(Math.min(10, all.data.length));
  });

  it("refuses a bad range with a 422, never a 500", async () => {
    for (const body of [
      { start: -1, end: 10 },
      { start: 5, end: 2 },
      { start: 0, end: 500 },
      { start: "x", end: 10 },
    ]) {
      const reply = await t.post(body, { path: LIST });
      expect(reply.status).toBe(422);
      expect(reply.body.Status).toBe(2);
    }
  });
});

describe("blog detail", () => {
  it("returns data[0] with the detail fields of spec section 3", async () => {
    const seed = seedPosts[0];
    const reply = await t.post({ blog_slug: seed.slug }, { path: DETAIL });
    expect(reply.status).toBe(200);
    const post = (reply.body as unknown as { data: Record<string, string>[] }).data[0];
    expect(post).toMatchObject({
      title: seed.title,
      short_description: seed.short_description,
      banner_image_url: seed.banner_image_url,
      seo_title: seed.seo_title,
      seo_description: seed.seo_description,
    });
    expect(post.long_description).toContain("<h2>");
  });

  it("answers an unknown slug with HTTP 404 and a missing slug with 422", async () => {
    const unknown = await t.post({ blog_slug: "no-such-post" }, { path: DETAIL });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ Status: 2, Message: "Blog not found." });
    expect((await t.post({}, { path: DETAIL })).status).toBe(422);
  });
});

describe("sanitization (decision 24)", () => {
  it("the allow-list drops script, event handlers, javascript: and data: links but keeps safe markup", () => {
    const clean = sanitizePostHtml(MALICIOUS);
    expectClean(clean);
    expect(clean).toContain("<strong>reader</strong>");
    expect(clean).toContain('<a href="/apply-now">apply</a>');
  });

  it("drops obfuscated javascript: links (entities, whitespace, control characters) and protocol-relative ones", () => {
    for (const href of [
      "&#106;avascript:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "jav&#x09;ascript:alert(1)",
      "//evil.example/x",
      "vbscript:msgbox(1)",
      "http://plain.example/",
    ]) {
      const clean = sanitizePostHtml(`<a href="${href}">x</a>`);
      expect(clean, href).toBe("<a>x</a>");
    }
    expect(sanitizePostHtml('<a href="https://rbi.org.in/">RBI</a>')).toBe('<a href="https://rbi.org.in/" rel="noopener noreferrer nofollow">RBI</a>');
  });

  it("keeps every seed post intact apart from whitespace", () => {
    for (const post of seedPosts) expect(sanitizePostHtml(post.long_description)).toBe(post.long_description.trim());
  });

  it("sanitizes when saved and again when shown, and tells listeners", async () => {
    const changed: string[] = [];
    t.services.blog.onChange((slug) => changed.push(slug));
    await t.services.blog.save({ ...seedPosts[0], slug: "payload-post", long_description: MALICIOUS });
    expect(changed).toEqual(["payload-post"]);
    expectClean((await t.services.blog.storedHtml("payload-post"))!);

    // Even HTML that bypassed the save path (written straight to the table) is cleaned on the way out.
    await t.database.execScript(
      `UPDATE blog_posts SET long_description = '<p>x</p><script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">y</a>' WHERE slug = 'payload-post'`,
    );
    const reply = await t.post({ blog_slug: "payload-post" }, { path: DETAIL });
    const html = (reply.body as unknown as { data: { long_description: string }[] }).data[0].long_description;
    expectClean(html);
    expect(html).toContain("<p>x</p>");
  });

  it("a saved post drops the cached blog pages and nothing else", async () => {
    const cache = t.services.publicSite.pageCache;
    cache.set("/blog", "<p>list</p>", {});
    cache.set(`/blog/${seedPosts[2].slug}`, "<p>post</p>", {});
    cache.set("/faq", "<p>faq</p>", {});
    await t.services.blog.save({ ...seedPosts[3], title: "A changed title for the cache test" });
    expect(cache.has("/blog")).toBe(false);
    expect(cache.has(`/blog/${seedPosts[2].slug}`)).toBe(false);
    expect(cache.has("/faq")).toBe(true);
  });

  it("adds the contact page, the blog list and every post to the sitemap", async () => {
    const paths = (await t.services.publicSite.extraSitemapEntries()).map((e) => e.path);
    expect(paths).toContain("/contact-salaryontime");
    expect(paths).toContain("/blog");
    for (const post of seedPosts) expect(paths).toContain(`/blog/${post.slug}`);
  });

  it("seeding twice does not duplicate or overwrite posts", async () => {
    await t.services.blog.save({ ...seedPosts[1], title: "An edited title" });
    await t.services.blog.seed();
    const detail = await t.services.blog.detail(seedPosts[1].slug);
    expect(detail?.title).toBe("An edited title");
  });

  it("lists the blog and every post for the sitemap", async () => {
    const urls = await t.services.blog.sitemapUrls();
    expect(urls[0].path).toBe("/blog");
    for (const post of seedPosts) expect(urls.map((u) => u.path)).toContain(`/blog/${post.slug}`);
    for (const url of urls) expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

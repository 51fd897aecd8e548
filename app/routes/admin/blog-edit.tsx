import { Form, data, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/blog-edit.ts";
import type { BlogPostForm } from "../../../core/admin/admin-api.ts";
import { adminFailure, refusal, requireStaff } from "../../lib/admin.ts";

const FIELDS: { name: keyof BlogPostForm; label: string; type?: string }[] = [
  { name: "title", label: "Title" },
  { name: "slug", label: "Address (slug)" },
  { name: "category_name", label: "Category" },
  { name: "publish_date", label: "Publish date", type: "date" },
  { name: "short_description", label: "Short description" },
  { name: "seo_title", label: "SEO title" },
  { name: "seo_description", label: "SEO description" },
  { name: "thumb_image_url", label: "Thumbnail image URL" },
  { name: "banner_image_url", label: "Banner image URL" },
];

const empty: BlogPostForm = {
  slug: "",
  title: "",
  category_name: "",
  publish_date: new Date().toISOString().slice(0, 10),
  short_description: "",
  long_description: "",
  seo_title: "",
  seo_description: "",
  thumb_image_url: "/images/blog/thumb-default.webp",
  banner_image_url: "/images/blog/banner-default.webp",
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const { admin, staff } = requireStaff(context);
  try {
    const post = params.slug === "new" ? empty : await admin.blog.get(params.slug);
    if (!post) throw new Response("No such post.", { status: 404 });
    return { post, isNew: params.slug === "new", canEdit: staff.role === "admin", failure: null };
  } catch (error) {
    if (error instanceof Response) throw error;
    return data({ post: empty, isNew: false, canEdit: false, failure: adminFailure(error) }, { status: 403 });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = requireStaff(context);
  const form = await request.formData();
  const post = Object.fromEntries(
    [...FIELDS.map((f) => f.name), "long_description"].map((name) => [name, String(form.get(name) ?? "")]),
  ) as unknown as BlogPostForm;
  try {
    if (form.get("intent") === "preview") return { post, preview: await admin.blog.preview(post.long_description), saved: null, failure: null };
    const { slug } = await admin.blog.save(post);
    return { post, preview: null, saved: slug, failure: null };
  } catch (error) {
    return refusal(error, { post, preview: null, saved: null });
  }
}

export default function BlogEdit() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const post = result?.post ?? loaded.post;
  if (loaded.failure)
    return (
      <p className="error" role="alert">
        {loaded.failure.message}
      </p>
    );
  return (
    <>
      <h1>{loaded.isNew ? "New post" : `Edit: ${loaded.post.title}`}</h1>
      <div role="status">
        {result?.saved ? (
          <p className="notice">
            Saved. The public pages show it now: <a href={`/blog/${result.saved}`}>/blog/{result.saved}</a>
          </p>
        ) : null}
        {result?.failure ? <p className="error">{result.failure.message}</p> : null}
      </div>
      <Form method="post" className="admin-card" key={result?.saved ?? "form"}>
        <fieldset disabled={!loaded.canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
          {FIELDS.map((f) => (
            <div key={f.name}>
              <label htmlFor={`post-${f.name}`}>{f.label}</label>
              <input
                id={`post-${f.name}`}
                name={f.name}
                type={f.type ?? "text"}
                defaultValue={post[f.name]}
                aria-invalid={Boolean(result?.failure?.errors?.[f.name]) || undefined}
                aria-describedby={result?.failure?.errors?.[f.name] ? `err-${f.name}` : undefined}
              />
              {result?.failure?.errors?.[f.name] ? (
                <p id={`err-${f.name}`} className="error">
                  {result.failure.errors[f.name]}
                </p>
              ) : null}
            </div>
          ))}
          <label htmlFor="post-long_description">Body (Markdown; the blog's allowed HTML also works)</label>
          <textarea id="post-long_description" name="long_description" defaultValue={post.long_description} />
          <button type="submit" name="intent" value="preview" className="secondary">
            Preview
          </button>{" "}
          <button type="submit" name="intent" value="save">
            Save
          </button>
        </fieldset>
      </Form>
      {result?.preview ? (
        <section aria-labelledby="preview-title" className="admin-card">
          <h2 id="preview-title">Preview</h2>
          {/* Sanitized on the server by the blog's allow-list. */}
          <div className="admin-preview" dangerouslySetInnerHTML={{ __html: result.preview }} />
        </section>
      ) : null}
    </>
  );
}

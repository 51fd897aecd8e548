-- Blog posts (issue 5, decision 24): the blog-summary and blog-detail fields of spec section 3.
-- long_description is stored already sanitized; it is sanitized again when shown.
CREATE TABLE blog_posts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  title text NOT NULL,
  category_name text NOT NULL,
  publish_date date NOT NULL,
  short_description text NOT NULL,
  long_description text NOT NULL,
  seo_title text NOT NULL,
  seo_description text NOT NULL,
  thumb_image_url text NOT NULL,
  banner_image_url text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX blog_posts_publish_idx ON blog_posts (publish_date DESC, created_at DESC);

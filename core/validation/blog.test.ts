import { describe, expect, it } from "vitest";
import { BLOG_BODY_MAX, blogPostErrors, blogPostSchema } from "./blog.ts";

const good = {
  slug: "salary-day-basics",
  title: "Salary day basics",
  category_name: "Guides",
  publish_date: "2026-11-02",
  short_description: "What a salary-day loan is for.",
  long_description: "<p>Body</p>",
  seo_title: "Salary day basics guide",
  seo_description: "A short guide to salary-day loans and their costs.",
  thumb_image_url: "/images/blog/thumb-default.webp",
  banner_image_url: "https://cdn.example.in/blog/banner.webp",
};

describe("blog post rules (back office form and blog service)", () => {
  it("accepts a complete post and trims its fields", () => {
    expect(blogPostErrors(good)).toBeNull();
    expect(blogPostSchema.parse({ ...good, title: "  Salary day basics  " }).title).toBe("Salary day basics");
  });

  it("allows lower-case letters, digits and single hyphens in the slug", () => {
    const slug = "The slug may use lower-case letters, digits and single hyphens.";
    for (const bad of ["Salary-Day", "salary--day", "-salary", "salary_day", "salary day"])
      expect(blogPostErrors({ ...good, slug: bad }), bad).toEqual({ slug });
    expect(blogPostErrors({ ...good, slug: "loan-101" })).toBeNull();
  });

  it("takes only site-relative or https image addresses", () => {
    const image = "Image URLs must be site-relative or https.";
    expect(blogPostErrors({ ...good, thumb_image_url: "http://cdn.example.in/a.webp", banner_image_url: "javascript:alert(1)" })).toEqual({
      thumb_image_url: image,
      banner_image_url: image,
    });
    expect(blogPostErrors({ ...good, thumb_image_url: "images/blog/a.webp" })).toEqual({ thumb_image_url: image });
    // A protocol-relative address is another site's, not ours.
    expect(blogPostErrors({ ...good, thumb_image_url: "//cdn.example.in/a.webp" })).toEqual({ thumb_image_url: image });
    expect(blogPostErrors({ ...good, thumb_image_url: "/images/blog/a.webp" })).toBeNull();
  });

  it("bounds the lengths, with the body at most 200,000 characters", () => {
    expect(BLOG_BODY_MAX).toBe(200_000);
    expect(blogPostErrors({ ...good, long_description: "x".repeat(200_000) })).toBeNull();
    expect(blogPostErrors({ ...good, long_description: "x".repeat(200_001) })).toEqual({
      long_description: "Too big: expected string to have <=200000 characters",
    });
    expect(blogPostErrors({ ...good, title: "ab" })).toEqual({ title: "Too small: expected string to have >=3 characters" });
    expect(blogPostErrors({ ...good, seo_description: "short" })).toEqual({ seo_description: "Too small: expected string to have >=20 characters" });
  });

  it("reports a field's last problem: a short slug in capitals is told the slug rule", () => {
    expect(blogPostErrors({ ...good, slug: "A" })).toEqual({ slug: "The slug may use lower-case letters, digits and single hyphens." });
  });

  it("wants a real calendar date", () => {
    expect(blogPostErrors({ ...good, publish_date: "2026-02-30" })).toEqual({ publish_date: "Invalid ISO date" });
    expect(blogPostErrors({ ...good, publish_date: "02/11/2026" })).toEqual({ publish_date: "Invalid ISO date" });
  });
});

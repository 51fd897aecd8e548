// Blog posts (migration 0350) and contact-page enquiries with their captchas (migration 0351).
import { date, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const blogPosts = pgTable("blog_posts", {
  id: uuid("id").primaryKey().defaultRandom(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  categoryName: text("category_name").notNull(),
  publishDate: date("publish_date", { mode: "string" }).notNull(),
  shortDescription: text("short_description").notNull(),
  longDescription: text("long_description").notNull(),
  seoTitle: text("seo_title").notNull(),
  seoDescription: text("seo_description").notNull(),
  thumbImageUrl: text("thumb_image_url").notNull(),
  bannerImageUrl: text("banner_image_url").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const captchaChallenges = pgTable("captcha_challenges", {
  id: uuid("id").primaryKey().defaultRandom(),
  answerHash: text("answer_hash").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

export const enquiries = pgTable("enquiries", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  mobile: text("mobile").notNull(),
  email: text("email").notNull(),
  city: text("city"),
  message: text("message").notNull(),
  ipHash: text("ip_hash").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  // Migration 0902: the back office enquiries desk.
  handledAt: timestamp("handled_at", { withTimezone: true }),
  handledBy: uuid("handled_by"),
});

// The blog, enquiries and audit desks of the back office. Each method takes the staff principal first
// and checks the role before anything else (decision 32: the server checks every action, not the screen).
import { marked } from "marked";
import type { AuditQuery, BlogPostForm, Paged } from "../../../core/admin/admin-api.ts";
import type { StaffPrincipal } from "../../../core/staff.ts";
import { BLOG_BODY_MAX } from "../../../core/validation/blog.ts";
import type { Db } from "../../db/client.ts";
import type { AuditService } from "../audit/audit.service.ts";
import { sanitizePostHtml, type BlogService } from "../blog/blog.service.ts";
import { InvalidInput, NotFound } from "../domain-errors.ts";
import type { EnquiryService } from "../enquiry/enquiry.service.ts";
import { requireRole } from "./staff.service.ts";

const PAGE_SIZE = 25;
const pageOf = (q: Paged) => Math.max(1, Math.min(10_000, Math.floor(Number(q.page) || 1)));
const orderOf = (q: Paged) => (q.order === "oldest" ? "oldest" : "newest");
const isoDate = (value: unknown) => (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined);
const text = (value: unknown, max = 200) => (typeof value === "string" && value.trim() ? value.trim().slice(0, max) : undefined);

/** Markdown to HTML, then the blog's one allow-list. Raw HTML in the Markdown is allowed and sanitized alike. */
export function renderPostMarkdown(markdown: string): string {
  return sanitizePostHtml(marked.parse(markdown, { async: false, gfm: true }));
}

export function createBackOfficeDesks(deps: { db: Db; blog: BlogService; enquiries: EnquiryService; audit: AuditService }) {
  const { db, blog, enquiries, audit } = deps;
  return {
    blog: {
      async list(actor: StaffPrincipal | null, query: Paged) {
        requireRole(actor, "admin", "auditor");
        const page = pageOf(query);
        return { ...(await blog.deskList({ page, pageSize: PAGE_SIZE, order: orderOf(query) })), page, pageSize: PAGE_SIZE };
      },
      async get(actor: StaffPrincipal | null, slug: string) {
        requireRole(actor, "admin", "auditor");
        return blog.forEdit(String(slug));
      },
      async preview(actor: StaffPrincipal | null, markdown: string) {
        requireRole(actor, "admin");
        return renderPostMarkdown(String(markdown ?? "").slice(0, BLOG_BODY_MAX));
      },
      async save(actor: StaffPrincipal | null, input: BlogPostForm) {
        const who = requireRole(actor, "admin");
        const post = { ...input, long_description: renderPostMarkdown(String(input.long_description ?? "").slice(0, BLOG_BODY_MAX)) };
        const errors = blog.validate(post);
        if (errors) throw new InvalidInput(Object.values(errors)[0]!, errors);
        const before = await blog.forEdit(post.slug);
        const slug = await blog.save(post);
        const after = await blog.forEdit(slug);
        // Before and after hold the changed fields only, so the log stays readable.
        const changed = Object.keys(after ?? {}).filter((k) => before?.[k as keyof BlogPostForm] !== after?.[k as keyof BlogPostForm]);
        const pick = (v: BlogPostForm | null) => (v ? Object.fromEntries(changed.map((k) => [k, v[k as keyof BlogPostForm]])) : null);
        await db.transaction((tx) =>
          audit.record(tx, {
            actor: who,
            action: before ? "blog.edit" : "blog.create",
            target: { kind: "blog_post", id: slug },
            before: pick(before),
            after: pick(after),
          }),
        );
        return { slug };
      },
    },

    enquiries: {
      async list(actor: StaffPrincipal | null, query: Paged & { show?: string }) {
        requireRole(actor, "admin", "auditor");
        const page = pageOf(query);
        const show = query.show === "handled" || query.show === "all" ? query.show : "open";
        return { ...(await enquiries.inbox({ page, pageSize: PAGE_SIZE, order: orderOf(query), show })), page, pageSize: PAGE_SIZE };
      },
      async setHandled(actor: StaffPrincipal | null, input: { id: string; handled: boolean }) {
        const who = requireRole(actor, "admin");
        const id = String(input.id ?? "");
        if (!/^[0-9a-f-]{36}$/i.test(id)) throw new NotFound("No such enquiry.");
        await db.transaction(async (tx) => {
          if (!(await enquiries.setHandled(tx, id, Boolean(input.handled), who.staffId))) throw new NotFound("No such enquiry.");
          await audit.record(tx, { actor: who, action: "enquiry.handled", target: { kind: "enquiry", id }, after: { handled: Boolean(input.handled) } });
        });
      },
    },

    audit: {
      /** The auditor reads the log; reading is itself logged (the filters, never the rows). */
      async list(actor: StaffPrincipal | null, query: AuditQuery) {
        const who = requireRole(actor, "auditor");
        const page = pageOf(query);
        const filters = {
          actor: text(query.actor),
          action: text(query.action, 80),
          targetKind: text(query.targetKind, 80),
          targetId: text(query.targetId, 120),
          from: isoDate(query.from),
          to: isoDate(query.to),
        };
        const result = await audit.list({ ...filters, page, pageSize: PAGE_SIZE, order: orderOf(query) });
        await db.transaction((tx) =>
          audit.record(tx, { actor: who, action: "audit.read", after: Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) }),
        );
        return { rows: result.rows, total: result.total, page, pageSize: PAGE_SIZE };
      },
    },
  };
}

export type BackOfficeDesks = ReturnType<typeof createBackOfficeDesks>;

// Grievances with deadlines (issue 22): a complaint raised from the dashboard or the public page gets
// a reference and an SMS and e-mail acknowledgement at once; the grievance desk replies, resolves and
// closes (every step audited); the daily job escalates to the nodal officer and sends the RBI
// Integrated Ombudsman notice when the configured days pass without a resolution.
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { GrievanceDetail, GrievanceEventView, GrievanceRow } from "../../../core/admin/grievance-desk.ts";
import { todayInIndia } from "../../../core/calendar.ts";
import {
  COLLECTION_CATEGORY,
  GRIEVANCE_CATEGORY_LABELS,
  GRIEVANCE_LIMITS,
  GRIEVANCE_MESSAGES as GM,
  OMBUDSMAN_TEXT,
  RBI_CMS_URL,
  UNRESOLVED_STATUSES,
  complaintSchema,
  grievanceAgeDays,
  grievanceDeadlinesDue,
  grievanceReference,
  publicComplaintSchema,
  type GrievanceDeadlines,
} from "../../../core/grievances.ts";
import { customerLanguage, translator, type Language, type MessageValues, type Translate } from "../../../core/i18n/index.ts";
import { site } from "../../../core/site-config.ts";
import { ENQUIRY_MESSAGES as EM, enquiryRateLimitedMessage, fieldErrors, sniffFileType } from "../../../core/validation/index.ts";
import { isUuid } from "../../../core/validation/primitives.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles, grievanceEvents, grievances, leads, type GrievanceEventKind } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import { customerEmail, type CustomerEmailKind } from "../../providers/email/customer-email.ts";
import { isEmailAddress, type EmailPort } from "../../providers/email/port.ts";
import type { Notice, SmsNoticePort } from "../../providers/sms/port.ts";
import type { StoragePort } from "../../providers/storage/port.ts";
import { requireStaffRole, type AuditRecorder, type StaffActor } from "../credit/credit.service.ts";
import { InvalidInput, NotFound, RateLimited, Refused } from "../domain-errors.ts";
import type { CaptchaService, CaptchaVerdict } from "../enquiry/captcha.service.ts";
import { describeWait, type Limit, type RateLimitService } from "../rate-limit/rate-limit.service.ts";

/** Public complaints: 10 an hour per address, right or wrong, like the enquiry form. */
export const PUBLIC_COMPLAINT_LIMIT: Limit = { bucket: "grievance-ip", max: 10, windowMs: 60 * 60 * 1000 };
const CONTENT_TYPES = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp", pdf: "application/pdf" } as const;
const EXTENSIONS = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "application/pdf": "pdf" } as Record<string, string>;
const DESK_READ = ["grievance_officer", "admin", "auditor"] as const;
const DESK_ACT = ["grievance_officer", "admin"] as const;

export const COMPLAINTS_PATH = "/my-dashboard/complaints";

const captchaMessages: Record<Exclude<CaptchaVerdict, "ok">, string> = {
  wrong: EM.captchaWrong,
  used: EM.captchaUsed,
  expired: EM.captchaExpired,
  unknown: EM.captchaUnknown,
};

const maskMobile = (m: string | null) => (m ? `XXXXXX${m.slice(-4)}` : null);
const maskEmail = (e: string | null) => (e ? e.replace(/^(.)[^@]*@/, "$1***@") : null);
/** "Ravi Kumar Sharma" → "Ravi S.": enough to address the customer, not to identify them. */
const shortName = (n: string | null) => {
  const parts = (n ?? "").trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "—";
  return parts.length === 1 ? parts[0] : `${parts[0]} ${parts[parts.length - 1][0]}.`;
};

type Grievance = typeof grievances.$inferSelect;

export interface CustomerComplaint {
  reference: string;
  category: string;
  categoryLabel: string;
  status: string;
  loanNo: string | null;
  description: string;
  raisedAt: string;
  events: GrievanceEventView[];
}

export function createGrievancesService(deps: {
  db: Db;
  storage: StoragePort;
  sms: SmsNoticePort;
  email: EmailPort;
  audit: AuditRecorder;
  captchas: CaptchaService;
  rateLimits: RateLimitService;
  deadlines: GrievanceDeadlines;
  publicOrigin: string;
  now: () => Date;
  logger: Logger;
}) {
  const { db, storage, sms, email, audit, captchas, rateLimits, deadlines, now, logger } = deps;
  const origin = deps.publicOrigin.replace(/\/$/, "");
  const complaintsLink = `${origin}${COMPLAINTS_PATH}`;

  /** The attachment's content must be a PDF or an image, whatever its name (the documents' rule). */
  function attachmentOf(b64: string | null): { bytes: Uint8Array; contentType: string } | null {
    if (!b64) return null;
    const bytes = new Uint8Array(Buffer.from(b64, "base64"));
    const sniffed = sniffFileType(bytes);
    if (!sniffed) throw new InvalidInput(GM.attachment, { attachment: GM.attachment });
    return { bytes, contentType: CONTENT_TYPES[sniffed] };
  }

  function invalid(errors: Record<string, string>): never {
    throw new InvalidInput(Object.values(errors)[0] ?? "Please check the details you entered.", errors);
  }

  /** Where the customer hears from us: the profile's mobile and e-mail, else what the public form gave. */
  /** Issue 23: the customer's saved language, else the one a public-form complaint was raised in. */
  async function contactOf(g: Grievance): Promise<{ mobile: string | null; email: string | null; name: string | null; lang: Language }> {
    if (!g.profileId) return { mobile: g.mobile, email: g.email, name: g.name, lang: customerLanguage(g.language) };
    const [p] = await db
      .select({
        mobile: customerProfiles.mobile,
        email: customerProfiles.personalEmail,
        name: customerProfiles.fullName,
        lang: customerProfiles.preferredLanguage,
      })
      .from(customerProfiles)
      .where(eq(customerProfiles.id, g.profileId));
    return { mobile: p?.mobile ?? g.mobile, email: p?.email ?? g.email, name: p?.name ?? g.name, lang: customerLanguage(p?.lang ?? g.language) };
  }

  /**
   * A message that fails is logged by kind and reference; it never undoes the step it reports. The
   * e-mail's words come from the catalogue in the customer's language, with the ombudsman line.
   */
  async function tell(g: Grievance, message: { notice?: Notice; email: CustomerEmailKind; values: (t: Translate) => MessageValues }) {
    const to = await contactOf(g);
    if (message.notice && to.mobile) await sms.sendNotice({ mobile: to.mobile, notice: message.notice, lang: to.lang });
    if (isEmailAddress(to.email)) {
      const t = translator(to.lang);
      const values = { reference: g.reference, ombudsman: t("messages.ombudsman", { days: 30, portal: RBI_CMS_URL }), ...message.values(t) };
      await email
        .send(customerEmail({ to: to.email, lang: to.lang, name: to.name, kind: message.email, values, from: "grievance desk" }))
        .catch((error: unknown) => logger.warn("grievance e-mail not sent", { reference: g.reference, error: error instanceof Error ? error.name : "error" }));
    }
  }

  async function store(values: Omit<typeof grievances.$inferInsert, "reference" | "raisedAt">, file: { bytes: Uint8Array; contentType: string } | null) {
    const key = file ? await storage.put(file.bytes) : null;
    const at = now();
    try {
      // A clash of the 4 random characters on the same day is retried with new ones.
      for (let attempt = 0; ; attempt++) {
        const reference = grievanceReference(at, randomBytes(2).toString("hex"));
        const rows = await db
          .insert(grievances)
          .values({
            ...values,
            reference,
            raisedAt: at,
            attachmentKey: key,
            attachmentType: file?.contentType ?? null,
            attachmentBytes: file?.bytes.byteLength ?? null,
          })
          .onConflictDoNothing({ target: grievances.reference })
          .returning();
        if (rows[0]) return rows[0];
        if (attempt > 5) throw new Error("no free grievance reference");
      }
    } catch (error) {
      if (key) await storage.delete(key).catch(() => {});
      throw error;
    }
  }

  async function acknowledge(g: Grievance) {
    logger.info("grievance raised", { reference: g.reference, source: g.source });
    await tell(g, {
      notice: { kind: "grievance_received", vars: { reference: g.reference } },
      email: "grievance_received",
      values: (t) => ({
        category: t(`messages.grievanceCategory.${g.category}`),
        officer: t("contact.grievanceOfficer"),
        nodal: t("contact.nodalOfficer"),
        days: String(deadlines.escalationDays),
        online: g.profileId ? "yes" : "no",
        link: complaintsLink,
      }),
    });
  }

  async function loadGrievance(id: string): Promise<Grievance> {
    if (!isUuid(id)) throw new NotFound(GM.notFound);
    const [g] = await db.select().from(grievances).where(eq(grievances.id, id.toLowerCase()));
    if (!g) throw new NotFound(GM.notFound);
    return g;
  }

  async function eventsOf(ids: string[]): Promise<Map<string, GrievanceEventView[]>> {
    const out = new Map<string, GrievanceEventView[]>();
    if (!ids.length) return out;
    const rows = await db
      .select()
      .from(grievanceEvents)
      .where(inArray(grievanceEvents.grievanceId, ids))
      .orderBy(asc(grievanceEvents.at), asc(grievanceEvents.id));
    for (const r of rows) {
      const list = out.get(r.grievanceId) ?? [];
      list.push({ kind: r.kind, body: r.body, at: r.at.toISOString() });
      out.set(r.grievanceId, list);
    }
    return out;
  }

  function rowOf(g: Grievance, name: string | null, replies: number, at: Date): GrievanceRow {
    return {
      id: g.id,
      reference: g.reference,
      category: g.category,
      status: g.status,
      loanNo: g.loanNo,
      name: shortName(name),
      raisedAt: g.raisedAt.toISOString(),
      ageDays: grievanceAgeDays(g.raisedAt, at),
      escalated: Boolean(g.escalatedAt),
      ombudsmanNoticeSent: Boolean(g.ombudsmanNoticeAt),
      replies,
    };
  }

  /** A staff step on one complaint: the event, the status change and the audit row in one transaction. */
  async function staffStep(
    who: StaffActor,
    g: Grievance,
    step: { kind: GrievanceEventKind; body: string | null; set?: Partial<typeof grievances.$inferInsert>; action: string },
  ) {
    await db.transaction(async (tx) => {
      const at = now();
      if (step.set) await tx.update(grievances).set(step.set).where(eq(grievances.id, g.id));
      await tx.insert(grievanceEvents).values({ grievanceId: g.id, kind: step.kind, body: step.body, staffId: who.staffId, at });
      await audit.record(tx, {
        actor: who,
        action: step.action,
        target: { kind: "grievance", id: g.id },
        before: { status: g.status },
        after: { status: step.set?.status ?? g.status, reference: g.reference, ...(step.body ? { reply: step.body } : {}) },
      });
    });
  }

  function replyText(body: unknown): string {
    const text = String(body ?? "").trim();
    if (text.length < GRIEVANCE_LIMITS.replyMin || text.length > GRIEVANCE_LIMITS.replyMax) invalid({ body: GM.reply });
    return text;
  }

  /**
   * Sends an unresolved complaint to the nodal officer, once: by the daily job past the escalation
   * days (actor null), or earlier by an officer. Claimed by a conditional update, so it never repeats.
   */
  async function escalate(g: Grievance, who: StaffActor | null): Promise<boolean> {
    const at = now();
    const claimed = await db.transaction(async (tx) => {
      const rows = await tx
        .update(grievances)
        .set({ status: "escalated", escalatedAt: at })
        .where(and(eq(grievances.id, g.id), eq(grievances.status, "open")))
        .returning({ id: grievances.id });
      if (!rows.length) return false;
      await tx.insert(grievanceEvents).values({ grievanceId: g.id, kind: "escalated", body: null, staffId: who?.staffId ?? null, at });
      await audit.record(tx, { actor: who, action: "grievance.escalate", target: { kind: "grievance", id: g.id }, after: { reference: g.reference } });
      return true;
    });
    if (!claimed) return false;
    const why = who ? "escalated by our grievance officer before the deadline" : `${deadlines.escalationDays} days without resolution`;
    await email
      .send({
        to: site.nodalOfficer.email,
        subject: `Complaint ${g.reference} escalated: ${why}`,
        text: [
          `Complaint ${g.reference} (${GRIEVANCE_CATEGORY_LABELS[g.category]}) was raised on ${todayInIndia(g.raisedAt)} and is not resolved: ${why}.`,
          "Open it on the grievance desk: /admin/grievances",
        ].join("\n"),
      })
      .catch((error: unknown) => logger.warn("escalation e-mail not sent", { reference: g.reference, error: error instanceof Error ? error.name : "error" }));
    await tell(g, {
      email: "grievance_escalated",
      values: (t) => ({ nodal: t("contact.nodalOfficer"), nodal_name: site.nodalOfficer.name }),
    });
    return true;
  }

  const desk = {
    async list(staff: StaffActor | null, query: { show?: "open" | "all" } = {}) {
      requireStaffRole(staff, ...DESK_READ);
      const at = now();
      const where = query.show === "all" ? undefined : inArray(grievances.status, [...UNRESOLVED_STATUSES]);
      const rows = await db
        .select({ g: grievances, profileName: customerProfiles.fullName })
        .from(grievances)
        .leftJoin(customerProfiles, eq(customerProfiles.id, grievances.profileId))
        .where(where)
        .orderBy(asc(grievances.raisedAt), asc(grievances.reference))
        .limit(500);
      const replies = rows.length
        ? await db
            .select({ id: grievanceEvents.grievanceId })
            .from(grievanceEvents)
            .where(
              and(
                inArray(
                  grievanceEvents.grievanceId,
                  rows.map((r) => r.g.id),
                ),
                eq(grievanceEvents.kind, "reply"),
              ),
            )
        : [];
      return {
        rows: rows.map((r) => rowOf(r.g, r.profileName ?? r.g.name, replies.filter((x) => x.id === r.g.id).length, at)),
        today: todayInIndia(at),
        escalationDays: deadlines.escalationDays,
        ombudsmanDays: deadlines.ombudsmanDays,
      };
    },

    async detail(staff: StaffActor | null, id: string): Promise<GrievanceDetail> {
      const who = requireStaffRole(staff, ...DESK_READ);
      const g = await loadGrievance(id);
      const contact = await contactOf(g);
      const events = (await eventsOf([g.id])).get(g.id) ?? [];
      // Reading a complaint shows the customer's own words: audited like any read of personal data.
      await db.transaction((tx) => audit.record(tx, { actor: who, action: "grievance.view", target: { kind: "grievance", id: g.id } }));
      return {
        ...rowOf(g, contact.name, events.filter((e) => e.kind === "reply").length, now()),
        description: g.description,
        source: g.source,
        mobile: maskMobile(contact.mobile),
        email: maskEmail(contact.email),
        attachment: g.attachmentKey && g.attachmentType ? { contentType: g.attachmentType, bytes: g.attachmentBytes ?? 0 } : null,
        events,
      };
    },

    async attachment(staff: StaffActor | null, id: string) {
      const who = requireStaffRole(staff, ...DESK_READ);
      const g = await loadGrievance(id);
      const bytes = g.attachmentKey ? await storage.get(g.attachmentKey) : null;
      if (!bytes || !g.attachmentType) throw new NotFound(GM.notFound);
      await db.transaction((tx) => audit.record(tx, { actor: who, action: "grievance.attachment", target: { kind: "grievance", id: g.id } }));
      return { bytes, contentType: g.attachmentType, fileName: `${g.reference}.${EXTENSIONS[g.attachmentType] ?? "bin"}` };
    },

    async reply(staff: StaffActor | null, input: { id: string; body: string }) {
      const who = requireStaffRole(staff, ...DESK_ACT);
      const body = replyText(input?.body);
      const g = await loadGrievance(String(input?.id ?? ""));
      if (g.status === "closed") throw new Refused(GM.alreadyClosed);
      await staffStep(who, g, { kind: "reply", body, action: "grievance.reply" });
      await tell(g, {
        notice: g.profileId ? { kind: "grievance_replied", vars: { reference: g.reference, link: complaintsLink } } : undefined,
        email: "grievance_replied",
        values: () => ({ reply: body, online: g.profileId ? "yes" : "no", link: complaintsLink }),
      });
    },

    async resolve(staff: StaffActor | null, input: { id: string; body: string }) {
      const who = requireStaffRole(staff, ...DESK_ACT);
      const body = replyText(input?.body);
      const g = await loadGrievance(String(input?.id ?? ""));
      if (!UNRESOLVED_STATUSES.includes(g.status)) throw new Refused(g.status === "closed" ? GM.alreadyClosed : GM.alreadyResolved);
      await staffStep(who, g, { kind: "resolved", body, set: { status: "resolved", resolvedAt: now() }, action: "grievance.resolve" });
      await tell(g, {
        notice: g.profileId ? { kind: "grievance_replied", vars: { reference: g.reference, link: complaintsLink } } : undefined,
        email: "grievance_resolved",
        values: () => ({ reply: body }),
      });
    },

    /** Sends an open complaint to the nodal officer before the deadline (the daily job does it at the deadline). */
    async escalate(staff: StaffActor | null, input: { id: string }) {
      const who = requireStaffRole(staff, ...DESK_ACT);
      const g = await loadGrievance(String(input?.id ?? ""));
      if (g.status === "closed") throw new Refused(GM.alreadyClosed);
      if (g.status === "resolved") throw new Refused(GM.alreadyResolved);
      if (g.status === "escalated" || !(await escalate(g, who))) throw new Refused(GM.alreadyEscalated);
    },

    async close(staff: StaffActor | null, input: { id: string }) {
      const who = requireStaffRole(staff, ...DESK_ACT);
      const g = await loadGrievance(String(input?.id ?? ""));
      if (g.status === "closed") throw new Refused(GM.alreadyClosed);
      if (g.status !== "resolved") throw new Refused(GM.resolveFirst);
      await staffStep(who, g, { kind: "closed", body: null, set: { status: "closed", closedAt: now() }, action: "grievance.close" });
    },
  };

  return {
    desk,

    /** A signed-in customer's complaint: the loan, when named, must be one of their own. */
    async raise(profileId: string, input: Record<string, unknown>) {
      const parsed = complaintSchema.safeParse(input ?? {});
      if (!parsed.success) invalid(fieldErrors(parsed.error));
      const form = parsed.data;
      let leadId: string | null = null;
      if (form.loan_no) {
        const [lead] = await db
          .select({ id: leads.id })
          .from(leads)
          .where(and(eq(leads.loanNo, form.loan_no), eq(leads.profileId, profileId)));
        if (!lead) invalid({ loan_no: GM.notYourLoan });
        leadId = lead.id;
      }
      const file = attachmentOf(form.attachment);
      const g = await store({ profileId, leadId, loanNo: form.loan_no, category: form.category, description: form.description, source: "dashboard" }, file);
      await acknowledge(g);
      return { reference: g.reference };
    },

    /**
     * Anyone's complaint from the public page: rate limit, the form's rules (the captcha is not spent
     * on a form error), then the captcha. A loan number is linked to its loan only when the mobile
     * given is that loan's customer's; otherwise it is kept as typed for the officer to check.
     */
    async raisePublic(input: Record<string, unknown>, ip: string, lang: Language = "en") {
      const verdict = await rateLimits.take(PUBLIC_COMPLAINT_LIMIT, ip);
      if (!verdict.allowed) throw new RateLimited(enquiryRateLimitedMessage(describeWait(verdict.retryAfterSeconds)), verdict.retryAfterSeconds);
      const parsed = publicComplaintSchema.safeParse(input ?? {});
      if (!parsed.success) invalid(fieldErrors(parsed.error));
      const form = parsed.data;
      const file = attachmentOf(form.attachment);
      const answer = await captchas.verify(form.captcha_id, form.captcha);
      if (answer !== "ok") throw new Refused(captchaMessages[answer], { captcha: captchaMessages[answer] });
      let link: { leadId: string; profileId: string } | null = null;
      if (form.loan_no && form.mobile) {
        const [lead] = await db
          .select({ leadId: leads.id, profileId: leads.profileId })
          .from(leads)
          .innerJoin(customerProfiles, eq(customerProfiles.id, leads.profileId))
          .where(and(eq(leads.loanNo, form.loan_no), eq(customerProfiles.mobile, form.mobile)));
        link = lead ?? null;
      }
      const g = await store(
        {
          profileId: link?.profileId ?? null,
          leadId: link?.leadId ?? null,
          loanNo: form.loan_no,
          category: form.category,
          description: form.description,
          name: form.name,
          mobile: form.mobile,
          email: form.email,
          language: lang,
          source: "public",
        },
        file,
      );
      await acknowledge(g);
      return { reference: g.reference };
    },

    /** The customer's own complaints, newest first, with our replies and notices. */
    async customerComplaints(profileId: string): Promise<CustomerComplaint[]> {
      const rows = await db.select().from(grievances).where(eq(grievances.profileId, profileId)).orderBy(desc(grievances.raisedAt)).limit(100);
      const events = await eventsOf(rows.map((r) => r.id));
      return rows.map((g) => ({
        reference: g.reference,
        category: g.category,
        categoryLabel: GRIEVANCE_CATEGORY_LABELS[g.category],
        status: g.status,
        loanNo: g.loanNo,
        description: g.description,
        raisedAt: g.raisedAt.toISOString(),
        events: events.get(g.id) ?? [],
      }));
    },

    /** The collections desk's flag: customers with an unresolved complaint about collection. */
    async openCollectionGrievances(profileIds: string[]): Promise<Map<string, { reference: string; raisedAt: string }>> {
      const out = new Map<string, { reference: string; raisedAt: string }>();
      if (!profileIds.length) return out;
      const rows = await db
        .select({ profileId: grievances.profileId, reference: grievances.reference, raisedAt: grievances.raisedAt })
        .from(grievances)
        .where(
          and(
            isNotNull(grievances.profileId),
            inArray(grievances.profileId, profileIds),
            eq(grievances.category, COLLECTION_CATEGORY),
            inArray(grievances.status, [...UNRESOLVED_STATUSES]),
          ),
        )
        .orderBy(asc(grievances.raisedAt));
      for (const r of rows) if (r.profileId && !out.has(r.profileId)) out.set(r.profileId, { reference: r.reference, raisedAt: r.raisedAt.toISOString() });
      return out;
    },

    /**
     * The daily job: each unresolved complaint past the escalation days goes to the nodal officer
     * (once), and past the ombudsman days the customer is told they may go to the RBI Integrated
     * Ombudsman (once). Each step is claimed by a conditional update, so two runs never repeat one.
     */
    async runDeadlines(): Promise<{ escalated: number; ombudsmanNotices: number }> {
      const at = now();
      const open = await db
        .select()
        .from(grievances)
        .where(inArray(grievances.status, [...UNRESOLVED_STATUSES]));
      let escalated = 0;
      let ombudsmanNotices = 0;
      for (const g of open) {
        const due = grievanceDeadlinesDue(g, at, deadlines);
        if (due.escalate && (await escalate(g, null))) escalated++;
        if (due.ombudsmanNotice) {
          const claimed = await db.transaction(async (tx) => {
            const rows = await tx
              .update(grievances)
              .set({ ombudsmanNoticeAt: at })
              .where(and(eq(grievances.id, g.id), isNull(grievances.ombudsmanNoticeAt), inArray(grievances.status, [...UNRESOLVED_STATUSES])))
              .returning({ id: grievances.id });
            if (!rows.length) return false;
            await tx.insert(grievanceEvents).values({ grievanceId: g.id, kind: "ombudsman_notice", body: OMBUDSMAN_TEXT, staffId: null, at });
            await audit.record(tx, {
              actor: null,
              action: "grievance.ombudsman_notice",
              target: { kind: "grievance", id: g.id },
              after: { reference: g.reference },
            });
            return true;
          });
          if (claimed) {
            ombudsmanNotices++;
            await tell(g, {
              notice: { kind: "grievance_ombudsman", vars: { reference: g.reference, portal: RBI_CMS_URL } },
              email: "grievance_ombudsman",
              values: () => ({ days: String(deadlines.ombudsmanDays), portal: RBI_CMS_URL }),
            });
          }
        }
      }
      return { escalated, ombudsmanNotices };
    },
  };
}

export type GrievancesService = ReturnType<typeof createGrievancesService>;

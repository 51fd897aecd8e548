// Grievances with deadlines (issue 22): a complaint raised from the dashboard or the public page gets
// a reference and an SMS and e-mail acknowledgement at once. The desk (grievance-desk.ts) replies,
// resolves and closes; the daily job (grievance-deadlines.ts) escalates and sends the ombudsman notice.
// A customer's and the collections desk's reads are grievance-reads.ts.
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { complaintSchema, grievanceReference, publicComplaintSchema } from "../../../core/grievances.ts";
import { CAPTCHA_CODES, GRIEVANCE_CODES, type CodedMessage, type Language } from "../../../core/i18n/index.ts";
import { codedFieldErrors, enquiryRateLimitedMessage, sniffFileType } from "../../../core/validation/index.ts";
import { customerProfiles, grievances, leads, loanAccounts } from "../../db/schema/index.ts";
import { InvalidInput, RateLimited, Refused } from "../domain-errors.ts";
import type { CaptchaService, CaptchaVerdict } from "../enquiry/captcha.service.ts";
import { describeWait, type Limit, type RateLimitService } from "../rate-limit/rate-limit.service.ts";
import { createGrievanceDeadlines } from "./grievance-deadlines.ts";
import { createGrievanceDesk } from "./grievance-desk.ts";
import { attachedFile, createGrievanceReads } from "./grievance-reads.ts";
import { createGrievanceKit, invalid, type Grievance, type GrievanceDeps } from "./grievance-kit.ts";

export { COMPLAINTS_PATH } from "./grievance-kit.ts";
export type { AttachedFile, CustomerComplaint } from "./grievance-reads.ts";

/** Public complaints: 10 an hour per address, right or wrong, like the enquiry form. */
export const PUBLIC_COMPLAINT_LIMIT: Limit = { bucket: "grievance-ip", max: 10, windowMs: 60 * 60 * 1000 };
const CONTENT_TYPES = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp", pdf: "application/pdf" } as const;

const captchaCodes: Record<Exclude<CaptchaVerdict, "ok">, CodedMessage> = {
  wrong: CAPTCHA_CODES.captchaWrong,
  used: CAPTCHA_CODES.captchaUsed,
  expired: CAPTCHA_CODES.captchaExpired,
  unknown: CAPTCHA_CODES.captchaUnknown,
};

export function createGrievancesService(deps: GrievanceDeps & { captchas: CaptchaService; rateLimits: RateLimitService }) {
  const { db, storage, captchas, rateLimits, deadlines, now, logger } = deps;
  const kit = createGrievanceKit(deps);
  const { complaintsLink, tell } = kit;

  /** The attachment's content must be a PDF or an image, whatever its name (the documents' rule). */
  function attachmentOf(b64: string | null): { bytes: Uint8Array; contentType: string } | null {
    if (!b64) return null;
    const bytes = new Uint8Array(Buffer.from(b64, "base64"));
    const sniffed = sniffFileType(bytes);
    if (!sniffed) throw new InvalidInput(GRIEVANCE_CODES.attachment, { attachment: GRIEVANCE_CODES.attachment });
    return { bytes, contentType: CONTENT_TYPES[sniffed] };
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

  return {
    desk: createGrievanceDesk(deps, kit),
    runDeadlines: createGrievanceDeadlines(deps, kit),
    /** A signed-in customer's complaint: the loan, when named, must be one of their own. */
    async raise(profileId: string, input: Record<string, unknown>) {
      const parsed = complaintSchema.safeParse(input ?? {});
      if (!parsed.success) invalid(codedFieldErrors(parsed.error));
      const form = parsed.data;
      let leadId: string | null = null;
      if (form.loan_no) {
        const [lead] = await db
          .select({ id: leads.id })
          .from(leads)
          .innerJoin(loanAccounts, eq(loanAccounts.leadId, leads.id))
          .where(and(eq(loanAccounts.loanNo, form.loan_no), eq(leads.profileId, profileId)));
        if (!lead) invalid({ loan_no: GRIEVANCE_CODES.notYourLoan });
        leadId = lead.id;
      }
      const file = attachmentOf(form.attachment);
      const g = await store({ profileId, leadId, loanNo: form.loan_no, category: form.category, description: form.description, source: "dashboard" }, file);
      await acknowledge(g);
      return { reference: g.reference, attachment: attachedFile(g.attachmentType, g.attachmentBytes) };
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
      if (!parsed.success) invalid(codedFieldErrors(parsed.error));
      const form = parsed.data;
      const file = attachmentOf(form.attachment);
      const answer = await captchas.verify(form.captcha_id, form.captcha);
      if (answer !== "ok") throw new Refused(captchaCodes[answer], { captcha: captchaCodes[answer] });
      let link: { leadId: string; profileId: string } | null = null;
      if (form.loan_no && form.mobile) {
        const [lead] = await db
          .select({ leadId: leads.id, profileId: leads.profileId })
          .from(leads)
          .innerJoin(loanAccounts, eq(loanAccounts.leadId, leads.id))
          .innerJoin(customerProfiles, eq(customerProfiles.id, leads.profileId))
          .where(and(eq(loanAccounts.loanNo, form.loan_no), eq(customerProfiles.mobile, form.mobile)));
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
      return { reference: g.reference, attachment: attachedFile(g.attachmentType, g.attachmentBytes) };
    },

    ...createGrievanceReads(deps, kit),
  };
}

export type GrievancesService = ReturnType<typeof createGrievancesService>;

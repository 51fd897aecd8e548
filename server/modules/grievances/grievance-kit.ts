// What the raising side, the desk and the deadlines job share about one complaint: loading it, its
// events, how the desk lists it, telling the customer, and the one escalation step (an officer's or
// the daily job's), which is claimed by a conditional update so it never repeats.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { GrievanceEventView, GrievanceRow } from "../../../core/admin/grievance-desk.ts";
import { todayInIndia } from "../../../core/calendar.ts";
import { maskedName } from "../../../core/format.ts";
import { GRIEVANCE_CATEGORY_LABELS, RBI_CMS_URL, grievanceAgeDays, type GrievanceDeadlines } from "../../../core/grievances.ts";
import { customerLanguage, GRIEVANCE_CODES, JOURNEY_CODES, translator, type Language, type MessageValues, type Translate } from "../../../core/i18n/index.ts";
import { site } from "../../../core/site-config.ts";
import { isUuid } from "../../../core/validation/primitives.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles, grievanceEvents, grievances } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import { customerEmail, type CustomerEmailKind } from "../../providers/email/customer-email.ts";
import { isEmailAddress, type EmailPort } from "../../providers/email/port.ts";
import type { Notice, SmsNoticePort } from "../../providers/sms/port.ts";
import type { StoragePort } from "../../providers/storage/port.ts";
import type { AuditRecorder, StaffActor } from "../credit/credit.service.ts";
import { InvalidInput, NotFound, type FieldErrors } from "../domain-errors.ts";

export const COMPLAINTS_PATH = "/my-dashboard/complaints";

export type Grievance = typeof grievances.$inferSelect;

export interface GrievanceDeps {
  db: Db;
  storage: StoragePort;
  sms: SmsNoticePort;
  email: EmailPort;
  audit: AuditRecorder;
  deadlines: GrievanceDeadlines;
  publicOrigin: string;
  now: () => Date;
  logger: Logger;
}

export const maskMobile = (m: string | null) => (m ? `XXXXXX${m.slice(-4)}` : null);
export const maskEmail = (e: string | null) => (e ? e.replace(/^(.)[^@]*@/, "$1***@") : null);
/** "Ravi Kumar Sharma" → "Ravi S.": enough to address the customer, not to identify them (core/format.ts). */
const shortName = maskedName;

export function invalid(errors: FieldErrors): never {
  throw new InvalidInput(Object.values(errors)[0] ?? JOURNEY_CODES.checkDetails, errors);
}

export function createGrievanceKit(deps: GrievanceDeps) {
  const { db, sms, email, audit, deadlines, now, logger } = deps;
  const complaintsLink = `${deps.publicOrigin.replace(/\/$/, "")}${COMPLAINTS_PATH}`;

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

  async function loadGrievance(id: string): Promise<Grievance> {
    if (!isUuid(id)) throw new NotFound(GRIEVANCE_CODES.notFound);
    const [g] = await db.select().from(grievances).where(eq(grievances.id, id.toLowerCase()));
    if (!g) throw new NotFound(GRIEVANCE_CODES.notFound);
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

  return { complaintsLink, contactOf, tell, loadGrievance, eventsOf, rowOf, escalate };
}

export type GrievanceKit = ReturnType<typeof createGrievanceKit>;

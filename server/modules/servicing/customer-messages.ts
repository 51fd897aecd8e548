// Issue 34: what reached a customer, for the back office. WhatsApp messages come from their own table
// (Meta's status as the webhook last moved it, and the SMS that replaced one); SMS and e-mail from the
// sent-messages log (handed to the provider; the providers report no delivery to us). The one-time codes
// are left out: they are not about the loan. A loan's messages are its customer's since the lead began.
import { and, desc, eq, gte, inArray, like, not } from "drizzle-orm";
import type { CustomerMessage, MessageChannel, SmsFallback } from "../../../core/admin/customer-messages.ts";
import { isUuid } from "../../../core/validation/primitives.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles, leads, sentMessages, whatsappMessages } from "../../db/schema/index.ts";
import { whatsAppTemplateByName, WHATSAPP_TEMPLATES } from "../../../core/whatsapp/templates.ts";
import { requireStaffRole, type StaffActor } from "../credit/credit.service.ts";
import { NotFound } from "../domain-errors.ts";

/** At most this many messages per customer: newest first. */
const LIMIT = 100;

export function createCustomerMessages(deps: { db: Db }) {
  const { db } = deps;

  /** The messages to one customer (their profile and mobile) since `since`, newest first. */
  async function of(customer: { profileId: string; mobile: string; since: Date }): Promise<CustomerMessage[]> {
    const whatsapp = await db
      .select()
      .from(whatsappMessages)
      .where(and(eq(whatsappMessages.toMobile, customer.mobile), gte(whatsappMessages.createdAt, customer.since)))
      .orderBy(desc(whatsappMessages.createdAt), desc(whatsappMessages.id))
      .limit(LIMIT);
    const others = await db
      .select({ at: sentMessages.sentAt, channel: sentMessages.channel, kind: sentMessages.kind })
      .from(sentMessages)
      .where(
        and(
          eq(sentMessages.profileId, customer.profileId),
          inArray(sentMessages.channel, ["sms", "email"]),
          not(like(sentMessages.kind, "otp\\_%")),
          gte(sentMessages.sentAt, customer.since),
        ),
      )
      .orderBy(desc(sentMessages.sentAt), desc(sentMessages.id))
      .limit(LIMIT);
    const rows: CustomerMessage[] = [
      ...whatsapp.map((m) => {
        const key = whatsAppTemplateByName(m.template);
        return {
          at: m.createdAt.toISOString(),
          channel: "whatsapp" as const,
          kind: m.notice?.kind ?? (key ? (WHATSAPP_TEMPLATES[key].notice ?? key) : m.template),
          status: m.status,
          smsFallback: (m.smsFallback as SmsFallback | null) ?? null,
        };
      }),
      ...others.map((m) => ({ at: m.at.toISOString(), channel: m.channel as MessageChannel, kind: m.kind, status: "handed_over" as const, smsFallback: null })),
    ];
    // Newest first; at the same instant the SMS that replaced a WhatsApp message (sent as its failure came) is the later.
    const rank = (m: CustomerMessage) => (m.channel === "whatsapp" ? 1 : 0);
    return rows.sort((a, b) => b.at.localeCompare(a.at) || rank(a) - rank(b)).slice(0, LIMIT);
  }

  /** The customers of these loans, with the day each lead began. */
  async function customersOf(leadIds: string[]) {
    if (leadIds.length === 0) return [];
    return db
      .select({ leadId: leads.id, profileId: leads.profileId, mobile: customerProfiles.mobile, since: leads.createdAt })
      .from(leads)
      .innerJoin(customerProfiles, eq(customerProfiles.id, leads.profileId))
      .where(inArray(leads.id, leadIds));
  }

  return {
    /** Each loan's messages (the collections desk reads them for its queue). */
    async ofLoans(leadIds: string[]): Promise<Map<string, CustomerMessage[]>> {
      const out = new Map<string, CustomerMessage[]>();
      for (const c of await customersOf(leadIds)) out.set(c.leadId, await of(c));
      return out;
    },

    desk: {
      /** The loan's page: the staff who read a loan's account or chase it. */
      async ofLoan(staff: StaffActor | null, leadId: string): Promise<CustomerMessage[]> {
        requireStaffRole(staff, "accounts", "auditor", "collections", "grievance_officer");
        const id = String(leadId ?? "").toLowerCase();
        if (!isUuid(id)) throw new NotFound("No such loan.");
        const [customer] = await customersOf([id]);
        if (!customer) throw new NotFound("No such loan.");
        return of(customer);
      },
    },
  };
}

export type CustomerMessages = ReturnType<typeof createCustomerMessages>;

// The back office's view of ONDC (issue 32): each transaction a buyer app opened with us, and every message in
// and out with its signature result: requests as verified on arrival (ondc_messages), our callbacks as ACKed
// (ondc_messages, direction out) or still in the outbox with their attempts. Read only; names and contact
// details masked (core/admin/ondc-desk.ts).
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import {
  maskOndcBody,
  ONDC_DESK_MESSAGES,
  ONDC_DESK_ROLES,
  type OndcMessageRow,
  type OndcTransactionRow,
  type OndcTransactionView,
} from "../../../core/admin/ondc-desk.ts";
import { maskedName } from "../../../core/format.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles, ondcFormSubmissions, ondcMessages, ondcOutbox } from "../../db/schema/index.ts";
import { requireStaffRole, type StaffActor } from "../credit/credit.service.ts";
import { NotFound } from "../domain-errors.ts";

/** The newest transactions shown on the list (older ones open by their id). */
const LIST_LIMIT = 200;
const TRANSACTION_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const pretty = (text: string) => {
  try {
    return JSON.stringify(maskOndcBody(JSON.parse(text)), null, 2);
  } catch {
    return "(not JSON)";
  }
};

export function createOndcDesk(deps: { db: Db }) {
  const { db } = deps;

  /** The masked name of each transaction's customer, as its first form named them. */
  async function customersOf(transactionIds: string[]): Promise<Map<string, string>> {
    if (!transactionIds.length) return new Map();
    const rows = await db
      .select({ transactionId: ondcFormSubmissions.transactionId, name: customerProfiles.fullName, at: ondcFormSubmissions.createdAt })
      .from(ondcFormSubmissions)
      .innerJoin(customerProfiles, eq(customerProfiles.id, ondcFormSubmissions.profileId))
      .where(inArray(ondcFormSubmissions.transactionId, transactionIds))
      .orderBy(ondcFormSubmissions.createdAt);
    const names = new Map<string, string>();
    for (const r of rows) if (!names.has(r.transactionId)) names.set(r.transactionId, maskedName(r.name));
    return names;
  }

  async function rowsOf(transactionIds: string[] | null): Promise<OndcTransactionRow[]> {
    const messages = await db
      .select({
        transactionId: ondcMessages.transactionId,
        bapId: sql<string>`min(${ondcMessages.bapId})`,
        startedAt: sql<Date>`min(${ondcMessages.receivedAt})`,
        lastAt: sql<Date>`max(${ondcMessages.receivedAt})`,
        lastAction: sql<string>`(array_agg(${ondcMessages.action} order by ${ondcMessages.receivedAt} desc, ${ondcMessages.id} desc))[1]`,
        count: sql<number>`count(*)::int`,
      })
      .from(ondcMessages)
      .where(transactionIds ? inArray(ondcMessages.transactionId, transactionIds) : undefined)
      .groupBy(ondcMessages.transactionId)
      .orderBy(desc(sql`max(${ondcMessages.receivedAt})`))
      .limit(LIST_LIMIT);
    const ids = messages.map((m) => m.transactionId);
    if (!ids.length) return [];
    const unsent = await db
      .select({ transactionId: ondcOutbox.transactionId, count: sql<number>`count(*)::int` })
      .from(ondcOutbox)
      .where(and(inArray(ondcOutbox.transactionId, ids), ne(ondcOutbox.status, "delivered")))
      .groupBy(ondcOutbox.transactionId);
    const unsentBy = new Map(unsent.map((u) => [u.transactionId, u.count]));
    const customers = await customersOf(ids);
    return messages.map((m) => ({
      transactionId: m.transactionId,
      bapId: m.bapId,
      customer: customers.get(m.transactionId) ?? null,
      startedAt: new Date(m.startedAt).toISOString(),
      lastAt: new Date(m.lastAt).toISOString(),
      lastAction: m.lastAction,
      messages: m.count,
      unsent: unsentBy.get(m.transactionId) ?? 0,
    }));
  }

  return {
    /** The newest transactions first. */
    async list(staff: StaffActor | null): Promise<{ rows: OndcTransactionRow[] }> {
      requireStaffRole(staff, ...ONDC_DESK_ROLES);
      return { rows: await rowsOf(null) };
    },

    /** One transaction: its forms and every message, in the order they happened. */
    async transaction(staff: StaffActor | null, transactionId: unknown): Promise<OndcTransactionView> {
      requireStaffRole(staff, ...ONDC_DESK_ROLES);
      const id = typeof transactionId === "string" && TRANSACTION_ID.test(transactionId) ? transactionId : null;
      const [row] = id ? await rowsOf([id]) : [];
      if (!id || !row) throw new NotFound(ONDC_DESK_MESSAGES.noSuchTransaction);
      const [recorded, outbox, forms] = await Promise.all([
        db.select().from(ondcMessages).where(eq(ondcMessages.transactionId, id)),
        db
          .select()
          .from(ondcOutbox)
          .where(and(eq(ondcOutbox.transactionId, id), ne(ondcOutbox.status, "delivered"))),
        db.select().from(ondcFormSubmissions).where(eq(ondcFormSubmissions.transactionId, id)).orderBy(ondcFormSubmissions.createdAt),
      ]);
      const messages: OndcMessageRow[] = [
        ...recorded.map((m) => ({
          direction: m.direction,
          action: m.action,
          messageId: m.messageId,
          keyId: m.keyId,
          signature: m.signature,
          at: m.receivedAt.toISOString(),
          attempts: null,
          lastResult: null,
          body: pretty(m.body),
        })),
        // Callbacks not ACKed yet: signed afresh at each attempt, so their state is the outbox's.
        ...outbox.map((o) => ({
          direction: "out" as const,
          action: o.action,
          messageId: o.messageId,
          keyId: null,
          signature: o.status === "failed" ? ("failed" as const) : ("pending" as const),
          at: o.createdAt.toISOString(),
          attempts: o.attempts,
          lastResult: o.lastResult,
          body: pretty(o.body),
        })),
      ].sort((a, b) => a.at.localeCompare(b.at));
      return {
        transaction: row,
        forms: forms.map((f) => ({ formId: f.formId, submissionId: f.submissionId, outcome: f.outcome, at: f.createdAt.toISOString() })),
        messages,
      };
    },
  };
}

export type OndcDesk = ReturnType<typeof createOndcDesk>;

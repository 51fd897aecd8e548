// A lead's credit manager (decision 11): assigned when the lead is submitted, and read for the screens.
import { eq, sql } from "drizzle-orm";
import { LOAN_CODES } from "../../../core/i18n/index.ts";
import type { Db } from "../../db/client.ts";
import { creditManagers, leads } from "../../db/schema/index.ts";
import { NotAvailable, Refused } from "../domain-errors.ts";
import type { LeadWithAccount as Lead } from "../loans/loan-account.service.ts";

type Executor = Pick<Db, "select" | "insert" | "update">;

export function createCreditManagerAssignment(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;

  return {
    /**
     * Decision 11: a credit manager is assigned when the lead is submitted. Picks the active
     * manager with the fewest leads (ties by name); idempotent: a lead keeps its manager.
     * Call it in the transaction that makes the lead SUBMITTED.
     */
    async assignCreditManager(leadId: string, executor: Executor = db) {
      const [lead] = await executor.select({ managerId: leads.creditManagerId }).from(leads).where(eq(leads.id, leadId));
      if (!lead) throw new NotAvailable(LOAN_CODES.noApplication);
      if (lead.managerId) {
        const [current] = await executor.select().from(creditManagers).where(eq(creditManagers.id, lead.managerId));
        return current;
      }
      const [manager] = await executor
        .select({
          id: creditManagers.id,
          name: creditManagers.name,
          mobile: creditManagers.mobile,
          email: creditManagers.email,
          active: creditManagers.active,
          createdAt: creditManagers.createdAt,
        })
        .from(creditManagers)
        .leftJoin(leads, eq(leads.creditManagerId, creditManagers.id))
        .where(eq(creditManagers.active, true))
        .groupBy(creditManagers.id)
        .orderBy(sql`count(${leads.id})`, creditManagers.name)
        .limit(1);
      if (!manager) throw new Refused("No credit manager is available.");
      const at = now();
      await executor.update(leads).set({ creditManagerId: manager.id, creditManagerAssignedAt: at, updatedAt: at }).where(eq(leads.id, leadId));
      return manager;
    },

    /** The credit manager of a lead, or null before submission. */
    async creditManagerOf(lead: Pick<Lead, "creditManagerId">) {
      if (!lead.creditManagerId) return null;
      const [manager] = await db.select().from(creditManagers).where(eq(creditManagers.id, lead.creditManagerId));
      return manager ?? null;
    },
  };
}

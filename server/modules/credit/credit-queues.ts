// The credit desk's queues (decision 32): a page of leads by status, oldest first by default, searched by PAN,
// mobile, loan or proposal number, or by source (issue 32: ONDC or the website), personal data masked.
import { and, asc, desc, eq, ilike, isNotNull, not, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { leadSourceFilterOf, WEBSITE_SOURCE, type LeadSourceFilter, type LeadSourcesOf } from "../../../core/admin/lead-source.ts";
import { maskPan } from "../../../core/journey/index.ts";
import { paiseToRupees } from "../../../core/loan-math/index.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles, leads, loanAccounts, loanTerms } from "../../db/schema/index.ts";
import { keyedHash } from "../../security/crypto.ts";
import { leadWithAccount } from "../loans/loan-account.service.ts";
import type { CreditChecks } from "./credit-checks.ts";
import { requireStaffRole, type StaffActor } from "./staff-actor.ts";

const maskMobile = (m: string) => `XXXXXX${m.slice(-4)}`;
const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

export type QueueQuery = { page?: number; pageSize?: number; sort?: "oldest" | "newest"; search?: string; source?: LeadSourceFilter };

/** Issue 32: which leads came through ONDC, read by the ONDC module and handed in by the composition root. */
export type CreditLeadSources = { of: LeadSourcesOf; cameThroughOndc: (leadId: AnyPgColumn) => SQL };

export function createCreditQueues(deps: { db: Db; hashKey: string; now: () => Date; checks: CreditChecks; sources: CreditLeadSources }) {
  const { db, hashKey, now, sources } = deps;
  const { managerIdOf } = deps.checks;

  function sourceCondition(source: unknown): SQL | undefined {
    const filter = leadSourceFilterOf(source);
    if (filter === "all") return undefined;
    const ondc = sources.cameThroughOndc(leads.id);
    return filter === "ondc" ? ondc : not(ondc);
  }

  function searchCondition(search: string | undefined): SQL | undefined {
    const q = (search ?? "").trim().toUpperCase();
    if (!q) return undefined;
    if (PAN.test(q)) return eq(customerProfiles.pancardHash, keyedHash(hashKey, "pan", q));
    if (/^\d{10}$/.test(q)) return eq(customerProfiles.mobile, q);
    if (/^SOT[0-9A-Z-]{4,}$/.test(q)) return or(eq(loanAccounts.loanNo, q), eq(leads.proposalNumber, q));
    return ilike(leads.proposalNumber, `%${q.replace(/[%_\\]/g, "")}%`);
  }

  async function listLeads(where: SQL | undefined, query: QueueQuery) {
    const pageSize = Math.min(Math.max(Math.trunc(query.pageSize ?? 20), 1), 100);
    const page = Math.max(Math.trunc(query.page ?? 1), 1);
    const order = query.sort === "newest" ? desc(loanAccounts.statusChangedAt) : asc(loanAccounts.statusChangedAt);
    const rows = await db
      .select({
        lead: leadWithAccount,
        mobile: customerProfiles.mobile,
        fullName: customerProfiles.fullName,
        panLast4: customerProfiles.pancardLast4,
        netDisbursalPaise: loanTerms.netDisbursalPaise,
      })
      .from(leads)
      .innerJoin(loanAccounts, eq(loanAccounts.leadId, leads.id))
      .innerJoin(customerProfiles, eq(customerProfiles.id, leads.profileId))
      .leftJoin(loanTerms, eq(loanTerms.leadId, leads.id))
      .where(where)
      .orderBy(order, asc(leads.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const [{ total }] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(leads)
      .innerJoin(loanAccounts, eq(loanAccounts.leadId, leads.id))
      .innerJoin(customerProfiles, eq(customerProfiles.id, leads.profileId))
      .where(where);
    const sourceOf = await sources.of(rows.map((r) => r.lead.id));
    const at = now().getTime();
    return {
      page,
      pageSize,
      total,
      items: rows.map(({ lead, mobile, fullName, panLast4, netDisbursalPaise }) => ({
        leadId: lead.id,
        proposalNumber: lead.proposalNumber,
        loanNo: lead.loanNo,
        status: lead.status,
        customerName: fullName ?? "",
        mobile: maskMobile(mobile),
        pan: panLast4 ? maskPan(`XXXXXX${panLast4}`) : null,
        amount: lead.loanRecommended,
        netDisbursal: netDisbursalPaise === null ? null : paiseToRupees(netDisbursalPaise),
        waitingSince: lead.statusChangedAt.toISOString(),
        waitedMinutes: Math.max(0, Math.floor((at - lead.statusChangedAt.getTime()) / 60_000)),
        recommendation: lead.recommendation,
        recommendedBy: lead.recommendedBy,
        sanctionedBy: lead.sanctionedBy,
        requotePending: lead.requoteRequestedAt !== null,
        source: sourceOf.get(lead.id) ?? WEBSITE_SOURCE,
      })),
    };
  }

  return {
    /** The credit manager's assigned SUBMITTED leads, oldest first; credit heads and auditors see every one. */
    async queue(staff: StaffActor | null, query: QueueQuery = {}) {
      const who = requireStaffRole(staff, "credit_manager", "credit_head", "auditor");
      const own = who.role === "credit_manager" ? await managerIdOf(who) : null;
      if (who.role === "credit_manager" && !own) return { page: 1, pageSize: 20, total: 0, items: [] };
      return listLeads(
        and(
          eq(loanAccounts.status, "SUBMITTED"),
          own ? eq(leads.creditManagerId, own) : undefined,
          searchCondition(query.search),
          sourceCondition(query.source),
        ),
        query,
      );
    },

    /** SUBMITTED leads with a recommendation, for the credit head. */
    async sanctionQueue(staff: StaffActor | null, query: QueueQuery = {}) {
      requireStaffRole(staff, "credit_head", "auditor");
      return listLeads(
        and(eq(loanAccounts.status, "SUBMITTED"), isNotNull(leads.recommendation), searchCondition(query.search), sourceCondition(query.source)),
        query,
      );
    },

    /** SANCTIONED loans waiting for payout. */
    async disbursalQueue(staff: StaffActor | null, query: QueueQuery = {}) {
      requireStaffRole(staff, "disbursal", "auditor");
      return listLeads(and(eq(loanAccounts.status, "SANCTIONED"), searchCondition(query.search), sourceCondition(query.source)), query);
    },
  };
}

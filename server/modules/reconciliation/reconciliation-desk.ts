// The accounts screens of reconciliation and settlements: accounts reads and marks an exception as
// dealt with (a note, audited); the auditor reads. Every method checks the role.
import { and, desc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { ReconciliationExceptionRow, SettlementRow } from "../../../core/admin/reconciliation-desk.ts";
import { isUuid } from "../../../core/validation/primitives.ts";
import type { Db } from "../../db/client.ts";
import { reconciliationExceptions } from "../../db/schema/index.ts";
import { requireStaffRole, type AuditRecorder, type StaffActor } from "../credit/credit.service.ts";
import { InvalidInput, NotFound, Refused } from "../domain-errors.ts";
import type { ReconciliationService } from "./reconciliation.service.ts";
import type { GatewaySettlementsService } from "./gateway-settlements.service.ts";

export const RECONCILIATION_MESSAGES = {
  note: "Please write what was done (5 to 500 characters).",
  notFound: "No such exception.",
  resolved: "This exception has been dealt with already.",
} as const;

const PAGE_SIZE = 25;
const SETTLEMENT_KINDS = ["unknown_payment", "settlement_amount", "not_settled", "unknown_refund", "chargeback", "settlement_adjustment"] as const;
type StaffWithEmail = StaffActor & { email?: string };

const view = (r: typeof reconciliationExceptions.$inferSelect): ReconciliationExceptionRow => ({
  id: r.id,
  kind: r.kind,
  gateway: r.gateway,
  orderId: r.orderId,
  gatewayPaymentId: r.gatewayPaymentId,
  settlementId: r.settlementId,
  orderedPaise: r.orderedPaise === null ? null : Number(r.orderedPaise),
  paidPaise: r.paidPaise === null ? null : Number(r.paidPaise),
  detectedAt: r.detectedAt.toISOString(),
  resolvedAt: r.resolvedAt?.toISOString() ?? null,
  resolvedByEmail: r.resolvedByEmail,
  resolutionNote: r.resolutionNote,
});

export function createReconciliationDesk(deps: {
  db: Db;
  reconciliation: ReconciliationService;
  settlement: GatewaySettlementsService;
  audit: AuditRecorder;
  now: () => Date;
}) {
  const { db, reconciliation, settlement, audit, now } = deps;
  return {
    async overview(staff: StaffActor | null, query: { show?: "open" | "resolved" } = {}) {
      requireStaffRole(staff, "accounts", "auditor");
      const show = query?.show === "resolved" ? ("resolved" as const) : ("open" as const);
      const rows = await db
        .select()
        .from(reconciliationExceptions)
        .where(show === "open" ? isNull(reconciliationExceptions.resolvedAt) : isNotNull(reconciliationExceptions.resolvedAt))
        .orderBy(desc(reconciliationExceptions.detectedAt))
        .limit(200);
      return { chasing: await reconciliation.chasing(), exceptions: rows.map(view), show };
    },

    async resolve(staff: StaffWithEmail | null, input: { id: string; note: string }) {
      const who = requireStaffRole(staff, "accounts");
      const note = String(input?.note ?? "").trim();
      if (note.length < 5 || note.length > 500) throw new InvalidInput(RECONCILIATION_MESSAGES.note, { note: RECONCILIATION_MESSAGES.note });
      const id = String(input?.id ?? "");
      if (!isUuid(id)) throw new NotFound(RECONCILIATION_MESSAGES.notFound);
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(reconciliationExceptions).where(eq(reconciliationExceptions.id, id.toLowerCase())).for("update");
        if (!row) throw new NotFound(RECONCILIATION_MESSAGES.notFound);
        if (row.resolvedAt) throw new Refused(RECONCILIATION_MESSAGES.resolved);
        await tx
          .update(reconciliationExceptions)
          .set({ resolvedAt: now(), resolvedBy: who.staffId, resolvedByEmail: who.email ?? null, resolutionNote: note })
          .where(and(eq(reconciliationExceptions.id, row.id), isNull(reconciliationExceptions.resolvedAt)));
        await audit.record(tx, {
          actor: who,
          action: "reconciliation.resolve",
          target: { kind: "reconciliation_exception", id: row.id },
          before: { kind: row.kind, gateway: row.gateway, resolved: false },
          after: { resolved: true },
          reason: note,
        });
        return { id: row.id };
      });
    },

    /** Accounts reads the settlements of past days again (finding 4); audited, posted once each. */
    async settleRange(staff: StaffWithEmail | null, input: { from: string; to: string }) {
      const who = requireStaffRole(staff, "accounts");
      const result = await settlement.settleRange({ from: String(input?.from ?? ""), to: String(input?.to ?? "") });
      await db.transaction((tx) =>
        audit.record(tx, {
          actor: who,
          action: "settlements.read_range",
          target: { kind: "gateway_settlements", id: `${result.from}..${result.to}` },
          after: { settlements: result.settlements, posted: result.posted, errors: result.errors },
        }),
      );
      return result;
    },

    async settlements(staff: StaffActor | null, query: { page?: number } = {}) {
      requireStaffRole(staff, "accounts", "auditor");
      const page = Math.max(1, Math.floor(Number(query?.page) || 1));
      const { rows, total } = await settlement.list(page, PAGE_SIZE);
      const unmatched = await db
        .select()
        .from(reconciliationExceptions)
        .where(and(isNull(reconciliationExceptions.resolvedAt), inArray(reconciliationExceptions.kind, [...SETTLEMENT_KINDS])))
        .orderBy(desc(reconciliationExceptions.detectedAt))
        .limit(200);
      const out: SettlementRow[] = rows.map((r) => ({
        gateway: r.gateway,
        settlementId: r.settlementId,
        utr: r.utr,
        settledOn: r.settledOn,
        grossPaise: Number(r.grossPaise),
        feePaise: Number(r.feePaise),
        taxPaise: Number(r.taxPaise),
        netPaise: Number(r.netPaise),
        lineCount: r.lineCount,
        unmatchedCount: r.unmatchedCount,
      }));
      return { rows: out, total, page, pageSize: PAGE_SIZE, unmatched: unmatched.map(view) };
    },
  };
}

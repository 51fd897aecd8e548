// The CKYC desk of the back office (issue 33): each customer's newest upload to CKYCR with its status and
// CKYCR's reasons, and, for a record not accepted, a correction (applied to what is sent, never to the
// profile) and sending it again. Accounts or the data protection officer; every change audited.
import { desc, eq, inArray } from "drizzle-orm";
import { CKYC_CORRECTION_LABELS, CKYC_DESK_MESSAGES, CKYC_DESK_ROLES, type CkycCorrectionField, type CkycDeskRow } from "../../../core/admin/ckyc-desk.ts";
import { todayInIndia } from "../../../core/calendar.ts";
import { CKYC_NUMBER } from "../../../core/ckyc/ckyc-file.ts";
import { ADDRESS_CHARS, EMAIL, NAME_CHARS, PINCODE, stateCode } from "../../../core/identity-record.ts";
import { maskedName } from "../../../core/format.ts";
import { toUuid } from "../../../core/validation/primitives.ts";
import type { Db } from "../../db/client.ts";
import { ckycCustomers, ckycUploads, customerProfiles } from "../../db/schema/index.ts";
import { maskCkycNumber } from "../../providers/ckyc/port.ts";
import { requireStaffRole, type AuditRecorder, type StaffActor } from "../credit/credit.service.ts";
import { DomainError, InvalidInput, NotFound, ProviderDown, Refused } from "../domain-errors.ts";
import type { CkycReason } from "../../../core/ckyc/ckyc-reader.ts";
import type { CkycUploads } from "./ckyc-uploads.ts";
import type { CkycUploadState } from "./ckyc.service.ts";

const ROLES = [...CKYC_DESK_ROLES];

/** A correction's value checked as CKYCR's file takes it; null when it is not allowed. */
export function checkCorrection(field: CkycCorrectionField, raw: string): string | null {
  const v = raw.trim().replace(/\s+/g, " ");
  switch (field) {
    case "relative_kind":
      return v === "father" || v === "spouse" ? v : null;
    case "relative_name":
    case "name":
      return v.length >= 2 && v.length <= 100 && NAME_CHARS.test(v) ? v : null;
    case "ckyc_number":
      return v === "" || CKYC_NUMBER.test(v) ? v : null;
    case "address_line1":
    case "city":
      return v && v.length <= 100 && ADDRESS_CHARS.test(v) ? v : null;
    case "address_line2":
      return v === "" || (v.length <= 100 && ADDRESS_CHARS.test(v)) ? v : null;
    case "state":
      return stateCode(v) ? v : null;
    case "pincode":
      return PINCODE.test(v) ? v : null;
    case "email":
      return v === "" || (EMAIL.test(v) && v.length <= 100) ? v : null;
  }
}

const isField = (f: unknown): f is CkycCorrectionField => typeof f === "string" && Object.hasOwn(CKYC_CORRECTION_LABELS, f);

export function createCkycDesk(deps: { db: Db; audit: AuditRecorder; uploads: CkycUploads; now: () => Date; portConfigured: boolean }) {
  const { db, audit, uploads, now } = deps;

  async function newest(customerId: string) {
    const [row] = await db.select().from(ckycUploads).where(eq(ckycUploads.customerId, customerId)).orderBy(desc(ckycUploads.version)).limit(1);
    return row ?? null;
  }

  async function customerOf(raw: unknown): Promise<string> {
    const id = toUuid(raw);
    if (!id || !(await newest(id))) throw new NotFound(CKYC_DESK_MESSAGES.noSuchCustomer);
    return id;
  }

  return {
    /** The newest version per customer, rejected and refused first, then by the day it is due. */
    async list(staff: StaffActor | null): Promise<{ rows: CkycDeskRow[] }> {
      requireStaffRole(staff, ...ROLES);
      const all = await db.select().from(ckycUploads).orderBy(desc(ckycUploads.version));
      const latest = new Map<string, (typeof all)[number]>();
      for (const u of all) if (!latest.has(u.customerId)) latest.set(u.customerId, u);
      const ids = [...latest.keys()];
      if (!ids.length) return { rows: [] };
      const people = await db
        .select({ id: customerProfiles.id, name: customerProfiles.fullName, panLast4: customerProfiles.pancardLast4 })
        .from(customerProfiles)
        .where(inArray(customerProfiles.id, ids));
      const ckyc = await db.select().from(ckycCustomers).where(inArray(ckycCustomers.customerId, ids));
      const paid = new Map((await uploads.paidOutCustomers()).map((p) => [p.customerId, p.firstPaidOut]));
      const today = todayInIndia(now());
      const order = { REJECTED: 0, NOT_SENT: 1, FAILED: 2, SENDING: 3, ACCEPTED: 4 } as const;
      const rows = ids.map((id): CkycDeskRow => {
        const u = latest.get(id)!;
        const person = people.find((p) => p.id === id);
        const firstPaidOut = paid.get(id) ?? null;
        const dueBy = firstPaidOut ? uploads.dueBy(firstPaidOut) : null;
        const corrections = (ckyc.find((c) => c.customerId === id)?.corrections ?? {}) as Record<string, string>;
        return {
          customerId: id,
          name: maskedName(person?.name),
          panLast4: person?.panLast4 ?? null,
          reference: u.reference,
          version: u.version,
          status: u.status,
          attempts: u.attempts,
          ckycNumber: u.ckycNumber ? maskCkycNumber(u.ckycNumber) : null,
          reasons: u.rejectionReasons as CkycReason[],
          firstPaidOut,
          dueBy,
          overdue: u.status !== "ACCEPTED" && u.version === 1 && !!dueBy && today > dueBy,
          notified: !!u.notifiedAt,
          corrections: Object.keys(corrections)
            .filter(isField)
            .map((field) => ({ field, label: CKYC_CORRECTION_LABELS[field] })),
          updatedAt: u.updatedAt.toISOString(),
        };
      });
      rows.sort((a, b) => order[a.status] - order[b.status] || (a.dueBy ?? "").localeCompare(b.dueBy ?? ""));
      return { rows };
    },

    /** Corrects one field of a record not yet accepted; the value is kept for what is sent, audited (never its value: personal data). */
    async correct(staff: StaffActor | null, input: { customerId: unknown; field: unknown; value: unknown }): Promise<{ field: CkycCorrectionField }> {
      const who = requireStaffRole(staff, ...ROLES);
      const customerId = await customerOf(input?.customerId);
      if (!isField(input.field)) throw new InvalidInput(CKYC_DESK_MESSAGES.unknownField, { field: CKYC_DESK_MESSAGES.unknownField });
      const field = input.field;
      const value = typeof input.value === "string" ? checkCorrection(field, input.value) : null;
      if (value === null) throw new InvalidInput(CKYC_DESK_MESSAGES.badValue, { value: CKYC_DESK_MESSAGES.badValue });
      const u = (await newest(customerId))!;
      if (u.status === "ACCEPTED") throw new Refused(CKYC_DESK_MESSAGES.accepted);
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(ckycCustomers).where(eq(ckycCustomers.customerId, customerId));
        const corrections = { ...((row?.corrections ?? {}) as Record<string, string>), [field]: value };
        const at = now();
        await tx
          .insert(ckycCustomers)
          .values({ customerId, corrections, updatedAt: at })
          .onConflictDoUpdate({ target: ckycCustomers.customerId, set: { corrections, updatedAt: at } });
        await audit.record(tx, {
          actor: who,
          action: "ckyc.correct",
          target: { kind: "customer_profile", id: customerId },
          after: { field, reference: u.reference },
        });
      });
      return { field };
    },

    /** Sends the corrected record again at once (the same version, as CKYCR has not accepted it); answers CKYCR's answer. */
    async sendAgain(staff: StaffActor | null, input: { customerId: unknown }): Promise<CkycUploadState> {
      const who = requireStaffRole(staff, ...ROLES);
      if (!deps.portConfigured) throw new Refused(CKYC_DESK_MESSAGES.noPort);
      const customerId = await customerOf(input?.customerId);
      const u = (await newest(customerId))!;
      if (u.status === "ACCEPTED") throw new Refused(CKYC_DESK_MESSAGES.accepted);
      const [paid] = await uploads.paidOutCustomers(customerId);
      let state: CkycUploadState | null;
      try {
        state = await uploads.uploadOne(customerId, paid?.firstPaidOut ?? todayInIndia(now()), { force: true });
      } catch (error) {
        if (error instanceof DomainError) throw error;
        // CKYCR did not answer: the record is kept (FAILED) and the job sends it again.
        throw new ProviderDown(CKYC_DESK_MESSAGES.unanswered);
      }
      if (!state) throw new Refused(CKYC_DESK_MESSAGES.nothingOwed);
      await db.transaction((tx) =>
        audit.record(tx, {
          actor: who,
          action: "ckyc.send_again",
          target: { kind: "customer_profile", id: customerId },
          after: { reference: state.reference, status: state.status, reasons: state.reasons.map((r) => r.code) },
        }),
      );
      return state;
    },
  };
}

export type CkycDesk = ReturnType<typeof createCkycDesk>;

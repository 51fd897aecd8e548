// Issue 23 (DPDP Act 2023, Rules 2025; decision 42): the borrower's My data page, the export of all
// their data, correction and erasure requests, and the back office queue that answers them.
// The back office queue is data-request-desk.ts.
import { and, desc, eq } from "drizzle-orm";
import type { IsoDate } from "../../../core/calendar.ts";
import {
  isConsentPurpose,
  loanRecordsKeptUntil,
  PURPOSE_NOTICES,
  purposeNotice,
  RIGHTS_TEXT_MAX,
  rightsRequestDueOn,
  type RightsRequestKind,
} from "../../../core/data-rights/index.ts";
import { DATA_RIGHTS_CODES, type Language } from "../../../core/i18n/index.ts";
import type { RightsRequestView } from "../../../core/admin/data-request-desk.ts";
import type { Db } from "../../db/client.ts";
import { dataRequests, loanAccounts } from "../../db/schema/index.ts";
import type { AuditService } from "../audit/audit.service.ts";
import { InvalidInput, Refused } from "../domain-errors.ts";
import type { ConsentsService } from "./consents.service.ts";
import { createDataExport } from "./data-export.ts";
import { renderDataExportPdf } from "./data-export-pdf.ts";
import { createDataRequestDesk, day, requestView } from "./data-request-desk.ts";

/** A loan that still needs its data for servicing: applied and not yet closed or rejected. */
const OPEN_LOAN_STATUSES = ["SUBMITTED", "SANCTIONED", "DISBURSED"];

export interface RetentionView {
  /** A loan in progress or open: its records are in use. */
  openLoan: boolean;
  /** The day the last loan closed, when one has. */
  lastClosedOn: IsoDate | null;
  /** Loan and identity records go on this date (five years after the last loan closed). */
  keptUntil: IsoDate | null;
}

export function createDataRightsService(deps: { db: Db; consents: ConsentsService; audit: AuditService; now: () => Date }) {
  const { db, consents, audit, now } = deps;

  async function retention(profileId: string): Promise<RetentionView> {
    const rows = await db
      .select({ status: loanAccounts.status, changedAt: loanAccounts.statusChangedAt })
      .from(loanAccounts)
      .where(eq(loanAccounts.profileId, profileId));
    const openLoan = rows.some((r) => OPEN_LOAN_STATUSES.includes(r.status));
    const closed = rows.filter((r) => r.status === "CLOSED").map((r) => day(r.changedAt));
    const lastClosedOn = closed.length ? closed.sort().at(-1)! : null;
    return { openLoan, lastClosedOn, keptUntil: lastClosedOn ? loanRecordsKeptUntil(lastClosedOn) : null };
  }

  async function requestsOf(profileId: string) {
    const rows = await db.select().from(dataRequests).where(eq(dataRequests.profileId, profileId)).orderBy(desc(dataRequests.requestedAt));
    return rows.map(requestView);
  }

  function cleanText(value: unknown, required: boolean): string | null {
    const text = typeof value === "string" ? value.trim() : "";
    if (!text) {
      if (required) throw new InvalidInput(DATA_RIGHTS_CODES.correctionTextRequired, { details: DATA_RIGHTS_CODES.correctionTextRequired });
      return null;
    }
    if (text.length > RIGHTS_TEXT_MAX) throw new InvalidInput(DATA_RIGHTS_CODES.textTooLong, { details: DATA_RIGHTS_CODES.textTooLong });
    return text;
  }

  async function openRequest(profileId: string, kind: RightsRequestKind, details: string | null): Promise<RightsRequestView> {
    const at = now();
    const dueOn = rightsRequestDueOn(day(at));
    return db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: dataRequests.id })
        .from(dataRequests)
        .where(and(eq(dataRequests.profileId, profileId), eq(dataRequests.kind, kind), eq(dataRequests.status, "OPEN")));
      if (existing) throw new Refused(DATA_RIGHTS_CODES.openRequestExists);
      const [row] = await tx.insert(dataRequests).values({ profileId, kind, details, requestedAt: at, dueOn }).returning();
      await audit.record(tx, {
        actor: null,
        actorEmail: "customer",
        action: `data_request.${kind}`,
        target: { kind: "data_request", id: row.id },
        after: { profile_id: profileId, due_on: dueOn },
      });
      return requestView(row);
    });
  }

  /** Everything we hold about the customer, as plain data (JSON export and the PDF): data-export.ts. */
  const exportData = createDataExport({ db, consents, now, requests: requestsOf, retention });
  const desk = createDataRequestDesk({ db, consents, audit, now, retention });

  return {
    retention,

    /** The My data page: each purpose's notice (in the page's language) and state, the retention dates and the requests. */
    async myData(profileId: string, lang: Language = "en") {
      const [states, kept, requests] = await Promise.all([consents.states(profileId), retention(profileId), requestsOf(profileId)]);
      return { consents: states.map((s) => ({ ...s, notice: purposeNotice(s.purpose, lang) })), retention: kept, requests };
    },

    /** `lang`: the language the notice was shown in, recorded with the consent. */
    async grant(profileId: string, purpose: unknown, lang: Language = "en") {
      if (!isConsentPurpose(purpose)) throw new InvalidInput(DATA_RIGHTS_CODES.unknownPurpose, { purpose: DATA_RIGHTS_CODES.unknownPurpose });
      const recorded = await consents.grant(profileId, [purpose], { source: "my_data", language: lang });
      if (recorded.length === 0) throw new Refused(DATA_RIGHTS_CODES.alreadyGranted);
      return { purpose };
    },

    /**
     * Withdraws at once. For a purpose an open loan needs, the answer says what we still keep and use,
     * and until when: everything else stops now.
     */
    async withdraw(profileId: string, purpose: unknown, lang: Language = "en") {
      const withdrawn = await consents.withdraw(profileId, purpose, { source: "my_data", language: lang });
      const kept = await retention(profileId);
      const stillNeeded = PURPOSE_NOTICES[withdrawn].neededByLoan && kept.openLoan;
      return { purpose: withdrawn, stillNeededByLoan: stillNeeded, retention: kept };
    },

    async requestCorrection(profileId: string, details: unknown) {
      return openRequest(profileId, "correction", cleanText(details, true));
    },

    async requestErasure(profileId: string, details: unknown) {
      const text = cleanText(details, false);
      if ((await retention(profileId)).openLoan) throw new Refused(DATA_RIGHTS_CODES.erasureActiveLoan);
      return openRequest(profileId, "erasure", text);
    },

    exportData,

    async exportPdf(profileId: string): Promise<Uint8Array> {
      return renderDataExportPdf(await exportData(profileId));
    },

    desk,
  };
}

export type DataRightsService = ReturnType<typeof createDataRightsService>;
export type DataExport = Awaited<ReturnType<ReturnType<typeof createDataExport>>>;

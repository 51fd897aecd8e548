// The records of a period's file (issue 22): every loan open at any time in the period and every loan
// closed in it, as on the period's last day, from the loan's terms and payments (loans module), the
// borrower's profile (profile module) and the days past due and class (one injected function).
import { addDays, type IsoDate } from "../../../core/calendar.ts";
import type { ReportingPeriod } from "../../../core/bureau/periods.ts";
import { toTudfRecord, type BureauRecordInput, type TudfRecord } from "../../../core/bureau/tudf.ts";
import type { LoanPayment } from "../../../core/loan-math/index.ts";
import type { Db } from "../../db/client.ts";
import type { RejectedRecord } from "../../db/schema/index.ts";
import type { LoansService } from "../loans/loans.service.ts";
import type { ReportedLoans } from "../loans/reported-loans.service.ts";
import type { CreditReportSubjects } from "../profile/credit-report-subject.service.ts";
import type { ClassOn } from "./class-on.ts";

export const HELD_MESSAGES = {
  noTerms: "The loan has no terms to report from (it predates the loan ledger).",
  noProfile: "The borrower's profile is missing.",
  notToldOverdue: "The borrower has not yet been told that the loan will be reported overdue; the record goes in the next file once the notice is sent.",
} as const;

export type PeriodRecords = { records: { leadId: string; record: TudfRecord; daysPastDue: number }[]; rejected: RejectedRecord[] };

export function createBureauRecords(deps: {
  db: Db;
  loans: LoansService;
  reportedLoans: ReportedLoans;
  loanPayments: (executor: Pick<Db, "select">, leadId: string) => Promise<LoanPayment[]>;
  subjects: CreditReportSubjects;
  classOn: ClassOn;
  /** Whether the borrower was told before the loan is first reported overdue. */
  overdueNoticeSent: (leadId: string) => Promise<boolean>;
}) {
  const { db, loans } = deps;

  /** The record input for one loan as on `asOf`, or null when it was closed before `from`. */
  async function inputFor(lead: Parameters<LoansService["duesOn"]>[0], terms: Parameters<LoansService["duesOn"]>[1], from: IsoDate, asOf: IsoDate) {
    const payments = (await deps.loanPayments(db, lead.id)).filter((p) => p.on <= asOf);
    const disbursedOn = lead.disbursalDate as IsoDate;
    if (disbursedOn < from && loans.duesOn(lead, terms, payments, addDays(from, -1)).settled) return null;
    const d = loans.duesOn(lead, terms, payments, asOf);
    const lastPayment = payments.length ? payments[payments.length - 1].on : null;
    const { daysPastDue, assetClass } = await deps.classOn(lead.id, asOf);
    const closed = d.settled || d.totalDue === 0;
    return {
      lead,
      daysPastDue,
      partial: {
        leadId: lead.id,
        loanNo: lead.loanNo,
        dateOpened: disbursedOn,
        dateLastPayment: lastPayment,
        dateClosed: closed ? (lastPayment ?? asOf) : null,
        dateReported: asOf,
        sanctionedPaise: terms.principal,
        currentBalancePaise: closed ? 0 : d.totalDue,
        overduePaise: daysPastDue > 0 ? d.totalDue : 0,
        daysPastDue,
        assetClass,
      },
    };
  }

  return {
    async recordsFor(period: ReportingPeriod): Promise<PeriodRecords> {
      const out: PeriodRecords = { records: [], rejected: [] };
      for (const { lead, terms } of await deps.reportedLoans.loansIn(period)) {
        const reject = (problems: string[]) => out.rejected.push({ leadId: lead.id, loanNo: lead.loanNo, problems });
        if (!terms) {
          // A closed loan without terms closed before any file we build (demo data): nothing to report.
          if (lead.status === "CLOSED") continue;
          reject([HELD_MESSAGES.noTerms]);
          continue;
        }
        const found = await inputFor(lead, terms, period.start, period.end);
        if (!found) continue;
        const subject = await deps.subjects.subjectOf(lead.profileId);
        if (!subject) {
          reject([HELD_MESSAGES.noProfile]);
          continue;
        }
        const input: BureauRecordInput = { ...found.partial, ...subject };
        const built = toTudfRecord(input);
        const problems = built.ok ? [] : [...built.problems];
        if (found.daysPastDue > 0 && !(await deps.overdueNoticeSent(lead.id))) problems.push(HELD_MESSAGES.notToldOverdue);
        if (problems.length || !built.ok) reject(problems);
        else out.records.push({ leadId: lead.id, record: built.record, daysPastDue: found.daysPastDue });
      }
      return out;
    },
  };
}

export type BureauRecords = ReturnType<typeof createBureauRecords>;

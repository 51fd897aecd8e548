// The scheduled jobs' work, by job name, from the modules that own it: the job runner runs them on schedule,
// /dev/jobs/run at once (docs/decisions/platform.md, decision 65).
import { JOB_NAMES, type JobHandlers } from "./job-names.ts";

type Job = () => Promise<unknown>;

export function createJobHandlers(m: {
  servicing: { runAccrual: Job; runReminders: Job };
  refunds: { refreshOpen: Job };
  reconciliation: { runReconciliation: Job };
  settlement: { runSettlements: Job };
  disbursal: { checkOpenPayouts: Job };
  assetClassification: { runDayEnd: Job };
  bureau: { runFortnightlyFile: Job; runOverdueNotices: Job };
  grievances: { runDeadlines: Job };
  mandateDebits: { runDay: Job };
  runRetention: Job;
  /** Issue 32: null when ONDC is off (nothing is ever owed). */
  ondcOutbox: { deliverDue: Job } | null;
  /** Issue 32, point 9: the buyer apps' finder fees accrued at payout and reversed on a return, with ONDC on or off. */
  finderFees: { accrueDue: Job };
  /** Issue 34: the SMS instead of WhatsApp messages failed or not delivered in time. */
  noticeDispatcher: { runFallbacks: Job };
  /** Issue 33: the upload of each paid-out customer's KYC record to CKYCR. */
  ckyc: { runUploads: Job };
  /** Issue 33: video KYC calls whose customer has been gone more than 10 minutes. */
  videoKyc: { dropGoneCalls: Job };
}): JobHandlers {
  return {
    [JOB_NAMES.accrual]: () => m.servicing.runAccrual(),
    [JOB_NAMES.reminders]: () => m.servicing.runReminders(),
    [JOB_NAMES.refunds]: () => m.refunds.refreshOpen(),
    [JOB_NAMES.reconciliation]: () => m.reconciliation.runReconciliation(),
    [JOB_NAMES.settlements]: () => m.settlement.runSettlements(),
    [JOB_NAMES.payoutCheck]: () => m.disbursal.checkOpenPayouts(),
    [JOB_NAMES.assetClassification]: () => m.assetClassification.runDayEnd(),
    [JOB_NAMES.bureauFile]: () => m.bureau.runFortnightlyFile(),
    [JOB_NAMES.bureauOverdueNotices]: () => m.bureau.runOverdueNotices(),
    [JOB_NAMES.grievanceDeadlines]: () => m.grievances.runDeadlines(),
    [JOB_NAMES.autopayDebits]: () => m.mandateDebits.runDay(),
    [JOB_NAMES.dataRetention]: () => m.runRetention(),
    [JOB_NAMES.ondcCallbacks]: async () => {
      await m.finderFees.accrueDue();
      return m.ondcOutbox ? m.ondcOutbox.deliverDue() : null;
    },
    [JOB_NAMES.whatsappFallback]: () => m.noticeDispatcher.runFallbacks(),
    [JOB_NAMES.ckycUploads]: () => m.ckyc.runUploads(),
    [JOB_NAMES.videoKycDroppedCalls]: () => m.videoKyc.dropGoneCalls(),
  };
}

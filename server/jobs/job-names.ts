// The scheduled jobs' names and schedules, apart from the job engine, so the services can name
// their jobs' work (and /dev/jobs/run run it) without loading pg-boss.
export const JOB_NAMES = {
  accrual: "servicing-accrual",
  reminders: "servicing-reminders",
  reconciliation: "gateway-reconciliation",
  settlements: "gateway-settlements",
  refunds: "refunds-status",
  payoutCheck: "payout-check",
  assetClassification: "asset-classification",
  bureauFile: "bureau-file",
  bureauOverdueNotices: "bureau-overdue-notices",
  grievanceDeadlines: "grievance-deadlines",
  autopayDebits: "autopay-debits",
  dataRetention: "data-retention",
  ondcCallbacks: "ondc-callbacks",
  whatsappFallback: "whatsapp-sms-fallback",
  ckycUploads: "ckyc-uploads",
  videoKycDroppedCalls: "video-kyc-dropped-calls",
} as const;
export type JobName = (typeof JOB_NAMES)[keyof typeof JOB_NAMES];

/** India time: the accrual at 00:10 and every hour after (idempotent per day); reminders every 15 minutes from 08:00 to 18:45. */
export const JOB_SCHEDULES: Record<JobName, string> = {
  [JOB_NAMES.accrual]: "10 * * * *",
  [JOB_NAMES.reminders]: "*/15 8-18 * * *",
  // Issue 20: open orders every 5 minutes; settlement reports daily at 12:30, after the gateways' morning settlements.
  [JOB_NAMES.reconciliation]: "*/5 * * * *",
  [JOB_NAMES.settlements]: "30 12 * * *",
  // Decision 37: refunds sent or unanswered are asked about every 30 minutes (each outcome applies once).
  [JOB_NAMES.refunds]: "*/30 * * * *",
  // Payouts the provider has not answered for (UNKNOWN, or PENDING past 10 minutes): asked by key.
  [JOB_NAMES.payoutCheck]: "*/5 * * * *",
  // Issue 22: the day-end asset classification at 00:20 India time, after the accrual, for the day that ended.
  [JOB_NAMES.assetClassification]: "20 0 * * *",
  // Issue 22: the credit-bureau file as on the 15th and the month's last day, built at 10:00 on the 16th and the 1st
  // (in contact hours, so the overdue notices still owed go first); the notices themselves every 15 minutes in contact hours.
  [JOB_NAMES.bureauFile]: "0 10 1,16 * *",
  [JOB_NAMES.bureauOverdueNotices]: "5-59/15 8-18 * * *",
  // Issue 22: complaints past their escalation or ombudsman days, daily at 09:00 (within contact hours).
  [JOB_NAMES.grievanceDeadlines]: "0 9 * * *",
  // Issue 24: AutoPay every hour from 09:00 to 18:00: notices for tomorrow, today's debits (each once per mandate and attempt).
  [JOB_NAMES.autopayDebits]: "0 9-18 * * *",
  // Issue 23: erased customers' kept records deleted or anonymised on their date, daily at 01:30 (after the day-end jobs).
  [JOB_NAMES.dataRetention]: "30 1 * * *",
  // Issue 32: ONDC callbacks still owed (the buyer app NACKed or was down), every minute; each is sent right after its commit first.
  [JOB_NAMES.ondcCallbacks]: "* * * * *",
  // Issue 34: WhatsApp messages failed or not delivered within 15 minutes go by SMS instead, every 5 minutes
  // (a dues notice's SMS only in contact hours; a failure the webhook reports is sent at once).
  [JOB_NAMES.whatsappFallback]: "*/5 * * * *",
  // Issue 33: each paid-out customer's KYC record to CKYCR (due within 10 days of the first payout), daily at 11:00
  // (in contact hours: the identifier's SMS goes with it); twice a day would change nothing the desk cannot do at once.
  [JOB_NAMES.ckycUploads]: "0 11 * * *",
  // Issue 33: video KYC calls whose customer has been gone more than 10 minutes end as dropped, every minute
  // (each read of the call applies the same rule at once; the job ends the calls nobody is looking at).
  [JOB_NAMES.videoKycDroppedCalls]: "* * * * *",
};

export type JobHandlers = Record<JobName, () => Promise<unknown>>;

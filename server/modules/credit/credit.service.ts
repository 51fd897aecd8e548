// Credit review (decision 32): the credit manager's queue and review data, recommendations, and the
// credit head's sanction or rejection with the four-eyes rule. Personal data is masked; a reveal
// needs a reason and is audited. Lead status moves of decision 11 happen here under a row lock.
// Each job has its file (credit-queues, credit-review-reads, credit-recommend, credit-decide, with the checks
// they share in credit-checks); this one assembles the desk.
import type { Db } from "../../db/client.ts";
import type { SmsNoticePort } from "../../providers/sms/port.ts";
import { CREDIT_MESSAGES } from "./credit-messages.ts";
import type { AuditRecorder } from "./staff-actor.ts";
import { requireSanctionable } from "./sanction-requirements.ts";
import { createCreditChecks } from "./credit-checks.ts";
import { createCreditDecide } from "./credit-decide.ts";
import { createCreditQueues, type CreditLeadSources, type QueueQuery } from "./credit-queues.ts";
import { createCreditRecommend } from "./credit-recommend.ts";
import { createCreditReviewReads } from "./credit-review-reads.ts";

// Issue 29: the payout checks the same requirements (the module's door).
export { requireSanctionable };

export { CREDIT_MESSAGES };
// The staff actor kit lives in staff-actor.ts; the other desks import it through this door.
export { requireStaffRole, STAFF_ROLES, type AuditEntry, type AuditRecorder, type StaffActor, type StaffRole, type Tx } from "./staff-actor.ts";
export type { CreditLeadSources, QueueQuery };

export function createCreditService(deps: {
  db: Db;
  hashKey: string;
  encryptionKey: string;
  sms: SmsNoticePort;
  audit: AuditRecorder;
  ekycSummary: (profileId: string, leadId?: string) => Promise<unknown>;
  /** Issue 32: which leads came through ONDC (the ONDC module's read, handed in by the composition root). */
  leadSources: CreditLeadSources;
  now: () => Date;
}) {
  const { db, hashKey, encryptionKey, sms, audit, now } = deps;
  const checks = createCreditChecks({ db });

  const desk = {
    ...createCreditQueues({ db, hashKey, now, checks, sources: deps.leadSources }),
    ...createCreditReviewReads({ db, encryptionKey, audit, ekycSummary: deps.ekycSummary, now, checks, sourcesOf: deps.leadSources.of }),
    ...createCreditRecommend({ db, audit, now, checks }),
    ...createCreditDecide({ db, sms, audit, now, checks }),
  };

  return { desk };
}

export type CreditService = ReturnType<typeof createCreditService>;

// The credit-bureau module (issue 22): the fortnightly file, its submissions, and the notice before a loan is
// first reported overdue. Its factory takes the modules it reads (docs/decisions/platform.md, decision 65).
import type { Env } from "../../env.ts";
import type { Logger } from "../../logger.ts";
import type { AuditRecorder } from "../credit/credit.service.ts";
import type { AssetClassificationService } from "../asset-classification/asset-classification.service.ts";
import type { ClassOn } from "./class-on.ts";
import { createBureauService } from "./bureau.service.ts";
import type { LoansService } from "../loans/loans.service.ts";
import { createReportedLoans } from "../loans/reported-loans.service.ts";
import type { PaymentsService } from "../payments/payments.service.ts";
import { createCreditReportSubjects } from "../profile/credit-report-subject.service.ts";
import type { Db } from "../../db/client.ts";
import type { BureauSubmissionPort } from "../../providers/bureau/port.ts";
import type { EmailPort } from "../../providers/email/port.ts";
import type { SmsPort } from "../../providers/sms/port.ts";
import type { StoragePort } from "../../providers/storage/port.ts";

/** The lender's member id at the credit bureau (the file's header and the upload's login). */
export const bureauMemberId = (env: Env) => env.BUREAU_MEMBER_ID ?? "SANDBOX0001";

export function createBureauModule(deps: {
  env: Env;
  db: Db;
  storage: StoragePort;
  loans: LoansService;
  payments: PaymentsService;
  assetClassification: AssetClassificationService;
  sms: SmsPort;
  email: EmailPort;
  audit: AuditRecorder;
  /** Null in production without an upload address: accounts uploads the downloaded file on the bureau's portal. */
  submission: BureauSubmissionPort | null;
  now: () => Date;
  logger: Logger;
}) {
  const { env, db, payments, assetClassification } = deps;
  // Days past due and class come through one function (classOn): the asset-classification module's stored
  // history, or its same computation for a day not yet classified.
  const classOn: ClassOn = async (leadId, on) => {
    const figures = await assetClassification.classOn(leadId, on);
    return figures ? { daysPastDue: figures.daysPastDue, assetClass: figures.assetClass } : { daysPastDue: 0, assetClass: "STANDARD" };
  };
  const bureau = createBureauService({
    db,
    storage: deps.storage,
    encryptionKey: env.ENCRYPTION_KEY,
    reportedLoans: createReportedLoans({ db }),
    loans: deps.loans,
    loanPayments: (executor, leadId) => payments.loanPayments(executor, leadId),
    subjects: createCreditReportSubjects({ db, encryptionKey: env.ENCRYPTION_KEY }),
    classOn,
    submission: deps.submission,
    sms: deps.sms,
    email: deps.email,
    audit: deps.audit,
    member: { memberId: bureauMemberId(env), memberShortName: "SALARYONTIME" },
    publicOrigin: env.PUBLIC_ORIGIN,
    now: deps.now,
    logger: deps.logger,
  });
  return { bureau };
}

// Credit-bureau reporting's wiring (issue 22), apart from the composition root so services.ts stays one job per part.
import type { Env } from "./env.ts";
import type { Logger } from "./logger.ts";
import type { AuditRecorder } from "./modules/credit/credit.service.ts";
import type { AssetClassificationService } from "./modules/asset-classification/asset-classification.service.ts";
import type { ClassOn } from "./modules/bureau/class-on.ts";
import { createBureauService } from "./modules/bureau/bureau.service.ts";
import type { LoansService } from "./modules/loans/loans.service.ts";
import { createReportedLoans } from "./modules/loans/reported-loans.service.ts";
import type { PaymentsService } from "./modules/payments/payments.service.ts";
import { createCreditReportSubjects } from "./modules/profile/credit-report-subject.service.ts";
import type { Db } from "./db/client.ts";
import type { BureauSubmissionPort } from "./providers/bureau/port.ts";
import { createSandboxBureauSubmission } from "./providers/bureau/sandbox.ts";
import { createCibilUpload } from "./providers/bureau/cibil-upload.ts";
import type { EmailPort } from "./providers/email/port.ts";
import type { SmsPort } from "./providers/sms/port.ts";
import type { StoragePort } from "./providers/storage/port.ts";

export function createBureauWiring(deps: {
  env: Env;
  db: Db;
  storage: StoragePort;
  loans: LoansService;
  payments: PaymentsService;
  assetClassification: AssetClassificationService;
  sms: SmsPort;
  email: EmailPort;
  audit: AuditRecorder;
  /** Tests may swap the submission port; the default follows APP_MODE. */
  submission?: BureauSubmissionPort;
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
  const member = { memberId: env.BUREAU_MEMBER_ID ?? "SANDBOX0001", memberShortName: "SALARYONTIME" };
  // Production without an upload address: accounts uploads the downloaded file on the bureau's portal.
  const submission: BureauSubmissionPort | null =
    deps.submission ??
    (!env.isProduction
      ? createSandboxBureauSubmission()
      : env.BUREAU_UPLOAD_URL
        ? createCibilUpload({ url: env.BUREAU_UPLOAD_URL, memberId: member.memberId, password: env.BUREAU_UPLOAD_PASSWORD ?? "" })
        : null);
  return createBureauService({
    db,
    storage: deps.storage,
    encryptionKey: env.ENCRYPTION_KEY,
    reportedLoans: createReportedLoans({ db }),
    loans: deps.loans,
    loanPayments: (executor, leadId) => payments.loanPayments(executor, leadId),
    subjects: createCreditReportSubjects({ db, encryptionKey: env.ENCRYPTION_KEY }),
    classOn,
    submission,
    sms: deps.sms,
    email: deps.email,
    audit: deps.audit,
    member,
    publicOrigin: env.PUBLIC_ORIGIN,
    now: deps.now,
    logger: deps.logger,
  });
}

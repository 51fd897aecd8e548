import { PRODUCT, type ProductConfig } from "../core/product.ts";
import type { AdjustableClock } from "./jobs/clock.ts";
import { JOB_NAMES, type JobHandlers } from "./jobs/job-names.ts";
import { createClockService } from "./modules/clock/clock.service.ts";
import type { Database } from "./db/client.ts";
import type { Env } from "./env.ts";
import type { Logger } from "./logger.ts";
import { createAuthService } from "./modules/auth/auth.service.ts";
import { createBlogService } from "./modules/blog/blog.service.ts";
import { createCaptchaService } from "./modules/enquiry/captcha.service.ts";
import { createEnquiryService } from "./modules/enquiry/enquiry.service.ts";
import { createEligibilityService } from "./modules/eligibility/eligibility.service.ts";
import { createLeadsService } from "./modules/leads/leads.service.ts";
import { createEmploymentService } from "./modules/loan/employment.service.ts";
import { createLoanHistory } from "./modules/loan/loan-history.ts";
import { createQuoteService } from "./modules/loan/quote.service.ts";
import { createProfileService } from "./modules/profile/profile.service.ts";
import { createProfileViews } from "./modules/profile/profile-view.ts";
import { createPublicSiteService } from "./modules/public-site/public-site.service.ts";
import type { CreditBureauPort } from "./providers/credit-bureau/port.ts";
import type { PanVerificationPort } from "./providers/pan-verification/port.ts";
import type { StoragePort } from "./providers/storage/port.ts";
import type { SmsNoticePort, SmsPort } from "./providers/sms/port.ts";
import { createDocumentsService } from "./modules/documents/documents.service.ts";
import { createKycService } from "./modules/kyc/kyc.service.ts";
import type { AccountAggregatorPort } from "./providers/account-aggregator/port.ts";
import { createSandboxAccountAggregator } from "./providers/account-aggregator/sandbox.ts";
import { createSetuAccountAggregator } from "./providers/account-aggregator/setu.ts";
import { createDigiLocker } from "./providers/digilocker/digilocker.ts";
import type { DigiLockerPort } from "./providers/digilocker/port.ts";
import { createSandboxDigiLocker } from "./providers/digilocker/sandbox.ts";
import { createBankingService } from "./modules/banking/banking.service.ts";
import { createEsignService, type EsignRequest } from "./modules/esign/esign.service.ts";
import { createSigningDocuments } from "./modules/esign/esign-documents.ts";
import { createCashfreeBankVerification } from "./providers/bank-verification/cashfree.ts";
import type { BankVerificationPort } from "./providers/bank-verification/port.ts";
import { createSandboxBankVerification } from "./providers/bank-verification/sandbox.ts";
import { createCashfreeEsign } from "./providers/esign/cashfree.ts";
import type { EsignPort } from "./providers/esign/port.ts";
import { createSandboxEsign, SANDBOX_ESIGN_SECRET } from "./providers/esign/sandbox.ts";
import { createPaymentGateways } from "./providers/payments/index.ts";
import { createLedgerService } from "./modules/ledger/ledger.service.ts";
import { createBooksReportsService } from "./modules/accounting/books-reports.service.ts";
import { createLoansService } from "./modules/loans/loans.service.ts";
import { createLoanReceipts } from "./modules/loans/loan-receipts.service.ts";
import { createJournalsService } from "./modules/journals/journals.service.ts";
import { createBooksCheck } from "./modules/loans/books-check.service.ts";
import { createWriteOffService } from "./modules/loans/write-off.service.ts";
import { createPaymentsService } from "./modules/payments/payments.service.ts";
import { createBankTransfersService } from "./modules/payments/bank-transfers.service.ts";
import { createRefundProviders } from "./modules/refunds/refund-providers.ts";
import { createRefundsService } from "./modules/refunds/refunds.service.ts";
import { createRefundWebhooks } from "./modules/refunds/refund-webhooks.ts";
import { createAuditService } from "./modules/audit/audit.service.ts";
import { createStaffService } from "./modules/staff/staff.service.ts";
import { createBackOfficeDesks } from "./modules/staff/desks.ts";
import { createCreditService, type AuditRecorder } from "./modules/credit/credit.service.ts";
import { createDisbursalService } from "./modules/loans/disbursal.service.ts";
import { createRazorpayxPayout } from "./providers/payout/razorpayx.ts";
import { createSandboxPayout } from "./providers/payout/sandbox.ts";
import type { PayoutPort } from "./providers/payout/port.ts";
import { createStatementsService } from "./modules/statements/statements.service.ts";
import { createTrackingService } from "./modules/tracking/tracking.service.ts";
import { createConsentsService } from "./modules/data-rights/consents.service.ts";
import { createDataRightsService } from "./modules/data-rights/data-rights.service.ts";
import type { TrackerPort } from "./providers/tracking/port.ts";
import { createDbSandboxStore } from "./providers/sandbox-store.ts";
import type { EmailPort } from "./providers/email/port.ts";
import { createServicingService } from "./modules/servicing/servicing.service.ts";
import { createAssetClassificationService } from "./modules/asset-classification/asset-classification.service.ts";
import { createPrudentialDayEnd } from "./modules/asset-classification/prudential.ts";
import { createPayuNotify } from "./modules/payments/payu-notify.ts";
import { createReconciliationService } from "./modules/reconciliation/reconciliation.service.ts";
import { createGatewaySettlementsService } from "./modules/reconciliation/gateway-settlements.service.ts";
import { createReconciliationDesk } from "./modules/reconciliation/reconciliation-desk.ts";
import { createClearingCheck } from "./modules/reconciliation/clearing-check.service.ts";
import { createBankStatementService } from "./modules/bank-statement/bank-statement.service.ts";
import { createBankStatementDesk } from "./modules/bank-statement/bank-statement-desk.ts";
import type { BureauSubmissionPort } from "./providers/bureau/port.ts";
import { createRecordsPurge } from "./modules/data-rights/records-purge.ts";
import { createGrievancesService } from "./modules/grievances/grievances.service.ts";
import type { MandatePort } from "./providers/mandates/port.ts";
import { localizedPath } from "../core/i18n/index.ts";
import { createBureauWiring } from "./services-bureau.ts";
import { chooseProviders } from "./services-providers.ts";
import { createAutopayWiring } from "./services-autopay.ts";

export interface ServiceOptions {
  database: Database;
  env: Env;
  logger: Logger;
  now?: () => Date;
  /** The sandbox's movable clock (main.ts, sandbox mode): its offset is kept by the clock service. */
  clock?: AdjustableClock;
  /** The product configuration for new quotes (tests change it to show open loans keep their terms). */
  product?: ProductConfig;
  /** Tests may swap a provider; the default follows APP_MODE (decision 21). */
  providers?: {
    sms?: SmsPort;
    panVerification?: PanVerificationPort;
    creditBureau?: CreditBureauPort;
    storage?: StoragePort;
    digilocker?: DigiLockerPort;
    accountAggregator?: AccountAggregatorPort;
    bankVerification?: BankVerificationPort;
    esign?: EsignPort;
    payout?: PayoutPort;
    tracker?: TrackerPort;
    email?: EmailPort;
    bureauSubmission?: BureauSubmissionPort;
    mandates?: MandatePort;
  };
}

/** Builds every service once per process: the composition root. */
export function createServices(options: ServiceOptions) {
  const { database, env, logger } = options;
  const db = database.db;
  const now = options.now ?? (options.clock ? () => options.clock!.now() : () => new Date());
  // Decision 34: the product applies to new quotes; each loan keeps the terms its KFS fixed.
  const product = options.product ?? PRODUCT;
  // The outside services that need only the configuration: the sandbox's or production's by APP_MODE.
  const { sandboxSms, sms, sandboxTracker, tracker, sandboxEmail, email, panVerification, creditBureau, storage, redis, rateLimits } = chooseProviders({
    env,
    db,
    logger,
    now,
    providers: options.providers,
  });
  // Sandbox providers keep their state in the database (sandbox_records), so any instance answers the next step.
  const sandboxStore = createDbSandboxStore(db);
  // Back office (decision 32): the audit trail first, so every service that acts for staff can write to it.
  const audit = createAuditService({ db, now });
  // Issue 23: consent per purpose; tracking and reminders ask it before they run.
  const consents = createConsentsService({ db, audit, now, allowDemoDiscard: !env.isProduction });
  const dataRights = createDataRightsService({ db, consents, audit, now });
  const tracking = createTrackingService({ db, tracker, now, logger, consents });
  const staff = createStaffService({ db, audit, rateLimits, encryptionKey: env.ENCRYPTION_KEY, now, logger });
  const captchas = createCaptchaService({ db, hashKey: env.HASH_KEY, now, sandboxReveal: env.isProduction ? null : sandboxStore });
  const auth = createAuthService({ db, sms, rateLimits, captchas, hashKey: env.HASH_KEY, now, logger });
  const leads = createLeadsService({ db, now });
  const profiles = createProfileService({
    db,
    hashKey: env.HASH_KEY,
    encryptionKey: env.ENCRYPTION_KEY,
    panVerification,
    storage,
    now,
    logger,
  });
  const eligibility = createEligibilityService({ db, encryptionKey: env.ENCRYPTION_KEY, bureau: creditBureau, leads, now, logger });
  const blog = createBlogService({ db, now, logger });
  const enquiries = createEnquiryService({ db, hashKey: env.HASH_KEY, now, logger, rateLimits, captchas });
  // Public website: page cache and the sitemap's extra entries (blog list and posts, contact page).
  const publicSite = createPublicSiteService({
    extraSitemapEntries: async () => [{ path: "/contact-salaryontime" }, { path: localizedPath("/contact-salaryontime", "hi") }, ...(await blog.sitemapUrls())],
  });
  // A saved post changes its page, the list and every post's 'Latest Blogs' sidebar.
  blog.onChange(() => publicSite.invalidate("/blog"));
  const employment = createEmploymentService({ db, now });
  const loans = createLoansService({ db, now });
  const quotes = createQuoteService({ db, leads, loans, product, now });
  // The signed agreement is the eSign module's; it is created below, and only read when a screen asks.
  const agreementSigned = (request: EsignRequest | null) => request?.status === "SIGNED" && !!request.signedFileId;
  const signedAgreementAvailable = async (leadId: string) => agreementSigned(await esign.latest(leadId));
  const loanHistory = createLoanHistory({ leads, profiles, quotes, signedAgreementAvailable });
  // eKYC, account aggregator and documents (issue 4): sandboxes host their pages under /sandbox.
  const sandboxDigiLocker = env.isProduction ? null : createSandboxDigiLocker({ origin: env.PUBLIC_ORIGIN, store: sandboxStore });
  const sandboxAccountAggregator = env.isProduction ? null : createSandboxAccountAggregator({ origin: env.PUBLIC_ORIGIN, store: sandboxStore });
  const digilocker =
    options.providers?.digilocker ??
    sandboxDigiLocker?.port ??
    createDigiLocker({ baseUrl: env.DIGILOCKER_BASE_URL, clientId: env.DIGILOCKER_CLIENT_ID!, clientSecret: env.DIGILOCKER_CLIENT_SECRET! });
  const accountAggregator =
    options.providers?.accountAggregator ??
    sandboxAccountAggregator?.port ??
    createSetuAccountAggregator({ baseUrl: env.AA_BASE_URL!, clientId: env.AA_CLIENT_ID!, clientSecret: env.AA_CLIENT_SECRET!, productId: env.AA_PRODUCT_ID! });
  const documents = createDocumentsService({ db, storage, encryptionKey: env.ENCRYPTION_KEY, now, logger });
  const kyc = createKycService({ db, digilocker, accountAggregator, documents, publicOrigin: env.PUBLIC_ORIGIN, now, logger });
  // Bank details and eSign (issue 4).
  const sandboxEsign = env.isProduction ? null : createSandboxEsign({ db, sms, hashKey: env.HASH_KEY, now });
  const esignPort =
    options.providers?.esign ??
    (env.isProduction ? createCashfreeEsign({ url: env.ESIGN_URL!, clientId: env.ESIGN_CLIENT_ID!, clientSecret: env.ESIGN_CLIENT_SECRET! }) : sandboxEsign!);
  const esign = createEsignService({
    db,
    esign: esignPort,
    storage,
    leads,
    now,
    logger,
    publicOrigin: env.PUBLIC_ORIGIN,
    webhookSecret: env.isProduction ? env.ESIGN_CLIENT_SECRET! : SANDBOX_ESIGN_SECRET,
    documents: createSigningDocuments({ db, quotes }),
    // Copies of the KFS and signed agreement go to the customer once signing completes (regulatory.md).
    afterSigned: (signed) => servicing.sendSignedCopies(signed).then(() => undefined),
  });
  // The sandbox provider delivers its signed webhooks to the handler the HTTP webhook route uses.
  sandboxEsign?.setWebhookReceiver(({ rawBody, headers }) => esign.handleWebhook({ rawBody, headers }).then(() => undefined));
  const bankVerification =
    options.providers?.bankVerification ??
    (env.isProduction
      ? createCashfreeBankVerification({ url: env.BANK_VERIFY_URL!, clientId: env.BANK_VERIFY_CLIENT_ID!, clientSecret: env.BANK_VERIFY_CLIENT_SECRET! })
      : createSandboxBankVerification());
  const banking = createBankingService({
    db,
    encryptionKey: env.ENCRYPTION_KEY,
    hashKey: env.HASH_KEY,
    bankVerification,
    rateLimits,
    profiles,
    leads,
    esign,
    now,
    logger,
  });
  // Repayments (decisions 27-30): the ledger, loans and the payments service; the sandboxes hand their webhooks to it.
  const paymentGateways = createPaymentGateways({ env, now, store: sandboxStore });
  // IRACP: the ledger learns a loan is NPA from the day-end's class history (made further down).
  const ledger = createLedgerService({ db, now, allowDemoDiscard: !env.isProduction, npaSince: (loanId, tx) => assetClassification.npaSince(loanId, tx) });
  const loanReceipts = createLoanReceipts({ ledger, loans });
  const payments = createPaymentsService({
    db,
    hashKey: env.HASH_KEY,
    publicOrigin: env.PUBLIC_ORIGIN,
    gateways: paymentGateways,
    ledger,
    loans,
    receipts: loanReceipts,
    leads,
    auth,
    sms,
    now,
    logger,
    onPaid: tracking.paymentSucceeded,
    // Created just below; only called when a gateway confirms a different amount than ordered.
    onAmountMismatch: (mismatch) => reconciliation.recordAmountMismatch(mismatch),
  });
  // Reconciliation with the gateways (issue 20): the open-order job, PayU's notification, settlements.
  const reconciliation = createReconciliationService({ db, payments, now, logger });
  const payuNotify = createPayuNotify({ payments });
  paymentGateways.sandbox?.setWebhookReceiver("payu", (delivery) => payuNotify(delivery));
  paymentGateways.sandbox?.setWebhookReceiver("razorpay", (delivery) => payments.razorpayWebhook(delivery));
  const profileViews = createProfileViews({
    db,
    profiles,
    leads,
    employment,
    ekycSummary: kyc.summary,
    eligibilityDecline: eligibility.latestDecline,
    payments,
    banking,
    esign,
    agreementSigned,
  });
  const backOffice = createBackOfficeDesks({ db, blog, enquiries, audit });
  // Credit review and disbursal (decision 32): the payout port is RazorpayX in production, else the asynchronous sandbox.
  const sandboxPayout = env.isProduction ? null : createSandboxPayout({ failAccount: env.PAYOUT_SANDBOX_FAIL_ACCOUNT, store: sandboxStore });
  const payout =
    options.providers?.payout ??
    sandboxPayout?.port ??
    createRazorpayxPayout({
      baseUrl: env.PAYOUT_URL,
      keyId: env.PAYOUT_KEY_ID!,
      keySecret: env.PAYOUT_KEY_SECRET!,
      sourceAccount: env.PAYOUT_SOURCE_ACCOUNT!,
      webhookSecret: env.PAYOUT_WEBHOOK_SECRET!,
    });
  // A service SMS that fails is logged by kind and never undoes the decision it reports.
  const notices: SmsNoticePort = {
    sendNotice: (input) => sms.sendNotice(input).catch((error: unknown) => logger.warn("service SMS not sent", { kind: input.notice.kind, error })),
  };
  // Desk callers pass the staff module's StaffPrincipal; the credit services only read staffId and role from it.
  const creditAudit: AuditRecorder = { record: (tx, entry) => audit.record(tx as never, entry as never) };
  const credit = createCreditService({
    db,
    hashKey: env.HASH_KEY,
    encryptionKey: env.ENCRYPTION_KEY,
    sms: notices,
    audit: creditAudit,
    ekycSummary: kyc.summary,
    now,
  });
  const disbursal = createDisbursalService({
    db,
    payout,
    ledger,
    sms: notices,
    email,
    publicOrigin: env.PUBLIC_ORIGIN,
    audit: creditAudit,
    encryptionKey: env.ENCRYPTION_KEY,
    verifyAccount: banking.verifyBeforePayout,
    now,
    logger,
  });
  const bankTransfers = createBankTransfersService({ db, payments, audit: creditAudit, now });
  // Decision 44: manual journals with four eyes, and period close.
  const journals = createJournalsService({ db, ledger, audit: creditAudit, now });
  // Decision 44: write-off of an NPA, entered by accounts and approved by the credit head.
  const writeOffs = createWriteOffService({ db, ledger, loans, audit: creditAudit, now });
  const settlement = createGatewaySettlementsService({ db, gateways: paymentGateways, ledger, now, logger });
  const reconciliationDesk = createReconciliationDesk({ db, reconciliation, settlement, audit: creditAudit, now });
  // Issue 29: the bank's statements of the lender's account, matched to transfers, payouts and settlements.
  const bankStatement = createBankStatementService({ db, ledger, audit: creditAudit, now });
  const bankStatementDesk = createBankStatementDesk({ db, bankStatement, audit: creditAudit, now });
  // Refunds of customer excess (decision 37): by the original gateway or by payout to the verified account.
  const refunds = createRefundsService({
    db,
    ledger,
    payments,
    leads,
    providers: createRefundProviders({ payout, gateways: paymentGateways, logger }),
    sms: notices,
    audit: creditAudit,
    encryptionKey: env.ENCRYPTION_KEY,
    now,
    logger,
  });
  // PayU's and PhonePe's refund notifications (issue 30); PhonePe's one webhook URL carries order events too.
  const refundWebhooks = createRefundWebhooks({
    db,
    refunds,
    payments,
    gateways: paymentGateways,
    now,
    logger,
  });
  paymentGateways.sandbox?.setWebhookReceiver("phonepe", async (delivery) => void (await refundWebhooks.phonepeWebhook(delivery)));
  paymentGateways.sandbox?.payu.setRefundReceiver((delivery) => refundWebhooks.payuRefundNotify(delivery));
  // A payout event is a refund's when its reference is a refund id; otherwise it is a disbursal's.
  sandboxPayout?.setWebhookReceiver(async (delivery) => void ((await refunds.handlePayoutWebhook(delivery)) || (await disbursal.handleWebhook(delivery))));
  // The loan statement (from the ledger) and the sanction letter (from the accepted KFS).
  const statements = createStatementsService({ db, leads, ledger, quotes, now });
  // Grievances with deadlines (issue 22): the days come from the validated configuration, read once here.
  const grievances = createGrievancesService({
    db,
    storage,
    sms: notices,
    email,
    audit: creditAudit,
    captchas,
    rateLimits,
    deadlines: { escalationDays: env.GRIEVANCE_ESCALATION_DAYS, ombudsmanDays: env.GRIEVANCE_OMBUDSMAN_DAYS },
    publicOrigin: env.PUBLIC_ORIGIN,
    now,
    logger,
  });
  // Servicing (issue 13, decisions 28 and 31): accrual and reminder jobs, collections, copies after signing.
  // Asset classification (issue 22): the day-end job, the class history, the portfolio.
  const prudential = createPrudentialDayEnd({ db, ledger });
  const assetClassification = createAssetClassificationService({
    db,
    loans,
    payments,
    now,
    logger,
    prudential,
    // Issue 24: the mandates service is made further down; this is only called when a loan's page is read.
    autopayOf: (list) => mandates.staffView(list),
  });
  const servicing = createServicingService({
    db,
    payments,
    sms,
    email,
    consents,
    audit: creditAudit,
    publicOrigin: env.PUBLIC_ORIGIN,
    now,
    logger,
    assetClassOn: (leadId, on) => assetClassification.classOn(leadId, on),
    collectionGrievances: grievances.openCollectionGrievances,
    // Issue 24: the mandates service is made further down; this is only called when the desk is read.
    autopayOf: (list) => mandates.staffView(list),
  });
  // Credit-bureau reporting (issue 22) and AutoPay (issue 24) are wired in files of their own.
  const bureau = createBureauWiring({
    env,
    db,
    storage,
    loans,
    payments,
    assetClassification,
    sms,
    email,
    audit: creditAudit,
    submission: options.providers?.bureauSubmission,
    now,
    logger,
  });
  const { mandatePort, sandboxMandates, mandates, mandateDebits, mandateWebhook } = createAutopayWiring({
    env,
    db,
    banking,
    profiles,
    leads,
    loans,
    payments,
    sms: notices,
    email,
    port: options.providers?.mandates,
    now,
    logger,
  });
  const runRetention = createRecordsPurge({ db, storage, audit, retention: dataRights.retention, now, logger });
  // Issue 29: the accountant's desk (trial balance, general ledger, day book, Tally file, a loan's account).
  const booksReports = createBooksReportsService({ db, ledger, now });
  const clearingCheck = createClearingCheck({ db });
  const booksCheck = createBooksCheck({
    db,
    ledger,
    paymentsOf: (leadId) => payments.paymentsForCheck(leadId),
    prudentialProblems: (loanId, asOf) => prudential.problems(loanId, asOf),
    clearingProblems: (asOf) => clearingCheck.run(asOf),
  });
  const jobHandlers: JobHandlers = {
    [JOB_NAMES.accrual]: () => servicing.runAccrual(),
    [JOB_NAMES.reminders]: () => servicing.runReminders(),
    [JOB_NAMES.refunds]: () => refunds.refreshOpen(),
    [JOB_NAMES.reconciliation]: () => reconciliation.runReconciliation(),
    [JOB_NAMES.settlements]: () => settlement.runSettlements(),
    [JOB_NAMES.payoutCheck]: () => disbursal.checkOpenPayouts(),
    [JOB_NAMES.assetClassification]: () => assetClassification.runDayEnd(),
    [JOB_NAMES.bureauFile]: () => bureau.runFortnightlyFile(),
    [JOB_NAMES.bureauOverdueNotices]: () => bureau.runOverdueNotices(),
    [JOB_NAMES.grievanceDeadlines]: () => grievances.runDeadlines(),
    [JOB_NAMES.autopayDebits]: () => mandateDebits.runDay(),
    [JOB_NAMES.dataRetention]: () => runRetention(),
  };

  return {
    env,
    logger,
    audit,
    staff,
    backOffice,
    credit,
    disbursal,
    /** Bank transfers: entered by collections, approved by accounts (four-eyes), posted like a gateway payment. */
    bankTransfers,
    /** Issue 20: the open-order job and exceptions, PayU's server-to-server notification, gateway settlements, and the accounts screens' desk. */
    reconciliation,
    payuNotify,
    refundWebhooks,
    settlement,
    reconciliationDesk,
    /** Issue 29: bank statement import and its desk (bank transfers cleared, payouts and settlements confirmed by the bank). */
    bankStatement,
    bankStatementDesk,
    /** Refunds of customer excess: requested, approved by another person in accounts, paid once (decision 37). */
    refunds,
    /** Issue 22: the fortnightly credit-bureau file, its submissions, and the notice before a loan is first reported overdue. */
    bureau,
    /** The sandbox payout provider (tests await its webhooks); null in production mode. */
    sandboxPayout,
    /** The mandate port, and the sandbox mandate provider (hosted page, /dev/mandates.json); null in production mode. */
    mandatePort,
    sandboxMandates,
    /** AutoPay (issue 24): the journey step, the provider's return, revoke and what screens show. */
    mandates,
    mandateDebits,
    mandateWebhook,
    database,
    db,
    now,
    rateLimits,
    /** The sandbox providers' state (sandbox_records); purged with the other housekeeping. */
    sandboxStore,
    /** Closes what the services opened besides the database (the Redis connection). */
    async close() {
      await redis?.quit().catch(() => redis.disconnect());
    },
    auth,
    storage,
    leads,
    profiles,
    profileViews,
    eligibility,
    publicSite,
    blog,
    captchas,
    enquiries,
    quotes,
    employment,
    loanHistory,
    documents,
    kyc,
    /** Sandbox provider pages; null in production mode. */
    sandboxPages: env.isProduction ? null : { digilocker: sandboxDigiLocker!, accountAggregator: sandboxAccountAggregator! },
    banking,
    esign,
    /** Present only outside production mode. */
    outbox: env.isProduction ? null : sandboxSms,
    /** The sandbox eSign provider's hosted pages; present only outside production mode. */
    sandboxEsign,
    /** Razorpay, PayU and PhonePe (sandbox or production by APP_MODE); `.sandbox` holds the sandbox routes and webhook hooks. */
    paymentGateways,
    /** The one writer of money figures (decision 27); demo data may be discarded only in sandbox mode. */
    ledger,
    /** A loan's status after disbursal and what it owes (decisions 28, 30). */
    loans,
    /** Decision 44: manual journals with four eyes, and period close. */
    journals,
    /** Pay Now, gateway orders, confirmation and exactly-once posting (decision 29). */
    payments,
    /** Loan statement and sanction letter PDFs. */
    statements,
    /** Journey and conversion events (decision 22); `sandboxTracker` holds the recorded events outside production. */
    tracking,
    /** Issue 23: consent per purpose (append-only, audited) and the borrower's data rights. */
    consents,
    dataRights,
    sandboxTracker,
    /** Accrual and reminder jobs, the collections queue, copies after signing (issue 13). */
    servicing,
    /** Issue 22: the day-end classification job, each loan's class history (classOn) and the portfolio desk. */
    assetClassification,
    /** Complaints, the grievance desk and the deadline job (issue 22). */
    grievances,
    /** The e-mail port, and its sandbox outbox outside production mode. */
    email,
    emailOutbox: env.isProduction ? null : sandboxEmail,
    /** The sandbox clock (/dev/clock); null in production mode or when no movable clock is given. */
    clock: !env.isProduction && options.clock ? createClockService({ db, clock: options.clock }) : null,
    /** npm run ledger:check: every loan's books against dues(), and the trial balance. */
    booksCheck,
    /** Issue 29: the accountant's desk, read-only, for accounts and the auditor. */
    booksReports,
    writeOffs,
    /** The scheduled jobs' work, by job name: the job runner runs them on schedule, /dev/jobs/run at once. */
    jobHandlers,
  };
}

export type Services = ReturnType<typeof createServices>;

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
import { createRateLimitService } from "./modules/rate-limit/rate-limit.service.ts";
import { createCibilBureau } from "./providers/credit-bureau/cibil.ts";
import type { CreditBureauPort } from "./providers/credit-bureau/port.ts";
import { createSandboxCreditBureau } from "./providers/credit-bureau/sandbox.ts";
import { createKycApiPanVerification } from "./providers/pan-verification/kyc-api.ts";
import type { PanVerificationPort } from "./providers/pan-verification/port.ts";
import { createSandboxPanVerification } from "./providers/pan-verification/sandbox.ts";
import { createLocalDiskStorage } from "./providers/storage/local-disk.ts";
import type { StoragePort } from "./providers/storage/port.ts";
import { createMsg91Sms } from "./providers/sms/msg91.ts";
import type { SmsNoticePort, SmsPort } from "./providers/sms/port.ts";
import { createSandboxSms } from "./providers/sms/sandbox.ts";
import { createDocumentsService } from "./modules/documents/documents.service.ts";
import { createKycService } from "./modules/kyc/kyc.service.ts";
import type { AccountAggregatorPort } from "./providers/account-aggregator/port.ts";
import { createSandboxAccountAggregator } from "./providers/account-aggregator/sandbox.ts";
import { createSetuAccountAggregator } from "./providers/account-aggregator/setu.ts";
import { createDigiLocker } from "./providers/digilocker/digilocker.ts";
import type { DigiLockerPort } from "./providers/digilocker/port.ts";
import { createSandboxDigiLocker } from "./providers/digilocker/sandbox.ts";
import { createBankingService } from "./modules/banking/banking.service.ts";
import { createEsignService } from "./modules/esign/esign.service.ts";
import { createSigningDocuments } from "./modules/esign/esign-documents.ts";
import { createCashfreeBankVerification } from "./providers/bank-verification/cashfree.ts";
import type { BankVerificationPort } from "./providers/bank-verification/port.ts";
import { createSandboxBankVerification } from "./providers/bank-verification/sandbox.ts";
import { createCashfreeEsign } from "./providers/esign/cashfree.ts";
import type { EsignPort } from "./providers/esign/port.ts";
import { createSandboxEsign, SANDBOX_ESIGN_SECRET } from "./providers/esign/sandbox.ts";
import { createPaymentGateways } from "./providers/payments/index.ts";
import { createLedgerService } from "./modules/ledger/ledger.service.ts";
import { createLoansService } from "./modules/loans/loans.service.ts";
import { createPaymentsService } from "./modules/payments/payments.service.ts";
import { createBankTransfersService } from "./modules/payments/bank-transfers.service.ts";
import { createAuditService } from "./modules/audit/audit.service.ts";
import { createStaffService } from "./modules/staff/staff.service.ts";
import { createBackOfficeDesks } from "./modules/staff/desks.ts";
import { createCreditService, type AuditRecorder } from "./modules/credit/credit.service.ts";
import { createDisbursalService } from "./modules/loans/disbursal.service.ts";
import { createRazorpayxPayout } from "./providers/payout/razorpayx.ts";
import { createSandboxPayout } from "./providers/payout/sandbox.ts";
import type { PayoutPort } from "./providers/payout/port.ts";

export interface ServiceOptions {
  database: Database;
  env: Env;
  logger: Logger;
  now?: () => Date;
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
  };
}

/** Builds every service once per process: the composition root. */
export function createServices(options: ServiceOptions) {
  const { database, env, logger } = options;
  const db = database.db;
  const now = options.now ?? (() => new Date());
  const sandboxSms = createSandboxSms(db);
  const sms =
    options.providers?.sms ??
    (env.isProduction
      ? createMsg91Sms({
          authKey: env.MSG91_AUTH_KEY!,
          templateId: env.MSG91_TEMPLATE_ID!,
          dltEntityId: env.DLT_ENTITY_ID!,
          senderId: env.DLT_SENDER_ID!,
          noticeTemplateIds: {
            loan_closed: env.MSG91_CLOSURE_TEMPLATE_ID!,
            loan_rejected: env.MSG91_REJECTION_TEMPLATE_ID!,
            loan_disbursed: env.MSG91_DISBURSAL_TEMPLATE_ID!,
            requote: env.MSG91_REQUOTE_TEMPLATE_ID!,
          },
        })
      : sandboxSms);
  const rateLimits = createRateLimitService({ db, hashKey: env.HASH_KEY, now });
  // Back office (decision 32): the audit trail first, so every service that acts for staff can write to it.
  const audit = createAuditService({ db, now });
  const staff = createStaffService({ db, audit, rateLimits, encryptionKey: env.ENCRYPTION_KEY, now, logger });
  const auth = createAuthService({ db, sms, rateLimits, hashKey: env.HASH_KEY, now, logger });
  const panVerification =
    options.providers?.panVerification ??
    (env.isProduction ? createKycApiPanVerification({ url: env.PAN_VERIFY_URL!, apiKey: env.PAN_VERIFY_API_KEY! }) : createSandboxPanVerification());
  const creditBureau =
    options.providers?.creditBureau ??
    (env.isProduction
      ? createCibilBureau({ url: env.BUREAU_URL!, apiKey: env.BUREAU_API_KEY!, memberId: env.BUREAU_MEMBER_ID! })
      : createSandboxCreditBureau());
  const storage = options.providers?.storage ?? createLocalDiskStorage(env.dataDir);
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
  const captchas = createCaptchaService({ db, hashKey: env.HASH_KEY, now, sandboxReveal: !env.isProduction });
  const enquiries = createEnquiryService({ db, hashKey: env.HASH_KEY, now, logger, rateLimits, captchas });
  // Public website: page cache and the sitemap's extra entries (blog list and posts, contact page).
  const publicSite = createPublicSiteService({ extraSitemapEntries: async () => [{ path: "/contact-salaryontime" }, ...(await blog.sitemapUrls())] });
  // A saved post changes its page, the list and every post's 'Latest Blogs' sidebar.
  blog.onChange(() => publicSite.invalidate("/blog"));
  const employment = createEmploymentService({ db, now });
  const quotes = createQuoteService({ db, leads, now });
  const loanHistory = createLoanHistory({ leads, profiles, quotes });
  // eKYC, account aggregator and documents (issue 4): sandboxes host their pages under /sandbox.
  const sandboxDigiLocker = env.isProduction ? null : createSandboxDigiLocker({ origin: env.PUBLIC_ORIGIN });
  const sandboxAccountAggregator = env.isProduction ? null : createSandboxAccountAggregator({ origin: env.PUBLIC_ORIGIN });
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
  const paymentGateways = createPaymentGateways({ env, now });
  const ledger = createLedgerService({ db, now, allowDemoDiscard: !env.isProduction });
  const loans = createLoansService({ db, now });
  const payments = createPaymentsService({
    db,
    hashKey: env.HASH_KEY,
    publicOrigin: env.PUBLIC_ORIGIN,
    gateways: paymentGateways,
    ledger,
    loans,
    leads,
    auth,
    sms,
    now,
    logger,
  });
  paymentGateways.sandbox?.setWebhookReceiver("razorpay", (delivery) => payments.razorpayWebhook(delivery));
  paymentGateways.sandbox?.setWebhookReceiver("phonepe", (delivery) => payments.phonepeWebhook(delivery));
  const profileViews = createProfileViews({
    profiles,
    leads,
    employment,
    ekycSummary: kyc.summary,
    totalDueToday: payments.totalDueToday,
    bankingDetails: banking.accountView,
  });
  const backOffice = createBackOfficeDesks({ db, blog, enquiries, audit });
  // Credit review and disbursal (decision 32): the payout port is RazorpayX in production, else the asynchronous sandbox.
  const sandboxPayout = env.isProduction ? null : createSandboxPayout({ failAccount: env.PAYOUT_SANDBOX_FAIL_ACCOUNT });
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
    audit: creditAudit,
    encryptionKey: env.ENCRYPTION_KEY,
    verifyAccount: banking.verifyBeforePayout,
    now,
    logger,
  });
  sandboxPayout?.setWebhookReceiver(async (delivery) => void (await disbursal.handleWebhook(delivery)));
  const bankTransfers = createBankTransfersService({ db, payments, audit: creditAudit, now });
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
    /** The sandbox payout provider (tests await its webhooks); null in production mode. */
    sandboxPayout,
    database,
    db,
    now,
    rateLimits,
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
    /** Pay Now, gateway orders, confirmation and exactly-once posting (decision 29). */
    payments,
  };
}

export type Services = ReturnType<typeof createServices>;

// The composition root: every module's factory called once, in dependency order, each given only what it
// needs; a module is built after everything it reads. Where two modules need each other the caller is
// built first and the answer attached once both exist (docs/decisions/platform.md, decision 65).
import { PRODUCT, type ProductConfig } from "../core/product.ts";
import type { AdjustableClock } from "./jobs/clock.ts";
import { createJobHandlers } from "./jobs/job-handlers.ts";
import type { Database } from "./db/client.ts";
import type { Env } from "./env.ts";
import type { Logger } from "./logger.ts";
import { createAccountingModule } from "./modules/accounting/module.ts";
import { createNpaSince } from "./modules/asset-classification/npa-since.ts";
import { createAssetClassificationModule } from "./modules/asset-classification/module.ts";
import { createAuditService } from "./modules/audit/audit.service.ts";
import { createVideoKycService } from "./modules/video-kyc/video-kyc.service.ts";
import { createAuthService } from "./modules/auth/auth.service.ts";
import { createBankStatementModule } from "./modules/bank-statement/module.ts";
import { createBankingService } from "./modules/banking/banking.service.ts";
import { createBlogService } from "./modules/blog/blog.service.ts";
import { createBureauModule } from "./modules/bureau/module.ts";
import { createCkycModule } from "./modules/ckyc/module.ts";
import { createClockService } from "./modules/clock/clock.service.ts";
import { createCreditService } from "./modules/credit/credit.service.ts";
import { createDataRightsModule } from "./modules/data-rights/module.ts";
import { createDocumentsService } from "./modules/documents/documents.service.ts";
import { createEligibilityService } from "./modules/eligibility/eligibility.service.ts";
import { createEnquiryModule } from "./modules/enquiry/module.ts";
import { agreementSigned, createEsignModule } from "./modules/esign/module.ts";
import { createGrievancesService } from "./modules/grievances/grievances.service.ts";
import { createJournalsService } from "./modules/journals/journals.service.ts";
import { createKycService } from "./modules/kyc/kyc.service.ts";
import { createLeadsService } from "./modules/leads/leads.service.ts";
import { createLedgerService } from "./modules/ledger/ledger.service.ts";
import { createLoanHistory } from "./modules/offer/loan-history.ts";
import { createOfferModule } from "./modules/offer/module.ts";
import { createLoansService } from "./modules/loans/loans.service.ts";
import { createLoansModule } from "./modules/loans/module.ts";
import { createMandatesModule } from "./modules/mandates/module.ts";
import { createSandboxBuyerApp } from "./modules/dev/ondc-buyer-app/buyer-app.ts";
import { createOndcModule } from "./modules/ondc/module.ts";
import { createLeadSources } from "./modules/ondc/lead-sources.service.ts";
import { createOndcDesk } from "./modules/ondc/ondc-desk.ts";
import { createOndcFinderFeeBooks } from "./modules/ondc/finder-fee-books.ts";
import { createPaymentsModule } from "./modules/payments/module.ts";
import { createProfileService } from "./modules/profile/profile.service.ts";
import { createProfileViews } from "./modules/profile/profile-view.ts";
import { createPublicSiteModule } from "./modules/public-site/module.ts";
import { createReconciliationModule } from "./modules/reconciliation/module.ts";
import { createRefundsModule } from "./modules/refunds/module.ts";
import { createServicingService } from "./modules/servicing/servicing.service.ts";
import { createStaffModule } from "./modules/staff/module.ts";
import { createStatementsService } from "./modules/statements/statements.service.ts";
import { createTrackingService } from "./modules/tracking/tracking.service.ts";
import { createWhatsAppModule } from "./modules/whatsapp/module.ts";
import { chooseProviders, type ProviderOverrides } from "./services-providers.ts";

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
  providers?: ProviderOverrides;
}

/** Builds every module once per process. */
export function createServices(options: ServiceOptions) {
  const { database, env, logger } = options;
  const db = database.db;
  const now = options.now ?? (options.clock ? () => options.clock!.now() : () => new Date());
  const base = { db, now, logger };
  const { hashKey, encryptionKey } = { hashKey: env.HASH_KEY, encryptionKey: env.ENCRYPTION_KEY };
  const publicOrigin = env.PUBLIC_ORIGIN;
  const providers = chooseProviders({ ...base, env, providers: options.providers });
  const { sms, email, storage, rateLimits, payout, paymentGateways: gateways } = providers;

  // The platform: the audit trail first (every desk writes to it), consent (tracking and reminders ask it), sign-in.
  const audit = createAuditService({ db, now });
  const { consents, dataRights, runRetention } = createDataRightsModule({ ...base, audit, storage, allowDemoDiscard: !env.isProduction });
  const tracking = createTrackingService({ ...base, tracker: providers.tracker, consents });
  // Issue 34: WhatsApp messages and the Cloud API's webhook (none in production mode without its settings).
  const whatsAppParts = { settings: env.whatsapp, port: providers.whatsappPort, sandbox: providers.sandboxWhatsApp };
  // A customer's STOP on WhatsApp withdraws their whatsapp_updates consent at once.
  const stop = (mobile: string) => consents.withdrawByMobile(mobile, "whatsapp_updates", "whatsapp_stop");
  // Every service notice goes through one dispatcher that chooses its channel (WhatsApp for a customer who opted in,
  // else SMS) and sends the SMS instead when WhatsApp fails; `notices` logs a failure, `channelled` keeps sendOtp on SMS.
  const { whatsapp, noticeDispatcher, channelled, notices } = createWhatsAppModule({ ...base, ...whatsAppParts, stop, sms, consents });
  const { captchas, enquiries } = createEnquiryModule({ ...base, hashKey, rateLimits, sandboxReveal: env.isProduction ? null : providers.sandboxStore });
  const auth = createAuthService({ ...base, sms, rateLimits, captchas, hashKey });
  const blog = createBlogService(base);
  const { publicSite } = createPublicSiteModule({ blog });
  const { staff, backOffice } = createStaffModule({ ...base, audit, rateLimits, encryptionKey, blog, enquiries });

  // The application: lead, profile, eligibility, quote, eKYC and documents, eSign, bank account.
  const leads = createLeadsService({ db, now });
  const profiles = createProfileService({ ...base, hashKey, encryptionKey, panVerification: providers.panVerification, storage });
  const eligibility = createEligibilityService({ ...base, encryptionKey, bureau: providers.creditBureau, leads });
  // The ledger reads a loan's NPA date from the class history (IRACP), not from the day-end built further up.
  const ledger = createLedgerService({ db, now, allowDemoDiscard: !env.isProduction, npaSince: createNpaSince(db) });
  const loans = createLoansService({ db, now });
  // Decision 34: the product applies to new quotes; each loan keeps the terms its KFS fixed.
  const { employment, quotes } = createOfferModule({ db, leads, loans, product: options.product ?? PRODUCT, now });
  const documents = createDocumentsService({ ...base, storage, encryptionKey });
  const { digilocker, accountAggregator } = providers;
  const kyc = createKycService({ ...base, digilocker, accountAggregator, documents, publicOrigin });
  // Issue 33: video KYC (V-CIP) before the call: consent, the offline e-KYC file, the queue, the decision and its audit.
  const { offlineEkycTrust, signals } = providers;
  const videoKyc = createVideoKycService({ db, now, storage, offlineEkycTrust, consents, audit, ice: env.ice, signals });
  const esignPort = { port: providers.esign, sandbox: providers.sandboxEsign, webhookSecret: providers.esignWebhookSecret };
  const { esign, signedAgreementAvailable, afterSigned } = createEsignModule({ ...base, ...esignPort, storage, leads, quotes, publicOrigin });
  const loanHistory = createLoanHistory({ leads, profiles, quotes, signedAgreementAvailable });
  const { bankVerification } = providers;
  const banking = createBankingService({ ...base, encryptionKey, hashKey, bankVerification, rateLimits, profiles, leads, esign });

  // Credit review, payout and money received (decisions 27-32): the ledger posts, the loans module applies; issue 32: ONDC or website.
  const leadSources = createLeadSources({ db });
  const credit = createCreditService({ db, hashKey, encryptionKey, sms: notices, audit, ekycSummary: kyc.summary, leadSources, now });
  const verifyAccount = banking.verifyBeforePayout;
  const loanParts = createLoansModule({ ...base, loans, payout, ledger, sms: notices, email, publicOrigin, audit, encryptionKey, verifyAccount });
  const { loanReceipts, disbursal, writeOffs } = loanParts;
  const paymentDeps = { hashKey, publicOrigin, gateways, ledger, loans, receipts: loanReceipts, leads, auth, sms: channelled, audit };
  // Decision 22: a gateway payment posted is the tracker's payment_success.
  const paymentParts = createPaymentsModule({ ...base, ...paymentDeps, onPaid: tracking.paymentSucceeded });
  const { payments, payuNotify, bankTransfers } = paymentParts;
  const reconciliationParts = createReconciliationModule({ ...base, payments, gateways, ledger, audit });
  const { reconciliation, settlement, reconciliationDesk, clearingCheck } = reconciliationParts;
  // Payments ↔ reconciliation: a confirmed amount that differs from the order is listed for accounts.
  paymentParts.onAmountMismatch((mismatch) => reconciliation.recordAmountMismatch(mismatch));
  const { bankStatement, bankStatementDesk } = createBankStatementModule({ db, ledger, audit, now });
  const journals = createJournalsService({ db, ledger, audit, now });
  const { sandboxPayout } = providers;
  const refundDeps = { ...base, ledger, payments, leads, payout, gateways, sandboxPayout, disbursal, sms: notices, audit, encryptionKey };
  const { refunds, refundWebhooks } = createRefundsModule(refundDeps);
  const ekycSummary = kyc.summary;
  const profileViews = createProfileViews({ db, profiles, leads, employment, ekycSummary, eligibility, payments, banking, esign, agreementSigned });
  const statements = createStatementsService({ db, leads, ledger, quotes, now });

  // Servicing the loan: complaints, AutoPay, the day-end's classes, reminders and collections, the bureau file.
  const grievanceDeadlines = { escalationDays: env.GRIEVANCE_ESCALATION_DAYS, ombudsmanDays: env.GRIEVANCE_OMBUDSMAN_DAYS };
  const grievanceDeps = { storage, sms: notices, email, audit, captchas, rateLimits, deadlines: grievanceDeadlines, publicOrigin };
  const grievances = createGrievancesService({ ...base, ...grievanceDeps });
  const { mandatePort, sandboxMandates } = providers;
  const autopayDeps = { env, banking, profiles, leads, loans, payments, sms: notices, email, port: mandatePort, sandbox: sandboxMandates };
  const { mandates, mandateDebits, mandateWebhook } = createMandatesModule({ ...base, ...autopayDeps });
  // The mandates service reads its own methods through `this`: called on it, not detached.
  const autopayOf: typeof mandates.staffView = (list) => mandates.staffView(list);
  const { prudential, assetClassification } = createAssetClassificationModule({ ...base, ledger, loans, payments, autopayOf });
  const assetClassOn: typeof assetClassification.classOn = (leadId, on) => assetClassification.classOn(leadId, on);
  const collectionGrievances = grievances.openCollectionGrievances;
  const servicingDeps = { payments, sms: channelled, email, consents, audit, publicOrigin, assetClassOn, collectionGrievances, autopayOf, leadSources };
  const servicing = createServicingService({ ...base, ...servicingDeps });
  // eSign ↔ servicing: copies of the KFS and signed agreement go to the customer once signing completes.
  afterSigned((signed) => servicing.sendSignedCopies(signed).then(() => undefined));
  const bureauDeps = { env, storage, loans, payments, assetClassification, sms: channelled, email, audit, submission: providers.bureauSubmission };
  const { bureau } = createBureauModule({ ...base, ...bureauDeps });
  // Issue 33: CKYCR searched and downloaded in the journey, each paid-out customer's KYC record uploaded.
  const { ckyc, ckycJourney } = createCkycModule({ ...base, env, port: providers.ckyc, consents, storage, sms: notices, audit });
  const product = options.product ?? PRODUCT;
  const finderFees = createOndcFinderFeeBooks({ ...base, ledger, audit, profiles, product: product.singleLoan }); // Issue 32: ONDC on or off
  const { booksReports, booksCheck } = createAccountingModule({ db, ledger, payments, prudential, clearingCheck, leadSources, finderFees, now });
  const { ondcRegistry: registry, sandboxOndcRegistry, ondcCallbacks: callbacks } = providers; // Issue 32: ONDC's protocol layer, none when off
  const journey = { auth, profiles, eligibility, quotes, employment, kyc, documents, banking, mandates, esign, loans, payments };
  const ondcParts = { ...base, publicOrigin, product: product.singleLoan, productConfig: product, journey };
  const ondc = env.ondc && registry && callbacks ? createOndcModule({ ...ondcParts, settings: env.ondc, registry, callbacks }) : null;
  const jobParts = { servicing, refunds, reconciliation, settlement, disbursal, assetClassification, bureau, grievances, mandateDebits, finderFees };
  const jobHandlers = createJobHandlers({ ...jobParts, ckyc, videoKyc, runRetention, ondcOutbox: ondc?.callbacksJob ?? null, noticeDispatcher });

  // What app.ts hands each route, and what pages, scripts and tests reach (t.services), by part; sandboxes only outside production.
  const { redis, sandboxStore, sandboxTracker, sandboxEsign, sandboxDigiLocker, sandboxAccountAggregator, sandboxOfflineEkyc } = providers;
  const sandbox = !env.isProduction;
  const sandboxes = { sandboxStore, sandboxTracker, sandboxEsign, sandboxPayout, sandboxMandates, paymentGateways: gateways, mandatePort };
  const sandboxWhatsApp = sandbox ? providers.sandboxWhatsApp : null;
  const sandboxCkyc = sandbox ? providers.sandboxCkyc : null;
  const outboxes = { outbox: sandbox ? providers.sandboxSms : null, emailOutbox: sandbox ? providers.sandboxEmail : null };
  const platform = { env, logger, database, db, now, rateLimits, storage, email, whatsapp, audit, consents, dataRights, tracking, jobHandlers };
  const site = { captchas, enquiries, auth, blog, publicSite, staff, backOffice };
  const application = { leads, profiles, eligibility, employment, quotes, documents, kyc, videoKyc, esign, loanHistory, banking, profileViews };
  const money = { ledger, loans, credit, disbursal, writeOffs, payments, payuNotify, bankTransfers, journals, booksReports, booksCheck, finderFees };
  const books = { reconciliation, settlement, reconciliationDesk, bankStatement, bankStatementDesk, refunds, refundWebhooks, statements };
  const servicingParts = { grievances, mandates, mandateDebits, mandateWebhook, assetClassification, servicing, bureau, ckyc, ckycJourney };
  const sandboxOndcBuyerApp = sandbox ? sandboxBuyerAppFor(env, providers, now) : null;
  const protocols = {
    ondc: ondc?.ondc ?? null,
    ondcForms: ondc?.forms ?? null,
    ondcOutbox: ondc?.outbox ?? null,
    ondcSigner: ondc?.signer ?? null,
    ondcOnboarding: ondc?.onboarding ?? null,
    // The back office's view reads the tables, which exist with ONDC on or off (empty when off).
    ondcDesk: createOndcDesk({ db }),
  };
  return {
    ...platform,
    noticeDispatcher,
    ...site,
    ...application,
    ...money,
    ...books,
    ...servicingParts,
    ...protocols,
    sandboxOndcRegistry: sandbox ? sandboxOndcRegistry : null,
    sandboxOndcBuyerApp,
    ...sandboxes,
    sandboxWhatsApp,
    sandboxCkyc,
    ...outboxes,
    sandboxPages: sandbox ? { digilocker: sandboxDigiLocker!, accountAggregator: sandboxAccountAggregator!, uidai: sandboxOfflineEkyc! } : null,
    offlineEkycTrust: providers.offlineEkycTrust,
    clock: sandbox && options.clock ? createClockService({ db, clock: options.clock }) : null,
    /** Closes what the services opened besides the database (the Redis connections). */
    async close() {
      await signals.close();
      await redis?.quit().catch(() => redis.disconnect());
    },
  };
}

export type Services = ReturnType<typeof createServices>;

/** Issue 32: the sandbox buyer app (/dev/ondc) talks to us as any buyer app does, over HTTP, signed; sandbox mode only. */
function sandboxBuyerAppFor(env: Env, providers: ReturnType<typeof chooseProviders>, now: () => Date) {
  const identity = env.ondc?.sandboxBuyerApp;
  if (!identity || !providers.ondcRegistry || !providers.ondcCallbacks) return null;
  return createSandboxBuyerApp({
    identity,
    origin: env.PUBLIC_ORIGIN,
    lenderUri: `${env.PUBLIC_ORIGIN}/ondc`,
    registry: providers.ondcRegistry,
    transport: providers.ondcCallbacks,
    store: providers.sandboxStore,
    now,
  });
}

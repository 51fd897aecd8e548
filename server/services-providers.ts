// Every outside service's adapter, chosen once: the sandbox's in sandbox mode, the production adapter otherwise
// (decision 21); a test may pass its own. Also where rate limits are counted and where sandboxes keep their state.
// The composition root (services.ts) hands these ports to the modules (docs/decisions/platform.md, decision 65).
import { Redis } from "ioredis";
import type { Db } from "./db/client.ts";
import { createRateLimitService } from "./modules/rate-limit/rate-limit.service.ts";
import { createRedisRateLimitService } from "./modules/rate-limit/redis-rate-limit.ts";
import { createMemoryPubSub } from "./providers/pubsub/memory.ts";
import { createRedisPubSub } from "./providers/pubsub/redis.ts";
import type { Env } from "./env.ts";
import type { Logger } from "./logger.ts";
import { createCibilBureau } from "./providers/credit-bureau/cibil.ts";
import type { CreditBureauPort } from "./providers/credit-bureau/port.ts";
import { createSandboxCreditBureau } from "./providers/credit-bureau/sandbox.ts";
import type { EmailPort } from "./providers/email/port.ts";
import { createSandboxEmail } from "./providers/email/sandbox.ts";
import { createZeptoMail } from "./providers/email/zeptomail.ts";
import { createKycApiPanVerification } from "./providers/pan-verification/kyc-api.ts";
import type { PanVerificationPort } from "./providers/pan-verification/port.ts";
import { createSandboxPanVerification } from "./providers/pan-verification/sandbox.ts";
import { createMsg91Sms } from "./providers/sms/msg91.ts";
import type { SmsPort } from "./providers/sms/port.ts";
import { createSandboxSms } from "./providers/sms/sandbox.ts";
import { createLocalDiskStorage } from "./providers/storage/local-disk.ts";
import type { StoragePort } from "./providers/storage/port.ts";
import { createS3Storage } from "./providers/storage/s3.ts";
import { createPostbackTracker, noTracker } from "./providers/tracking/postback.ts";
import type { TrackerPort } from "./providers/tracking/port.ts";
import { createSandboxTracker } from "./providers/tracking/sandbox.ts";
import { createSentMessagesLog } from "./modules/data-rights/sent-messages.ts";

import type { AccountAggregatorPort } from "./providers/account-aggregator/port.ts";
import { createSandboxAccountAggregator } from "./providers/account-aggregator/sandbox.ts";
import { createSetuAccountAggregator } from "./providers/account-aggregator/setu.ts";
import { createCashfreeBankVerification } from "./providers/bank-verification/cashfree.ts";
import type { BankVerificationPort } from "./providers/bank-verification/port.ts";
import { createSandboxBankVerification } from "./providers/bank-verification/sandbox.ts";
import { createCibilUpload } from "./providers/bureau/cibil-upload.ts";
import type { BureauSubmissionPort } from "./providers/bureau/port.ts";
import { createSandboxBureauSubmission } from "./providers/bureau/sandbox.ts";
import { createCkycrGateway } from "./providers/ckyc/ckycr.ts";
import type { CkycPort } from "./providers/ckyc/port.ts";
import { createSandboxCkyc } from "./providers/ckyc/sandbox.ts";
import { createDigiLocker } from "./providers/digilocker/digilocker.ts";
import type { DigiLockerPort } from "./providers/digilocker/port.ts";
import { createSandboxDigiLocker } from "./providers/digilocker/sandbox.ts";
import { createCashfreeEsign } from "./providers/esign/cashfree.ts";
import type { EsignPort } from "./providers/esign/port.ts";
import { createSandboxEsign, SANDBOX_ESIGN_SECRET } from "./providers/esign/sandbox.ts";
import type { MandatePort } from "./providers/mandates/port.ts";
import { createRazorpayMandates } from "./providers/mandates/razorpay.ts";
import { createSandboxMandates } from "./providers/mandates/sandbox.ts";
import { createPaymentGateways } from "./providers/payments/index.ts";
import type { PayoutPort } from "./providers/payout/port.ts";
import { createRazorpayxPayout } from "./providers/payout/razorpayx.ts";
import { createSandboxPayout } from "./providers/payout/sandbox.ts";
import { createDbSandboxStore } from "./providers/sandbox-store.ts";
import { bureauMemberId } from "./modules/bureau/module.ts";
import { signingKeyFromBase64 } from "./modules/ondc/signing.ts";
import { createCachedRegistry } from "./providers/ondc-registry/cache.ts";
import { createHttpRegistry } from "./providers/ondc-registry/http.ts";
import type { OndcRegistryPort } from "./providers/ondc-registry/port.ts";
import { createHttpCallbacks } from "./providers/ondc-callbacks/http.ts";
import type { OndcCallbackPort } from "./providers/ondc-callbacks/port.ts";
import { createSandboxRegistry, type SandboxParticipant } from "./providers/ondc-registry/sandbox.ts";
import { createUidaiCertificateTrust, type OfflineEkycTrustPort } from "./providers/offline-ekyc/port.ts";
import { createSandboxOfflineEkyc } from "./providers/offline-ekyc/sandbox.ts";
import type { SandboxStore } from "./providers/sandbox-store.ts";
import { createCloudApiWhatsApp } from "./providers/whatsapp/cloud-api.ts";
import type { WhatsAppPort } from "./providers/whatsapp/port.ts";
import { createSandboxWhatsApp } from "./providers/whatsapp/sandbox.ts";
/** A test may swap any provider; the default follows APP_MODE (decision 21). */
export interface ProviderOverrides {
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
  ckyc?: CkycPort;
  mandates?: MandatePort;
  ondcRegistry?: OndcRegistryPort;
  ondcCallbacks?: OndcCallbackPort;
  offlineEkycTrust?: OfflineEkycTrustPort;
  whatsapp?: WhatsAppPort;
}

type ProviderDeps = { env: Env; db: Db; logger: Logger; now: () => Date; providers?: ProviderOverrides };

export function chooseProviders(deps: ProviderDeps) {
  const basics = chooseBasicProviders(deps);
  const loan = chooseLoanProviders({ ...deps, sms: basics.sms });
  return { ...basics, ...loan, ...chooseOndcRegistry(deps), ...chooseWhatsApp({ ...deps, store: loan.sandboxStore }) };
}

/**
 * Issue 34: WhatsApp. The Cloud API in production mode when configured (env-whatsapp.ts); the sandbox
 * provider in sandbox mode; none in production without its settings.
 */
function chooseWhatsApp(deps: ProviderDeps & { store: SandboxStore }) {
  const settings = deps.env.whatsapp;
  if (!settings) return { whatsappPort: null, sandboxWhatsApp: null };
  // Each message Meta accepts is recorded for the customer's data export, as SMS and e-mails are.
  const sent = createSentMessagesLog({ db: deps.db, now: deps.now, logger: deps.logger });
  if (settings.provider === "cloud-api") {
    const { accessToken, phoneNumberId, apiVersion } = settings;
    const port = deps.providers?.whatsapp ?? createCloudApiWhatsApp({ accessToken, phoneNumberId, apiVersion });
    return { whatsappPort: sent.whatsapp(port), sandboxWhatsApp: null };
  }
  const sandbox = createSandboxWhatsApp({ store: deps.store, appSecret: settings.appSecret, now: deps.now });
  return { whatsappPort: sent.whatsapp(deps.providers?.whatsapp ?? sandbox.port), sandboxWhatsApp: sandbox };
}

/**
 * Issue 32: where senders' signing keys are found. ONDC's registry over HTTP (cached per key) when
 * ONDC_REGISTRY_URL is set; else the sandbox registry, in-process, listing us and the sandbox buyer app.
 * None when ONDC is off (production without its settings).
 */
function chooseOndcRegistry(deps: ProviderDeps) {
  const { env, now } = deps;
  const settings = env.ondc;
  if (!settings) return { ondcRegistry: null, sandboxOndcRegistry: null, ondcCallbacks: null };
  // Callbacks go to each buyer app's bap_uri over HTTP, in sandbox mode too (the sandbox buyer app is a page of ours).
  const ondcCallbacks = deps.providers?.ondcCallbacks ?? createHttpCallbacks();
  if (settings.registryUrl) {
    const registry = deps.providers?.ondcRegistry ?? createCachedRegistry({ registry: createHttpRegistry({ url: settings.registryUrl }), now });
    return { ondcRegistry: registry, sandboxOndcRegistry: null, ondcCallbacks };
  }
  const listed = (identity: typeof settings, type: "BAP" | "BPP", path: string): SandboxParticipant => ({
    subscriberId: identity.subscriberId,
    ukId: identity.uniqueKeyId,
    type,
    signingPublicKey: signingKeyFromBase64(identity.signingPrivateKey).publicKey,
    subscriberUrl: `${env.PUBLIC_ORIGIN}${path}`,
  });
  const buyerApp = settings.sandboxBuyerApp;
  const sandbox = createSandboxRegistry([listed(settings, "BPP", "/ondc"), ...(buyerApp ? [listed({ ...settings, ...buyerApp }, "BAP", "/dev/ondc")] : [])]);
  return { ondcRegistry: deps.providers?.ondcRegistry ?? sandbox.port, sandboxOndcRegistry: sandbox, ondcCallbacks };
}

/** Messages, tracking, PAN, bureau pull, storage and rate limits: the adapters that need only the configuration. */
function chooseBasicProviders(deps: ProviderDeps) {
  const { env, db, logger, now } = deps;
  const options = { providers: deps.providers };
  const sandboxSms = createSandboxSms(db);
  // Issue 30: every SMS and e-mail to a customer is recorded for their data export.
  const sent = createSentMessagesLog({ db, now, logger });
  const providerSms =
    options.providers?.sms ??
    (env.isProduction
      ? createMsg91Sms({
          authKey: env.MSG91_AUTH_KEY!,
          templateIds: { en: env.MSG91_TEMPLATE_ID!, hi: env.MSG91_TEMPLATE_ID_HI! },
          dltEntityId: env.DLT_ENTITY_ID!,
          senderId: env.DLT_SENDER_ID!,
          noticeTemplateIds: {
            loan_closed: { en: env.MSG91_CLOSURE_TEMPLATE_ID!, hi: env.MSG91_CLOSURE_TEMPLATE_ID_HI! },
            loan_rejected: { en: env.MSG91_REJECTION_TEMPLATE_ID!, hi: env.MSG91_REJECTION_TEMPLATE_ID_HI! },
            loan_disbursed: { en: env.MSG91_DISBURSAL_TEMPLATE_ID!, hi: env.MSG91_DISBURSAL_TEMPLATE_ID_HI! },
            requote: { en: env.MSG91_REQUOTE_TEMPLATE_ID!, hi: env.MSG91_REQUOTE_TEMPLATE_ID_HI! },
            payout_reversed: { en: env.MSG91_PAYOUT_REVERSED_TEMPLATE_ID!, hi: env.MSG91_PAYOUT_REVERSED_TEMPLATE_ID_HI! },
            reminder_upcoming: { en: env.MSG91_REMINDER_UPCOMING_TEMPLATE_ID!, hi: env.MSG91_REMINDER_UPCOMING_TEMPLATE_ID_HI! },
            reminder_due_today: { en: env.MSG91_REMINDER_DUE_TEMPLATE_ID!, hi: env.MSG91_REMINDER_DUE_TEMPLATE_ID_HI! },
            reminder_due_today_autopay: { en: env.MSG91_REMINDER_DUE_AUTOPAY_TEMPLATE_ID!, hi: env.MSG91_REMINDER_DUE_AUTOPAY_TEMPLATE_ID_HI! },
            reminder_overdue: { en: env.MSG91_REMINDER_OVERDUE_TEMPLATE_ID!, hi: env.MSG91_REMINDER_OVERDUE_TEMPLATE_ID_HI! },
            signed_copies: { en: env.MSG91_SIGNED_COPIES_TEMPLATE_ID!, hi: env.MSG91_SIGNED_COPIES_TEMPLATE_ID_HI! },
            refund_paid: { en: env.MSG91_REFUND_PAID_TEMPLATE_ID!, hi: env.MSG91_REFUND_PAID_TEMPLATE_ID_HI! },
            bureau_overdue: { en: env.MSG91_BUREAU_OVERDUE_TEMPLATE_ID!, hi: env.MSG91_BUREAU_OVERDUE_TEMPLATE_ID_HI! },
            grievance_received: { en: env.MSG91_GRIEVANCE_RECEIVED_TEMPLATE_ID!, hi: env.MSG91_GRIEVANCE_RECEIVED_TEMPLATE_ID_HI! },
            grievance_replied: { en: env.MSG91_GRIEVANCE_REPLIED_TEMPLATE_ID!, hi: env.MSG91_GRIEVANCE_REPLIED_TEMPLATE_ID_HI! },
            grievance_ombudsman: { en: env.MSG91_GRIEVANCE_OMBUDSMAN_TEMPLATE_ID!, hi: env.MSG91_GRIEVANCE_OMBUDSMAN_TEMPLATE_ID_HI! },
            autopay_notice: { en: env.MSG91_AUTOPAY_NOTICE_TEMPLATE_ID!, hi: env.MSG91_AUTOPAY_NOTICE_TEMPLATE_ID_HI! },
            autopay_failed: { en: env.MSG91_AUTOPAY_FAILED_TEMPLATE_ID!, hi: env.MSG91_AUTOPAY_FAILED_TEMPLATE_ID_HI! },
            payment_received: { en: env.MSG91_PAYMENT_RECEIVED_TEMPLATE_ID!, hi: env.MSG91_PAYMENT_RECEIVED_TEMPLATE_ID_HI! },
            ckyc_registered: { en: env.MSG91_CKYC_REGISTERED_TEMPLATE_ID!, hi: env.MSG91_CKYC_REGISTERED_TEMPLATE_ID_HI! },
          },
        })
      : sandboxSms);
  const sms = sent.sms(providerSms);
  // Decision 22: one tracker. Sandbox mode records events (/dev/tracking.json); production posts them
  // to TRACKING_POSTBACK_URL when set, and sends nothing anywhere when not.
  const sandboxTracker = env.isProduction ? null : createSandboxTracker();
  const tracker =
    options.providers?.tracker ??
    sandboxTracker?.port ??
    (env.TRACKING_POSTBACK_URL ? createPostbackTracker({ url: env.TRACKING_POSTBACK_URL, logger }) : noTracker);
  // E-mail (issue 13): ZeptoMail in production, else an outbox in the database (/dev/email-outbox).
  const sandboxEmail = createSandboxEmail(db);
  const email: EmailPort = sent.email(
    options.providers?.email ??
      (env.isProduction ? createZeptoMail({ url: env.EMAIL_API_URL, apiKey: env.EMAIL_API_KEY!, fromAddress: env.EMAIL_FROM! }) : sandboxEmail),
  );
  const panVerification =
    options.providers?.panVerification ??
    (env.isProduction ? createKycApiPanVerification({ url: env.PAN_VERIFY_URL!, apiKey: env.PAN_VERIFY_API_KEY! }) : createSandboxPanVerification());
  const creditBureau =
    options.providers?.creditBureau ??
    (env.isProduction
      ? createCibilBureau({ url: env.BUREAU_URL!, apiKey: env.BUREAU_API_KEY!, memberId: env.BUREAU_MEMBER_ID! })
      : createSandboxCreditBureau());
  // S3-compatible object storage when a bucket is configured (several instances share it); else the local disk.
  const storage =
    options.providers?.storage ??
    (env.S3_BUCKET
      ? createS3Storage({
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
          prefix: "uploads",
        })
      : createLocalDiskStorage(env.dataDir));
  // Rate limits live in Redis when REDIS_URL is set, else in the database: shared by every instance either way.
  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2, connectTimeout: 5000 }) : null;
  // One warning per outage (ioredis retries by itself); requests meanwhile get a 503.
  let redisDown = false;
  redis?.on("error", (error: NodeJS.ErrnoException) => {
    if (!redisDown) logger.warn("redis not reachable; rate-limited requests answer 503 until it is back", { code: error.code });
    redisDown = true;
  });
  redis?.on("ready", () => void (redisDown = false));
  const rateLimits = redis
    ? createRedisRateLimitService({ redis, keyPrefix: env.REDIS_KEY_PREFIX, hashKey: env.HASH_KEY })
    : createRateLimitService({ db, hashKey: env.HASH_KEY, now });
  // Issue 33: the video KYC call's signalling crosses instances through Redis when there is one; one instance keeps it in memory.
  const signals = redis ? createRedisPubSub({ redis, keyPrefix: env.REDIS_KEY_PREFIX }) : createMemoryPubSub();
  return { sandboxSms, sms, sandboxTracker, tracker, sandboxEmail, email, panVerification, creditBureau, storage, redis, rateLimits, signals };
}

/** The loan's outside services: eKYC, account aggregator, eSign, bank verification, payout, gateways, mandates, bureau upload. */
function chooseLoanProviders(deps: ProviderDeps & { sms: SmsPort }) {
  const { env, db, sms, now } = deps;
  const providers = deps.providers ?? {};
  const sandbox = !env.isProduction;
  // Sandbox providers keep their state in the database (sandbox_records), so any instance answers the next step.
  const sandboxStore = createDbSandboxStore(db);
  // eKYC and the account aggregator (issue 4): sandboxes host their pages under /sandbox.
  const sandboxDigiLocker = sandbox ? createSandboxDigiLocker({ origin: env.PUBLIC_ORIGIN, store: sandboxStore }) : null;
  const sandboxAccountAggregator = sandbox ? createSandboxAccountAggregator({ origin: env.PUBLIC_ORIGIN, store: sandboxStore }) : null;
  const digilocker =
    providers.digilocker ??
    sandboxDigiLocker?.port ??
    createDigiLocker({ baseUrl: env.DIGILOCKER_BASE_URL, clientId: env.DIGILOCKER_CLIENT_ID!, clientSecret: env.DIGILOCKER_CLIENT_SECRET! });
  // Issue 33: whose offline e-KYC files we trust: UIDAI's certificates, or the sandbox UIDAI's key.
  const sandboxOfflineEkyc = sandbox ? createSandboxOfflineEkyc({ now, store: sandboxStore }) : null;
  const offlineEkycTrust = providers.offlineEkycTrust ?? sandboxOfflineEkyc?.port ?? createUidaiCertificateTrust(env.UIDAI_OFFLINE_EKYC_CERTIFICATES ?? []);
  const accountAggregator =
    providers.accountAggregator ??
    sandboxAccountAggregator?.port ??
    createSetuAccountAggregator({ baseUrl: env.AA_BASE_URL!, clientId: env.AA_CLIENT_ID!, clientSecret: env.AA_CLIENT_SECRET!, productId: env.AA_PRODUCT_ID! });
  // eSign (issue 4): the webhook secret is the sandbox's own outside production.
  const sandboxEsign = sandbox ? createSandboxEsign({ db, sms, hashKey: env.HASH_KEY, now }) : null;
  const esign =
    providers.esign ??
    (env.isProduction ? createCashfreeEsign({ url: env.ESIGN_URL!, clientId: env.ESIGN_CLIENT_ID!, clientSecret: env.ESIGN_CLIENT_SECRET! }) : sandboxEsign!);
  const esignWebhookSecret = env.isProduction ? env.ESIGN_CLIENT_SECRET! : SANDBOX_ESIGN_SECRET;
  const bankVerification =
    providers.bankVerification ??
    (env.isProduction
      ? createCashfreeBankVerification({ url: env.BANK_VERIFY_URL!, clientId: env.BANK_VERIFY_CLIENT_ID!, clientSecret: env.BANK_VERIFY_CLIENT_SECRET! })
      : createSandboxBankVerification());
  // Disbursal (decision 32): RazorpayX in production, else the asynchronous sandbox.
  const sandboxPayout = sandbox ? createSandboxPayout({ failAccount: env.PAYOUT_SANDBOX_FAIL_ACCOUNT, store: sandboxStore }) : null;
  const payout =
    providers.payout ??
    sandboxPayout?.port ??
    createRazorpayxPayout({
      baseUrl: env.PAYOUT_URL,
      keyId: env.PAYOUT_KEY_ID!,
      keySecret: env.PAYOUT_KEY_SECRET!,
      sourceAccount: env.PAYOUT_SOURCE_ACCOUNT!,
      webhookSecret: env.PAYOUT_WEBHOOK_SECRET!,
    });
  // Repayments (decisions 27-30): Razorpay, PayU and PhonePe; `.sandbox` holds the sandbox routes and webhook hooks.
  const paymentGateways = createPaymentGateways({ env, now, store: sandboxStore });
  // AutoPay (issue 24): Razorpay recurring payments in production, else the sandbox provider.
  const sandboxMandates = sandbox ? createSandboxMandates({ db, now, origin: env.PUBLIC_ORIGIN }) : null;
  const mandatePort: MandatePort =
    providers.mandates ??
    sandboxMandates?.port ??
    createRazorpayMandates({
      baseUrl: env.RAZORPAY_API_URL,
      keyId: env.RAZORPAY_KEY_ID!,
      keySecret: env.RAZORPAY_KEY_SECRET!,
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET!,
    });
  // Credit-bureau reporting (issue 22). Production without an upload address: accounts uploads the downloaded file on the bureau's portal.
  const bureauSubmission: BureauSubmissionPort | null =
    providers.bureauSubmission ??
    (sandbox
      ? createSandboxBureauSubmission()
      : env.BUREAU_UPLOAD_URL
        ? createCibilUpload({ url: env.BUREAU_UPLOAD_URL, memberId: bureauMemberId(env), password: env.BUREAU_UPLOAD_PASSWORD ?? "" })
        : null);
  // CKYC (issue 33): the sandbox registry outside production; in production only when CKYC_URL is set.
  const sandboxCkyc = sandbox ? createSandboxCkyc({ db, now, store: sandboxStore }) : null;
  const ckyc: CkycPort | null =
    providers.ckyc ??
    sandboxCkyc?.port ??
    (env.CKYC_URL ? createCkycrGateway({ url: env.CKYC_URL, fiCode: env.CKYC_FI_CODE!, apiKey: env.CKYC_API_KEY! }) : null);
  return {
    sandboxStore,
    sandboxDigiLocker,
    sandboxAccountAggregator,
    sandboxOfflineEkyc,
    offlineEkycTrust,
    digilocker,
    accountAggregator,
    sandboxEsign,
    esign,
    esignWebhookSecret,
    bankVerification,
    sandboxPayout,
    payout,
    paymentGateways,
    sandboxMandates,
    mandatePort,
    bureauSubmission,
    sandboxCkyc,
    ckyc,
  };
}

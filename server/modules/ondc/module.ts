// Issue 32: the ONDC module, the protocol adapter only (docs/architecture.md, fourth round): signing and the
// registry, the synchronous ACK/NACK, the record of messages, the outbox of callbacks and its delivery. It holds
// no lending rule of its own: the catalog reads the product's figures from core/; the flows that will map each
// step onto the journey, quote, KYC, mandate, eSign, loans and payments come next.
import type { ProductConfig, SingleLoanProduct } from "../../../core/product.ts";
import type { Db } from "../../db/client.ts";
import type { OndcSettings } from "../../env.ts";
import type { Logger } from "../../logger.ts";
import type { OndcCallbackPort } from "../../providers/ondc-callbacks/port.ts";
import type { OndcRegistryPort } from "../../providers/ondc-registry/port.ts";
import type { AuthService } from "../auth/auth.service.ts";
import type { BankingService } from "../banking/banking.service.ts";
import type { EligibilityService } from "../eligibility/eligibility.service.ts";
import type { EmploymentService } from "../offer/employment.service.ts";
import type { QuoteService } from "../offer/quote.service.ts";
import type { KycService } from "../kyc/kyc.service.ts";
import type { DocumentsService } from "../documents/documents.service.ts";
import type { MandatesService } from "../mandates/mandates.service.ts";
import type { EsignService } from "../esign/esign.service.ts";
import type { ProfileService } from "../profile/profile.service.ts";
import { createOndcF01Forms } from "./form-f01.service.ts";
import { createOndcF02Forms } from "./form-f02.ts";
import { createOndcF03Forms } from "./form-f03.ts";
import { createOndcF04Forms } from "./form-f04.ts";
import { createOndcF05Forms } from "./form-f05.ts";
import { createOndcF06Forms } from "./form-f06.ts";
import { createOndcKfsPages } from "./kfs-page.ts";
import { createOndcService } from "./ondc.service.ts";
import { createOndcSelect } from "./select.ts";
import { createOndcInit } from "./init.ts";
import { createOndcConfirm } from "./confirm.ts";
import { createOndcOrderUpdates } from "./order-updates.ts";
import { createOndcStatus } from "./status.ts";
import { createOndcUpdate } from "./update.ts";
import { createOndcCancel } from "./cancel.ts";
import type { ServicingDeps } from "./servicing-request.ts";
import { createOndcServicingReports } from "./servicing-reports.ts";
import { createOndcOutbox } from "./outbox.ts";
import { answerChallenge, encryptionPrivateKey, encryptionPublicKey, sharedKey, signedRequestId, siteVerificationPage } from "./onboarding.ts";
import { signingKeyFromBase64, type Signer } from "./signing.ts";

export function createOndcModule(deps: {
  db: Db;
  now: () => Date;
  logger: Logger;
  settings: OndcSettings;
  registry: OndcRegistryPort;
  callbacks: OndcCallbackPort;
  publicOrigin: string;
  product: SingleLoanProduct;
  /** The whole product (the quote's bounds read its offer rules too). */
  productConfig: ProductConfig;
  /** The journey's services the flows run through (the same as the website's). */
  journey: {
    auth: Pick<AuthService, "login" | "otpKit">;
    profiles: Pick<ProfileService, "verifyPan" | "savePersonal" | "saveResidence" | "saveIncome" | "saveSelfie" | "load">;
    eligibility: Pick<EligibilityService, "registerNow">;
    quotes: Pick<QuoteService, "generate" | "decide">;
    employment: Pick<EmploymentService, "save">;
    kyc: Pick<KycService, "initiate" | "digilockerReturn" | "verify" | "accountAggregator" | "consentAhead" | "consentStatus">;
    documents: Pick<DocumentsService, "mandatory" | "upload">;
    banking: Pick<BankingService, "submit">;
    mandates: Pick<MandatesService, "setup" | "returned">;
    esign: Pick<EsignService, "start" | "afterReturn" | "latest" | "signedAgreement">;
    /** Servicing by update: the loan and its dues today, as the loans and payments modules hold them. */
    loans: ServicingDeps["loans"];
    payments: ServicingDeps["payments"];
  };
}) {
  const { settings, db, now, logger, publicOrigin } = deps;
  // Read once at boot: a damaged key stops the start, not the first callback.
  const signer: Signer = { subscriberId: settings.subscriberId, uniqueKeyId: settings.uniqueKeyId, key: signingKeyFromBase64(settings.signingPrivateKey) };
  const outbox = createOndcOutbox({ db, now, logger, signer, transport: deps.callbacks });
  const lender = { subscriberId: settings.subscriberId, bppUri: `${publicOrigin}/ondc`, publicOrigin, product: deps.product };
  const select = createOndcSelect({ db, logger, lender, quotes: deps.journey.quotes, kyc: deps.journey.kyc });
  // The form pages buyer apps show, and KFS_LINK's page.
  const kfsPages = createOndcKfsPages({ db, profiles: deps.journey.profiles, product: deps.product });
  const init = createOndcInit({ db, logger, lender, kfsPages, profiles: deps.journey.profiles });
  const confirm = createOndcConfirm({ db, logger, lender, kfsPages, profiles: deps.journey.profiles });
  const status = createOndcStatus({ db, lender, kfsPages, profiles: deps.journey.profiles });
  const reportDeps = { db, now, logger, lender, outbox, kfsPages, profiles: deps.journey.profiles };
  const servicing = { ...reportDeps, loans: deps.journey.loans, payments: deps.journey.payments };
  const [update, cancel] = [createOndcUpdate(servicing), createOndcCancel(servicing)];
  const ondc = createOndcService({ db, now, logger, registry: deps.registry, lender, outbox, select, init, confirm, status, update, cancel });
  const { quotes, employment, kyc, documents, banking } = deps.journey;
  const forms = {
    forms: createOndcF01Forms({ db, now, logger, ...deps.journey, publicOrigin }),
    f02: createOndcF02Forms({ db, now, product: deps.productConfig }),
    f03: createOndcF03Forms({ db, now, logger, lender, outbox, kfsPages, quotes, employment, kyc, documents }),
    f04: createOndcF04Forms({ db, now, banking }),
    f05: createOndcF05Forms({ db, now, logger, lender, outbox, kfsPages, profiles: deps.journey.profiles, mandates: deps.journey.mandates }),
    f06: createOndcF06Forms({ db, now, logger, lender, outbox, kfsPages, profiles: deps.journey.profiles, esign: deps.journey.esign }),
    db,
    kfsPages,
    publicOrigin,
  };
  const orderUpdates = createOndcOrderUpdates(reportDeps);
  const servicingReports = createOndcServicingReports(reportDeps);
  // The callbacks job: the loans' changes and the servicing payments to report first, then every callback due (each run, every minute).
  const callbacksJob = {
    async deliverDue() {
      await orderUpdates.writeDue();
      await servicingReports.writeDue();
      return outbox.deliverDue();
    },
  };
  return { ondc, outbox, callbacksJob, orderUpdates, signer, forms, onboarding: createOnboarding(settings, signer) };
}

/** The registry's two proofs, each present only when its settings are (keys read once, at boot). */
function createOnboarding(settings: OndcSettings, signer: Signer) {
  const { requestId, encryptionPrivateKey: ours, registryEncryptionPublicKey: theirs } = settings;
  const key = ours && theirs ? sharedKey(encryptionPrivateKey(ours), encryptionPublicKey(theirs)) : null;
  return {
    subscriberId: settings.subscriberId,
    siteVerificationPage: requestId ? siteVerificationPage(signedRequestId(requestId, signer.key)) : null,
    /** The challenge's text, or null when it does not decrypt; absent without the encryption keys. */
    answer: key ? (challenge: string) => answerChallenge(challenge, key) : null,
  };
}

export type OndcOnboarding = ReturnType<typeof createOnboarding>;

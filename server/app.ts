import { Hono } from "hono";
import { compress } from "hono/compress";
import { serveStatic } from "@hono/node-server/serve-static";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "./db/client.ts";
import { accessLog } from "./http/access-log.ts";
import { apiGuard } from "./http/api-guard.ts";
import { secureCookies, type AppEnv } from "./http/context.ts";
import { AppError, fail } from "./http/envelope.ts";
import { failWith } from "./http/domain-error-map.ts";
import { DomainError } from "./modules/domain-errors.ts";
import { createJourneyHandlers } from "./http/journey-route.ts";
import { inProcessApi, pageLanguageOf } from "./http/in-process-api.ts";
import { pageBodyLimit } from "./http/body.ts";
import { loopbackOriginRedirect } from "./http/loopback-origin.ts";
import { createAdminGateway, isAdminPath } from "./http/admin-gateway.ts";
import { STAFF_DOCUMENT_PATH, createStaffDocumentDownload } from "./modules/credit/document-download.routes.ts";
import { BUREAU_DOWNLOAD_PATH, createBureauFileDownload } from "./modules/bureau/bureau-download.routes.ts";
import { createPayoutWebhookRoutes } from "./modules/loans/payout.routes.ts";
import { hardeningHeaders, securityHeaders } from "./http/security-headers.ts";
import { optionalSession } from "./http/session.ts";
import { createBlogDevRoutes } from "./modules/dev/blog.routes.ts";
import { createCaptchaDevRoutes } from "./modules/dev/captcha.routes.ts";
import { createOutboxRoutes } from "./modules/dev/outbox.routes.ts";
import { createBlogRoutes } from "./modules/blog/blog.routes.ts";
import { createEnquiryRoutes } from "./modules/enquiry/enquiry.routes.ts";
import { createDevJourneyRoutes } from "./modules/dev/journey.routes.ts";
import { createDemoCustomerDevRoutes } from "./modules/dev/demo-customer.routes.ts";
import { createFinderFeeDemoRoutes } from "./modules/dev/ondc-finder-fee-demo.routes.ts";
import { createStaffDevRoutes } from "./modules/dev/staff.routes.ts";
import { createDocumentRoutes } from "./modules/documents/documents.routes.ts";
import { createKycRoutes } from "./modules/kyc/kyc.routes.ts";
import { SANDBOX_AA_BASE } from "./providers/account-aggregator/sandbox.ts";
import { SANDBOX_BUYER_APP_BASE } from "./modules/dev/ondc-buyer-app/buyer-app.ts";
import { createBuyerAppRoutes } from "./modules/dev/ondc-buyer-app/buyer-app.routes.ts";
import { SANDBOX_UIDAI_BASE } from "./providers/offline-ekyc/sandbox.ts";
import { SANDBOX_DIGILOCKER_BASE } from "./providers/digilocker/sandbox.ts";
import { createBankingRoutes, createIfscRoutes } from "./modules/banking/banking.routes.ts";
import { createSandboxEsignRoutes } from "./modules/dev/sandbox-esign.routes.ts";
import { createEsignReturnRoutes, createEsignWebhookRoutes } from "./modules/esign/esign.routes.ts";
import { createMasterRoutes } from "./modules/master/master.routes.ts";
import { createContractRoutes } from "./modules/contract/contract.routes.ts";
import { createOfferRoutes } from "./modules/offer/offer.routes.ts";
import { createProfileRoutes, createWebsiteRoutes } from "./modules/profile/profile.routes.ts";
import { createPaymentCallbackRoutes, createRepaymentJourneyRoutes, createRepayRoutes } from "./modules/payments/payments.routes.ts";
import { pageCacheFastPath, pageCacheMiddleware } from "./modules/public-site/page-cache.middleware.ts";
import { loadPrerendered } from "./modules/public-site/prerendered.ts";
import { createPublicSiteRoutes } from "./modules/public-site/public-site.routes.ts";
import { languageRedirect, createLanguageRoutes } from "./modules/public-site/language.routes.ts";
import { visitorLanguage } from "./http/language-cookie.ts";
import type { Services } from "./services.ts";
import { createStatementRoutes } from "./modules/statements/statements.routes.ts";
import { createRefundRoutes } from "./modules/refunds/refunds.routes.ts";
import { createGrievanceRoutes, createPublicGrievanceRoutes } from "./modules/grievances/grievances.routes.ts";
import { createDataRightsRoutes } from "./modules/data-rights/data-rights.routes.ts";
import { createVideoKycRoutes, createVideoKycStaffRoutes, VIDEO_KYC_UPLOAD_PATH } from "./modules/video-kyc/video-kyc.routes.ts";
import { createVideoKycSignalRoutes, createVideoKycStaffSignalRoutes } from "./modules/video-kyc/signalling.routes.ts";
import { createVideoKycRecordingRoutes } from "./modules/video-kyc/recording.routes.ts";
import { createTrackingDevRoutes } from "./modules/dev/tracking.routes.ts";
import { createClockDevRoutes } from "./modules/dev/clock.routes.ts";
import { createBooksDevRoutes } from "./modules/dev/books.routes.ts";
import { createReconcileDevRoutes } from "./modules/dev/reconcile.routes.ts";
import { createPayoutsDevRoutes } from "./modules/dev/payouts.routes.ts";
import { createClassifyDevRoutes } from "./modules/dev/classify.routes.ts";
import { createMandatesDevRoutes } from "./modules/dev/mandates.routes.ts";
import { createCkycDevRoutes } from "./modules/dev/ckyc.routes.ts";
import { createCkycRoutes } from "./modules/ckyc/ckyc.routes.ts";
import { createAutopayReturnRoutes, createAutopayRoutes, createMandateWebhookRoutes } from "./modules/mandates/mandates.routes.ts";
import { SANDBOX_MANDATE_BASE } from "./providers/mandates/sandbox.ts";
import { createOndcFormRoutes } from "./modules/ondc/forms.routes.ts";
import { createOndcOnboardingRoutes, createOndcRoutes } from "./modules/ondc/ondc.routes.ts";
import { SANDBOX_REGISTRY_BASE } from "./providers/ondc-registry/sandbox.ts";
import { firstTouchCookie } from "./http/first-touch.ts";
import { trackingScriptCsp } from "./http/tracking-script.ts";
import { createWhatsAppWebhookRoutes } from "./modules/whatsapp/whatsapp.routes.ts";
import { createWhatsAppDevRoutes } from "./modules/dev/whatsapp.routes.ts";

import {
  BLOG_CONTROLLER,
  DIGILOCKER_CALLBACK_PATH,
  ENQUIRY_CONTROLLER,
  ENQUIRY_CONTROLLER_LEGACY,
  ESIGN_API,
  ESIGN_PAGES,
  AUTOPAY_PAGES,
  ADMIN_VIDEO_KYC_API,
  JOURNEY_CONTROLLER,
  JOURNEY_PATH,
  MASTER_CONTROLLER,
  PAYMENT_CALLBACKS,
  PAYOUT_API,
  REPAY_CONTROLLER,
  WEBSITE_API,
  WHATSAPP_WEBHOOK,
  apiPath,
} from "../core/contract/index.ts";

export { JOURNEY_CONTROLLER, JOURNEY_PATH } from "../core/contract/index.ts";

/** /admin pages: `no-store` always; a state-changing request must come from our own origin. */
function adminGuard(publicOrigin: string) {
  return async (c: import("hono").Context<AppEnv>, next: () => Promise<void>) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") {
      const origin = c.req.header("origin");
      const own = [publicOrigin, new URL(c.req.url).origin];
      if (!origin || !own.includes(origin)) return fail(c, 403, "This request must come from the back office itself.");
    }
    await next();
    c.header("Cache-Control", "no-store");
  };
}

export interface AppOptions {
  services: Services;
  /** The React Router server build; absent in API-only tests. */
  build?: ServerBuild;
  /** Where the client build lives (build/client). */
  clientDir?: string;
}

/** What the HTTP edge reads of the deployment, once: cookies' Secure flag and the proxies in front. */
type Edge = { secureCookies: boolean; trustProxy: number; publicOrigin: string };

/**
 * The one Hono app: the request middleware, the API, the gateways' and providers' callbacks, the
 * sandboxes, static files, and the React pages last. Each route is given the modules it uses (decision 65).
 */
export function createApp({ services, build, clientDir }: AppOptions) {
  const { env } = services;
  const app = new Hono<AppEnv>();
  const edge: Edge = { secureCookies: secureCookies(env.PUBLIC_ORIGIN), trustProxy: env.TRUST_PROXY, publicOrigin: env.PUBLIC_ORIGIN };

  useRequestMiddleware(app, services, Boolean(build));
  mountApi(app, services, edge);
  mountCallbacks(app, services, edge.trustProxy);
  if (!env.isProduction) mountDevRoutes(app, services);
  mountSandboxes(app, services);
  // The app's server build names its static public pages (app/ is never imported from server/).
  const entry = build?.entry.module as { sitemapPaths?: () => readonly string[] } | undefined;
  app.route("/", createPublicSiteRoutes({ publicSite: services.publicSite, publicOrigin: edge.publicOrigin, staticPaths: entry?.sitemapPaths?.() ?? [] }));
  app.route("/", createLanguageRoutes({ auth: services.auth, profiles: services.profiles, secureCookies: edge.secureCookies }));

  // Anonymous public pages: prerendered HTML and recently rendered pages from memory, with hash CSPs.
  // Registered after every non-page route so that only the React pages pass through it.
  if (build) {
    if (clientDir) loadPrerendered(clientDir, services.publicSite.pageCache);
    app.use("*", languageRedirect());
    app.use("*", pageCacheMiddleware(services.publicSite.pageCache));
  }
  if (clientDir) serveClientFiles(app, clientDir);

  // A lead's document for staff: checked, audited and streamed here, before (and without) the page renderer.
  const { staff, credit, storage, bureau } = services;
  app.post(STAFF_DOCUMENT_PATH, adminGuard(edge.publicOrigin), createStaffDocumentDownload({ staff, credit, storage }));
  // Issue 22: a bureau file for accounts, audited, the same way.
  app.post(BUREAU_DOWNLOAD_PATH, adminGuard(edge.publicOrigin), createBureauFileDownload({ staff, bureau }));
  // Issue 33: the video KYC officials' JSON calls (queue, take, decide, audit), with the staff cookie.
  app.use(`${ADMIN_VIDEO_KYC_API}/*`, adminGuard(edge.publicOrigin));
  app.route(ADMIN_VIDEO_KYC_API, createVideoKycStaffRoutes({ staff, videoKyc: services.videoKyc }));
  app.route(ADMIN_VIDEO_KYC_API, createVideoKycStaffSignalRoutes({ staff, videoKyc: services.videoKyc }));
  app.route(ADMIN_VIDEO_KYC_API, createVideoKycRecordingRoutes({ staff, videoKyc: services.videoKyc }));

  if (build) mountPages(app, services, edge, build);
  handleErrors(app, services.logger);
  return app;
}

/** Before any route: the cached-page fast path, the access log, security headers, first-touch attribution, /healthz. */
function useRequestMiddleware(app: Hono<AppEnv>, services: Services, pages: boolean) {
  const { env, logger } = services;
  // Decision 22: a configured tracking tag's origin joins the CSP of every answer, cached ones too.
  if (env.TRACKING_SCRIPT_URL) app.use("*", trackingScriptCsp(new URL(env.TRACKING_SCRIPT_URL).origin));
  // Sandbox mode: a page opened on another loopback name (127.0.0.1 vs localhost) moves to PUBLIC_ORIGIN before sign-in (issue 14).
  if (!env.isProduction) app.use("*", loopbackOriginRedirect(env.PUBLIC_ORIGIN));
  // Cached anonymous public pages are answered first, without the per-request work below.
  if (pages) {
    app.use("*", pageCacheFastPath(services.publicSite.pageCache, hardeningHeaders(env.isProduction), logger.requestOf));
  }
  app.use("*", accessLog(logger));
  app.use("*", securityHeaders({ hsts: env.isProduction }));
  // Decision 22: the landing page's UTM parameters and click_id, kept for the login event.
  app.use("*", firstTouchCookie(secureCookies(env.PUBLIC_ORIGIN)));

  app.get("/healthz", async (c) => {
    c.header("Cache-Control", "no-store");
    try {
      await services.database.ping();
      return c.json({ status: "ok", database: "ok" });
    } catch {
      return c.json({ status: "error", database: "unreachable" }, 503);
    }
  });
}

/** The API under /Api (and /index.php/Api): its guard, the journey endpoint, each module's routes, and 404 for the rest. */
function mountApi(app: Hono<AppEnv>, services: Services, edge: Edge) {
  const { auth, disbursal, refunds, profiles, profileViews, loanHistory, quotes, documents, leads, blog, enquiries } = services;
  const { banking, esign, payments, statements, grievances, servicing, dataRights, mandates } = services;
  const { secureCookies, trustProxy } = edge;
  const journey = createJourneyHandlers({ services, trustProxy, secureCookies });

  app.route("/", createContractRoutes());
  // The payout provider's signed webhook, ahead of the /Api guard (no Origin of ours; raw body).
  app.route(PAYOUT_API, createPayoutWebhookRoutes({ disbursal, refunds }));
  // Issue 33: the offline e-KYC ZIP comes as a multipart form; every other call under /Api is JSON.
  app.use("/Api/*", apiGuard([new URL(edge.publicOrigin).origin], [VIDEO_KYC_UPLOAD_PATH]));
  app.use("/index.php/Api/*", apiGuard([new URL(edge.publicOrigin).origin]));
  app.post(JOURNEY_PATH, journey.handleJourney);
  app.post(apiPath("saveleadDetails"), journey.handleLeadDetailSave);
  app.route(JOURNEY_CONTROLLER, createProfileRoutes({ auth, profiles, profileViews }));
  app.route(WEBSITE_API, createWebsiteRoutes({ auth, profileViews }));
  app.route(JOURNEY_CONTROLLER, createOfferRoutes({ auth, loanHistory, quotes }));
  app.route(JOURNEY_CONTROLLER, createDocumentRoutes({ auth, documents, leads }));
  app.route(MASTER_CONTROLLER, createMasterRoutes());
  app.route(BLOG_CONTROLLER, createBlogRoutes({ blog }));
  app.route(ENQUIRY_CONTROLLER, createEnquiryRoutes({ enquiries, trustProxy }));
  app.route(ENQUIRY_CONTROLLER_LEGACY, createEnquiryRoutes({ enquiries, trustProxy }));
  app.route(JOURNEY_CONTROLLER, createBankingRoutes({ auth, banking, esign, leads }));
  app.route(MASTER_CONTROLLER, createIfscRoutes());
  app.route(ESIGN_API, createEsignWebhookRoutes({ esign }));
  app.route(REPAY_CONTROLLER, createRepayRoutes({ auth, payments, secureCookies, trustProxy }));
  app.route(JOURNEY_CONTROLLER, createRepaymentJourneyRoutes({ auth, payments }));
  app.route(JOURNEY_CONTROLLER, createStatementRoutes({ auth, statements }));
  app.route(JOURNEY_CONTROLLER, createRefundRoutes({ auth, refunds }));
  app.route(JOURNEY_CONTROLLER, createGrievanceRoutes({ auth, grievances, servicing }));
  app.route(ENQUIRY_CONTROLLER, createPublicGrievanceRoutes({ grievances, trustProxy }));
  app.route(JOURNEY_CONTROLLER, createDataRightsRoutes({ auth, dataRights }));
  app.route(JOURNEY_CONTROLLER, createAutopayRoutes({ auth, mandates }));
  app.route(JOURNEY_CONTROLLER, createVideoKycRoutes({ auth, videoKyc: services.videoKyc }));
  app.route(JOURNEY_CONTROLLER, createVideoKycSignalRoutes({ auth, videoKyc: services.videoKyc }));
  // Issue 33: CKYC's search, download and confirmation in the journey.
  app.route(JOURNEY_CONTROLLER, createCkycRoutes({ auth, ckycJourney: services.ckycJourney }));
  app.all("/Api/*", (c) => fail(c, 404, "This API path does not exist."));
  app.all("/index.php/Api/*", (c) => fail(c, 404, "This API path does not exist."));
}

/** Providers' browser returns and webhooks, outside the /Api guard (no Origin of ours; forms and raw bodies). */
function mountCallbacks(app: Hono<AppEnv>, services: Services, trustProxy: number) {
  const { auth, kyc, mandates, mandateWebhook, payments, payuNotify, refundWebhooks, esign } = services;
  app.route(DIGILOCKER_CALLBACK_PATH, createKycRoutes({ auth, kyc }));
  // The mandate provider's signed webhook and its browser return (issue 24); ahead of the gateways' routes.
  app.route(PAYMENT_CALLBACKS, createMandateWebhookRoutes({ mandateWebhook }));
  app.route(PAYMENT_CALLBACKS, createPaymentCallbackRoutes({ payments, payuNotify, refundWebhooks }));
  app.route(AUTOPAY_PAGES, createAutopayReturnRoutes({ mandates }));
  app.route(ESIGN_PAGES, createEsignReturnRoutes({ esign }));
  // Issue 32: buyer apps' signed ONDC requests (raw bytes; no Origin of ours); absent when ONDC is off.
  if (services.ondc) app.route("/ondc", createOndcRoutes({ ondc: services.ondc }));
  // Our form pages that buyer apps show (F01 …): a person's browser posts them, with our own OTP.
  const { ondcForms } = services;
  if (ondcForms) app.route("/ondc", createOndcFormRoutes({ ...ondcForms, trustProxy }));
  if (services.ondcOnboarding) app.route("/", createOndcOnboardingRoutes({ onboarding: services.ondcOnboarding }));
  // Issue 34: the WhatsApp Cloud API's webhook (Meta's GET handshake, signed POSTs); absent when WhatsApp is off.
  if (services.whatsapp) app.route(WHATSAPP_WEBHOOK, createWhatsAppWebhookRoutes({ whatsapp: services.whatsapp }));
}

/** Sandbox-mode shortcuts under /dev; never mounted in production. */
function mountDevRoutes(app: Hono<AppEnv>, services: Services) {
  const { auth, outbox, emailOutbox, captchas, blog, db, publicSite, staff, sandboxTracker, clock, jobHandlers, now } = services;
  const { booksCheck, reconciliation, settlement, sandboxPayout, assetClassification, sandboxMandates } = services;
  const { env, leads, profiles, quotes, storage, consents, ledger, loans } = services;
  const journeyParts = { db, env, leads, now, profiles, quotes, storage };
  app.route("/dev", createOutboxRoutes({ outbox, emailOutbox }));
  app.route("/dev", createCaptchaDevRoutes({ captchas }));
  app.route("/dev/journey", createDevJourneyRoutes({ auth, ...journeyParts }));
  app.route("/dev", createBlogDevRoutes({ blog, db, publicSite }));
  app.route("/dev", createDemoCustomerDevRoutes({ ...journeyParts, consents, ledger, loans }));
  app.route("/dev", createStaffDevRoutes({ staff }));
  app.route("/dev", createTrackingDevRoutes({ sandboxTracker }));
  app.route("/dev", createClockDevRoutes({ clock, jobHandlers, now }));
  app.route("/dev", createBooksDevRoutes({ booksCheck, now }));
  app.route("/dev", createReconcileDevRoutes({ reconciliation, settlement }));
  app.route("/dev", createPayoutsDevRoutes({ sandboxPayout }));
  app.route("/dev", createClassifyDevRoutes({ assetClassification }));
  app.route("/dev", createMandatesDevRoutes({ sandboxMandates }));
  app.route("/dev", createWhatsAppDevRoutes({ whatsapp: services.whatsapp, sandboxWhatsApp: services.sandboxWhatsApp }));
  app.route("/dev", createCkycDevRoutes({ sandboxCkyc: services.sandboxCkyc, ckyc: services.ckyc }));
  // Issue 32, point 9: an application marked as come through the sandbox buyer app, for the buyer app fees desk's tests.
  const bapId = env.ondc?.sandboxBuyerApp?.subscriberId ?? "sandbox-buyer-app.example";
  app.route("/dev", createFinderFeeDemoRoutes({ db, now, bapId, origin: env.PUBLIC_ORIGIN }));
  // Issue 32: the sandbox ONDC registry, answering lookups as ONDC's does.
  if (services.sandboxOndcRegistry) app.route(SANDBOX_REGISTRY_BASE, services.sandboxOndcRegistry.routes());
  // Issue 32: the sandbox buyer app, its pages and the callbacks it takes.
  if (services.sandboxOndcBuyerApp) {
    const lenderCallbacks = services.jobHandlers["ondc-callbacks"];
    app.route(SANDBOX_BUYER_APP_BASE, createBuyerAppRoutes(services.sandboxOndcBuyerApp, lenderCallbacks ? () => lenderCallbacks() : undefined));
  }
}

/** The providers' sandboxes (DigiLocker, account aggregator, eSign, mandates, gateways); null in production mode. */
function mountSandboxes(app: Hono<AppEnv>, services: Services) {
  if (services.sandboxPages) {
    app.route(SANDBOX_DIGILOCKER_BASE, services.sandboxPages.digilocker.routes());
    app.route(SANDBOX_AA_BASE, services.sandboxPages.accountAggregator.routes());
    app.route(SANDBOX_UIDAI_BASE, services.sandboxPages.uidai.routes());
  }
  if (services.sandboxEsign) app.route("/sandbox/esign", createSandboxEsignRoutes(services.sandboxEsign));
  // The sandbox mandate provider's hosted approval page (issue 24).
  if (services.sandboxMandates) app.route(SANDBOX_MANDATE_BASE, services.sandboxMandates.routes());
  // Payment gateway sandboxes (checkout.js, hosted pages, their APIs).
  for (const { path, routes } of services.paymentGateways.sandbox?.mounts ?? []) app.route(path, routes);
}

/** The client build: hashed assets cached for a year, other static files for an hour; pages are left to the cache and renderer. */
function serveClientFiles(app: Hono<AppEnv>, clientDir: string) {
  app.use("/assets/*", compress());
  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.ok) c.header("Cache-Control", "public, max-age=31536000, immutable");
  });
  app.use("/assets/*", serveStatic({ root: clientDir }));
  // Prerendered index.html and .data files are left to the page cache and the renderer.
  const serveStaticFiles = serveStatic({ root: clientDir, onFound: (_p, c) => c.header("Cache-Control", "public, max-age=3600") });
  app.use("*", async (c, next) => (/\.(html|data)$/.test(c.req.path) || !/\.[a-z0-9]+$/i.test(c.req.path) ? next() : serveStaticFiles(c, next)));
}

/** The React pages: the back office behind its gateway, every page calling the API in-process. */
function mountPages(app: Hono<AppEnv>, services: Services, edge: Edge, build: ServerBuild) {
  const { env } = services;
  const handle = createRequestHandler(build, env.NODE_ENV === "production" ? "production" : "development");
  const serverContext = (build.entry.module as { serverContext?: import("react-router").RouterContext<unknown> }).serverContext;
  const adminGateway = createAdminGateway({ services, secure: edge.secureCookies, trustProxy: edge.trustProxy });
  // The back office: never cached, and a cross-site form post never reaches an action.
  app.use("/admin/*", adminGuard(edge.publicOrigin));
  app.use("/admin", adminGuard(edge.publicOrigin));
  app.use("/admin.data", adminGuard(edge.publicOrigin));
  app.on(["POST", "PUT", "PATCH", "DELETE"], "*", pageBodyLimit());
  app.all("*", async (c) => {
    const context = new RouterContextProvider();
    const staffSide = isAdminPath(c.req.path) ? await adminGateway(c) : null;
    // Loaders and actions call the API in-process, through this same app (one HTTP edge).
    const session = serverContext ? await optionalSession(c, services.auth) : null;
    const language = serverContext ? await visitorLanguage(c, session, services.profiles) : undefined;
    const caller = inProcessApi(app, c, env.PUBLIC_ORIGIN, language && pageLanguageOf(c.req.path, language));
    if (serverContext) {
      context.set(serverContext, {
        nonce: c.get("nonce"),
        session,
        language,
        sandbox: !env.isProduction,
        blog: { list: services.blog.list, detail: services.blog.detail },
        api: { api: caller.api, journey: caller.journey },
        admin: staffSide?.admin,
        trackingScript: env.TRACKING_SCRIPT_URL,
      });
    }
    const response = caller.passCookies(await handle(c.req.raw, context));
    if (!staffSide) return response;
    const headers = new Headers(response.headers);
    for (const cookie of staffSide.cookies) headers.append("Set-Cookie", cookie);
    headers.set("Cache-Control", "no-store");
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  });
}

/** Domain and app errors in the envelope; the database away is a retryable 503; anything else a 500 with its reference. */
function handleErrors(app: Hono<AppEnv>, logger: Services["logger"]) {
  app.onError((error, c) => {
    if (error instanceof DomainError) return failWith(c, error);
    if (error instanceof AppError) {
      return fail(c, error.httpStatus, error.code ?? error.message, { status: error.status, errors: error.errors, headers: error.headers });
    }
    const requestId = c.get("requestId");
    if (isDatabaseUnavailable(error)) {
      // The database is restarting or unreachable: a clean, retryable answer, not a 500.
      logger.warn("database unavailable", { reqId: requestId, path: new URL(c.req.url).pathname, error });
      return fail(c, 503, DATABASE_UNAVAILABLE_MESSAGE, { headers: { "Retry-After": "5" } });
    }
    logger.error("unhandled error", { reqId: requestId, path: new URL(c.req.url).pathname, error });
    return fail(c, 500, `Something went wrong on our side. Please try again. (Reference: ${requestId})`);
  });
  app.notFound((c) => fail(c, 404, "Not found."));
}

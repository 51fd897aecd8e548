import { Hono } from "hono";
import { compress } from "hono/compress";
import { serveStatic } from "@hono/node-server/serve-static";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "./db/client.ts";
import { accessLog } from "./http/access-log.ts";
import { apiGuard } from "./http/api-guard.ts";
import type { AppEnv } from "./http/context.ts";
import { AppError, fail } from "./http/envelope.ts";
import { failWith } from "./http/domain-error-map.ts";
import { DomainError } from "./modules/domain-errors.ts";
import { handleJourney, handleLeadDetailSave } from "./http/journey-route.ts";
import { inProcessApi, pageLanguageOf } from "./http/in-process-api.ts";
import { pageBodyLimit } from "./http/body.ts";
import { loopbackOriginRedirect } from "./http/loopback-origin.ts";
import { adminGateway, isAdminPath } from "./http/admin-gateway.ts";
import { STAFF_DOCUMENT_PATH, staffDocumentDownload } from "./modules/credit/document-download.routes.ts";
import { BUREAU_DOWNLOAD_PATH, bureauFileDownload } from "./modules/bureau/bureau-download.routes.ts";
import { payoutWebhookRoutes } from "./modules/loans/payout.routes.ts";
import { hardeningHeaders, securityHeaders } from "./http/security-headers.ts";
import { optionalSession } from "./http/session.ts";
import { blogDevRoutes } from "./modules/dev/blog.routes.ts";
import { captchaDevRoutes } from "./modules/dev/captcha.routes.ts";
import { outboxRoutes } from "./modules/dev/outbox.routes.ts";
import { blogRoutes } from "./modules/blog/blog.routes.ts";
import { enquiryRoutes } from "./modules/enquiry/enquiry.routes.ts";
import { devJourneyRoutes } from "./modules/dev/journey.routes.ts";
import { demoCustomerDevRoutes } from "./modules/dev/demo-customer.routes.ts";
import { staffDevRoutes } from "./modules/dev/staff.routes.ts";
import { documentRoutes } from "./modules/documents/documents.routes.ts";
import { kycRoutes } from "./modules/kyc/kyc.routes.ts";
import { SANDBOX_AA_BASE } from "./providers/account-aggregator/sandbox.ts";
import { SANDBOX_DIGILOCKER_BASE } from "./providers/digilocker/sandbox.ts";
import { bankingRoutes, ifscRoutes } from "./modules/banking/banking.routes.ts";
import { sandboxEsignRoutes } from "./modules/dev/sandbox-esign.routes.ts";
import { esignReturnRoutes, esignWebhookRoutes } from "./modules/esign/esign.routes.ts";
import { masterRoutes } from "./modules/master/master.routes.ts";
import { contractRoutes } from "./modules/contract/contract.routes.ts";
import { offerRoutes } from "./modules/offer/offer.routes.ts";
import { profileRoutes, websiteRoutes } from "./modules/profile/profile.routes.ts";
import { paymentCallbackRoutes, repaymentJourneyRoutes, repayRoutes } from "./modules/payments/payments.routes.ts";
import { pageCacheFastPath, pageCacheMiddleware } from "./modules/public-site/page-cache.middleware.ts";
import { loadPrerendered } from "./modules/public-site/prerendered.ts";
import { publicSiteRoutes } from "./modules/public-site/public-site.routes.ts";
import { languageRedirect, languageRoutes } from "./modules/public-site/language.routes.ts";
import { visitorLanguage } from "./http/language-cookie.ts";
import type { Services } from "./services.ts";
import { statementRoutes } from "./modules/statements/statements.routes.ts";
import { refundRoutes } from "./modules/refunds/refunds.routes.ts";
import { grievanceRoutes, publicGrievanceRoutes } from "./modules/grievances/grievances.routes.ts";
import { dataRightsRoutes } from "./modules/data-rights/data-rights.routes.ts";
import { trackingDevRoutes } from "./modules/dev/tracking.routes.ts";
import { clockDevRoutes } from "./modules/dev/clock.routes.ts";
import { booksDevRoutes } from "./modules/dev/books.routes.ts";
import { reconcileDevRoutes } from "./modules/dev/reconcile.routes.ts";
import { payoutsDevRoutes } from "./modules/dev/payouts.routes.ts";
import { classifyDevRoutes } from "./modules/dev/classify.routes.ts";
import { mandatesDevRoutes } from "./modules/dev/mandates.routes.ts";
import { autopayReturnRoutes, autopayRoutes, mandateWebhookRoutes } from "./modules/mandates/mandates.routes.ts";
import { SANDBOX_MANDATE_BASE } from "./providers/mandates/sandbox.ts";
import { firstTouchCookie } from "./http/first-touch.ts";
import { trackingScriptCsp } from "./http/tracking-script.ts";

import {
  BLOG_CONTROLLER,
  DIGILOCKER_CALLBACK_PATH,
  ENQUIRY_CONTROLLER,
  ENQUIRY_CONTROLLER_LEGACY,
  ESIGN_API,
  ESIGN_PAGES,
  AUTOPAY_PAGES,
  JOURNEY_CONTROLLER,
  JOURNEY_PATH,
  MASTER_CONTROLLER,
  PAYMENT_CALLBACKS,
  PAYOUT_API,
  REPAY_CONTROLLER,
  WEBSITE_API,
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

export function createApp({ services, build, clientDir }: AppOptions) {
  const { env, logger } = services;
  const app = new Hono<AppEnv>();

  // Decision 22: a configured tracking tag's origin joins the CSP of every answer, cached ones too.
  if (env.TRACKING_SCRIPT_URL) app.use("*", trackingScriptCsp(new URL(env.TRACKING_SCRIPT_URL).origin));
  // Sandbox mode: a page opened on another loopback name (127.0.0.1 vs localhost) moves to PUBLIC_ORIGIN before sign-in (issue 14).
  if (!env.isProduction) app.use("*", loopbackOriginRedirect(env.PUBLIC_ORIGIN));
  // Cached anonymous public pages are answered first, without the per-request work below.
  if (build) {
    app.use(
      "*",
      pageCacheFastPath(services.publicSite.pageCache, hardeningHeaders(env.isProduction), (line) => logger.request(line)),
    );
  }
  app.use("*", async (c, next) => {
    c.set("services", services);
    await next();
  });
  app.use("*", accessLog());
  app.use("*", securityHeaders({ hsts: env.isProduction }));
  // Decision 22: the landing page's UTM parameters and click_id, kept for the login event.
  app.use("*", firstTouchCookie());

  app.get("/healthz", async (c) => {
    c.header("Cache-Control", "no-store");
    try {
      await services.database.ping();
      return c.json({ status: "ok", database: "ok" });
    } catch {
      return c.json({ status: "error", database: "unreachable" }, 503);
    }
  });

  app.route("/", contractRoutes());
  // The payout provider's signed webhook, ahead of the /Api guard (no Origin of ours; raw body).
  app.route(PAYOUT_API, payoutWebhookRoutes());
  app.use("/Api/*", apiGuard([new URL(env.PUBLIC_ORIGIN).origin]));
  app.use("/index.php/Api/*", apiGuard([new URL(env.PUBLIC_ORIGIN).origin]));
  app.post(JOURNEY_PATH, handleJourney);
  app.post(apiPath("saveleadDetails"), handleLeadDetailSave);
  app.route(JOURNEY_CONTROLLER, profileRoutes());
  app.route(WEBSITE_API, websiteRoutes());
  app.route(JOURNEY_CONTROLLER, offerRoutes());
  app.route(JOURNEY_CONTROLLER, documentRoutes());
  app.route(MASTER_CONTROLLER, masterRoutes());
  app.route(BLOG_CONTROLLER, blogRoutes());
  app.route(ENQUIRY_CONTROLLER, enquiryRoutes());
  app.route(ENQUIRY_CONTROLLER_LEGACY, enquiryRoutes());
  app.route(JOURNEY_CONTROLLER, bankingRoutes());
  app.route(MASTER_CONTROLLER, ifscRoutes());
  app.route(ESIGN_API, esignWebhookRoutes());
  app.route(REPAY_CONTROLLER, repayRoutes());
  app.route(JOURNEY_CONTROLLER, repaymentJourneyRoutes());
  app.route(JOURNEY_CONTROLLER, statementRoutes({ statements: services.statements }));
  app.route(JOURNEY_CONTROLLER, refundRoutes());
  app.route(JOURNEY_CONTROLLER, grievanceRoutes());
  app.route(ENQUIRY_CONTROLLER, publicGrievanceRoutes());
  app.route(JOURNEY_CONTROLLER, dataRightsRoutes());
  app.route(JOURNEY_CONTROLLER, autopayRoutes());
  app.all("/Api/*", (c) => fail(c, 404, "This API path does not exist."));
  app.all("/index.php/Api/*", (c) => fail(c, 404, "This API path does not exist."));

  app.route(DIGILOCKER_CALLBACK_PATH, kycRoutes());
  // Gateways post forms and raw bodies here, without our Origin (outside the /Api guard).
  // The mandate provider's signed webhook and its browser return (issue 24); ahead of the gateways' routes.
  app.route(PAYMENT_CALLBACKS, mandateWebhookRoutes());
  app.route(PAYMENT_CALLBACKS, paymentCallbackRoutes());
  app.route(AUTOPAY_PAGES, autopayReturnRoutes());

  if (!env.isProduction) {
    app.route("/dev", outboxRoutes());
    app.route("/dev", captchaDevRoutes());
    app.route("/dev/journey", devJourneyRoutes());
    app.route("/dev", blogDevRoutes());
    app.route("/dev", demoCustomerDevRoutes());
    app.route("/dev", staffDevRoutes());
    app.route("/dev", trackingDevRoutes());
    app.route("/dev", clockDevRoutes());
    app.route("/dev", booksDevRoutes());
    app.route("/dev", reconcileDevRoutes());
    app.route("/dev", payoutsDevRoutes());
    app.route("/dev", classifyDevRoutes());
    app.route("/dev", mandatesDevRoutes());
  }
  if (services.sandboxPages) {
    app.route(SANDBOX_DIGILOCKER_BASE, services.sandboxPages.digilocker.routes());
    app.route(SANDBOX_AA_BASE, services.sandboxPages.accountAggregator.routes());
  }
  if (services.sandboxEsign) app.route("/sandbox/esign", sandboxEsignRoutes(services.sandboxEsign));
  // The sandbox mandate provider's hosted approval page (issue 24).
  if (services.sandboxMandates) app.route(SANDBOX_MANDATE_BASE, services.sandboxMandates.routes());
  // Payment gateway sandboxes (checkout.js, hosted pages, their APIs); null in production mode.
  for (const { path, routes } of services.paymentGateways.sandbox?.mounts ?? []) app.route(path, routes);
  app.route(ESIGN_PAGES, esignReturnRoutes());
  // The app's server build names its static public pages (app/ is never imported from server/).
  const entry = build?.entry.module as { sitemapPaths?: () => readonly string[] } | undefined;
  app.route("/", publicSiteRoutes(entry?.sitemapPaths?.() ?? []));
  app.route("/", languageRoutes());

  // Anonymous public pages: prerendered HTML and recently rendered pages from memory, with hash CSPs.
  // Registered after every non-page route so that only the React pages pass through it.
  if (build) {
    if (clientDir) loadPrerendered(clientDir, services.publicSite.pageCache);
    app.use("*", languageRedirect());
    app.use("*", pageCacheMiddleware(services.publicSite.pageCache));
  }

  if (clientDir) {
    app.use("/assets/*", compress());
    app.use("/assets/*", async (c, next) => {
      await next();
      if (c.res.ok) c.header("Cache-Control", "public, max-age=31536000, immutable");
    });
    app.use("/assets/*", serveStatic({ root: clientDir }));
    // Prerendered index.html files are served by the page cache above, never as raw files.
    // Prerendered index.html and .data files are left to the page cache and the renderer.
    const serveStaticFiles = serveStatic({ root: clientDir, onFound: (_p, c) => c.header("Cache-Control", "public, max-age=3600") });
    app.use("*", async (c, next) => (/\.(html|data)$/.test(c.req.path) || !/\.[a-z0-9]+$/i.test(c.req.path) ? next() : serveStaticFiles(c, next)));
  }

  // A lead's document for staff: checked, audited and streamed here, before (and without) the page renderer.
  app.post(STAFF_DOCUMENT_PATH, adminGuard(new URL(env.PUBLIC_ORIGIN).origin), staffDocumentDownload);
  // Issue 22: a bureau file for accounts, audited, the same way.
  app.post(BUREAU_DOWNLOAD_PATH, adminGuard(new URL(env.PUBLIC_ORIGIN).origin), bureauFileDownload);

  if (build) {
    const handle = createRequestHandler(build, env.NODE_ENV === "production" ? "production" : "development");
    const serverContext = (build.entry.module as { serverContext?: import("react-router").RouterContext<unknown> }).serverContext;
    // The back office: never cached, and a cross-site form post never reaches an action.
    app.use("/admin/*", adminGuard(new URL(env.PUBLIC_ORIGIN).origin));
    app.use("/admin", adminGuard(new URL(env.PUBLIC_ORIGIN).origin));
    app.use("/admin.data", adminGuard(new URL(env.PUBLIC_ORIGIN).origin));
    app.on(["POST", "PUT", "PATCH", "DELETE"], "*", pageBodyLimit());
    app.all("*", async (c) => {
      const context = new RouterContextProvider();
      const staffSide = isAdminPath(c.req.path) ? await adminGateway(c) : null;
      // Loaders and actions call the API in-process, through this same app (one HTTP edge).
      const session = serverContext ? await optionalSession(c) : null;
      const language = serverContext ? await visitorLanguage(c, session) : undefined;
      const caller = inProcessApi(app, c, env.PUBLIC_ORIGIN, language && pageLanguageOf(c.req.path, language));
      if (serverContext) {
        context.set(serverContext, {
          nonce: c.var.nonce,
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

  app.onError((error, c) => {
    if (error instanceof DomainError) return failWith(c, error);
    if (error instanceof AppError) {
      return fail(c, error.httpStatus, error.code ?? error.message, { status: error.status, errors: error.errors, headers: error.headers });
    }
    const requestId = c.var.requestId;
    if (isDatabaseUnavailable(error)) {
      // The database is restarting or unreachable: a clean, retryable answer, not a 500.
      logger.warn("database unavailable", { reqId: requestId, path: new URL(c.req.url).pathname, error });
      return fail(c, 503, DATABASE_UNAVAILABLE_MESSAGE, { headers: { "Retry-After": "5" } });
    }
    logger.error("unhandled error", { reqId: requestId, path: new URL(c.req.url).pathname, error });
    return fail(c, 500, `Something went wrong on our side. Please try again. (Reference: ${requestId})`);
  });
  app.notFound((c) => fail(c, 404, "Not found."));

  return app;
}

// Every API path besides the journey endpoint: method, where it is mounted, its input (the
// JSON body of a POST, the query of a GET), and the Data of its successful answer.
// A route file mounts `route.path` under `route.prefix`, so each path is written here once.
// Each area's routes are in their own file (api-customer, api-repayment, api-rights, api-providers, api-autopay);
// the staff files and the contract's own documents are here.

import * as z from "zod";
import * as P from "./paths.ts";
import * as R from "./replies.ts";
import { type ApiRoute, file } from "./api-route.ts";
import { autopayRoutes } from "./api-autopay.ts";
import { customerRoutes } from "./api-customer.ts";
import { providerRoutes } from "./api-providers.ts";
import { repaymentRoutes } from "./api-repayment.ts";
import { rightsRoutes } from "./api-rights.ts";
import { videoKycRoutes } from "./api-video-kyc.ts";
import { ckycRoutes } from "./api-ckyc.ts";

export * from "./api-route.ts";
export { blogDetailInput, blogListInput, LEAD_DETAIL_EVENT_INVALID, LEAD_DETAIL_EVENTS, masterInput } from "./api-customer.ts";

export const apiContract = {
  ...customerRoutes,
  ...repaymentRoutes,
  ...rightsRoutes,
  ...providerRoutes,
  ...autopayRoutes,
  ...videoKycRoutes,
  ...ckycRoutes,
  staffDocument: {
    ...P.API_ROUTES.staffDocument,
    access: "staff",
    ...file("application/octet-stream"),
    summary:
      "A lead's document for the back office (credit manager, credit head, disbursal, auditor): a form post with the reason (5+ characters), audited, answered as an attachment.",
    input: z.object({ reason: z.string().min(5).max(200) }),
  },
  bureauFileDownload: {
    ...P.API_ROUTES.bureauFileDownload,
    access: "staff",
    ...file("text/plain"),
    summary: "A fortnightly credit-bureau file (TUDF) for accounts, as a form post from /admin/bureau; every download is audited.",
    input: z.object({}),
  },
  openapi: {
    ...P.API_ROUTES.openapi,
    access: "public",
    answer: "document",
    reply: R.noData,
    contentType: "application/json",
    summary: "This contract as OpenAPI 3.1.",
    input: z.object({}),
  },
  docs: {
    ...P.API_ROUTES.docs,
    access: "public",
    answer: "document",
    reply: R.noData,
    contentType: "text/html",
    summary: "This contract as a readable page.",
    input: z.object({}),
  },
} as const satisfies Record<string, ApiRoute>;

export type ApiContract = typeof apiContract;
export type ApiName = keyof ApiContract;
/** The JSON-answering paths a web client may call with `api(name, body)`. */
export type JsonApiName = { [K in ApiName]: ApiContract[K]["answer"] extends "envelope" | "envelope-lower-data" ? K : never }[ApiName];
export type ApiInput<K extends ApiName> = z.input<ApiContract[K]["input"]>;
export type ApiParsedInput<K extends ApiName> = z.output<ApiContract[K]["input"]>;
export type ApiReply<K extends ApiName> = z.output<ApiContract[K]["reply"]>;

/** Every full path a route answers under. */
export const apiPaths = (route: ApiRoute): string[] => P.routePaths(route);

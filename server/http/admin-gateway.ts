// The back office's door from React Router loaders and actions to the server: built per /admin request,
// with the staff member of the staff cookie bound into every desk method. Staff cookies are their own
// (Path=/admin and /admin.data, SameSite=Strict) and never read as a customer session, nor the customer's as staff.
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { AdminApi } from "../../core/admin/admin-api.ts";
import { STAFF_SESSION_POLICY, type StaffPrincipal } from "../../core/staff.ts";
import type { Services } from "../services.ts";
import { clientIp, type AppEnv } from "./context.ts";

export const STAFF_COOKIE = "sot_staff";
export const STAFF_PENDING_COOKIE = "sot_staff_pending";
export const STAFF_COOKIE_PATHS = ["/admin", "/admin.data"] as const;

/** The back office's paths: its pages, their React Router data requests, and the home's `/admin.data`. */
export const isAdminPath = (path: string) => path === "/admin" || path === "/admin.data" || path.startsWith("/admin/");

type Bound<T> = { [K in keyof T]: T[K] extends (staff: StaffPrincipal | null, ...rest: infer A) => infer R ? (...rest: A) => R : never };

/** Turns a desk of `(staff, input)` methods into `(input)` methods for this request's staff member. */
export function bindDesk<T extends Record<string, (staff: StaffPrincipal | null, ...rest: never[]) => unknown>>(
  desk: T,
  staff: StaffPrincipal | null,
): Bound<T> {
  return Object.fromEntries(Object.entries(desk).map(([name, method]) => [name, (...rest: never[]) => method(staff, ...rest)])) as Bound<T>;
}

/** The modules behind the back office's desks: the gateway is given these (decision 65). */
export type AdminGatewayServices = Pick<
  Services,
  | "staff"
  | "backOffice"
  | "credit"
  | "disbursal"
  | "bankTransfers"
  | "journals"
  | "refunds"
  | "servicing"
  | "reconciliationDesk"
  | "bankStatementDesk"
  | "assetClassification"
  | "writeOffs"
  | "bureau"
  | "grievances"
  | "dataRights"
  | "booksReports"
  | "videoKyc"
  | "ckyc"
  | "ondcDesk"
  | "finderFees"
>;

/** `secure`: staff cookies are marked Secure (https); `trustProxy`: TRUST_PROXY, for the sign-in's client address. */
export function createAdminGateway(deps: { services: AdminGatewayServices; secure: boolean; trustProxy: number }) {
  return (c: Context<AppEnv>) => adminGateway(c, deps);
}

async function adminGateway(
  c: Context<AppEnv>,
  deps: { services: AdminGatewayServices; secure: boolean; trustProxy: number },
): Promise<{ admin: AdminApi; cookies: string[] }> {
  const { services, secure } = deps;
  const cookies: string[] = [];
  // Path=/admin does not match /admin.data (the data request of a client-side move to /admin), so each
  // cookie is also set for that one path; the two paths never overlap, so a request carries one of them.
  const setCookie = (name: string, value: string, maxAge: number) => {
    for (const path of STAFF_COOKIE_PATHS)
      cookies.push(`${name}=${value}; Path=${path}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`);
  };
  const clear = (name: string) => setCookie(name, "", 0);

  const token = getCookie(c, STAFF_COOKIE);
  const pending = getCookie(c, STAFF_PENDING_COOKIE);
  let staff: StaffPrincipal | null = null;
  if (token) staff = await services.staff.authenticate(token).catch(() => null);
  if (token && !staff) clear(STAFF_COOKIE);
  const ip = clientIp(c, deps.trustProxy);
  const desks = services.backOffice;

  const admin: AdminApi = {
    staff,
    session: {
      async signInPassword(input) {
        const { pendingToken } = await services.staff.signInPassword(input, ip);
        setCookie(STAFF_PENDING_COOKIE, pendingToken, STAFF_SESSION_POLICY.pendingSeconds);
      },
      pendingCode: () => Boolean(pending),
      async signInCode(code) {
        const { token: full } = await services.staff.signInCode(pending ?? "", code, ip);
        clear(STAFF_PENDING_COOKIE);
        setCookie(STAFF_COOKIE, full, STAFF_SESSION_POLICY.absoluteSeconds);
      },
      async signOut() {
        if (token) await services.staff.signOut(token);
        clear(STAFF_COOKIE);
        clear(STAFF_PENDING_COOKIE);
      },
      enrolment: (t) => services.staff.enrolment(t),
      completeEnrolment: (t, input) => services.staff.completeEnrolment(t, input),
    },
    staffDesk: bindDesk(services.staff.desk, staff),
    blog: bindDesk(desks.blog, staff),
    enquiries: bindDesk(desks.enquiries, staff),
    audit: bindDesk(desks.audit, staff),
    credit: bindDesk(services.credit.desk, staff),
    disbursal: bindDesk(services.disbursal.desk, staff),
    bankTransfers: bindDesk(services.bankTransfers.desk, staff),
    journals: bindDesk(services.journals.desk, staff),
    refunds: bindDesk(services.refunds.desk, staff),
    collections: bindDesk(services.servicing.desk, staff),
    reconciliation: bindDesk(services.reconciliationDesk, staff),
    bankStatement: bindDesk(services.bankStatementDesk, staff),
    portfolio: bindDesk(services.assetClassification.desk, staff),
    writeOffs: bindDesk(services.writeOffs, staff),
    bureau: bindDesk({ list: services.bureau.desk.list, build: services.bureau.desk.build, submit: services.bureau.desk.submit }, staff),
    grievances: bindDesk(services.grievances.desk, staff),
    dataRequests: bindDesk(services.dataRights.desk, staff),
    books: bindDesk(services.booksReports.desk, staff),
    customerMessages: bindDesk(services.servicing.customerMessages, staff),
    videoKyc: bindDesk(services.videoKyc.screen, staff),
    ckyc: bindDesk(services.ckyc.desk, staff),
    ondc: bindDesk(services.ondcDesk, staff),
    buyerAppFees: bindDesk(services.finderFees.desk, staff),
  };
  return { admin, cookies };
}

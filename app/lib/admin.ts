// Helpers for the /admin loaders and actions: the desks come from the server through the request
// context (app/ never imports server/); a refusal becomes a message on the screen.
import { data, redirect } from "react-router";
import type { AdminApi, AdminFailure } from "../../core/admin/admin-api.ts";
import type { StaffPrincipal } from "../../core/staff.ts";
import { serverContext } from "./server-context.ts";

type Ctx = { get: (key: typeof serverContext) => { admin?: AdminApi } };

export function adminApi(context: Ctx): AdminApi {
  const admin = context.get(serverContext).admin;
  if (!admin) throw new Response("The back office is not available here.", { status: 404 });
  return admin;
}

/** The signed-in staff member, or a redirect to the sign-in page. */
export function requireStaff(context: Ctx): { admin: AdminApi; staff: StaffPrincipal } {
  const admin = adminApi(context);
  if (!admin.staff) throw redirect("/admin/sign-in");
  return { admin, staff: admin.staff };
}

/** A desk's refusal (domain error) as a screen message; anything else is rethrown. */
export function adminFailure(error: unknown): AdminFailure {
  if (error && typeof error === "object" && "kind" in error && typeof (error as { kind: unknown }).kind === "string") {
    const e = error as { kind: string; message: string; errors?: Record<string, string> };
    return { kind: e.kind, message: e.message, errors: e.errors };
  }
  throw error;
}

/** An action's desks and the fields of its form (a missing field reads ""). */
export async function actionInput(request: Request, context: Ctx) {
  const { admin } = requireStaff(context);
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? "");
  return { admin, form, field };
}

/** A desk's refusal as a loader's or action's answer (403 for a role refusal, 400 otherwise); `rest` is the rest of the answer. */
export function refusal<T extends object>(error: unknown, rest: T) {
  const failure = adminFailure(error);
  return data({ ...rest, failure }, { status: failure.kind === "forbidden" ? 403 : 400 });
}

/** An action's answer to an intent it does not know. */
export function unknownIntent<T extends object>(rest: T) {
  const failure: AdminFailure = { kind: "invalid_input", message: "Unknown action." };
  return data({ ...rest, failure }, { status: 400 });
}

export const pageParams = (request: Request) => {
  const url = new URL(request.url);
  return {
    page: Math.max(1, Number(url.searchParams.get("page")) || 1),
    order: url.searchParams.get("order") === "oldest" ? ("oldest" as const) : ("newest" as const),
    url,
  };
};

import { Form, Link, data, useActionData, useLoaderData, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/enrol.ts";
import { STAFF_SIGN_IN_POLICY } from "../../../core/staff.ts";
import { adminApi, adminFailure } from "../../lib/admin.ts";
import adminCss from "../../styles/admin.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminCss }];
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" });
export const meta: Route.MetaFunction = () => [{ title: "Back office enrolment | SalaryOnTime" }, { name: "robots", content: "noindex" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return { enrolment: await adminApi(context).session.enrolment(params.token), failure: null };
  } catch (error) {
    return data({ enrolment: null, failure: adminFailure(error) }, { status: 404 });
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    const done = await adminApi(context).session.completeEnrolment(params.token, {
      password: String(form.get("password") ?? ""),
      code: String(form.get("code") ?? ""),
    });
    return { done: done.email, failure: null };
  } catch (error) {
    return data({ done: null, failure: adminFailure(error) }, { status: 400 });
  }
}

/** Once enrolled, the spent link's loader would only answer 404: keep the page showing "Done". */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as { done?: string | null } | undefined)?.done ? false : defaultShouldRevalidate;

export default function Enrol() {
  const { enrolment, failure } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="admin">
      <main className="admin-main">
        <div className="admin-card admin-narrow">
          <h1>Set up your back office sign-in</h1>
          {result?.done ? (
            <p className="notice" role="status">
              Done. <Link to="/admin/sign-in">Sign in</Link> with {result.done}, your password and a code from the app.
            </p>
          ) : !enrolment ? (
            <p className="error" role="alert">
              {failure?.message}
            </p>
          ) : (
            <>
              <p>Account: {enrolment.email}</p>
              <p>1. Scan this code with an authenticator app (or type the key below).</p>
              <img src={enrolment.qrDataUri} width={220} height={220} alt="QR code to add the back office to your authenticator app" />
              {/* Authenticator apps offer typing the key instead of scanning; groups of four are easier to copy. */}
              <p>Or type this key into the app (time-based, 6 digits):</p>
              <p>
                <code className="admin-key" data-testid="totp-key">
                  {enrolment.secret.match(/.{1,4}/g)?.join(" ")}
                </code>
              </p>
              {result?.failure ? (
                <p className="error" role="alert">
                  {result.failure.message}
                </p>
              ) : null}
              <Form method="post">
                <label htmlFor="password">2. Choose a password (at least {STAFF_SIGN_IN_POLICY.minPasswordLength} characters)</label>
                <input id="password" name="password" type="password" autoComplete="new-password" minLength={STAFF_SIGN_IN_POLICY.minPasswordLength} required />
                <label htmlFor="code">3. Enter the 6-digit code the app shows</label>
                <input id="code" name="code" inputMode="numeric" autoComplete="one-time-code" required />
                <button type="submit">Finish</button>
              </Form>
            </>
          )}
        </div>
      </main>
    </div>
  );
}

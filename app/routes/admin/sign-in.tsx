import { useEffect, useRef } from "react";
import { Form, data, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/sign-in.ts";
import { adminApi, adminFailure } from "../../lib/admin.ts";
import adminCss from "../../styles/admin.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminCss }];
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });
export const meta: Route.MetaFunction = () => [{ title: "Back office sign-in | SalaryOnTime" }, { name: "robots", content: "noindex" }];

export function loader({ context }: Route.LoaderArgs) {
  const admin = adminApi(context);
  if (admin.staff) throw redirect("/admin");
  return { step: admin.session.pendingCode() ? ("code" as const) : ("password" as const) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminApi(context);
  const form = await request.formData();
  try {
    if (form.get("intent") === "code") {
      await admin.session.signInCode(String(form.get("code") ?? ""));
      return redirect("/admin");
    }
    await admin.session.signInPassword({ email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") });
    return redirect("/admin/sign-in");
  } catch (error) {
    const failure = adminFailure(error);
    // An expired password step starts again from the e-mail.
    return data({ ...failure, step: failure.kind === "invalid-session" ? "password" : String(form.get("intent") ?? "password") }, { status: 400 });
  }
}

export default function SignIn() {
  const { step: loaded } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const step = failed?.step ?? loaded;
  // The code field appears after a client-side navigation, where autoFocus alone does not move focus: keyboard users land in it.
  const codeField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (step === "code") codeField.current?.focus();
  }, [step, failed]);
  return (
    <div className="admin">
      <main className="admin-main">
        <div className="admin-card admin-narrow">
          <h1>Back office sign-in</h1>
          {failed ? (
            <p className="error" role="alert">
              {failed.message}
            </p>
          ) : null}
          {/* Keyed: otherwise React reuses the e-mail input as the code input, e-mail text and all. */}
          {step === "code" ? (
            <Form method="post" key="code">
              <input type="hidden" name="intent" value="code" />
              <label htmlFor="code">Code from your authenticator app</label>
              <input ref={codeField} id="code" name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" required />
              <button type="submit">Sign in</button>
            </Form>
          ) : (
            <Form method="post" key="password">
              <input type="hidden" name="intent" value="password" />
              <label htmlFor="email">E-mail</label>
              <input id="email" name="email" type="email" autoComplete="username" required />
              <label htmlFor="password">Password</label>
              <input id="password" name="password" type="password" autoComplete="current-password" required />
              <button type="submit">Continue</button>
            </Form>
          )}
        </div>
      </main>
    </div>
  );
}

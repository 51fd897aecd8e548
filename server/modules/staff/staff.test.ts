import { eq, sql } from "drizzle-orm";
import { staffAccounts } from "../../db/schema/index.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOURNEY_CONTROLLER } from "../../../core/contract/index.ts";
import { STAFF_ROLES, type StaffPrincipal, type StaffRole } from "../../../core/staff.ts";
import { createClock, createTestApp } from "../../test-support/test-app.ts";
import { STAFF_MESSAGES } from "../../../core/validation/staff.ts";
import { enrolledStaff, signInStaff, STAFF_PASSWORD, totpCode } from "../../test-support/staff.ts";

const clock = createClock();
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const principal = (role: StaffRole): StaffPrincipal => ({ staffId: "00000000-0000-4000-8000-000000000000", email: `${role}@x.test`, role, sessionId: "s" });

describe("staff accounts and sign-in", () => {
  it("enrols with a password and TOTP, then signs in with both factors", async () => {
    const admin = await enrolledStaff(t.services, "admin");
    clock.advance(31_000);
    const { token, principal: who } = await signInStaff(t.services, admin, 0);
    expect(who).toMatchObject({ email: admin.email, role: "admin" });
    expect(await t.services.staff.authenticate(token)).toMatchObject({ staffId: admin.staffId, role: "admin" });
    // The password hash is argon2id, never the password.
    const rows = await t.database.db.execute(sql`select password_hash, totp_secret_enc from staff_accounts where email = ${admin.email}`);
    const row = (rows as unknown as { rows: { password_hash: string; totp_secret_enc: string }[] }).rows[0]!;
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.totp_secret_enc).not.toContain(admin.secret);
  });

  it("an enrolment link works once and expires", async () => {
    const created = await t.services.staff.create({ email: "once@salaryontime.test", role: "auditor" }, null);
    const { secret } = await t.services.staff.enrolment(created.enrolmentToken);
    await expect(t.services.staff.completeEnrolment(created.enrolmentToken, { password: "short", code: totpCode(secret, clock.now()) })).rejects.toThrow(
      /at least 12/,
    );
    await expect(t.services.staff.completeEnrolment(created.enrolmentToken, { password: STAFF_PASSWORD, code: "000000" })).rejects.toThrow(/code is not right/);
    await t.services.staff.completeEnrolment(created.enrolmentToken, { password: STAFF_PASSWORD, code: totpCode(secret, clock.now()) });
    await expect(t.services.staff.enrolment(created.enrolmentToken)).rejects.toThrow(/not valid or has expired/);
    const late = await t.services.staff.create({ email: "late@salaryontime.test", role: "auditor" }, null);
    clock.advance(73 * 3600_000);
    await expect(t.services.staff.enrolment(late.enrolmentToken)).rejects.toThrow(/not valid or has expired/);
  });

  it("a wrong password or code fails alike, a used code is refused, and five failures lock the account", async () => {
    const who = await enrolledStaff(t.services, "credit_head");
    await expect(t.services.staff.signInPassword({ email: who.email, password: "wrong password!" }, "10.2.0.1")).rejects.toThrow(
      "The e-mail or password is not right.",
    );
    await expect(t.services.staff.signInPassword({ email: "nobody@x.test", password: STAFF_PASSWORD }, "10.2.0.1")).rejects.toThrow(
      "The e-mail or password is not right.",
    );
    // The code used at enrolment (this time step) cannot be used again.
    const { pendingToken } = await t.services.staff.signInPassword({ email: who.email, password: STAFF_PASSWORD }, "10.2.0.1");
    await expect(t.services.staff.signInCode(pendingToken, totpCode(who.secret, clock.now()), "10.2.0.1")).rejects.toThrow(/code is not right/);
    for (let i = 0; i < 3; i++) await expect(t.services.staff.signInPassword({ email: who.email, password: "wrong password!" }, "10.2.0.1")).rejects.toThrow();
    // Five failures in a row: now locked, even with the right password.
    await expect(t.services.staff.signInPassword({ email: who.email, password: STAFF_PASSWORD }, "10.2.0.1")).rejects.toMatchObject({ kind: "rate-limited" });
    clock.advance(16 * 60_000);
    await expect(signInStaff(t.services, who)).resolves.toMatchObject({ principal: { role: "credit_head" } });
  });

  it("ten wrong passwords sent at once, each from its own address, lock the account (counted in the database)", async () => {
    const who = await enrolledStaff(t.services, "credit_head");
    const guesses = Array.from({ length: 10 }, (_, i) =>
      t.services.staff.signInPassword({ email: who.email, password: `wrong guess ${i}!` }, `10.9.${i}.1`).catch((e: unknown) => e),
    );
    for (const answer of await Promise.all(guesses)) expect(answer).toMatchObject({ message: "The e-mail or password is not right." });
    const [row] = await t.database.db.select().from(staffAccounts).where(eq(staffAccounts.email, who.email));
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(clock.now().getTime());
    await expect(t.services.staff.signInPassword({ email: who.email, password: STAFF_PASSWORD }, "10.9.20.1")).rejects.toMatchObject({ kind: "rate-limited" });
  });

  it("one code sent twice at once opens one session, not two", async () => {
    const who = await enrolledStaff(t.services, "auditor");
    const first = await t.services.staff.signInPassword({ email: who.email, password: STAFF_PASSWORD }, "10.8.0.1");
    const second = await t.services.staff.signInPassword({ email: who.email, password: STAFF_PASSWORD }, "10.8.0.2");
    const code = totpCode(who.secret, clock.now(), 1);
    const answers = await Promise.all(
      [first, second].map((p, i) => t.services.staff.signInCode(p.pendingToken, code, `10.8.1.${i}`).catch((e: unknown) => e as Error)),
    );
    expect(answers.filter((a) => a instanceof Error).map((a) => (a as Error).message)).toEqual([STAFF_MESSAGES.badCode]);
  });

  it("sign-in attempts are rate-limited per address", async () => {
    let last: unknown;
    for (let i = 0; i < 31; i++) last = await t.services.staff.signInPassword({ email: `x${i}@x.test`, password: "x" }, "10.3.0.1").catch((e) => e);
    expect(last).toMatchObject({ kind: "rate-limited" });
  });

  it("staff sessions end after 15 minutes idle and 8 hours in all; a pending session opens nothing", async () => {
    const who = await enrolledStaff(t.services, "auditor");
    const { pendingToken } = await t.services.staff.signInPassword({ email: who.email, password: STAFF_PASSWORD }, "10.4.0.1");
    await expect(t.services.staff.authenticate(pendingToken)).rejects.toMatchObject({ kind: "invalid-session" });
    const { token } = await t.services.staff.signInCode(pendingToken, totpCode(who.secret, clock.now(), 1), "10.4.0.1");
    clock.advance(14 * 60_000);
    await t.services.staff.authenticate(token);
    clock.advance(16 * 60_000);
    await expect(t.services.staff.authenticate(token)).rejects.toMatchObject({ kind: "expired-session" });
    const again = await signInStaff(t.services, who, 1);
    for (let i = 0; i < 40; i++) {
      clock.advance(14 * 60_000);
      if (i < 33) await t.services.staff.authenticate(again.token);
    }
    await expect(t.services.staff.authenticate(again.token)).rejects.toMatchObject({ kind: "expired-session" });
    await t.services.staff.signOut(again.token);
  });

  it("a customer token never opens the back office and a staff token never acts as a customer", async () => {
    const customer = await t.signIn();
    await expect(t.services.staff.authenticate(customer.token)).rejects.toMatchObject({ kind: "invalid-session" });
    const who = await enrolledStaff(t.services, "admin");
    clock.advance(31_000);
    const { token } = await signInStaff(t.services, who, 0);
    const path = `${JOURNEY_CONTROLLER}/getDashboardData`;
    const asCustomer = await t.post({}, { path, headers: { "auth-token": token } });
    expect(asCustomer.body).toMatchObject({ Status: 4 });
    const asCookie = await t.post({}, { path, headers: { cookie: `sot_session=${token}` } });
    expect(asCookie.body).toMatchObject({ Status: 4 });
    // The customer's own token still works there (the refusal is about the token, not the call).
    expect((await t.post({}, { path, headers: { "auth-token": customer.token } })).body).toMatchObject({ Status: 1 });
  });
});

describe("roles: every desk action refuses the roles not allowed", () => {
  const desks = () => t.services.backOffice;
  const staffDesk = () => t.services.staff.desk;
  // Each action with the roles allowed to do it; every other role must get Forbidden, and no principal NotAuthenticated.
  const actions: [string, StaffRole[], (p: StaffPrincipal | null) => Promise<unknown>][] = [
    ["staff.list", ["admin", "auditor"], (p) => staffDesk().list(p)],
    ["staff.create", ["admin"], (p) => staffDesk().create(p, { email: `r${Math.random()}@x.test`.replace("0.", ""), role: "accounts" })],
    ["staff.changeRole", ["admin"], (p) => staffDesk().changeRole(p, { staffId: "00000000-0000-4000-8000-000000000001", role: "accounts" })],
    ["staff.setDisabled", ["admin"], (p) => staffDesk().setDisabled(p, { staffId: "00000000-0000-4000-8000-000000000001", disabled: true })],
    ["staff.reissueEnrolment", ["admin"], (p) => staffDesk().reissueEnrolment(p, "00000000-0000-4000-8000-000000000001")],
    ["blog.list", ["admin", "auditor"], (p) => desks().blog.list(p, {})],
    ["blog.get", ["admin", "auditor"], (p) => desks().blog.get(p, "x")],
    ["blog.preview", ["admin"], (p) => desks().blog.preview(p, "# x")],
    ["blog.save", ["admin"], (p) => desks().blog.save(p, { slug: "" } as never)],
    ["enquiries.list", ["admin", "auditor"], (p) => desks().enquiries.list(p, {})],
    ["enquiries.setHandled", ["admin"], (p) => desks().enquiries.setHandled(p, { id: "x", handled: true })],
    ["audit.list", ["auditor"], (p) => desks().audit.list(p, {})],
  ];
  for (const [name, allowed, call] of actions) {
    it(`${name}: allowed for ${allowed.join(", ")} only`, async () => {
      await expect(call(null)).rejects.toMatchObject({ kind: "not-authenticated" });
      for (const role of STAFF_ROLES) {
        const outcome = await call(principal(role)).then(
          () => "ok",
          (e: { kind?: string }) => e.kind ?? "error",
        );
        if (allowed.includes(role)) expect(outcome, `${name} as ${role}`).not.toBe("forbidden");
        else expect(outcome, `${name} as ${role}`).toBe("forbidden");
      }
    });
  }
});

describe("staff desk", () => {
  it("creates staff with an enrolment link, changes a role (ending their sessions) and disables; all audited", async () => {
    const admin = await enrolledStaff(t.services, "admin");
    clock.advance(31_000);
    const { principal: me } = await signInStaff(t.services, admin, 0);
    const made = await t.services.staff.desk.create(me, { email: "New.Person@SalaryOnTime.test", role: "credit_manager" });
    expect(made.email).toBe("new.person@salaryontime.test");
    expect(made.enrolmentPath).toMatch(/^\/admin\/enrol\/[A-Za-z0-9_-]{20,}$/);
    await expect(t.services.staff.desk.create(me, { email: "new.person@salaryontime.test", role: "admin" })).rejects.toThrow(/exists already/);
    await expect(t.services.staff.desk.create(me, { email: "x@x.test", role: "boss" })).rejects.toMatchObject({ kind: "invalid-input" });
    const person = await enrolledStaff(t.services, "credit_manager");
    clock.advance(31_000);
    const theirs = await signInStaff(t.services, person, 0);
    await t.services.staff.desk.changeRole(me, { staffId: person.staffId, role: "credit_head" });
    await expect(t.services.staff.authenticate(theirs.token)).rejects.toMatchObject({ kind: "invalid-session" });
    await expect(t.services.staff.desk.changeRole(me, { staffId: me.staffId, role: "auditor" })).rejects.toThrow(/own account/);
    await t.services.staff.desk.setDisabled(me, { staffId: person.staffId, disabled: true });
    await expect(signInStaff(t.services, person, 1)).rejects.toThrow("The e-mail or password is not right.");
    const { rows } = await t.services.audit.list({ targetId: person.staffId, order: "oldest" });
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(["staff.create", "staff.role_change", "staff.disable"]));
    const change = rows.find((r) => r.action === "staff.role_change")!;
    expect(change).toMatchObject({ actorEmail: admin.email, actorRole: "admin", before: { role: "credit_manager" }, after: { role: "credit_head" } });
  });
});

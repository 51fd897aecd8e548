import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffPrincipal } from "../../../core/staff.ts";
import { createClock, createTestApp } from "../../test-support/test-app.ts";
import { canonicalJson, maskPersonal } from "./audit.service.ts";

const clock = createClock();
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const head: StaffPrincipal = { staffId: "00000000-0000-4000-8000-00000000000a", email: "head@salaryontime.test", role: "credit_head", sessionId: "s" };

describe("audit trail", () => {
  it("chains rows by hash, masks personal data, and filters by actor, action, target and date", async () => {
    const db = t.database.db;
    await db.transaction((tx) =>
      t.services.audit.record(tx, {
        actor: head,
        action: "lead.sanction",
        target: { kind: "lead", id: "L1" },
        before: { status: "SUBMITTED" },
        after: { status: "SANCTIONED", pancard: "ABCPE1234F", mobile: "9876543210" },
      }),
    );
    clock.advance(86_400_000);
    await db.transaction((tx) => t.services.audit.record(tx, { actor: null, actorEmail: "someone@x.test", action: "staff.sign_in_failed" }));
    const all = await t.services.audit.list({ order: "oldest" });
    expect(all.rows).toHaveLength(2);
    expect(all.rows[1]!.prevHash).toBe(all.rows[0]!.hash);
    expect(all.rows[0]!.after).toEqual({ status: "SANCTIONED", pancard: "XXXXXX234F", mobile: "XXXXXX3210" });
    expect(JSON.stringify(all.rows)).not.toContain("ABCPE1234F");
    expect((await t.services.audit.list({ actor: "HEAD@salaryontime.test" })).rows.map((r) => r.action)).toEqual(["lead.sanction"]);
    expect((await t.services.audit.list({ action: "staff.sign_in_failed" })).total).toBe(1);
    expect((await t.services.audit.list({ targetKind: "lead", targetId: "L1" })).total).toBe(1);
    const day = all.rows[1]!.at.slice(0, 10);
    expect((await t.services.audit.list({ from: day, to: day })).rows.map((r) => r.action)).toEqual(["staff.sign_in_failed"]);
    expect(await t.services.audit.verify()).toEqual({ ok: true, rows: 2 });
  });

  it("refuses UPDATE and DELETE in the database", async () => {
    const reason = (e: unknown) => String((e as { cause?: { message?: string } }).cause?.message ?? (e as Error).message);
    expect(reason(await t.database.db.execute(sql`update audit_log set action = 'x'`).catch((e) => e))).toMatch(/append-only/);
    expect(reason(await t.database.db.execute(sql`delete from audit_log`).catch((e) => e))).toMatch(/append-only/);
    expect((await t.services.audit.list()).total).toBe(2);
  });

  it("verify catches a row changed behind the app's back", async () => {
    const db = t.database.db;
    await db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    await db.execute(sql`update audit_log set after = '{"status":"REJECTED"}'::jsonb where seq = 1`);
    await db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    expect(await t.services.audit.verify()).toMatchObject({ ok: false, brokenAt: 1, problem: "row content does not match its hash" });
  });

  it("serialises keys in one order and masks by key name only", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"y":2,"z":1}]},"b":1}');
    expect(maskPersonal({ category_name: "Loans", full_name: "Asha Rao", account_number: "123456789012", amount: 1000 })).toEqual({
      category_name: "Loans",
      full_name: "XXXX Rao",
      account_number: "XXXXXXXX9012",
      amount: 1000,
    });
  });
});

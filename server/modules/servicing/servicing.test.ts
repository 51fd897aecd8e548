// The collections desk (decisions 31, 32) and the copies after signing (regulatory.md).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffActor } from "../credit/credit.service.ts";
import { daysBetween, todayInIndia } from "../../../core/calendar.ts";
import { auditLog, customerProfiles, signedCopiesSent } from "../../db/schema/index.ts";
import { createClock, createTestApp, randomMobile } from "../../test-support/test-app.ts";
import { createDemoCustomer } from "../dev/demo-customers.ts";
import { Forbidden, InvalidInput, NotAuthenticated, NotFound } from "../domain-errors.ts";
import { COLLECTIONS_MESSAGES, loanDocumentsPath } from "./servicing.service.ts";

const collector: StaffActor & { email: string } = {
  staffId: "00000000-0000-4000-8000-0000000000c1",
  role: "collections",
  email: "collector@salaryontime.test",
};
const auditor: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000d1", role: "auditor", email: "auditor@salaryontime.test" };
const accountant: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000a1", role: "accounts" };
const DAY = 86_400_000;

let t: Awaited<ReturnType<typeof createTestApp>>;
const clock = createClock(Date.UTC(2026, 10, 22, 6, 0, 0));
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t?.close());

describe("collections queue", () => {
  it("lists overdue loans with days past due, amount due and penal charges; contact notes are logged and audited", async () => {
    const mobile = randomMobile();
    const demo = await createDemoCustomer(t.services, { mobile, userType: "UNPAID-REPEAT" });
    const lead = (await t.services.loans.byId(demo.activeLoanId!))!;
    const desk = t.services.servicing.desk;
    // Not yet due: not in the queue.
    expect((await desk.queue(collector)).rows.find((r) => r.leadId === lead.id)).toBeUndefined();
    // Four days past the repayment date.
    clock.advance((daysBetween(todayInIndia(clock.now()), lead.repaymentDate!) + 4) * DAY);
    const { rows } = await desk.queue(auditor);
    const row = rows.find((r) => r.leadId === lead.id)!;
    // ₹20,000 for 25 days: ₹5,000 interest; 4 days overdue: ₹800 more interest and ₹400 penal.
    expect(row).toMatchObject({ loanNo: lead.loanNo, daysPastDue: 4, totalDuePaise: 2_620_000, penalPaise: 40_000, contacts: [] });
    expect(row.mobile).toBe(`XXXXXX${mobile.slice(-4)}`);

    const contact = await desk.addContact(collector, { leadId: lead.id, channel: "call", outcome: "promised_to_pay", note: "  Promised to pay on Friday.  " });
    expect(contact).toMatchObject({ channel: "call", outcome: "promised_to_pay", note: "Promised to pay on Friday.", staffEmail: collector.email });
    const after = (await desk.queue(collector)).rows.find((r) => r.leadId === lead.id)!;
    expect(after.contacts).toEqual([contact]);
    const audit = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "collections.contact"), eq(auditLog.targetId, lead.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0].actorId).toBe(collector.staffId);

    // Refusals: bad input names the field, other roles and no session are refused, unknown loans are not found.
    await expect(desk.addContact(collector, { leadId: lead.id, channel: "fax", outcome: "promised_to_pay", note: "x" })).rejects.toBeInstanceOf(InvalidInput);
    await expect(desk.addContact(collector, { leadId: lead.id, channel: "call", outcome: "promised_to_pay", note: "ok" })).rejects.toThrow(
      COLLECTIONS_MESSAGES.note,
    );
    await expect(
      desk.addContact(auditor, { leadId: lead.id, channel: "call", outcome: "promised_to_pay", note: "Auditors only read." }),
    ).rejects.toBeInstanceOf(Forbidden);
    await expect(desk.queue(accountant)).rejects.toBeInstanceOf(Forbidden);
    await expect(desk.queue(null)).rejects.toBeInstanceOf(NotAuthenticated);
    await expect(desk.addContact(collector, { leadId: "not-a-uuid", channel: "call", outcome: "promised_to_pay", note: "Called." })).rejects.toBeInstanceOf(
      NotFound,
    );
    expect((await desk.queue(collector)).rows.find((r) => r.leadId === lead.id)!.contacts).toHaveLength(1);
  });
});

describe("copies after signing", () => {
  it("sends the KFS and signed agreement link by SMS and e-mail once, however often signing completes", async () => {
    const mobile = randomMobile();
    const demo = await createDemoCustomer(t.services, { mobile, userType: "UNPAID-REPEAT" });
    const lead = (await t.services.loans.byId(demo.activeLoanId!))!;
    await t.services.db.update(customerProfiles).set({ personalEmail: "ravi.k@example.com" }).where(eq(customerProfiles.mobile, mobile));
    const signed = { leadId: lead.id, profileId: lead.profileId };
    const results = await Promise.all([t.services.servicing.sendSignedCopies(signed), t.services.servicing.sendSignedCopies(signed)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await t.services.servicing.sendSignedCopies(signed)).toBe(false);
    const sms = (await t.services.outbox!.outbox(500)).filter((m) => m.to === mobile && m.text.includes("Key Fact Statement"));
    expect(sms).toHaveLength(1);
    expect(sms[0].text).toContain(`${t.services.env.PUBLIC_ORIGIN}${loanDocumentsPath(lead.id)}`);
    const mail = (await t.services.emailOutbox!.outbox(500)).filter((m) => m.to === "ravi.k@example.com");
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe("Your SalaryOnTime Key Fact Statement and signed loan agreement");
    expect(mail[0].text).toContain(loanDocumentsPath(lead.id));
    expect(await t.services.db.select().from(signedCopiesSent).where(eq(signedCopiesSent.leadId, lead.id))).toHaveLength(1);
  });

  it("releases the claim when the SMS provider fails, so a retry sends them", async () => {
    const failing = await createTestApp({
      clock,
      providers: {
        sms: {
          sendOtp: async () => {},
          sendNotice: async () => {
            throw new Error("down");
          },
        },
      },
    });
    try {
      const demo = await createDemoCustomer(failing.services, { mobile: randomMobile(), userType: "UNPAID-REPEAT" });
      const lead = (await failing.services.loans.byId(demo.activeLoanId!))!;
      await expect(failing.services.servicing.sendSignedCopies({ leadId: lead.id, profileId: lead.profileId })).rejects.toThrow("down");
      expect(await failing.services.db.select().from(signedCopiesSent).where(eq(signedCopiesSent.leadId, lead.id))).toHaveLength(0);
    } finally {
      await failing.close();
    }
  });
});

// Issue 23: the payout SMS and e-mail in the customer's language, with the same figures in both.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditManagers, customerProfiles, leads, payouts } from "../../db/schema/index.ts";
import { createSandboxPayout } from "../../providers/payout/sandbox.ts";
import { completeBankingAndEsign, customerAtBanking } from "../../test-support/banking.ts";
import { sandboxPayoutDesks } from "../../test-support/desks.ts";
import { createClock, createTestApp } from "../../test-support/test-app.ts";
import { type AuditEntry, type StaffActor, type StaffRole } from "../credit/credit.service.ts";

import { selectLeads } from "./loan-account.service.ts";

const clock = createClock();
let t: Awaited<ReturnType<typeof createTestApp>>;
const audit = { record: async (_tx: unknown, _entry: AuditEntry) => {} };
const sandbox = createSandboxPayout({ failAccount: "666666666666" });
let credit: ReturnType<typeof sandboxPayoutDesks>["credit"];
let disbursal: ReturnType<typeof sandboxPayoutDesks>["disbursal"];
const staff = (staffId: string, role: StaffRole, email?: string): StaffActor => ({ staffId, role, email });

beforeAll(async () => {
  t = await createTestApp({ clock });
  ({ credit, disbursal } = sandboxPayoutDesks(t.services, sandbox, audit));
});
afterAll(() => t?.database.close());

/** A customer's loan, sanctioned and paid out; their language saved on the profile first. */
async function paidOut(lang: "en" | "hi") {
  const user = await customerAtBanking(t);
  await completeBankingAndEsign(t, user);
  const db = t.services.db;
  const [profile] = await db.update(customerProfiles).set({ preferredLanguage: lang }).where(eq(customerProfiles.mobile, user.mobile)).returning();
  const [lead] = await selectLeads(db).where(eq(leads.id, user.leadId));
  const [manager] = await db.select().from(creditManagers).where(eq(creditManagers.id, lead.creditManagerId!));
  await credit.recommend(staff("cm", "credit_manager", manager.email), {
    leadId: lead.id,
    outcome: "SANCTION",
    reasonCode: "POLICY_MET",
    note: "Salary credits regular",
  });
  await credit.decide(staff("head", "credit_head"), { leadId: lead.id, outcome: "SANCTION", reasonCode: "POLICY_MET" });
  await disbursal.desk.disburse(staff("pay", "disbursal"), { leadId: lead.id });
  const [row] = await db.select().from(payouts).where(eq(payouts.loanId, lead.id));
  await sandbox.settled(row.providerReference!);
  const [paid] = await selectLeads(db).where(eq(leads.id, lead.id));
  const sms = (await t.services.outbox!.outbox(50)).find((m) => m.to === user.mobile && m.text.includes(paid.loanNo!));
  const mail = (await t.services.emailOutbox!.outbox(50)).find((m) => m.to === profile.personalEmail && m.text.includes(paid.loanNo!));
  return { loanNo: paid.loanNo!, sms, mail, link: `${t.services.env.PUBLIC_ORIGIN}/my-dashboard`, name: profile.fullName };
}

describe("the payout message in the customer's language", () => {
  it("is in Hindi for a customer who chose Hindi, with the English message's figures, dates in words", async () => {
    const en = await paidOut("en");
    const hi = await paidOut("hi");
    // Paid out on the clock's day, 22 November 2026: the test journey's ₹20,000 less the fee and its GST
    // (₹2,000 + ₹360) reaches the account, ₹17,640; 9 days' interest at 1% a day, ₹1,800, makes ₹21,800
    // due on 1 December 2026; the cooling-off period ends on 25 November.
    expect(en.sms).toMatchObject({ lang: "en" });
    expect(en.sms!.text).toBe(
      `SalaryOnTime: ₹17,640 has been paid to your bank account for loan ${en.loanNo}. Please repay ₹21,800 by 1 Dec 2026. You may cancel the loan without penalty until 25 Nov 2026.`,
    );
    expect(hi.sms).toMatchObject({ lang: "hi" });
    expect(hi.sms!.text).toBe(
      `SalaryOnTime: लोन ${hi.loanNo} के ₹17,640 आपके बैंक खाते में भेज दिए गए हैं। कृपया 1 दिसंबर 2026 तक ₹21,800 चुकाएँ। 25 नवंबर 2026 तक आप बिना किसी पेनल्टी के यह लोन रद्द कर सकते हैं।`,
    );
    expect(en.mail).toMatchObject({ lang: "en", subject: `Your SalaryOnTime loan ${en.loanNo} is paid out` });
    expect(en.mail!.text).toBe(
      [
        `Dear ${en.name},`,
        "",
        `We have paid ₹17,640 to your bank account for loan ${en.loanNo}.`,
        "Please repay ₹21,800 by 1 Dec 2026.",
        "You may cancel the loan without penalty until 25 Nov 2026.",
        `Your Key Fact Statement and loan agreement are in your dashboard: ${en.link}`,
        "",
        "SalaryOnTime",
      ].join("\n"),
    );
    expect(hi.mail).toMatchObject({ lang: "hi", subject: `आपके SalaryOnTime लोन ${hi.loanNo} के पैसे भेज दिए गए हैं` });
    expect(hi.mail!.text).toBe(
      [
        `प्रिय ${hi.name},`,
        "",
        `लोन ${hi.loanNo} के ₹17,640 हमने आपके बैंक खाते में भेज दिए हैं।`,
        "कृपया 1 दिसंबर 2026 तक ₹21,800 चुकाएँ।",
        "25 नवंबर 2026 तक आप बिना किसी पेनल्टी के यह लोन रद्द कर सकते हैं।",
        `आपका मुख्य तथ्य विवरण (KFS) और लोन एग्रीमेंट आपके डैशबोर्ड में है: ${hi.link}`,
        "",
        "SalaryOnTime",
      ].join("\n"),
    );
  });
});

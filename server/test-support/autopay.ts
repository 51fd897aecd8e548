// AutoPay tests' customers (issue 24): a demo loan with an ACTIVE mandate approved at the sandbox
// provider, the test clock moved to a day, and the day's debit job run to its end.
import { eq } from "drizzle-orm";
import { daysBetween, todayInIndia, type IsoDate } from "../../core/calendar.ts";
import { leads, mandates } from "../db/schema/index.ts";
import { loanCustomer } from "./repayment.ts";
import type { createTestApp } from "./test-app.ts";
import { selectLeads } from "../modules/loans/loan-account.service.ts";

type T = Awaited<ReturnType<typeof createTestApp>>;
const DAY = 24 * 60 * 60 * 1000;

/** A demo loan with an ACTIVE mandate approved at the sandbox provider, on `account`. */
export async function loanWithMandate(t: T, account = "123456789012") {
  const c = await loanCustomer(t, { atCompleted: true });
  const [lead] = await selectLeads(t.services.db).where(eq(leads.id, c.leadId));
  const sandbox = t.services.sandboxMandates!;
  const reg = await sandbox.port.register({
    reference: crypto.randomUUID(),
    method: "upi",
    customer: { name: "Demo", mobile: c.mobile, email: null },
    maxAmountPaise: 3_000_000,
    expiresAt: new Date(Date.now() + 90 * DAY),
    account: { number: account, ifsc: "HDFC0000001", holderName: "Demo" },
    returnUrl: "/autopay/return",
    description: "test",
  });
  await sandbox.answer(reg.registrationId, "approve");
  await sandbox.settled();
  const { tokenId } = await sandbox.port.status({ providerCustomerId: reg.providerCustomerId, registrationId: reg.registrationId, tokenId: null });
  const at = t.clock.now();
  await t.services.db.insert(mandates).values({
    profileId: lead.profileId,
    leadId: lead.id,
    method: "upi",
    status: "ACTIVE",
    provider: "sandbox",
    providerCustomerId: reg.providerCustomerId,
    registrationId: reg.registrationId,
    tokenId,
    maxAmountPaise: 3_000_000,
    accountLast4: account.slice(-4),
    createdAt: at,
    updatedAt: at,
    activatedAt: at,
  });
  return { ...c, repaymentDate: lead.repaymentDate as IsoDate, profileId: lead.profileId, loanNo: lead.loanNo ?? "" };
}

/** Moves the test clock to the same time of day on `day` (India's calendar). */
export function goTo(t: T, day: IsoDate) {
  t.clock.advance(daysBetween(todayInIndia(t.clock.now()), day) * DAY);
}

/** The daily AutoPay job, and the sandbox provider's webhooks it causes. */
export async function runAutopayJob(t: T) {
  const result = await t.services.mandateDebits.runDay();
  await t.services.sandboxMandates!.settled();
  return result;
}
